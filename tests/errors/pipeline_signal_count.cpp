// RUN: mscclc %s -o %t.json 2>&1 | FileCheck %s
// RUN: mscclc %s -o %t.quiet.json -Wno-pipeline-signal-count 2>&1 | count 0
// RUN: %expect-error mscclc %s -Werror=pipeline-signal-count
// RUN: not mscclc sim %t.json --runs 2 > %t.sim
// RUN: FileCheck --check-prefix=SIM %s < %t.sim
// RUN: mscclc %s -P mode=1 -Werror -o %t.balanced.json
// RUN: mscclc sim %t.balanced.json | FileCheck --check-prefix=PASS %s
// RUN: mscclc %s -P mode=2 -o %t.starves.json 2>&1 | FileCheck --check-prefix=STARVES %s
// RUN: not mscclc sim %t.starves.json > %t.starves.sim
// RUN: mscclc %s -P mode=3 -o %t.wrong.json 2>&1 | FileCheck --check-prefix=WRONG-CHANNEL %s
// RUN: FileCheck --check-prefix=DEADLOCK %s < %t.starves.sim
//
// A signal inside a pipeline runs once per iteration, and a pipeline runs
// its body once per unit_size bytes of its data: how often depends on the
// message size. Mode 0 signals in the pipeline and waits once after it, so
// above one unit the peer gets signals nobody waits for (the next launch's
// wait sees one, and races). The totals match, so only the semaphore
// counts had such a warning. Mode 1 waits in the pipeline too and is right
// at every size (for one launch: nothing orders a second launch's puts after
// the first's reads); mode 2 waits in a pipeline and signals once: it
// deadlocks. Mode 3 waits on another channel than it signals on: that
// mistake gets its own warning, and not this one too.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void pipeline_signal_count(int mode = 0, int unit = 16384) {
  AllGather collective(2, 1, false);
  CollectiveProgram program("pipeline_signal_count", collective, 2);
  std::vector<MemoryChannel> channels, others;
  for (int r = 0; r < 2; ++r)
    channels.emplace_back(1 - r, r);
  for (int r = 0; r < 2; ++r)
    others.emplace_back(1 - r, r);
  for (int r = 0; r < 2; ++r) {
    int p = 1 - r;
    MemoryChannel &ch = channels[r];
    Rank(r).copy(Rank(r).get_output_buffer().slice(r, r + 1),
                 Rank(r).get_input_buffer().slice(), {.tb = 0});
    if (mode == 3) {
      LoopIterationContext loop(unit, 1);
      others[r].signal({.tb = 1});
      ch.wait({.tb = 1});
      continue;
    }
    if (mode == 2) {
      ch.signal({.tb = 1});
      LoopIterationContext loop(unit, 1);
      // STARVES: pipeline_signal_count.cpp:[[@LINE+1]]:{{[0-9]+}}: warning: on the 1st memory channel from rank 0 to rank 1, rank 0 signals 0 time(s) and rank 1 waits 1 time(s) per iteration of the pipelines that iterate as often as this one (unit_size 16384, num_chunks 1); a pipeline runs its body once per unit_size bytes of its data, so above some message size the waits outnumber the signals and the program deadlocks [-Wpipeline-signal-count]
      ch.wait({.tb = 1});
      continue;
    }
    LoopIterationContext loop(unit, 1);
    ch.put(Rank(p).get_output_buffer().slice(r, r + 1),
           Rank(r).get_input_buffer().slice(), {.tb = 1});
    // CHECK: pipeline_signal_count.cpp:[[@LINE+4]]:{{[0-9]+}}: warning: on the 1st memory channel from rank 0 to rank 1, rank 0 signals 1 time(s) and rank 1 waits 0 time(s) per iteration of the pipelines that iterate as often as this one (unit_size 16384, num_chunks 1); a pipeline runs its body once per unit_size bytes of its data, so above some message size the signals outnumber the waits: the surplus is seen by a later wait (or launch), which then does not wait for what it should [-Wpipeline-signal-count]
    // CHECK: pipeline_signal_count.cpp:[[@LINE-4]]:{{[0-9]+}}: note: pipeline created here
    // CHECK: note: fix: signal and wait equally often per iteration inside pipelines that iterate equally often (the same unit_size per chunk), or move these ops out of the pipeline
    // CHECK-NOT: warning:
    ch.signal({.tb = 1, .data_sync = SyncType::before});
    if (mode == 1)
      ch.wait({.tb = 1, .data_sync = SyncType::after});
  }
  if (mode == 0)
    for (int r = 0; r < 2; ++r)
      channels[r].wait({.tb = 1, .data_sync = SyncType::after});
}
// SIM: imbalance: rank 0: rank 0's memory channel 0 (from rank 1) received 4 signal(s) but waited 2 time(s) over 2 run(s)
// PASS: verdict: pass
// WRONG-CHANNEL: warning: signal/wait mismatch on the 1st memory channel from rank 0 to rank 1{{.*}}[-Wsignal-wait-channels]
// WRONG-CHANNEL-NOT: pipeline-signal-count
// DEADLOCK: deadlock: rank 0 tb 1 op {{[0-9]+}} (wait): blocked forever in run 1
