// RUN: not mscclc --verify %s 2>&1 | FileCheck %s
// CHECK: verify_elsewhere.cpp:13:1: error: expected note not seen: in call to (directive at line 13)
// CHECK: verify_elsewhere.cpp:{{[0-9]+}}:{{[0-9]+}}: error: note seen but not expected: in call to 'helper(0)'
// -verify's note directive with @* matches a note in another file only: the
// "in call to" note here is in this file, so it is neither matched by the
// directive nor expected anywhere else.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

int helper(int n) { return 10 / n; } // expected-error {{division by zero}}

MSCCLPP_ALGORITHM void verify_elsewhere(int n = 0) {
  // expected-note@* {{in call to}}
  int x = helper(n);
  (void)x;
}
