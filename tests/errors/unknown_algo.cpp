// RUN: mscclc --verify --algo third %s
// RUN: %expect-error mscclc --algo third %s
// --algo names an algorithm the file does not define.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void first() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("first", collective, 1);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}

MSCCLPP_ALGORITHM void second() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("second", collective, 1);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 1});
}

// expected-error@1 {{no algorithm named 'third' in this file}}
