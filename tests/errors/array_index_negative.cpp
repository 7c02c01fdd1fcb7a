// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A negative index into a std::array (a rank computed as r - 1 for r = 0).
#include <mscclpp/dsl.hpp>
#include <array>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void array_index_negative() {
  TestCollective collective(2, 1, 1);
  CollectiveProgram program("array_index_negative", collective, 2);
  std::array<int, 2> tbs{0, 1};
  int r = 0;
  // expected-error@+1 {{index -1 is out of bounds for a container of 2 elements}}
  int tb = tbs[r - 1];
  (void)tb;
}
