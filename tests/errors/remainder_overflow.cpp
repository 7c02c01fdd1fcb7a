// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// INT_MIN % -1 is undefined in C++ (its quotient overflows), like
// INT_MIN / -1: an error, not the 0 the wide arithmetic would give.
#include <climits>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void remainder_overflow(int m = -1) {
  int x = INT_MIN % m; // expected-error {{signed integer overflow: the result does not fit in 'int'}}
  (void)x;
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("remainder_overflow", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
