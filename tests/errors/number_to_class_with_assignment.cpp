// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: not mscclc %s -P which=1 -o %t.json 2>&1 | FileCheck --check-prefix=TRANSFORM %s
// RUN: not test -e %t.json
// A library algorithm writing a number into elements of a class that has
// both a converting constructor and an operator= taking a number: C++
// assigns through the operator there, mscclc cannot tell it from a
// construction, so it refuses (it ran the constructor: silently other
// values than C++'s).
// TRANSFORM: number_to_class_with_assignment.cpp:35:{{[0-9]+}}: error: the number 3 is stored as a 'Slot' where the standard library makes or assigns it
#include <algorithm>
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

struct Slot {
  int tb;
  Slot(int t) : tb(t) {}
  Slot &operator=(int t) {
    tb = 2 * t;
    return *this;
  }
};

MSCCLPP_ALGORITHM void number_to_class_with_assignment(int which = 0) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("number_to_class_with_assignment", collective, 1);
  std::vector<Slot> slots(2, Slot(0));
  for (Slot &s : slots)
    s = 4; // fine: the operator, as written
  std::vector<int> ts{3, 5};
  if (which == 0)
    std::fill(slots.begin(), slots.end(), 4); // expected-error {{the number 4 is stored as a 'Slot' where the standard library makes or assigns it, and 'Slot' has an operator= taking a number: C++ calls that operator for an element that exists (std::fill, std::transform onto positions) and a constructor for a new one, which mscclc does not tell apart here; write the loop (for (Slot &e : v) e = 4;), or store a 'Slot' you made}}
  else
    std::transform(ts.begin(), ts.end(), slots.begin(), [](int t) { return t; });
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = slots[0].tb});
}
