// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::ranges::max_element takes a comparator, not a projection: the third
// argument is refused where it is written.
#include <algorithm>
#include <functional>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;
struct Hop {
  int peer;
  int cost;
};

MSCCLPP_ALGORITHM void ranges_max_element_projection() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<Hop> hops = {{1, 5}, {2, 3}};
  int far = std::ranges::max_element(hops, std::ranges::less{},
                                     &Hop::cost) // expected-error {{std::ranges::max_element with this comparator or projection is not supported in algorithm code: a comparator is std::less, std::greater, a lambda, a function, a std::function, or an object of the program's own class with one const operator() (plain or a template), of two elements; write the loop instead}}
                ->peer;
  (void)far;
}
