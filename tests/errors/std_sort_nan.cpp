// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// NaN breaks the strict weak order a sort needs: undefined behaviour in C++.
#include <algorithm>
#include <cmath>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_sort_nan(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<double> v{1.0, std::sqrt(-1.0 * n)}; std::ranges::sort(v); // expected-error {{std::sort of a range holding NaN (undefined behaviour)}}
}
