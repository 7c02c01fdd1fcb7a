// RUN: mscclc --verify --allow-limit-violations %s
// RUN: mscclc --allow-limit-violations %s -o %t.fused.json 2> /dev/null
// RUN: %expect-error mscclc check-plan %t.fused.json 2>&1 | FileCheck %s
// RUN: mscclc -O0 %s -o %t.unfused.json
// RUN: mscclc %s -o %t.json
// RUN: mscclc check-plan %t.json
// RUN: %python -c "import json,sys; print(' '.join('%%s/%%d' %% (o['name'], len(o.get('channel_ids', [])) + len(o.get('dst_buff', []))) for o in json.load(open(sys.argv[1]))['gpus'][0]['threadblocks'][0]['ops']))" %t.json | FileCheck %s --check-prefix=SPLIT
// One thread per block, and ops that the reference's instruction fusion
// makes act on two channels or destinations at once: the executor gives
// entry k to thread k (executor-semantics §3.1), so the second channel
// would never be signalled or waited on and the second put never pushed.
// Such a plan (--allow-limit-violations fuses as the reference does) is
// refused by check-plan, naming the op and the fix; mscclc's own fusion
// stops at one entry per op (Q-FUSELIMIT), so the default plan, like the
// unfused (-O0) one, compiles with every op within the limit.
// CHECK: ops[0].dst_buff[1]: error: 'put' on rank 0 thread block 0 lists 2 dst_buff (after fusion) but num_threads_per_block is 1: the executor gives entry k to thread k, so the dst_buff from index 1 on are never pushed to the proxy; raise num_threads_per_block to at least 2, or split the op over several thread blocks
// SPLIT: put/2 put/2 nop/0 signal/1 signal/1 nop/0 wait/1 wait/1 nop/0
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void few_threads() {
  AllGather collective(2, 2, false);
  CollectiveProgram program("few_threads", collective, 2,
                            {.num_threads_per_block = 1});
  for (int r = 0; r < 2; ++r) {
    PortChannel a(1 - r, r), b(1 - r, r);
    BaseBuffer input = Rank(r).get_input_buffer();
    BaseBuffer peer = Rank(1 - r).get_output_buffer();
    a.put(peer.slice(2 * r, 2 * r + 1), input.slice(0, 1), {.tb = 0}); // expected-warning 2 {{lists 2 dst_buff (after fusion) but num_threads_per_block is 1: the executor gives entry k to thread k, so the dst_buff from index 1 on are never pushed to the proxy; raise num_threads_per_block to at least 2, or split the op over several thread blocks}}
    b.put(peer.slice(2 * r + 1, 2 * r + 2), input.slice(1, 2), {.tb = 0});
    a.signal({.tb = 0}); // expected-warning 2 {{lists 2 channel_ids (after fusion) but num_threads_per_block is 1}}
    b.signal({.tb = 0});
    a.wait({.tb = 0}); // expected-warning 2 {{lists 2 channel_ids (after fusion) but num_threads_per_block is 1: the executor gives entry k to thread k, so the channel_ids from index 1 on are never waited on}}
    b.wait({.tb = 0});
  }
}
