// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::bit_ceil whose result does not fit in the type is undefined behaviour.
#include <bit>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void bit_ceil_overflow(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  unsigned x = 0x80000000u + unsigned(n); (void)std::bit_ceil(x); // expected-error {{std::bit_ceil(2147483650): the result does not fit in 'unsigned int' (undefined behaviour)}}
}
