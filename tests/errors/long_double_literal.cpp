// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A long double literal (suffix L) is refused where it is evaluated.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void long_double_literal(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  double third = n / 3.0L; // expected-error {{'long double' is not supported: mscclc computes floating-point values as float or double; use double}}
  (void)third;
}
