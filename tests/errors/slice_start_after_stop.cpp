// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Slice whose start is greater than its stop.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void slice_start_after_stop() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("slice_start_after_stop", collective, 2);
  Rank r(0);
  BaseBuffer in = r.get_input_buffer();
  BaseBuffer out = r.get_output_buffer();
  // expected-error@+1 {{slice start 2 is greater than its stop 1}}
  r.copy(out.slice(0, 1), in.slice(2, 1), {.tb = 0});
}
