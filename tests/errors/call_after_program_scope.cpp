// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A DSL call after the CollectiveProgram went out of scope.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void call_after_program_scope() {
  TestCollective collective(1, 1, 1);
  {
    // expected-note@+1 {{the program was created here}}
    CollectiveProgram program("call_after_program_scope", collective, 1);
  }
  // expected-error@+1 {{no program in context: the CollectiveProgram has gone out of scope}}
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
