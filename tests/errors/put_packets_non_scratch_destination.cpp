// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// put_packets into a peer's output buffer: packets live in scratch.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void put_packets_non_scratch_destination() {
  TestCollective collective(2, 1, 1);
  CollectiveProgram program("put_packets_non_scratch_destination", collective,
                            2, {.protocol = Protocol::LL});
  MemoryChannel ch(1, 0);
  BaseBuffer src = Rank(0).get_input_buffer();
  BaseBuffer dst = Rank(1).get_output_buffer();
  // expected-error@+1 {{put_packets destination rank 1 output[0:1] must be in a scratch buffer (packets live in scratch)}}
  ch.put_packets(dst.slice(0, 1), src.slice(0, 1), {.tb = 0});
}
