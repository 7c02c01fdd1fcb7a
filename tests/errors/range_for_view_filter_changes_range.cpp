// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A std::views::filter predicate that changes the range the loop walks
// (a push_back on the vector) would invalidate the loop's iterators:
// refused at the predicate, as in std::any_of and std::count_if.
#include <ranges>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void range_for_view_filter_changes_range() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> peers = {0, 1};
  int sum = 0;
  for (int p : peers | std::views::filter([&peers](int q) { // expected-error {{the predicate changed the range it walks (push_back), which is undefined behaviour; a predicate must only read}}
                 peers.push_back(q); // expected-note {{push_back here}}
                 return true;
               }))
    sum += p;
  (void)sum;
}
