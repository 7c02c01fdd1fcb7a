// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A switch channel listing the same rank twice.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void switch_channel_duplicate_rank() {
  TestCollective collective(2, 1, 1);
  CollectiveProgram program("switch_channel_duplicate_rank", collective, 2);
  // expected-error@+1 {{rank 1 appears twice in the switch channel's rank list}}
  SwitchChannel ch({0, 1, 1}, BufferType::input);
}
