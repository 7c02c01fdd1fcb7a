// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A thread block with more memory channels than the executor allows: the
// error points at the op that names the first channel past the limit (the
// signal loop, then the wait loop), not at the block's first op, a local
// copy that uses no channel. (Fusion stops at 8 channels per op, Q-FUSELIMIT,
// so no op breaks the per-op limit.)
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void channel_limit_location() {
  CollectiveProgram program("channel_limit_location", AllGather(2, 1, true),
                            2);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
  std::vector<MemoryChannel> to1, to0;
  for (int c = 0; c < 17; ++c) {
    to1.push_back(MemoryChannel(1, 0));
    to0.push_back(MemoryChannel(0, 1));
  }
  for (int c = 0; c < 17; ++c)
    // expected-error@+1 {{rank 0 thread block 0 uses 17 memory channels, more than the 16 the mscclpp-0.9 executor allows per thread block}}
    to1[c].signal({.tb = 0, .data_sync = SyncType::none});
  for (int c = 0; c < 17; ++c)
    // expected-error@+1 {{rank 1 thread block 0 uses 17 memory channels, more than the 16 the mscclpp-0.9 executor allows per thread block}}
    to0[c].wait({.tb = 0, .data_sync = SyncType::none});
}
