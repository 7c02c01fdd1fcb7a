// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s 2>&1 | FileCheck --strict-whitespace %s
// The caret stands under the error's column in terminal cells: a wide
// (CJK) character before it takes two, a combining mark none, as
// terminals and Clang count them (one per character put the caret 5
// cells left of the slice).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void caret_wide_characters() {
  AllGather collective(2, 1, /*inplace=*/false);
  CollectiveProgram program("c", collective, 2);
  Rank(0).copy(/*全收集算法 é*/ Rank(0).get_output_buffer().slice(0, 9), Rank(0).get_input_buffer().slice(0, 1), {.tb = 0}); // expected-error {{chunk [0:9] is out of range: rank 0's output buffer has 2 chunks}}
}
// CHECK: caret_wide_characters.cpp:13:68: error: chunk [0:9] is out of range
// CHECK-NEXT: {{^}} 13 |   Rank(0).copy(
// CHECK-NEXT: {{^}}    |                                                             ^{{$}}
