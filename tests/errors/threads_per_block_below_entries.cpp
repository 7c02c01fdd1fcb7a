// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: mscclc -O0 %s -o %t.unfused.json
// One thread per block, and ops that instruction fusion makes act on two
// channels or destinations at once: the executor gives entry k to thread k
// (executor-semantics §3.1), so the second channel would never be signalled
// or waited on and the second put never pushed. The plan is refused (an
// executor limit) at the DSL call that starts each fused op; unfused (-O0)
// every op has one entry and compiles.
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
    a.put(peer.slice(2 * r, 2 * r + 1), input.slice(0, 1), {.tb = 0}); // expected-error 2 {{lists 2 dst_buff (after fusion) but num_threads_per_block is 1: the executor gives entry k to thread k, so the dst_buff from index 1 on are never pushed to the proxy; raise num_threads_per_block to at least 2, or split the op over several thread blocks}}
    b.put(peer.slice(2 * r + 1, 2 * r + 2), input.slice(1, 2), {.tb = 0});
    a.signal({.tb = 0}); // expected-error 2 {{lists 2 channel_ids (after fusion) but num_threads_per_block is 1}}
    b.signal({.tb = 0});
    a.wait({.tb = 0}); // expected-error 2 {{lists 2 channel_ids (after fusion) but num_threads_per_block is 1: the executor gives entry k to thread k, so the channel_ids from index 1 on are never waited on}}
    b.wait({.tb = 0});
  }
}
