// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::views::reverse of a std::map is not among the views a range-for
// takes (a map's are keys, values and filter; positions are moved only in
// a vector, an array or std::views::iota): refused at the adaptor.
#include <map>
#include <ranges>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void range_for_view_of_map() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::map<int, int> owner = {{0, 1}, {1, 0}};
  int last = -1;
  for (const auto &[chunk, rank] : owner | std::views::reverse) // expected-error {{std::views::reverse is not supported here in algorithm code: a range-for takes std::views::reverse, take(n), drop(n), keys, values and (last) filter(pred), written in the loop, of a std::vector, a std::array or std::views::iota, and keys, values and filter of a std::map or std::set; loop over indices otherwise}}
    last = rank + chunk;
  (void)last;
}
