// RUN: mscclc --verify %s
// RUN: mscclc %s -o %t.json 2>&1 | FileCheck %s
// RUN: not mscclc sim %t.json --runs 1 | FileCheck %s --check-prefix=SIM
// A new channel object for every operation: each rank signals on its 1st
// channel to the peer and waits on its 2nd, whose partner nobody signals.
// The totals per rank pair balance, so only the per-channel check sees it;
// a warning (the reference DSL accepts such plans), which names both
// channels and where they were made, and the simulator shows the deadlock.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void signal_wait_fresh_channels(int num_ranks = 2) {
  AllGather collective(num_ranks, 1, true);
  CollectiveProgram program("signal_wait_fresh_channels", collective,
                            num_ranks, {.protocol = Protocol::Simple});
  for (int src = 0; src < num_ranks; ++src)
    for (int dst = 0; dst < num_ranks; ++dst) {
      if (src == dst)
        continue;
      MemoryChannel(dst, src).signal({.tb = 0, .relaxed = true}); // expected-warning {{signal/wait mismatch on the 1st memory channel from rank 0 to rank 1: rank 0 signals 1 time(s) on it, but rank 1 waits 0 time(s) on its partner, the 1st memory channel from rank 1 to rank 0}} expected-note {{signal issued here (rank 0 -> rank 1)}} expected-note {{channel from rank 0 to rank 1 created here}}
      MemoryChannel(dst, src).wait({.tb = 0, .relaxed = true}); // expected-warning {{signal/wait mismatch on the 2nd memory channel from rank 0 to rank 1: rank 0 signals 0 time(s) on it, but rank 1 waits 1 time(s) on its partner}} expected-note {{wait issued here (rank 1 -> rank 0)}} expected-note {{channel from rank 1 to rank 0 created here}}
    }
}
// CHECK: warning: signal/wait mismatch on the 1st memory channel {{.*}} [-Wsignal-wait-channels]
// SIM: deadlock: rank 0 tb 0 op {{[0-9]+}} (rlxwait): blocked forever
// SIM: verdict: fail
