// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// emplace_back with the arguments of a constructor that takes one by
// non-const reference: refused (mscclc passed the constructor a copy, and
// the caller's variable silently kept its value), saying what to write.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

struct Slot {
  int at;
  Slot(int &next) : at(next) { next += 4; }
};

MSCCLPP_ALGORITHM void emplace_back_reference_constructor() {
  CollectiveProgram program("p", TestCollective(1, 1, 1), 1);
  std::vector<Slot> slots;
  int next = 0;
  slots.push_back(Slot(next)); // fine
  slots.emplace_back(next); // expected-error {{emplace_back with these arguments is not supported in algorithm code (a constructor of the program's own class, an aggregate's members in order, a pair's or tuple's members, one value or none are); use push_back(T(...))}}
}
