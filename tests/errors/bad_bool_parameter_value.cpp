// RUN: mscclc --verify -P inplace=maybe %s
// RUN: %expect-error mscclc -P inplace=maybe %s
// -P gives a bool parameter a value that is not a boolean.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

// expected-error@+2 {{invalid value 'maybe' for parameter 'inplace' of type 'bool'}}
// expected-note@+1 {{a bool parameter takes true, false, 1, 0, True or False}}
MSCCLPP_ALGORITHM void bad_bool_parameter_value(bool inplace = false) {
  AllGather collective(2, 1, inplace);
  CollectiveProgram program("bad_bool_parameter_value", collective, 2);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
