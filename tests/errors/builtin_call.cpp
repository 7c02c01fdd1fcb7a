// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A compiler builtin mscclc does not emulate: refused as unsupported, not
// as a function "to define in the algorithm file".
#include <cstdint>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void builtin_call(int num_ranks = 2) {
  TestCollective collective(num_ranks, 1, 1);
  CollectiveProgram program("c", collective, num_ranks);
  uint32_t word = 0x01020304u;
  uint32_t swapped = __builtin_bswap32(word); // expected-error {{'__builtin_bswap32' is not supported in algorithm code (only the DSL API, functions defined in the algorithm file and a few std:: helpers can be called)}}
  (void)swapped;
}
