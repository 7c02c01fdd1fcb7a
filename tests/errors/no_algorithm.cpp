// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// The file has no function marked MSCCLPP_ALGORITHM.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

void copy_once() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("copy_once", collective, 1);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}

// expected-error@1 {{no algorithm in this file: mark the algorithm function with MSCCLPP_ALGORITHM}}
