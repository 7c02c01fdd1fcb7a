// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Unsupported construct: a pointer to a DSL object.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void unsupported_pointer() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("unsupported_pointer", collective, 2);
  Rank r(0);
  Rank *p = &r; // expected-error {{pointers are not supported in algorithm code}}
  p->copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
          {.tb = 0});
}
