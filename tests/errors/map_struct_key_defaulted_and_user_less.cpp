// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A struct key with a defaulted operator<=> is ordered field by field, but
// with a hand-written operator< beside it std::map would call that one:
// refused.
#include <compare>
#include <map>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Link {
  int src;
  int dst;
  auto operator<=>(const Link &) const = default;
};
bool operator<(const Link &a, const Link &b) { return a.dst < b.dst; }

MSCCLPP_ALGORITHM void map_struct_key_defaulted_and_user_less(int n = 2) {
  CollectiveProgram prog("p", AllReduce(n, 1, false), n);
  // expected-error@+1 {{map keys of struct type 'Link' ('std::map<Link, int>')}}
  std::map<Link, int> m;
  m[Link{1, 5}] = 1;
}
