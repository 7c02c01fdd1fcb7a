// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A floating-point value converted to a narrow integer type it does not fit
// (here through a cast) is undefined behaviour: refused, not wrapped.
#include <cstdint>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void float_to_small(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  double big = 150.0 * n;
  auto fits = static_cast<std::int16_t>(big);
  (void)fits;
  auto small = static_cast<std::uint8_t>(big); // expected-error {{floating-point value 300 is out of range of 'unsigned char' (C++ leaves this conversion undefined); check or clamp the value before converting it}}
  (void)small;
}
