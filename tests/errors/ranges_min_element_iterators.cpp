// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::ranges::min_element runs on a whole std::vector; its iterator-pair
// form is refused as a form, not with a note on what iterators are.
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void ranges_min_element_iterators() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> costs = {4, 1, 7};
  int low = *std::ranges::min_element(costs.begin(), costs.end()); // expected-error {{this form of std::ranges::min_element is not supported in algorithm code}}
  (void)low;
}
