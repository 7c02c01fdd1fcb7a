// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Negative slice bound (Python-style negative indexing is not supported).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void negative_slice_bound() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("negative_slice_bound", collective, 2);
  Rank r(0);
  BaseBuffer in = r.get_input_buffer();
  BaseBuffer out = r.get_output_buffer();
  // expected-error@+1 {{slice bounds must not be negative, got [-1:0]}}
  r.copy(out.slice(0, 1), in.slice(-1, 0), {.tb = 0});
}
