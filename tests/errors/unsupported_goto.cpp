// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Unsupported construct: goto.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void unsupported_goto() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("unsupported_goto", collective, 2);
  Rank r(0);
  goto done; // expected-error {{goto and labels are not supported in algorithm code}}
done:
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
