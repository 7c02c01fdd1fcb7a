// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: mscclc %s -DMAX=32 -o %t.json
// RUN: %python -c "import json,sys; j=json.load(open(sys.argv[1])); j['max_message_size']=31; json.dump(j,open(sys.argv[2],'w'))" %t.json %t.bad.json
// RUN: not mscclc check-plan %t.bad.json 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: sh -c 'mscclc sim %t.bad.json; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=SIM
// Message sizes are multiples of buffer_alignment times the chunk count (16
// x 2 output chunks here): with max_message_size 8 no size fits, and the
// executor refuses every call. It compiled silently; the simulator then
// said only that a rank had no chunks or min exceeded max, neither true.
// PLAN: max_message_size: error: no message size fits this plan: sizes are multiples of 32 bytes (buffer_alignment 16 times each rank's chunk count) and none lies between min_message_size 0 and max_message_size 31
// SIM: error: no message size fits this plan
// SIM: exit 2
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

#ifndef MAX
#define MAX 8
#endif

MSCCLPP_ALGORITHM void max_message_size_below_unit() {
  AllGather collective(2, 1, /*inplace=*/false);
  // expected-error@+1 {{no message size fits this plan: sizes are multiples of 32 bytes (buffer_alignment 16 times each rank's chunk count) and none lies between min_message_size 0 and max_message_size 8, so the executor refuses every call with data; raise max_message_size or lower buffer_alignment}}
  CollectiveProgram program("max_message_size_below_unit", collective, 2,
                            {.max_message_size = MAX});
  for (int r = 0; r < 2; ++r) {
    MemoryChannel channel(1 - r, r);
    Chunk in = Rank(r).get_input_buffer().slice(0, 1);
    Rank(r).copy(Rank(r).get_output_buffer().slice(r, r + 1), in, {.tb = 0});
    channel.put(Rank(1 - r).get_output_buffer().slice(r, r + 1), in,
                {.tb = 0});
    channel.signal({.tb = 0, .data_sync = SyncType::before});
    channel.wait({.tb = 0, .data_sync = SyncType::after});
  }
}
