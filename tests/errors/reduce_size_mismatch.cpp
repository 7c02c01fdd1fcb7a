// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// reduce of chunks of different sizes.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reduce_size_mismatch() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("reduce_size_mismatch", collective, 2);
  Rank r(0);
  Buffer scratch(0, 2);
  // expected-error@+1 {{reduce: chunk sizes differ (rank 0 input[0:1] has 1, rank 0 scratch[0:2] has 2)}}
  r.reduce(r.get_input_buffer().slice(0, 1), {scratch.slice(0, 2)}, {.tb = 0});
}
