// RUN: not mscclc --verify -P n=x %s 2>&1 | FileCheck %s
// CHECK: verify_mismatch.cpp:9:1: error: expected error not seen: no such message (directive at line 8)
// CHECK: verify_mismatch.cpp:9:{{[0-9]+}}: error: error seen but not expected: {{.*}}invalid value
// -verify itself: an expectation that is not met and a diagnostic that was
// not expected are both reported, at their lines, and --verify fails.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;
// expected-error@+1 {{no such message}}
MSCCLPP_ALGORITHM void verify_mismatch(int n = 2) {
  TestCollective collective(n, 1, 1);
  CollectiveProgram program("verify_mismatch", collective, n);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1), Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
