// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Unsupported construct: calling a library function (rand) outside the DSL.
#include <cstdlib>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void unsupported_library_call() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("unsupported_library_call", collective, 2);
  Rank r(0);
  // expected-error@+1 {{'rand' is not supported in algorithm code (only the DSL API, functions defined in the algorithm file and a few std:: helpers can be called)}}
  int peer = rand() % 2;
  (void)peer;
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
