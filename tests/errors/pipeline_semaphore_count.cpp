// RUN: mscclc --verify %s
// RUN: mscclc %s -o %t.json 2>&1 | FileCheck %s
// RUN: mscclc %s -o %t.quiet.json -Wno-pipeline-semaphore-count 2>&1 | count 0
// RUN: mscclc sim %t.json --size 1024 | FileCheck --check-prefix=ONE-UNIT %s
// RUN: not mscclc sim %t.json --size 4096 > %t.sim
// RUN: FileCheck --check-prefix=FOUR-UNITS %s < %t.sim
// With max_message_size bounding the pipeline to one iteration it is fine.
// RUN: mscclc %s -P max_bytes=1024 -Werror -o %t.bounded.json
// A semaphore released once outside a pipeline and acquired inside it: the
// pipeline acquires once per unit of data, so the program is correct while
// a chunk fits one unit and deadlocks above. The balanced semaphore (one
// acquire and one release per iteration, in two pipelines of the same
// shape) is fine at every size and gets no warning.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void pipeline_semaphore_count(long long max_bytes = 0) {
  ProgramOptions options{};
  if (max_bytes > 0)
    options.max_message_size = max_bytes;
  AllGather collective(1, 1, false);
  CollectiveProgram program("pipeline_semaphore_count", collective, 1,
                            options);
  {
    const int r = 0;
    Rank rank(r);
    Semaphore once(r, 0);
    Semaphore paired(r, 0);
    once.release({.tb = 1});
    {
      LoopIterationContext loop(1024, 1); // expected-note {{pipeline created here}}
      // expected-warning@+2 {{semaphore 0 of rank 0 is acquired 1 and released 0 time(s) in every iteration of the pipelines over unit_size 1024 and num_chunks 1; a pipeline runs its body once per unit_size bytes of its data, so above some message size the acquires outnumber the releases and the program deadlocks}}
      // expected-note@+1 {{fix: acquire and release the semaphore equally often inside pipelines of the same unit_size and num_chunks, or move these ops out of the pipeline}}
      once.acquire({.tb = 0});
      paired.acquire({.tb = 0});
      rank.copy(rank.get_output_buffer().slice(r, r + 1),
                rank.get_input_buffer().slice(0, 1), {.tb = 0});
    }
    {
      LoopIterationContext loop(1024, 1);
      paired.release({.tb = 2});
    }
  }
}

// CHECK: pipeline_semaphore_count.cpp:34:12: warning: semaphore 0 of rank 0 is acquired 1 and released 0 time(s) in every iteration {{.*}} [-Wpipeline-semaphore-count]
// CHECK-NOT: warning:
// ONE-UNIT: verdict: pass
// FOUR-UNITS: deadlock: rank 0 tb 0 op {{[0-9]+}} (sem_acquire): blocked forever
