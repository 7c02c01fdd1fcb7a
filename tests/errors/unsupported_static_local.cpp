// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Unsupported construct: a mutable static local variable (a const one is
// a constant and works).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void unsupported_static_local() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("unsupported_static_local", collective, 2);
  static const int first_tb = 0;
  // expected-error@+1 {{mutable static local variables are not supported in algorithm code (they carry state from one call to the next); make it const or constexpr, or keep the state in a variable the caller passes}}
  static int next_tb = first_tb;
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = next_tb++});
}
