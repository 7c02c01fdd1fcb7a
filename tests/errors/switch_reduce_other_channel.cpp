// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A switch reduce over the input buffers followed by a broadcast of the
// same chunk through a second switch channel (over the output buffers): a
// reduce and a broadcast fuse into glres only through one switch channel,
// and the error says that is what the broadcast misses.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void switch_reduce_other_channel() {
  AllReduce collective(2, 1, false);
  CollectiveProgram program("switch_reduce_other_channel", collective, 2);
  SwitchChannel inputs({0, 1}, BufferType::input);
  SwitchChannel outputs({0, 1}, BufferType::output);
  for (int r = 0; r < 2; ++r) {
    Chunk mine = Rank(r).get_output_buffer().slice(r, r + 1);
    // expected-error@+2 {{rank 0 thread block 0: an unfused switch reduce (glre) is rejected by the executor (the broadcast after it goes through another switch channel; a reduce and a broadcast fuse only through the same one) [-Wglre-unfused]}}
    // expected-note@+1 {{fix: follow the switch reduce with a broadcast of the same chunk through the same switch channel on the same thread block, with instruction fusion on, so they fuse into glres}}
    inputs.at_rank(r).reduce(r, 1, mine, {.tb = 0});
    outputs.at_rank(r).broadcast(mine, r, 1, {.tb = 0});
  }
}
