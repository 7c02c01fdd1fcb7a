// RUN: mscclc --verify %s
// RUN: not mscclc %s -o %t.json 2>&1 | FileCheck %s
// RUN: test ! -e %t.json
// RUN: mscclc %s -P num_ranks=4 -o %t4.json
// A C++23 [[assume(cond)]] whose condition is false where it is reached is
// undefined behaviour in C++: the compile stops there, like a failing
// assert, with the condition as written. With parameters that satisfy it
// the plan is made.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void assumption_false(int num_ranks = 3) {
  CollectiveProgram prog("p", AllGather(num_ranks, 1, false), num_ranks);
  // CHECK: assumption_false.cpp:[[#@LINE+2]]:12: error: assumption does not hold: (num_ranks & (num_ranks - 1)) == 0; a false {{\[\[assume\]\]}} is undefined behaviour in C++: fix the program, or check the condition with assert() instead
  // expected-error@+1 {{assumption does not hold: (num_ranks & (num_ranks - 1)) == 0; a false [[assume]] is undefined behaviour in C++}}
  [[assume((num_ranks & (num_ranks - 1)) == 0)]];
  for (int r = 0; r < num_ranks; ++r)
    Rank(r).copy(Rank(r).get_output_buffer().slice(r, r + 1),
                 Rank(r).get_input_buffer().slice(0, 1), {.tb = 0});
}
