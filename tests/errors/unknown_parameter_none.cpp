// RUN: mscclc --verify -P n=1 %s
// RUN: %expect-error mscclc -P n=1 %s
// -P on an algorithm without parameters.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

// expected-error@+1 {{unknown parameter 'n' for algorithm 'unknown_parameter_none'; its parameters are: (none)}}
MSCCLPP_ALGORITHM void unknown_parameter_none() {
  AllGather collective(2, 1, false);
  CollectiveProgram program("unknown_parameter_none", collective, 2);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
