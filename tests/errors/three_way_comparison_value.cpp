// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// The result of `<=>` (a std::strong_ordering) is not a value the
// evaluator keeps; comparing with <, ==, ... works, also through a
// defaulted operator<=>.
#include <compare>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Peer {
  int rank;
  auto operator<=>(const Peer &) const = default;
};

MSCCLPP_ALGORITHM void three_way_comparison_value(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  Peer a{0}, b{1};
  // expected-error@+1 {{the result of '<=>' is not a value in algorithm code; compare with ==, !=, <, <=, > or >=}}
  bool less = (a <=> b) < 0 && (a <=> b) != 0;
  (void)less;
}
