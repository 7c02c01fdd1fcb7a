// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// const_cast: writing through it to a const object is undefined, and the
// evaluator does not track constness, so it is refused.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void const_cast_refused() {
  const int tb = 0;
  const_cast<int &>(tb) = 1; // expected-error {{const_cast is not supported in algorithm code; copy the value instead}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = tb});
}
