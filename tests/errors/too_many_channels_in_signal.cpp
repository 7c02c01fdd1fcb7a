// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// More than 8 channels fused into one signal op (executor limit).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void too_many_channels_in_signal() {
  TestCollective collective(10, 1, 1);
  CollectiveProgram program("too_many_channels_in_signal", collective, 10);
  // Nine consecutive signals on one thread block fuse into one signal op.
  for (int peer = 1; peer < 10; ++peer)
    // expected-error@+1 {{'signal' on rank 0 thread block 0 uses 9 channels, more than the 8 the executor allows per op (after fusion)}}
    MemoryChannel(peer, 0).signal({.tb = 0});
  for (int peer = 1; peer < 10; ++peer)
    MemoryChannel(0, peer).wait({.tb = 0});
}
