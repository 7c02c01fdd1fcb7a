// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A struct ordered by a hand-written operator<=> would need C++'s rewritten
// comparison, which mscclc does not call: sorting it without a comparator
// is refused (a hand-written operator< is called, see dialect.md).
#include <algorithm>
#include <compare>
struct Peer {
  int rank;
  std::strong_ordering operator<=>(const Peer &o) const { return o.rank <=> rank; }
  bool operator==(const Peer &) const = default;
};
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_sort_struct(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<Peer> v{{1}, {2}}; std::sort(v.begin(), v.end()); // expected-error {{std::sort of 'Peer' elements is not supported: without a comparator mscclc orders numbers, enums, strings, pairs, tuples, vectors, std::arrays and optionals of them, structs with a defaulted operator<=> over such members, and structs with a non-template operator< (operator> for std::greater) of their own; pass a lambda comparator that compares the fields}}
}
