// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A filter of a std::unordered_set walks the set in the library's order,
// so the plan would depend on the standard library: refused, as a plain
// loop over it is.
#include <ranges>
#include <unordered_set>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void range_for_view_unordered_filter() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::unordered_set<int> seen = {1, 2};
  int sum = 0;
  for (int p : seen | std::views::filter([](int q) { return q > 0; })) // expected-error {{iterating a std::unordered_set visits its elements in an order C++ leaves to the library, so a plan built from it would differ between standard libraries; use std::set (it iterates in ascending order), or keep the keys in a std::vector}}
    sum += p;
  (void)sum;
}
