// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// begin() of one vector and end() of another is not a range.
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_sort_two_containers(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> a{1}, b{2}; std::sort(a.begin(), b.end()); // expected-error {{std::sort: begin() and end() of different containers}}
}
