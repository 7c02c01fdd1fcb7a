// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// mscclc computes in float or double: a long double would silently lose
// its extra precision, so it is refused.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void long_double(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  long double z = n; // expected-error {{'long double' is not supported: mscclc computes floating-point values as float or double; use double}}
  (void)z;
}
