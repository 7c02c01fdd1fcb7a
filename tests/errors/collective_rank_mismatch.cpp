// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// The collective is built for 4 ranks but the program for 2.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void collective_rank_mismatch() {
  AllGather collective(4, 1, false);
  // expected-error@+1 {{the collective has 4 ranks but the program has 2}}
  CollectiveProgram program("collective_rank_mismatch", collective, 2);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
