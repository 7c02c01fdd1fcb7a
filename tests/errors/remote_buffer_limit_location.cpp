// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A thread block that puts into more peers' buffers than the executor
// allows: both limit errors point at the put that adds the first channel
// and remote buffer past the limit (a memory put names no channel id: its
// remote buffer tells), not at the block's first op (a local copy).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void remote_buffer_limit_location() {
  const int n = 18;
  CollectiveProgram program("remote_buffer_limit_location",
                            AllGather(n, 1, true), n, {.instr_fusion = false});
  for (int r = 1; r < n; ++r)
    Rank(r).copy(Rank(r).get_output_buffer().slice(r, r + 1),
                 Rank(r).get_input_buffer().slice(0, 1), {.tb = 0});
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
  for (int peer = 1; peer < n; ++peer) {
    MemoryChannel channel(peer, 0);
    // expected-error@+2 {{rank 0 thread block 0 uses 17 memory channels, more than the 16 the mscclpp-0.9 executor allows per thread block}}
    // expected-error@+1 {{rank 0 thread block 0 references 17 remote buffers through memory channels, more than the 16 allowed}}
    channel.put(Rank(peer).get_output_buffer().slice(0, 1),
                Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
  }
}
