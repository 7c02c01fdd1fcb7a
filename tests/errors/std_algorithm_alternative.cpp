// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Standard algorithms beyond the whole-container ones mscclc runs: the
// error lists those and says to write the loop.
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_algorithm_alternative() {
  std::vector<int> tbs(4);
  std::nth_element(tbs.begin(), tbs.begin() + 1, tbs.end()); // expected-error {{'std::nth_element' is not supported in algorithm code; of the standard algorithms, mscclc runs the ones docs/dialect.md lists (sort, reverse, fill, iota, accumulate, reduce, count, count_if, any_of, for_each, generate, rotate, find, lower_bound, remove, unique, next_permutation, copy, transform, partial_sum, exclusive_scan, adjacent_difference, erase_if, ...): write the loop}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
}
