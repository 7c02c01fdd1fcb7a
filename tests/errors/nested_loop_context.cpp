// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A LoopIterationContext opened inside another one.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void nested_loop_context() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("nested_loop_context", collective, 1);
  Rank r(0);
  LoopIterationContext outer(1 << 20, 1); // expected-note {{the enclosing pipeline starts here}}
  {
    LoopIterationContext inner(1 << 20, 1); // expected-error {{nested pipelines are not supported}}
    r.copy(r.get_output_buffer().slice(0, 1),
           r.get_input_buffer().slice(0, 1), {.tb = 0});
  }
}
