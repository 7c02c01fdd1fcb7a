// A reduction whose range can cut elements: a thread-block group of three
// over one chunk at buffer_alignment 2 (-P alignment), or a pipeline of
// unit_size 7 (-P unit). Used by sim_reduce_splits_elements.test.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void split_elements(int alignment = 2, int unit = 0) {
  TestCollective collective(1, 2, 1);
  CollectiveProgram program("split_elements", collective, 1,
                            {.buffer_alignment = alignment});
  Rank r(0);
  BaseBuffer in = r.get_input_buffer();
  Chunk out = r.get_output_buffer().slice(0, 1);
  if (unit > 0) {
    LoopIterationContext loop(unit, 1);
    r.reduce(in.slice(0, 1), {in.slice(1, 2)}, {.tb = 0, .dst_chunk = out});
  } else {
    r.reduce(in.slice(0, 1), {in.slice(1, 2)},
             {.tb_group = ThreadBlockGroup({0, 1, 2}), .dst_chunk = out});
  }
}
