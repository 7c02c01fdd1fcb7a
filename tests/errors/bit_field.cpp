// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A bit-field: its width would not be honoured (a 3-bit field holding 9),
// so it is refused.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Packed {
  int tb : 3;
};

MSCCLPP_ALGORITHM void bit_field() {
  Packed p{1}; // expected-error {{bit-field 'tb' of 'Packed' is not supported in algorithm code; use a plain integer field}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("b", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
  (void)p;
}
