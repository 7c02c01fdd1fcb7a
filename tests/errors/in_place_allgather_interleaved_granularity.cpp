// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: mscclc -Wno-error=interleaved-granularity %s -o %t.json 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: not mscclc sim %t.json | FileCheck %s --check-prefix=SIM
// RUN: mscclc %s -P instances=1 -o %t.one.json
// RUN: mscclc sim %t.one.json | FileCheck %s --check-prefix=ONE
// WARN: warning: with instances = 2, rank 0's chunks input[0:2] (in place, the bytes of output[0:2]) and output[1:2] overlap
// WARN: warning: with instances = 2, rank 1's chunks input[0:2] (in place, the bytes of output[2:4]) and output[3:4] overlap
// SIM: verdict: fail
// ONE: verdict: pass
// In place, an AllGather's input is slice r of its output: rank r's
// input[0:2] is its output[2r:2r+2]. Round-tripping output[2r+1] through
// scratch and then sending input[0:2] whole accesses one region in two
// sizes, which interleaved replication places inconsistently (the
// simulator finds the replicated plan racy; one instance passes).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void in_place_allgather_interleaved_granularity(
    int instances = 2) {
  CollectiveProgram program("in_place_allgather_interleaved_granularity",
                            AllGather(2, 2, /*inplace=*/true), 2,
                            {.instances = instances});
  for (int r = 0; r < 2; ++r) {
    const int p = 1 - r;
    MemoryChannel channel(p, r);
    Buffer scratch(r, 1);
    BaseBuffer in = Rank(r).get_input_buffer();
    BaseBuffer out = Rank(r).get_output_buffer();
    // expected-error@+2 {{with instances = 2, rank 0's chunks input[0:2] (in place, the bytes of output[0:2]) and output[1:2] overlap without being the same slice}}
    // expected-note@+1 {{the instances still pair up when every transfer of the region splits it the same way at both ends}}
    Rank(r).copy(scratch.slice(0, 1), out.slice(2 * r + 1, 2 * r + 2),
                 {.tb = 0});
    Rank(r).copy(out.slice(2 * r + 1, 2 * r + 2), scratch.slice(0, 1),
                 {.tb = 0});
    channel.signal({.tb = 0, .relaxed = true});
    channel.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
    // expected-note@+1 {{input[0:2] is accessed here}}
    channel.put(Rank(p).get_output_buffer().slice(2 * r, 2 * r + 2),
                in.slice(0, 2), {.tb = 0});
    channel.signal({.tb = 0, .data_sync = SyncType::before});
    channel.wait({.tb = 0, .data_sync = SyncType::after});
  }
}
