// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A struct with a user destructor: mscclc would never run it, so the
// program would not mean what C++ says. Refused where one is made.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Guard {
  int tb = 0;
  ~Guard() {}
};

MSCCLPP_ALGORITHM void struct_with_destructor() {
  Guard g; // expected-error {{'Guard' has a destructor; structs with destructors are not supported in algorithm code}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("d", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = g.tb});
}
