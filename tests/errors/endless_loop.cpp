// RUN: mscclc --verify --max-steps=100000 %s
// RUN: %expect-error mscclc --max-steps=100000 %s
// A loop whose condition never becomes false (the step limit stops it).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void endless_loop() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("endless_loop", collective, 2);
  int tb = 0;
  while (tb < 2) {
    tb = tb * 2; // expected-error {{evaluation exceeded the limit of 100000 steps}}
  }
}
