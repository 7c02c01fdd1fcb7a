// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Signals and waits issued in loops: one note per line with the count,
// not one identical note per iteration.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void signal_wait_mismatch_loop_notes(int n = 2) {
  AllReduce collective(n, 2, true);
  CollectiveProgram program("signal_wait_mismatch_loop_notes", collective, n);
  MemoryChannel to1(1, 0), to0(0, 1);
  for (int i = 0; i < 3; ++i)
    // expected-error@+2 {{signal/wait mismatch on memory channels: rank 0 issues 3 signal(s) to rank 1, but rank 1 performs 2 wait(s) for rank 0}}
    // expected-note@+1 {{3 signals issued here (rank 0 -> rank 1)}}
    to1.signal({.tb = 0});
  for (int i = 0; i < 2; ++i)
    to0.wait({.tb = 0}); // expected-note {{2 waits issued here (rank 1 -> rank 0)}}
}
