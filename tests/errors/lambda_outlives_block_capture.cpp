// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A lambda capturing a block's local by reference, called after the block
// ended (the variable's storage is gone in C++; mscclc must not read the
// value it last held).
#include <functional>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void lambda_outlives_block_capture(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("l", collective, 1);
  std::function<int()> peerOf;
  {
    std::vector<int> peers{n, n + 1};
    // expected-error@+1 {{this lambda captured 'peers' by reference, and that variable's lifetime has ended; capture it by copy ([peers] or [=], with mutable if the lambda assigns to it)}}
    peerOf = [&peers] { return peers[0]; };
    (void)peerOf(); // fine: the block has not ended
  }
  // expected-note@+1 {{in call to}}
  int peer = peerOf();
  (void)peer;
}
