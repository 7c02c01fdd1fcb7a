// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Unsupported construct: catching an exception (a throw that is reached is
// an error of its own: throw_reached_*.cpp).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void unsupported_exception() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("unsupported_exception", collective, 2);
  Rank r(0);
  try { // expected-error {{catching or rethrowing exceptions is not supported in algorithm code; check for the failure before it happens (a throw that is reached stops the compile with what it throws)}}
    throw 1;
  } catch (int) {
  }
}
