// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::reduce may regroup its additions: over floating point the result
// is not defined to the last bit, so a plan could depend on the library.
#include <numeric>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reduce_floating_point(int n = 4) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<double> weights(n, 0.1);
  double total = std::reduce(weights.begin(), weights.end()); // expected-error {{std::reduce may combine floating-point elements in any order, so its result is not defined to the last bit; use std::accumulate, which adds in order}}
  (void)total;
}
