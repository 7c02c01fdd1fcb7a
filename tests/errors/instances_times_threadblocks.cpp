// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// 1024 instances of 4096 thread blocks would make a 4 M thread block plan
// from a few lines: the product is capped, not only each factor.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void instances_times_threadblocks() {
  TestCollective collective(1, 1, 1);
  // expected-error@+1 {{1024 instances of the 4096 thread blocks of rank 0 make 4194304 thread blocks, more than the limit of 4096 per rank; use fewer instances or thread blocks}}
  CollectiveProgram program("big", collective, 1, {.instances = 1024});
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 4095});
}
