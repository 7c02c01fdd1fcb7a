// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// More than 16 channels used by one thread block (executor limit).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void too_many_channels_in_thread_block() {
  TestCollective collective(2, 1, 1);
  CollectiveProgram program("too_many_channels_in_thread_block", collective,
                            2);
  // 17 channels from rank 0 to rank 1, all used on rank 0's thread block 0;
  // signal and wait alternate, so no op fuses more than one channel.
  for (int i = 0; i < 17; ++i) {
    MemoryChannel to_peer(1, 0);
    MemoryChannel from_peer(0, 1);
    // expected-error@+1 {{rank 0 thread block 0 uses 17 memory channels, more than the 16 the mscclpp-0.9 executor allows per thread block}}
    to_peer.signal({.tb = 0, .data_sync = SyncType::none});
    from_peer.wait({.tb = i, .data_sync = SyncType::none});
    from_peer.signal({.tb = i, .data_sync = SyncType::none});
    to_peer.wait({.tb = 0, .data_sync = SyncType::none});
  }
}
