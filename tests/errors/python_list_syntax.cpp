// RUN: not mscclc -DCASE=1 %s 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: not mscclc -DCASE=2 %s 2>&1 | FileCheck %s --check-prefix=SLICE
// Python's list and slice syntax parse as something else in C++ (a
// lambda's captures, a subscript); the error says what to write.
// LIST: error: expected ',' or ']' in lambda capture list; C++ writes a list in braces, {a, b} (Python's [a, b])
// SLICE: error: expected ']'; take chunks with .slice(start, stop) (Python's buffer[start:stop])
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void python_list_syntax() {
  AllReduce collective(2, 2, true);
  CollectiveProgram program("p", collective, 2);
  BaseBuffer input = Rank(0).get_input_buffer();
#if CASE == 1
  Rank(0).reduce(input.slice(0, 1), [input.slice(1, 2)], {.tb = 0});
#else
  Chunk c = input[0:1];
#endif
}
