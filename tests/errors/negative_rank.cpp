// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A negative rank.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void negative_rank() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("negative_rank", collective, 2);
  Rank r(-1); // expected-error {{rank -1 is out of range: the program has 2 ranks (0..1)}}
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
