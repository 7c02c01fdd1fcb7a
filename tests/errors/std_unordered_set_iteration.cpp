// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A std::unordered_set works for lookups, but iterating it would make the
// plan depend on the standard library's hash table: the error names std::set.
#include <mscclpp/dsl.hpp>
#include <unordered_set>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_unordered_set_iteration(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  std::unordered_set<int> peers{1, 0};
  peers.insert(n);
  int sum = 0;
  for (int p : peers) // expected-error {{iterating a std::unordered_set visits its elements in an order C++ leaves to the library, so a plan built from it would differ between standard libraries; use std::set (it iterates in ascending order), or keep the keys in a std::vector}}
    sum += p;
}
