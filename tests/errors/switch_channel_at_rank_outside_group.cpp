// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// at_rank() with a rank that is not in the switch channel's group.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void switch_channel_at_rank_outside_group() {
  TestCollective collective(3, 1, 1);
  CollectiveProgram program("switch_channel_at_rank_outside_group",
                            collective, 3);
  SwitchChannel ch({0, 1}, BufferType::input); // expected-note {{switch channel created here}}
  Buffer scratch(2, 1);
  // expected-error@+1 {{rank 2 is not in the switch channel's group {0, 1}}}
  ch.at_rank(2).broadcast(scratch.slice(0, 1), 0, 1, {.tb = 0});
}
