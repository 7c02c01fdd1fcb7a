// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A sort's comparator that takes its elements by non-const reference could change them behind the sort's back.
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_sort_comparator_by_reference(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> v{1, 2}; std::sort(v.begin(), v.end(), [](int &a, int &b) { return a > b; }); // expected-error {{the comparator of std::sort must take its two elements by value or by const reference}}
}
