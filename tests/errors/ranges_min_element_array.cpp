// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// An iterator into a std::array is a pointer, not a value in algorithm code:
// std::ranges::min_element over one is refused with what to write instead
// (over a std::vector it runs). Dereferenced at once, the call still says
// why, not only that pointers are not supported.
#include <algorithm>
#include <array>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void ranges_min_element_array() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::array<int, 3> costs{4, 1, 7};
  int low = *std::ranges::min_element(costs); // expected-error {{'std::ranges::min_element' is not supported in algorithm code; an iterator into a std::array or std::string is not a value in algorithm code (a std::vector's is): use the position in the expression that needs it (std::find(v.begin(), v.end(), x) - v.begin() is an index, != v.end() a test, v.erase(std::remove(v.begin(), v.end(), x), v.end()) an erase), or std::ranges::count(v, x)}}
  (void)low;
}
