// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A defaulted comparison (or a standard type's) compares its members, and
// C++ compares a member with that member's own operator==: here Tag's,
// which treats 3 and 13 as equal. mscclc compares the values themselves
// and would say "different", so it refuses instead of answering wrongly.
#include <mscclpp/dsl.hpp>
#include <utility>
using namespace mscclpp::dsl;

struct Tag {
  int v;
};
bool operator==(const Tag &a, const Tag &b) { return a.v % 10 == b.v % 10; }
struct Wrapped {
  Tag tag;
  bool operator==(const Wrapped &) const = default;
};

MSCCLPP_ALGORITHM void comparison_user_operator_inside(bool in_pair = false) {
  CollectiveProgram prog("p", AllGather(2, 1, false), 2);
  if (in_pair) {
    std::pair<Tag, int> a{Tag{3}, 1}, b{Tag{13}, 1};
    (void)(a == b);
  }
  // expected-error@+1 {{comparing 'Wrapped' would compare its 'Tag' parts with the comparison operator written for 'Tag', which mscclc does not call inside a standard-library or defaulted comparison; compare the fields yourself, or default that operator}}
  bool same = Wrapped{Tag{3}} == Wrapped{Tag{13}};
  (void)same;
}
