// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A union: which member is active is not modelled, so it is refused.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

union Either {
  int a;
  float b;
};

MSCCLPP_ALGORITHM void union_value() {
  Either e{}; // expected-error {{unions are not supported in algorithm code ('Either'); use a struct}}
  (void)e;
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("u", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
