// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Signed integer overflow in the algorithm's arithmetic.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void signed_overflow(int chunk_factor = 65536) {
  // expected-error@+1 {{signed integer overflow: the result does not fit in 'int'}}
  int total = chunk_factor * chunk_factor;
  AllGather collective(2, total, false);
  CollectiveProgram program("signed_overflow", collective, 2);
}
