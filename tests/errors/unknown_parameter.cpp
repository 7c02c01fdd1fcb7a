// RUN: mscclc --verify -P nosuch=1 %s
// RUN: %expect-error mscclc -P nosuch=1 %s
// RUN: not mscclc -P nosuch=1 %s -o %t.json 2>&1 | FileCheck %s
// -P sets a parameter the algorithm does not have. The error lists the
// parameters on its own line (it printed them after a literal "\n" each).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

// CHECK: unknown_parameter.cpp:[[@LINE+3]]:24: error: unknown parameter 'nosuch' for algorithm 'unknown_parameter'; its parameters are: num_gpus (int), use_output (bool){{$}}
// CHECK-NOT: \n
// expected-error@+1 {{unknown parameter 'nosuch' for algorithm 'unknown_parameter'; its parameters are: num_gpus (int), use_output (bool)}}
MSCCLPP_ALGORITHM void unknown_parameter(int num_gpus = 2,
                                         bool use_output = false) {
  AllGather collective(num_gpus, 1, false);
  CollectiveProgram program("unknown_parameter", collective, num_gpus);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
  (void)use_output;
}
