// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Reading a variable that was never given a value.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void uninitialized_variable() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("uninitialized_variable", collective, 2);
  Rank r(0);
  BaseBuffer in = r.get_input_buffer();
  BaseBuffer out = r.get_output_buffer();
  int first;
  // expected-error@+1 {{variable 'first' is used uninitialised}}
  r.copy(out.slice(first, first + 1), in.slice(0, 1), {.tb = 0});
}
