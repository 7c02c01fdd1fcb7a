// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A constructor declared but not defined in the algorithm file: there is
// nothing for mscclc to run.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Plan {
  int tb;
  explicit Plan(int t);
};

MSCCLPP_ALGORITHM void constructor_without_body() {
  Plan p(0); // expected-error {{function 'Plan' has no body that mscclc can evaluate; define it in the algorithm file}}
  (void)p;
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
