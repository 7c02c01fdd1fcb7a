// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::clamp with the lower bound above the upper bound is undefined behaviour.
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void clamp_bounds(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  int hi = n - 1; (void)std::clamp(3, n, hi); // expected-error {{std::clamp: the lower bound 2 is greater than the upper bound 1 (undefined behaviour)}}
}
