// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Chunk slice past the end of the buffer (the input buffer has 2 chunks).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void chunk_out_of_range() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("chunk_out_of_range", collective, 2);
  Rank r(0);
  BaseBuffer in = r.get_input_buffer();
  BaseBuffer out = r.get_output_buffer();
  // expected-error@+1 {{chunk [2:3] is out of range: rank 0's input buffer has 2 chunks}}
  r.copy(out.slice(1, 2), in.slice(2, 3), {.tb = 0});
}
