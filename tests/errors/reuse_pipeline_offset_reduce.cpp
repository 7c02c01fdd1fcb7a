// RUN: mscclc --verify %s
// RUN: mscclc %s -o %t.json 2>/dev/null
// RUN: not mscclc sim %t.json --size 8388608 --schedules 1 | FileCheck %s --check-prefix=SIM
// RUN: mscclc sim %t.json --size 8388608 --schedules 1 --semantics intended | FileCheck %s --check-prefix=PASS
// Bounded so that the pipeline fits one slot, or with the scratch source
// first: silent, and the executor's run is right.
// RUN: mscclc %s -P max_size=4194304 -o %t.fits.json 2>&1 | FileCheck --allow-empty --check-prefix=SILENT %s
// RUN: mscclc sim %t.fits.json --size 4194304 --schedules 1 | FileCheck %s --check-prefix=PASS
// RUN: mscclc %s -P scratch_first=true -o %t.first.json 2>&1 | FileCheck --allow-empty --check-prefix=SILENT %s
// RUN: mscclc sim %t.first.json --size 8388608 --schedules 1 | FileCheck %s --check-prefix=PASS
// A unit as large as the pipeline's chunks at max_message_size: one
// iteration, which never wraps; silent, and the executor's run is right.
// RUN: mscclc %s -P unit=8388608 -P max_size=8388608 -o %t.one.json 2>&1 | FileCheck --allow-empty --check-prefix=SILENT %s
// RUN: mscclc sim %t.one.json --size 8388608 --schedules 1 | FileCheck %s --check-prefix=PASS
// Unbounded, the same unit runs a second iteration at some size: warned.
// RUN: mscclc %s -P unit=8388608 -o %t.two.json 2>&1 | FileCheck --check-prefix=WARN %s
//
// A pipelined ReduceScatter with reuse_resources: the scratch slot is 64 MiB
// over 32 scratch chunks, 2 MiB, and each iteration's offset into scratch
// wraps there (executor-semantics §2.5). The 0.9.0 executor's re wraps its
// second source by the type of a second destination it does not have (an
// empty entry: input), so from 2 MiB on it reads scratch nothing wrote.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reuse_pipeline_offset_reduce(
    std::uint64_t max_size = UINT64_MAX, bool scratch_first = false,
    std::uint64_t unit = 1 << 20) {
  const int n = 2, cf = 32;
  ReduceScatter collective(n, cf, /*inplace=*/false);
  CollectiveProgram program("reuse_pipeline_offset_reduce", collective, n,
                            {.reuse_resources = true,
                             .max_message_size = max_size});
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.push_back(Buffer(r, cf));
  std::vector<MemoryChannel> channels;
  for (int r = 0; r < n; ++r)
    channels.push_back(MemoryChannel(1 - r, r));
  for (int r = 0; r < n; ++r) {
    channels[r].signal({.tb = 0, .relaxed = true});
    channels[r].wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
  }
  LoopIterationContext loop(unit, cf);
  for (int r = 0; r < n; ++r) {
    const int peer = 1 - r;
    Rank rank(r);
    Chunk mine = rank.get_input_buffer().slice(r * cf, (r + 1) * cf);
    channels[r].put(scratch[peer].slice(0, cf),
                    rank.get_input_buffer().slice(peer * cf, (peer + 1) * cf),
                    {.tb = 0});
    channels[r].signal({.tb = 0, .data_sync = SyncType::before});
    channels[r].wait({.tb = 0, .data_sync = SyncType::after});
    Chunk out = rank.get_output_buffer().slice(0, cf);
    if (scratch_first) {
      rank.reduce(scratch[r].slice(0, cf), {mine}, {.tb = 0, .dst_chunk = out});
    } else {
      // expected-warning@+2 {{rank 0 thread block 0: with reuse_resources the 0.9.0 executor wraps a pipeline iteration's offset into scratch at the end of the scratch slot (2097152 bytes), but re wraps source 1 (scratch[0:32]) by the buffer type of destination 1 (an empty entry, read as the input buffer), not its own; once an iteration passes the slot this op reads or writes bytes other than its chunks'}}
      // expected-note@+1 {{fix: bound max_message_size so that the pipeline's chunks fit in one slot, give re and res a scratch source only first and get two scratch ends or none, or set reuse_resources = false}}
      rank.reduce(mine, {scratch[r].slice(0, cf)}, {.tb = 0, .dst_chunk = out});
    }
    // The peer may overwrite the scratch unit only after the reduce read it.
    channels[r].signal({.tb = 0, .data_sync = SyncType::before});
    channels[r].wait({.tb = 0, .data_sync = SyncType::after});
  }
}

// SIM: defect: rank 0 tb 0 op {{[0-9]+}} (re): re in the 0.9.0 executor streams source 1 through the reuse_resources slot by the buffer type of destination 1, not its own: in this pipeline iteration it reads that source at offset 2097152 instead of 0
// SIM: verdict: fail ({{[0-9]+}} result, 2 defect)
// PASS: verdict: pass
// SILENT-NOT: warning:
// WARN: warning: {{.*}}(2097152 bytes), but re wraps source 1 (scratch[0:32]){{.*}}[-Wreuse-pipeline-offset]
