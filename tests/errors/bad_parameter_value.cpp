// RUN: mscclc --verify -P num_gpus=abc %s
// RUN: %expect-error mscclc -P num_gpus=abc %s
// -P gives an int parameter a value that is not an integer.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

// expected-error@+1 {{invalid value 'abc' for parameter 'num_gpus' of type 'int'}}
MSCCLPP_ALGORITHM void bad_parameter_value(int num_gpus = 2) {
  AllGather collective(num_gpus, 1, false);
  CollectiveProgram program("bad_parameter_value", collective, num_gpus);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
