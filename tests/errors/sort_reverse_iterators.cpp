// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Sorting through reverse iterators (a descending sort, in C++) is not
// modelled: the error lists what such iterators take and says to use the
// vector's positions (std::sort(v.begin(), v.end(), std::greater<>())).
#include <algorithm>
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void sort_reverse_iterators(int n = 3) {
  TestCollective collective(n, 1, 1);
  CollectiveProgram program("c", collective, n);
  std::vector<int> order{2, 0, 1};
  std::sort(order.rbegin(), order.rend()); // expected-error {{std::sort on this iterator is not supported in algorithm code; vector iterators take *, ->, [], ++, --, + and - with an integer, -, ==, !=, <, <=, >, >= and std::next, prev, advance, distance; reverse, map and set iterators take *, ->, ++, --, ==, != and std::next, prev, advance, and ranges of them the algorithms that only read (count, count_if, any_of, all_of, none_of, accumulate, find, find_if, min_element and max_element with a comparator); to sort or change elements, work on the vector's positions}}
}
