// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A switch reduce followed, through the same switch channel, by a
// broadcast of another chunk than the one reduced: no glres fusion, and
// the error names the chunk as the reason.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void switch_reduce_other_chunk() {
  AllReduce collective(2, 2, true);
  CollectiveProgram program("switch_reduce_other_chunk", collective, 2);
  SwitchChannel inputs({0, 1}, BufferType::input);
  for (int r = 0; r < 2; ++r) {
    Chunk reduced = Rank(r).get_input_buffer().slice(2 * r, 2 * r + 1);
    Chunk other = Rank(r).get_input_buffer().slice(2 * r + 1, 2 * r + 2);
    // expected-error@+2 {{rank 0 thread block 0: an unfused switch reduce (glre) is rejected by the executor (the broadcast after it is of another chunk) [-Wglre-unfused]}}
    // expected-note@+1 {{fix: follow the switch reduce with a broadcast of the same chunk through the same switch channel on the same thread block, with instruction fusion on, so they fuse into glres}}
    inputs.at_rank(r).reduce(2 * r, 1, reduced, {.tb = 0});
    inputs.at_rank(r).broadcast(other, 2 * r + 1, 1, {.tb = 0});
  }
}
