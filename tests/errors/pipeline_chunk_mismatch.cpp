// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A copy of one chunk inside a pipeline over two chunks.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void pipeline_chunk_mismatch() {
  TestCollective collective(1, 2, 2);
  CollectiveProgram program("pipeline_chunk_mismatch", collective, 1);
  Rank r(0);
  LoopIterationContext loop(1 << 20, 2); // expected-note {{pipeline created here}}
  // expected-error@+1 {{chunk input[0:1] of rank 0 covers 1 chunk(s), but the enclosing pipeline has num_chunks = 2; every op in a pipeline must span num_chunks chunks}}
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
