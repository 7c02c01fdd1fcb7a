// AllGather on 2 ranks, auto_sync off: each rank copies its input into its
// output block, then (same thread block, no nop) puts that block to the
// peer. Both ops start at the block and have its length and alignment, so
// they hand its bytes to the same threads, whatever the alignment.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void copy_then_put(int align = 16) {
  AllGather collective(2, 1, /*inplace=*/false);
  CollectiveProgram program(
      "copy_then_put", collective, 2,
      {.instr_fusion = false, .auto_sync = false, .buffer_alignment = align});
  for (int r = 0; r < 2; ++r) {
    MemoryChannel channel(1 - r, r);
    Chunk mine = Rank(r).get_output_buffer().slice(r, r + 1);
    Rank(r).copy(mine, Rank(r).get_input_buffer().slice(0, 1), {.tb = 0});
    channel.put(Rank(1 - r).get_output_buffer().slice(r, r + 1), mine,
                {.tb = 0});
    Rank(r).barrier({0}); // one thread block: a nop
    channel.signal({.tb = 0});
    channel.wait({.tb = 0});
    Rank(r).barrier({0});
  }
}
