// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// put between chunks of different sizes.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void put_size_mismatch() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("put_size_mismatch", collective, 2);
  MemoryChannel ch(1, 0);
  BaseBuffer src = Rank(0).get_input_buffer();
  BaseBuffer dst = Rank(1).get_output_buffer();
  // expected-error@+1 {{put: chunk sizes differ (rank 1 output[0:2] has 2, rank 0 input[0:1] has 1)}}
  ch.put(dst.slice(0, 2), src.slice(0, 1), {.tb = 0});
}
