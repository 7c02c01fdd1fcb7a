// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::views::reverse of an object of the program's own class (one with
// begin() and end()) is not among the views a range-for takes: refused at
// the adaptor, not walked over the object's members.
#include <ranges>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;
struct Ring {
  std::vector<int> order;
  auto begin() { return order.begin(); }
  auto end() { return order.end(); }
};

MSCCLPP_ALGORITHM void range_for_view_of_program_class() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  Ring ring{{0, 1, 2}};
  int sum = 0;
  for (int r : ring | std::views::reverse) // expected-error {{std::views::reverse is not supported here in algorithm code: a range-for takes std::views::reverse, take(n), drop(n), keys, values and (last) filter(pred), written in the loop, of a std::vector, a std::array or std::views::iota, and keys, values and filter of a std::map or std::set; loop over indices otherwise}}
    sum += r;
  (void)sum;
}
