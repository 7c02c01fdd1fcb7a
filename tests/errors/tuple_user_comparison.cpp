// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Comparing tuples (or std::tie) of a struct with a hand-written operator<
// would call it; mscclc refuses, as for pairs and vectors (tuples were
// compared field by field, ignoring the operator).
#include <mscclpp/dsl.hpp>
#include <tuple>
using namespace mscclpp::dsl;

struct Hop {
  int peer, distance;
  bool operator<(const Hop &o) const { return distance < o.distance; }
};

MSCCLPP_ALGORITHM void tuple_user_comparison(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  Hop a{1, n}, b{2, 1};
  int x = 0, y = 0;
  bool direct = a < b; // fine: calls Hop::operator<
  bool tied = std::tie(a, x) < std::tie(b, y); // expected-error {{comparing 'tuple<Hop &, int &>' would compare its 'Hop' parts with the comparison operator written for 'Hop', which mscclc does not call inside a standard-library or defaulted comparison; compare the fields yourself, or default that operator}}
  (void)direct;
  (void)tied;
}
