// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// An error in a macro's own body (the slice inside SLICE_IN) is shown
// where the macro is used.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

#define SLICE_IN(r, lo, hi) Rank(r).get_input_buffer().slice(lo, hi)

MSCCLPP_ALGORITHM void macro_body_location() {
  AllGather collective(2, 1, /*inplace=*/false);
  CollectiveProgram program("m", collective, 2);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               SLICE_IN(0, 0, 9), {.tb = 0}); // expected-error {{chunk [0:9] is out of range: rank 0's input buffer has 1 chunk}}
}
