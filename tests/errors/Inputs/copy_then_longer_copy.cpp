// One rank: a copy of one chunk, then (same thread block, no nop) a copy
// of two chunks that starts where the first one wrote. Off the 16-byte
// vector path the two hand the shared bytes to different threads.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void copy_then_longer_copy(int align = 16) {
  TestCollective collective(1, 2, 4);
  CollectiveProgram program(
      "copy_then_longer_copy", collective, 1,
      {.instr_fusion = false, .auto_sync = false, .buffer_alignment = align});
  BaseBuffer input = Rank(0).get_input_buffer();
  BaseBuffer output = Rank(0).get_output_buffer();
  Rank(0).copy(output.slice(0, 1), input.slice(0, 1), {.tb = 0});
  Rank(0).copy(output.slice(2, 4), output.slice(0, 2), {.tb = 0});
}
