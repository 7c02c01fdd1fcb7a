// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A switch reduce whose destination chunk is smaller than the reduction.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void switch_reduce_size_mismatch() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("switch_reduce_size_mismatch", collective, 2);
  SwitchChannel ch({0, 1}, BufferType::input);
  Rank r(0);
  // expected-error@+1 {{switch reduce: destination chunk rank 0 output[0:1] has size 1 but the reduction covers 2 chunks}}
  ch.at_rank(0).reduce(0, 2, r.get_output_buffer().slice(0, 1), {.tb = 0});
}
