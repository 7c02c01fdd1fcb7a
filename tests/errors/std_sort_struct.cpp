// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Sorting structs would need their operator<, which mscclc does not call.
#include <algorithm>
struct Peer { int rank; bool operator<(const Peer &o) const { return rank > o.rank; } };
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_sort_struct(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<Peer> v{{1}, {2}}; std::sort(v.begin(), v.end()); // expected-error {{std::sort of 'Peer' elements is not supported: without a comparator mscclc orders numbers, enums, strings, pairs, tuples and structs with a defaulted operator<=> by value only; pass a lambda comparator that compares the fields}}
}
