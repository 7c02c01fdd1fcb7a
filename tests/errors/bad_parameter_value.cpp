// RUN: mscclc --verify -P num_gpus=abc %s
// RUN: %expect-error mscclc -P num_gpus=abc %s
// RUN: not mscclc -P num_gpus=2147483648 %s -o %t.json 2>&1 | FileCheck --check-prefix=RANGE %s
// RUN: not mscclc -P num_gpus=08 %s -o %t.json 2>&1 | FileCheck --check-prefix=OCTAL %s
// RUN: not test -e %t.json
// RANGE: error: invalid value '2147483648' for parameter 'num_gpus' of type 'int'
// RANGE: note: 'int' takes an integer from -2147483648 to 2147483647
// OCTAL: error: invalid value '08' for parameter 'num_gpus' of type 'int'
// OCTAL: note: {{.*}}(a leading 0 means octal: 8)
// -P gives an int parameter a value that is not an integer, one out of
// its range, and an octal literal with a digit 8; the note says what the
// type takes.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

// expected-error@+2 {{invalid value 'abc' for parameter 'num_gpus' of type 'int'}}
// expected-note@+1 {{'int' takes an integer from -2147483648 to 2147483647, written as a C literal with an optional + or - sign: 16, 0x10, 0b10000, or 010 (a leading 0 means octal: 8)}}
MSCCLPP_ALGORITHM void bad_parameter_value(int num_gpus = 2) {
  AllGather collective(num_gpus, 1, false);
  CollectiveProgram program("bad_parameter_value", collective, num_gpus);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
