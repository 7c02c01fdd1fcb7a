// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: mscclc %s -P num_ranks=4 -o %t.json
// A failing assert() in the algorithm is reported as the assertion, at the
// assert, with its condition (and message) as written; with parameters
// that satisfy it, `assert(cond && "message")` passes and the plan is made.
#include <cassert>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void assert_failed(int num_ranks = 3) {
  CollectiveProgram prog("p", AllGather(num_ranks, 1, false), num_ranks);
  // expected-error@+1 {{assertion failed: (num_ranks & (num_ranks - 1)) == 0 && "a power-of-two rank count"}}
  assert((num_ranks & (num_ranks - 1)) == 0 && "a power-of-two rank count");
  assert(num_ranks > 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
