// RUN: mscclc --verify %s
// RUN: mscclc %s -o %t.json 2>&1 | FileCheck %s
// RUN: mscclc %s -o %t.quiet.json -Wno-pipeline-semaphore-count 2>&1 | count 0
// RUN: mscclc sim %t.json --size 2048 | FileCheck --check-prefix=ONE-UNIT %s
// RUN: not mscclc sim %t.json --size 8192 > %t.sim
// RUN: FileCheck --check-prefix=FOUR-UNITS %s < %t.sim
//
// Without the unbalanced semaphore the program is right at every size and
// gets no warning: `paired` is acquired in a pipeline of unit 1024 over one
// chunk and released in one of unit 2048 over two, which iterate equally
// often.
// RUN: mscclc %s -P mode=1 -Werror -o %t.balanced.json
// RUN: mscclc sim %t.balanced.json --size 8192 | FileCheck --check-prefix=ONE-UNIT %s
//
// Released inside a pipeline and acquired once outside: the count grows
// with the size instead.
// RUN: mscclc %s -P mode=2 -o %t.grows.json 2>&1 | FileCheck --check-prefix=GROWS %s
//
// With max_message_size bounding the pipelines to one iteration it is fine.
// RUN: mscclc %s -P max_bytes=2048 -Werror -o %t.bounded.json
//
// A semaphore acquired in a pipeline and released once outside, on each of
// two ranks: correct while a chunk fits one unit, a deadlock above. One
// warning for the source line, not one per rank.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void pipeline_semaphore_count(int mode = 0,
                                                long long max_bytes = 0) {
  ProgramOptions options{};
  if (max_bytes > 0)
    options.max_message_size = max_bytes;
  AllGather collective(2, 2, false);
  CollectiveProgram program("pipeline_semaphore_count", collective, 2,
                            options);
  for (int r = 0; r < 2; ++r) {
    Rank rank(r);
    Semaphore once(r, 0);
    Semaphore paired(r, 0);
    if (mode == 0)
      once.release({.tb = 1});
    {
      LoopIterationContext loop(1024, 1); // expected-note {{pipeline created here}}
      if (mode == 0) {
        // expected-warning@+2 {{semaphore 0 of rank 0 is acquired 1 and released 0 time(s) per iteration of the pipelines that iterate as often as this one (unit_size 1024, num_chunks 1); a pipeline runs its body once per unit_size bytes of its data, so above some message size the acquires outnumber the releases and the program deadlocks}}
        // expected-note@+1 {{fix: acquire and release the semaphore equally often per iteration inside pipelines that iterate equally often (the same unit_size per chunk), or move these ops out of the pipeline}}
        once.acquire({.tb = 0});
      }
      if (mode == 2)
        once.release({.tb = 0});
      paired.acquire({.tb = 0});
      rank.copy(rank.get_output_buffer().slice(2 * r, 2 * r + 1),
                rank.get_input_buffer().slice(0, 1), {.tb = 0});
    }
    {
      LoopIterationContext loop(2048, 2);
      paired.release({.tb = 2});
    }
    rank.copy(rank.get_output_buffer().slice(2 * r + 1, 2 * r + 2),
              rank.get_input_buffer().slice(1, 2), {.tb = 2});
    if (mode == 2)
      once.acquire({.tb = 1});
    // The other rank's chunks, through a channel.
    MemoryChannel ch(1 - r, r);
    ch.signal({.tb = 3, .relaxed = true});
    ch.wait({.tb = 3, .data_sync = SyncType::after, .relaxed = true});
    ch.put(Rank(1 - r).get_output_buffer().slice(2 * r, 2 * r + 2),
           rank.get_input_buffer().slice(0, 2), {.tb = 3});
    ch.signal({.tb = 3, .data_sync = SyncType::before});
    ch.wait({.tb = 3, .data_sync = SyncType::after});
  }
}

// CHECK: pipeline_semaphore_count.cpp:47:14: warning: semaphore 0 of rank 0 is acquired 1 and released 0 time(s) {{.*}} [-Wpipeline-semaphore-count]
// CHECK-NOT: warning:
// GROWS: pipeline_semaphore_count.cpp:50:14: warning: semaphore 0 of rank 0 is acquired 0 and released 1 time(s) per iteration {{.*}} so the semaphore gains a count per extra iteration: its value grows with the message size, and a later acquire or launch sees it [-Wpipeline-semaphore-count]
// GROWS-NOT: warning:
// ONE-UNIT: verdict: pass
// FOUR-UNITS: deadlock: rank 0 tb 0 op {{[0-9]+}} (sem_acquire): blocked forever
