// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// put whose destination chunk is not on the channel's destination rank.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void channel_destination_rank_mismatch() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("channel_destination_rank_mismatch", collective, 2);
  MemoryChannel ch(1, 0); // expected-note {{channel from rank 0 to rank 1 created here}}
  BaseBuffer in = Rank(0).get_input_buffer();
  BaseBuffer out = Rank(0).get_output_buffer();
  // expected-error@+1 {{put: destination chunk rank 0 output[0:1] must be on the channel's destination rank 1}}
  ch.put(out.slice(0, 1), in.slice(0, 1), {.tb = 0});
}
