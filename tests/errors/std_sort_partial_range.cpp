// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Iterators are supported only as a whole container: a sort of part of one says so.
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_sort_partial_range(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> v{3, 2, 1}; std::sort(v.begin() + 1, v.end()); // expected-error {{std::sort takes iterators, which mscclc supports only as a whole std::vector or std::array: std::sort(c.begin(), c.end(), ...); otherwise write the loop}}
}
