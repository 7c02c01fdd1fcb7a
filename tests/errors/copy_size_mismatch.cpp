// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// copy between chunks of different sizes.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void copy_size_mismatch() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("copy_size_mismatch", collective, 2);
  Rank r(0);
  BaseBuffer in = r.get_input_buffer();
  BaseBuffer out = r.get_output_buffer();
  // expected-error@+1 {{copy: chunk sizes differ (rank 0 output[0:1] has 1, rank 0 input[0:2] has 2)}}
  r.copy(out.slice(0, 1), in.slice(0, 2), {.tb = 0});
}
