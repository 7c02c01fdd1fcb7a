// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A range-for takes std::views::reverse, take and drop; another adaptor
// (filter here) is refused where it is written, with what the loop takes.
#include <ranges>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void range_for_view_filter() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> peers = {0, 1, 2, 3};
  int sum = 0;
  for (int p : peers | std::views::filter([](int q) { return q % 2 == 0; })) // expected-error {{std::views::filter is not supported here in algorithm code: a range-for takes std::views::reverse, std::views::take(n) and std::views::drop(n), written in the loop, of a std::vector, a std::array or std::views::iota; loop over indices otherwise}}
    sum += p;
  (void)sum;
}
