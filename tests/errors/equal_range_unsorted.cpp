// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::equal_range over a range that is not sorted: C++ leaves the result
// undefined; mscclc names the element out of order.
#include <algorithm>
#include <functional>
#include <iterator>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void equal_range_unsorted() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> v{3, 1, 2};
  auto [lo, hi] = std::equal_range(v.begin(), v.end(), 2); // expected-error {{std::equal_range needs a range sorted by the comparison it uses, and 1 comes after an element that should follow it}}
  (void)lo;
  (void)hi;
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
