// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: not mscclc -P divisor=-1 -P dividend=-2147483648 %s -o %t.json 2>&1 \
// RUN:   | FileCheck --check-prefix=OVER %s
// RUN: not test -e %t.json
// OVER: div_by_zero.cpp:17:18: error: signed integer overflow: the result does not fit in 'int'
// std::div by zero, and a quotient that does not fit its type, are
// located errors, as `/` gives them.
#include <cstdlib>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void div_by_zero(int dividend = 7, int divisor = 0) {
  AllGather collective(2, 1, false);
  CollectiveProgram program("div_by_zero", collective, 2);
  // Python's divmod(dividend, divisor), for operands that are not negative.
  std::div_t d = std::div(dividend, divisor); // expected-error {{division by zero}}
  Rank r(d.rem);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
