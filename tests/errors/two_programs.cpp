// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// The algorithm creates a second CollectiveProgram after the first.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void two_programs() {
  TestCollective collective(1, 1, 1);
  {
    // expected-note@+1 {{the first program was created here}}
    CollectiveProgram first("first", collective, 1);
    Rank r(0);
    r.copy(r.get_output_buffer().slice(0, 1),
           r.get_input_buffer().slice(0, 1), {.tb = 0});
  }
  // expected-error@+1 {{this algorithm already built a program}}
  CollectiveProgram second("second", collective, 1);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
