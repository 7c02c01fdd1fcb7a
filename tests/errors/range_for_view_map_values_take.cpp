// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// The values of a std::map are a view a range-for takes, but take(n) of
// them moves positions, which only a vector's, an array's or
// std::views::iota's view does: refused at the take.
#include <map>
#include <ranges>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void range_for_view_map_values_take() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::map<int, int> owner = {{0, 1}, {1, 0}};
  int last = -1;
  for (int rank : owner | std::views::values | std::views::take(1)) // expected-error {{std::views::take is not supported here in algorithm code: a range-for takes std::views::reverse, take(n), drop(n), keys, values and (last) filter(pred), written in the loop, of a std::vector, a std::array or std::views::iota, and keys, values and filter of a std::map or std::set; loop over indices otherwise}}
    last = rank;
  (void)last;
}
