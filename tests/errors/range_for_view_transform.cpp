// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::views::transform is not among the adaptors a range-for takes:
// refused where it is written, with the ones it takes.
#include <ranges>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void range_for_view_transform() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> peers = {0, 1, 2, 3};
  int sum = 0;
  for (int p : peers | std::views::transform([](int q) { return q * 2; })) // expected-error {{std::views::transform is not supported here in algorithm code: a range-for takes std::views::reverse, take(n), drop(n), keys, values and (last) filter(pred), written in the loop, of a std::vector, a std::array or std::views::iota, and keys, values and filter of a std::map or std::set; loop over indices otherwise}}
    sum += p;
  (void)sum;
}
