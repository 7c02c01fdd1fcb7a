// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A floating-point value whose integral part does not fit the integer type
// it is converted to is undefined behaviour in C++, for unsigned types too
// (it must not wrap silently).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void float_to_unsigned(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  double fraction = -0.5 * n / 2;
  unsigned zero = fraction; // truncates to 0: fine
  (void)zero;
  double negative = -1.5 * n;
  unsigned u = negative; // expected-error {{floating-point value -3 is out of range of 'unsigned int' (C++ leaves this conversion undefined); check or clamp the value before converting it}}
  (void)u;
}
