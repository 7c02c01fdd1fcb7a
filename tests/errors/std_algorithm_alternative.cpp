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
  std::for_each(tbs.begin(), tbs.end(), [](int &t) { t = 1; }); // expected-error {{'std::for_each' is not supported in algorithm code; of the standard algorithms, mscclc runs the ones docs/dialect.md lists (sort, reverse, fill, iota, accumulate, count, count_if, any_of, rotate, find, lower_bound, remove, unique, copy, transform, erase_if, ...): write the loop}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
}
