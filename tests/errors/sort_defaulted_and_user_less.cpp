// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A struct with a defaulted operator<=> sorts field by field, but a
// hand-written operator< next to it is what std::sort would call: refused.
#include <algorithm>
#include <compare>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Hop {
  int distance;
  int peer;
  auto operator<=>(const Hop &) const = default;
};
bool operator<(const Hop &a, const Hop &b) { return a.peer < b.peer; }

MSCCLPP_ALGORITHM void sort_defaulted_and_user_less(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<Hop> hops{{1, 2}, {0, 3}};
  std::sort(hops.begin(), hops.end()); // expected-error {{std::sort of 'Hop' elements is not supported: without a comparator mscclc orders numbers, enums, strings, pairs, tuples and structs with a defaulted operator<=> by value only; pass a lambda comparator that compares the fields}}
}
