// RUN: mscclc --verify %s
// RUN: mscclc %s -o %t.json 2>&1 | FileCheck %s
// RUN: not mscclc sim %t.json | FileCheck --check-prefix=SIM %s
// RUN: mscclc %s -D WHOLE_GROUP -o %t.whole.json 2>&1 | FileCheck --allow-empty --check-prefix=WHOLE-COMPILE %s
// RUN: mscclc sim %t.whole.json | FileCheck --check-prefix=WHOLE %s
// RUN: mscclc %s -D WHOLE_GROUP -D REDO -o %t.redo.json 2>&1 | FileCheck --allow-empty --check-prefix=WHOLE-COMPILE %s
// RUN: mscclc sim %t.redo.json | FileCheck --check-prefix=WHOLE %s
// tb with tb_group records only that thread block's share of the group's
// split. Recorded for some of the group only, part of the data is never
// moved: a warning at the op (the reference DSL accepts it), and the
// simulator shows the missing data. Recorded for every member, each on its
// own channel, the plan is complete and passes; so it does when one block's
// share of a whole-group op is recorded again.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void partial_thread_block_group(int num_ranks = 2) {
  AllGather collective(num_ranks, 1, false);
  CollectiveProgram program("partial_thread_block_group", collective,
                            num_ranks);
  ThreadBlockGroup group({0, 1, 2});
  for (int r = 0; r < num_ranks; ++r) {
    Rank rank(r);
    Chunk own = rank.get_input_buffer().slice(0, 1);
    rank.copy(rank.get_output_buffer().slice(r, r + 1), own,
              {.tb_group = group});
#ifdef REDO
    // Thread block 0's share once more: every byte is still copied.
    rank.copy(rank.get_output_buffer().slice(r, r + 1), own,
              {.tb = 0, .tb_group = group});
#endif
    for (int p = 0; p < num_ranks; ++p) {
      if (p == r)
        continue;
      Chunk there = Rank(p).get_output_buffer().slice(r, r + 1);
#ifdef WHOLE_GROUP
      for (int t = 0; t < 3; ++t) {
#else
      for (int t = 0; t < 2; ++t) {
#endif
        MemoryChannel channel(p, r);
        // CHECK: partial_thread_block_group.cpp:[[#@LINE+2]]:17: warning: 'put' splits its data among a thread block group of 3, but only 2 of the group's thread blocks record it (as often): group position(s) 2 record it fewer times or not at all, so part of the data is never moved; record it on every thread block of the group (tb_group alone does that), each with the signals and waits that go with it, or give tb alone [-Wpartial-thread-block-group]
        // expected-warning@+1 {{'put' splits its data among a thread block group of 3, but only 2 of the group's thread blocks record it}}
        channel.put(there, own, {.tb = t, .tb_group = group});
        channel.signal({.tb = t, .data_sync = SyncType::before});
        MemoryChannel back(r, p);
        back.wait({.tb = t, .data_sync = SyncType::after});
      }
    }
  }
}
// SIM: result: rank {{[01]}}: after run 1, rank {{[01]}} output element {{[0-9]+}} (chunk {{[01]}}) is 0, expected {{.*}}; nothing wrote it
// SIM: verdict: fail
// WHOLE-COMPILE-NOT: warning
// WHOLE: verdict: pass
