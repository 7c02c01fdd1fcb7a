// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// __builtin_ctz(0) and __builtin_clz(0) are undefined.

#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void builtin_ctz_zero(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  unsigned bits = unsigned(n) - 2; int low = __builtin_ctz(bits); (void)low; // expected-error {{__builtin_ctz(0) is undefined; test for 0 first}}
}
