// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Integer division by zero (a parameter used as a divisor defaults to 0).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void division_by_zero(int num_tb = 0) {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("division_by_zero", collective, 2);
  Rank r(0);
  int per_tb = 2 / num_tb; // expected-error {{division by zero}}
  r.copy(r.get_output_buffer().slice(0, per_tb),
         r.get_input_buffer().slice(0, per_tb), {.tb = 0});
}
