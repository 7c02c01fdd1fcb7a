// RUN: mscclc --verify %s
// RUN: not mscclc %s -o %t.json 2>&1 | grep -c 'error: chunk' | grep -qx 1
// A thread-block-group op is recorded once per thread block of its group;
// an op that does not span the pipeline's num_chunks is reported once for
// the line, not once per thread block (it was four times here).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void pipeline_chunk_span_group() {
  AllGather collective(1, 2, false);
  CollectiveProgram program("pipeline_chunk_span_group", collective, 1);
  Rank rank(0);
  LoopIterationContext loop(1 << 16, 2); // expected-note {{pipeline created here}}
  // expected-error@+1 {{chunk input[0:1] of rank 0 covers 1 chunk(s), but the enclosing pipeline has num_chunks = 2; every op in a pipeline must span num_chunks chunks}}
  rank.copy(rank.get_output_buffer().slice(0, 1),
            rank.get_input_buffer().slice(0, 1),
            {.tb_group = ThreadBlockGroup({0, 1, 2, 3})});
}
