// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::views::reverse of a std::map is not among the views a range-for
// takes (those of a vector, an array or std::views::iota): refused at the
// adaptor.
#include <map>
#include <ranges>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void range_for_view_of_map() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::map<int, int> owner = {{0, 1}, {1, 0}};
  int last = -1;
  for (const auto &[chunk, rank] : owner | std::views::reverse) // expected-error {{std::views::reverse is not supported here in algorithm code: a range-for takes std::views::reverse, std::views::take(n) and std::views::drop(n), written in the loop, of a std::vector, a std::array or std::views::iota; loop over indices otherwise}}
    last = rank + chunk;
  (void)last;
}
