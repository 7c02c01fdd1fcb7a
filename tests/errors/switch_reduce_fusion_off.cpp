// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A switch reduce and a broadcast of the same chunk through the same
// switch channel would fuse into glres, but the program turned fusion off:
// the error names that as the reason, not the chunk.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void switch_reduce_fusion_off() {
  AllReduce collective(2, 2, true);
  CollectiveProgram program("switch_reduce_fusion_off", collective, 2,
                            {.instr_fusion = false});
  SwitchChannel inputs({0, 1}, BufferType::input);
  for (int r = 0; r < 2; ++r) {
    Chunk reduced = Rank(r).get_input_buffer().slice(2 * r, 2 * r + 1);
    // expected-error@+2 {{rank 0 thread block 0: an unfused switch reduce (glre) is rejected by the executor (the broadcast after it would fuse with it, but instruction fusion is off: -O0, or instr_fusion = false) [-Wglre-unfused]}}
    // expected-note@+1 {{fix: follow the switch reduce with a broadcast of the same chunk through the same switch channel on the same thread block, with instruction fusion on, so they fuse into glres}}
    inputs.at_rank(r).reduce(2 * r, 1, reduced, {.tb = 0});
    inputs.at_rank(r).broadcast(reduced, 2 * r, 1, {.tb = 0});
  }
}
