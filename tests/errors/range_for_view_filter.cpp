// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A range-for takes std::views::filter as its last adaptor only (C++'s
// filter_view tests the elements as the loop reaches them; take after it
// would also test the element after the last one taken): an adaptor after
// it is refused where it is written, with what to write instead.
#include <ranges>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void range_for_view_filter() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> peers = {0, 1, 2, 3};
  auto even = [](int q) { return q % 2 == 0; };
  int sum = 0;
  for (int p : peers | std::views::filter(even) | std::views::take(1)) // expected-error {{std::views::take after std::views::filter is not supported in algorithm code: filter must be the loop's last adaptor (apply take to the range first, or count or test in the loop body)}}
    sum += p;
  (void)sum;
}
