// RUN: mscclc --verify -P nosuch=1 %s
// RUN: %expect-error mscclc -P nosuch=1 %s
// -P sets a parameter the algorithm does not have.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

// expected-error@+1 {{unknown parameter 'nosuch' for algorithm 'unknown_parameter'}}
MSCCLPP_ALGORITHM void unknown_parameter(int num_gpus = 2) {
  AllGather collective(num_gpus, 1, false);
  CollectiveProgram program("unknown_parameter", collective, num_gpus);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
