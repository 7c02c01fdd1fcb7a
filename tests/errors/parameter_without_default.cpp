// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A parameter without a default value, and no -P to set it.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

// expected-error@+1 {{parameter 'num_gpus' has no default value}}
MSCCLPP_ALGORITHM void parameter_without_default(int num_gpus) {
  AllGather collective(num_gpus, 1, false);
  CollectiveProgram program("parameter_without_default", collective,
                            num_gpus);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
