// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::views::reverse of a filter (called, not piped): the library runs
// the predicate from the back, on some elements twice, so filter must come
// last; refused at the reverse.
#include <ranges>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void range_for_view_filter_reversed() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> peers = {0, 1, 2, 3};
  auto even = [](int q) { return q % 2 == 0; };
  int sum = 0;
  for (int p : std::views::reverse(std::views::filter(peers, even))) // expected-error {{std::views::reverse after std::views::filter is not supported in algorithm code: filter must be the loop's last adaptor (apply reverse to the range first, or count or test in the loop body)}}
    sum += p;
  (void)sum;
}
