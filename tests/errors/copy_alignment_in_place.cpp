// RUN: mscclc --verify %s
// In place, an AllGather's input is slice r of its output: rank 1's
// input[0] is its output[1], 8 bytes from output[0] at 8-byte chunks. The
// warning names the chunk as written and where its bytes are. Rank 0's
// copy (input[0] is output[0]) and the puts of input[0] into each peer's
// output[r] (the same place, Q5) are fine.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void copy_alignment_in_place() {
  AllGather collective(2, 1, /*inplace=*/true);
  CollectiveProgram program("copy_alignment_in_place", collective, 2,
                            {.buffer_alignment = 8});
  for (int r = 0; r < 2; ++r) {
    Rank rank(r);
    Buffer scratch(r, 1);
    MemoryChannel channel(1 - r, r);
    channel.signal({.tb = 0, .relaxed = true});
    channel.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
    channel.put(Rank(1 - r).get_output_buffer().slice(r, r + 1),
                rank.get_input_buffer().slice(0, 1), {.tb = 0});
    channel.signal({.tb = 0, .data_sync = SyncType::before});
    channel.wait({.tb = 0, .data_sync = SyncType::after});
    // expected-warning@+2 {{buffer_alignment is 8 (copy from input[0:1] (in place, output[1:2]) to scratch[0:1]: at 8-byte chunks they start 8 bytes apart modulo 16)}}
    // expected-note@+1 {{fix: set buffer_alignment to a multiple of 16 (the default)}}
    rank.copy(scratch.slice(0, 1), rank.get_input_buffer().slice(0, 1), {.tb = 1});
  }
}
