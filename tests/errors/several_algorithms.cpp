// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Two algorithms in one file and no --algo to choose between them.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void first() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("first", collective, 1);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}

// expected-error@+1 {{this file defines several algorithms (first, second)}}
MSCCLPP_ALGORITHM void second() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("second", collective, 1);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 1});
}
