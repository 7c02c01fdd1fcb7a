// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Reading an uninitialised variable through an options field ({.tb = tb}).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void uninitialized_variable_in_options() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("uninitialized_variable_in_options", collective, 2);
  Rank r(0);
  BaseBuffer in = r.get_input_buffer();
  BaseBuffer out = r.get_output_buffer();
  int tb;
  // expected-error@+1 {{variable 'tb' is used uninitialised}}
  r.copy(out.slice(0, 1), in.slice(0, 1), {.tb = tb});
}
