// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Rank(5) in a program with 2 ranks.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void rank_out_of_range() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("rank_out_of_range", collective, 2);
  Rank r(5); // expected-error {{rank 5 is out of range: the program has 2 ranks (0..1)}}
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
