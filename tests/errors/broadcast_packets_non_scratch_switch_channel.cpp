// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// broadcast_packets over a switch channel bound to the output buffers.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void broadcast_packets_non_scratch_switch_channel() {
  TestCollective collective(2, 1, 1);
  CollectiveProgram program("broadcast_packets_non_scratch_switch_channel",
                            collective, 2, {.protocol = Protocol::LL});
  SwitchChannel ch({0, 1}, BufferType::output); // expected-note {{switch channel created here}}
  Buffer scratch(0, 1);
  // expected-error@+1 {{broadcast_packets needs a switch channel over the scratch buffer}}
  ch.at_rank(0).broadcast_packets(scratch.slice(0, 1), 0, 1, {.tb = 0});
}
