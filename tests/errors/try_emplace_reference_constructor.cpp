// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// try_emplace with the arguments of a constructor that takes one by
// non-const reference: refused (mscclc passes the constructor a copy, so
// the caller's variable would keep its value), saying what to write.
#include <mscclpp/dsl.hpp>
#include <map>
using namespace mscclpp::dsl;

struct Slot {
  int at;
  Slot(int &next, int width) : at(next) { next += width; }
};

MSCCLPP_ALGORITHM void try_emplace_reference_constructor() {
  CollectiveProgram program("p", TestCollective(1, 1, 1), 1);
  std::map<int, Slot> slots;
  int next = 0;
  slots.try_emplace(0, next, 4); // expected-error {{try_emplace cannot make a 'Slot' from these arguments in algorithm code: it calls the one constructor of the program's own class that takes exactly these arguments (none of them by non-const reference), or makes an aggregate's, a pair's or a tuple's members in order; pass the mapped value itself (`m.try_emplace(k, Slot(...))`)}}
}
