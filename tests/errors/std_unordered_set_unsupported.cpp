// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::unordered_set is not emulated (its iteration order is the hash
// table's): the error names std::set, which is.
#include <mscclpp/dsl.hpp>
#include <unordered_set>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_unordered_set_unsupported(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  // expected-error@+1 {{'std::unordered_set' is not supported in algorithm code; use std::set (it iterates its elements in ascending order), or a std::map from element to count}}
  std::unordered_set<int> peers{1, 0};
}
