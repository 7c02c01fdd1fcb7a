// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::min and std::max with a comparator: the result would depend on it, so it is refused.
#include <algorithm>
#include <functional>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void min_comparator(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  int m = std::max(n, 3, std::greater<int>()); (void)m; // expected-error {{std::max with this comparator or projection is not supported in algorithm code (sorts take std::less or std::greater); order std::pair or std::tuple keys instead}}
}
