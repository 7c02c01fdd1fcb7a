// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A projection given to std::ranges::lower_bound is not run: the error
// points at it.
#include <algorithm>
#include <functional>
#include <iterator>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void ranges_bound_projection() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> v{1, 2, 3};
  auto it = std::ranges::lower_bound(v, 2, std::less<int>(),
                                     [](int x) { return -x; }); // expected-error {{std::ranges::lower_bound with this comparator or projection is not supported}}
  (void)it;
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
