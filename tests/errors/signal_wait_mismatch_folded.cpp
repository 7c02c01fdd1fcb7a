// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A ring whose loop signals every neighbour twice but waits once: every
// rank pair is unmatched at the same statement. That is one mistake, so it
// is one error (for the first pair, with its notes) and a note listing the
// other pairs, not one error per pair.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void signal_wait_mismatch_folded(int n = 4) {
  AllGather collective(n, 1, false);
  CollectiveProgram program("f", collective, n);
  std::vector<MemoryChannel> next, prev;
  for (int r = 0; r < n; ++r) {
    next.push_back(MemoryChannel((r + 1) % n, r));
    prev.push_back(MemoryChannel((r + n - 1) % n, r));
  }
  for (int r = 0; r < n; ++r) {
    next[r].signal({.tb = 0}); // expected-note {{signal issued here (rank 0 -> rank 1)}}
    // expected-error@+3 {{signal/wait mismatch on memory channels: rank 0 issues 2 signal(s) to rank 1, but rank 1 performs 1 wait(s) for rank 0}}
    // expected-note@+2 {{signal issued here (rank 0 -> rank 1)}}
    // expected-note@+1 {{the same line leaves 3 more rank pair(s) unmatched: 1 -> 2 (2 signal(s), 1 wait(s)), 2 -> 3 (2 signal(s), 1 wait(s)), 3 -> 0 (2 signal(s), 1 wait(s))}}
    next[r].signal({.tb = 0});
  }
  for (int r = 0; r < n; ++r)
    prev[r].wait({.tb = 0}); // expected-note {{wait issued here (rank 1 -> rank 0)}}
}
