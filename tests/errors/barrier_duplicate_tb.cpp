// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A barrier listing the same thread block twice.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void barrier_duplicate_tb() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("barrier_duplicate_tb", collective, 2);
  Rank r(0);
  // expected-error@+1 {{thread block 0 appears twice in the barrier's thread block list}}
  r.barrier({0, 1, 0});
}
