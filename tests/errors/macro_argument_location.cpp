// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s 2>&1 | FileCheck --strict-whitespace %s
// An error in a macro's argument is shown where the argument is written
// (the slice on the line after WRAP's), with the caret under it, as Clang
// shows its own errors; an error in a macro's own body stays where the
// macro is used.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

#define WRAP(call) call
#define SLICE_OUT(r, lo, hi) Rank(r).get_output_buffer().slice(lo, hi)

MSCCLPP_ALGORITHM void macro_argument_location(bool body = false) {
  AllGather collective(2, 1, /*inplace=*/false);
  CollectiveProgram program("m", collective, 2);
  if (!body) {
    WRAP(Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
                      Rank(0).get_input_buffer().slice(0, 9), {.tb = 0})); // expected-error {{chunk [0:9] is out of range: rank 0's input buffer has 1 chunk}}
  }
}
// CHECK: macro_argument_location.cpp:18:50: error: chunk [0:9] is out of range
// CHECK-NEXT: {{^}} 18 |                       Rank(0).get_input_buffer().slice(0, 9), {.tb = 0}));
// CHECK-NEXT: {{^}}    |                                                  ^{{$}}
