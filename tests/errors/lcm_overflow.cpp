// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::lcm whose result does not fit in the common type is undefined behaviour.
#include <numeric>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void lcm_overflow(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  int a = 65536 * n / 2; (void)std::lcm(a, 65537); // expected-error {{std::lcm: 4295032832 does not fit in 'int' (undefined behaviour)}}
}
