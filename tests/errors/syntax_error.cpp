// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// C++ syntax error: a declaration without its semicolon.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void syntax_error() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("syntax_error", collective, 2);
  Rank r(0) // expected-error {{expected ';' at end of declaration}}
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
