// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// The "in call to" note names each DSL argument by its type, and ranks
// and buffers by where they are, instead of a bare <DSL object>.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void call_note_dsl_arguments() {
  AllGather collective(2, 1, false);
  CollectiveProgram program("c", collective, 2);
  // expected-error@+1 {{chunk [2:3] is out of range: rank 1's output buffer has 2 chunks}}
  auto next = [](Rank r, BaseBuffer b, int i) { return b.slice(i + 1, i + 2); };
  Rank(1).copy(
      // expected-note@+1 {{in call to 'lambda(Rank(1), Buffer{rank 1, output[0:2]}, 1)'}}
      next(Rank(1), Rank(1).get_output_buffer(), 1),
      Rank(1).get_input_buffer().slice(0, 1), {.tb = 0});
}
