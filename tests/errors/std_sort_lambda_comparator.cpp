// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A sort orders by value with std::less or std::greater only; a lambda comparator is refused.
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_sort_lambda_comparator(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> v{1, 2}; std::sort(v.begin(), v.end(), [](int a, int b) { return a > b; }); // expected-error {{std::sort with this comparator or projection is not supported in algorithm code (sorts take std::less or std::greater); order std::pair or std::tuple keys instead}}
}
