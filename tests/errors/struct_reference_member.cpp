// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A struct holding a reference: mscclc stores values, so a write through
// the member would not reach the variable it refers to.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Alias {
  int &target;
};

MSCCLPP_ALGORITHM void struct_reference_member() {
  int tb = 0;
  Alias a{tb}; // expected-error {{member 'target' of 'Alias' is a reference; structs holding references are not supported in algorithm code}}
  a.target = 1;
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
