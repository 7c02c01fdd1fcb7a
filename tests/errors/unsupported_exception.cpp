// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Unsupported construct: throwing and catching an exception.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void unsupported_exception() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("unsupported_exception", collective, 2);
  Rank r(0);
  try { // expected-error {{exceptions are not supported in algorithm code}}
    throw 1;
  } catch (int) {
  }
}
