// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A signal inside a helper function called for two channels: both rank
// pairs are unmatched at the helper's line, but by different waits (one
// has a wait, the other none), so they are two mistakes and two errors,
// not one error folding the second pair into a note.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

// expected-error@+4 {{signal/wait mismatch on memory channels: rank 0 issues 2 signal(s) to rank 1, but rank 1 performs 1 wait(s) for rank 0}}
// expected-note@+3 {{2 signals issued here (rank 0 -> rank 1)}}
// expected-error@+2 {{signal/wait mismatch on memory channels: rank 2 issues 1 signal(s) to rank 3, but rank 3 performs 0 wait(s) for rank 2}}
// expected-note@+1 {{signal issued here (rank 2 -> rank 3)}}
void notify(MemoryChannel &c) { c.signal({.tb = 0}); }

MSCCLPP_ALGORITHM void signal_wait_mismatch_helper() {
  AllGather collective(4, 1, false);
  CollectiveProgram program("h", collective, 4);
  MemoryChannel a(1, 0), b(0, 1), c(3, 2);
  notify(a);
  b.wait({.tb = 0}); // expected-note {{wait issued here (rank 1 -> rank 0)}}
  notify(a);
  notify(c);
}
