// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A C array of a class with a hand-written default constructor, each of
// whose elements is constructed: past the container limit it stops at
// once, located, before building any element.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Slot {
  int id;
  Slot() : id(7) {}
};

MSCCLPP_ALGORITHM void class_array_too_large() {
  TestCollective collective(2, 1, 1);
  CollectiveProgram program("class_array_too_large", collective, 2);
  Slot slots[100000000]; // expected-error {{container would hold 100000000 elements, more than the limit of 16777216}}
  (void)slots;
}
