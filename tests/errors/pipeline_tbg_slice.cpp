// RUN: mscclc --verify %s
// RUN: %expect-error mscclc -Werror=pipeline-tbg-slice %s
// RUN: mscclc %s -P max_bytes=8192 -Werror -o %t.json
// A thread-block-group copy inside a pipeline: each thread block copies its
// half of the chunk, but the executor moves every iteration's offset by the
// unit size, so from the second iteration on each runs past its half. With
// max_message_size bounding the pipeline to one iteration it is fine.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void pipeline_tbg_slice(long long max_bytes = 0) {
  ProgramOptions options{};
  if (max_bytes > 0)
    options.max_message_size = max_bytes;
  CollectiveProgram prog("p", AllGather(2, 1, false), 2, options);
  for (int r = 0; r < 2; ++r) {
    Rank rank(r);
    LoopIterationContext loop(8192, 1);
    // expected-warning@+2 {{rank 0 thread block 0: a thread-block-group op inside a pipeline: each thread block handles its slice of the operand, but every iteration moves the offset by unit_size as if it handled all of it, so from the second iteration on the thread blocks run past their slices (a group of 2 thread blocks)}}
    // expected-note@+1 {{fix: move the op out of the pipeline}}
    rank.copy(rank.get_output_buffer().slice(r, r + 1),
              rank.get_input_buffer().slice(0, 1),
              {.tb_group = ThreadBlockGroup({0, 1})});
  }
}
