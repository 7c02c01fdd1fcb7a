// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Rank(0).reduce with a source on rank 1 and no dst: the source is named
// (it is also where the result would go), not a "destination" the call
// never passed.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void rank_reduce_source_other_rank() {
  AllReduce collective(2, 1, true);
  CollectiveProgram program("r", collective, 2);
  // expected-error@+1 {{reduce source chunk rank 1 input[0:1] must be on rank 0: Rank(0)'s own copy and reduce work on its own buffers}}
  Rank(0).reduce(Rank(1).get_input_buffer().slice(0, 1),
                 {Rank(0).get_input_buffer().slice(1, 2)}, {.tb = 0});
}
