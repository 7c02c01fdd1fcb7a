// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// put whose source chunk is not on the channel's source rank.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void channel_source_rank_mismatch() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("channel_source_rank_mismatch", collective, 2);
  MemoryChannel ch(1, 0); // expected-note {{channel from rank 0 to rank 1 created here}}
  BaseBuffer peer_in = Rank(1).get_input_buffer();
  BaseBuffer peer_out = Rank(1).get_output_buffer();
  // expected-error@+1 {{put: source chunk rank 1 input[0:1] must be on the channel's source rank 0}}
  ch.put(peer_out.slice(0, 1), peer_in.slice(0, 1), {.tb = 0});
}
