// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Rank 0 signals rank 1 twice but rank 1 waits only once.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void signal_wait_mismatch() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("signal_wait_mismatch", collective, 2);
  MemoryChannel to_peer(1, 0);
  MemoryChannel from_peer(0, 1);
  to_peer.signal({.tb = 0}); // expected-note {{signal issued here}}
  // expected-error@+2 {{signal/wait mismatch on memory channels: rank 0 issues 2 signal(s) to rank 1, but rank 1 performs 1 wait(s) for rank 0}}
  // expected-note@+1 {{signal issued here}}
  to_peer.signal({.tb = 0});
  from_peer.wait({.tb = 0}); // expected-note {{wait issued here}}
}
