// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// try_emplace making an aggregate from its members (C++20's parenthesised
// aggregate initialisation): refused with what try_emplace can make and
// what to write instead (before, the message suggested the very form used).
#include <mscclpp/dsl.hpp>
#include <map>
using namespace mscclpp::dsl;

struct Range {
  int lo, hi;
};

MSCCLPP_ALGORITHM void try_emplace_aggregate() {
  CollectiveProgram program("p", TestCollective(1, 1, 1), 1);
  std::map<int, Range> ranges;
  ranges.try_emplace(0, Range{1, 2}); // fine
  ranges.try_emplace(1, 3, 4); // expected-error {{try_emplace cannot make a 'Range' from these arguments in algorithm code: it calls the one constructor of the program's own class that takes exactly these arguments (none of them by non-const reference), or makes a pair's or a tuple's members; pass the mapped value itself (`m.try_emplace(k, Range(...))`)}}
}
