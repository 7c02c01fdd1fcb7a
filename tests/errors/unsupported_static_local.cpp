// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Unsupported construct: a static local variable.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void unsupported_static_local() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("unsupported_static_local", collective, 2);
  // expected-error@+1 {{static local variables are not supported in algorithm code}}
  static int next_tb = 0;
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = next_tb++});
}
