// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A program with instances = 0 (instances must be at least 1).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void zero_instances() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("zero_instances", collective, 2,
                            // at the value, not the program
                            // expected-error@+1 {{instances must be at least 1, got 0}}
                            {.instances = 0});
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
