// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// An integer cast to an enum that names none of its enumerators: the plan
// would carry a protocol the executor (and mscclc's reader) do not know, so
// it is an error naming the valid values.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void enum_value_out_of_range(int k = 7) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("enum_value_out_of_range", collective, 1,
                            {.protocol = Protocol(k)}); // expected-error {{7 is not a value of enum 'Protocol' (its enumerators: Simple, LL)}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
