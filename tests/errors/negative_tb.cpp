// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A negative thread block index.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void negative_tb() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("negative_tb", collective, 2);
  Rank r(0);
  BaseBuffer in = r.get_input_buffer();
  BaseBuffer out = r.get_output_buffer();
  // expected-error@+1 {{thread block -1 is negative}}
  r.copy(out.slice(0, 1), in.slice(0, 1), {.tb = -1});
}
