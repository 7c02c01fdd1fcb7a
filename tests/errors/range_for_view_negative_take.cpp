// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::views::take with a negative count breaks its precondition (C++
// leaves the loop undefined): a located error at the count.
#include <ranges>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void range_for_view_negative_take(int keep = -2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> peers = {0, 1, 2, 3};
  int sum = 0;
  for (int p : peers | std::views::take(keep)) // expected-error {{std::views::take of a negative count (-2) is undefined in C++; give a count of zero or more}}
    sum += p;
  (void)sum;
}
