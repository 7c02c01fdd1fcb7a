// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A part of a vector whose end lies before its start: undefined behaviour in C++.
#include <algorithm>
#include <iterator>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_sort_range_backwards(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> v{3, 2, 1}; std::sort(v.begin() + 2, std::next(v.begin())); // expected-error {{std::sort is given a range that ends before it starts (undefined behaviour)}}
}
