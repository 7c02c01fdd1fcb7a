// RUN: mscclc --verify %s
// RUN: mscclc %s -o %t.json 2>/dev/null
// RUN: not mscclc sim %t.json --size 4194304 --schedules 1 | FileCheck %s --check-prefix=SIM
// RUN: mscclc sim %t.json --size 4194304 --schedules 1 --semantics intended | FileCheck %s --check-prefix=PASS
// Got into the rank's own scratch and copied to the output from there, both
// ends of the get are in scratch: silent, and the executor's run is right.
// RUN: mscclc %s -P via_scratch=true -o %t.via.json 2>&1 | FileCheck --allow-empty --check-prefix=SILENT %s
// RUN: mscclc sim %t.via.json --size 4194304 --schedules 1 | FileCheck %s --check-prefix=PASS
//
// A pipelined AllGather with reuse_resources: each rank stages its input in
// its scratch, and the peer gets it into its output at equal chunk offsets.
// The scratch slot is 64 MiB over 64 chunks, 1 MiB. The 0.9.0 executor's
// get swaps its ends' offsets, pipeline parts included (executor-semantics
// Q2): the peer's scratch is read at the unwrapped offset, from 1 MiB on
// bytes the peer never wrote.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reuse_pipeline_offset_get(bool via_scratch = false) {
  const int n = 2, cf = 32;
  AllGather collective(n, cf, /*inplace=*/false);
  CollectiveProgram program("reuse_pipeline_offset_get", collective, n,
                            {.reuse_resources = true});
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.push_back(Buffer(r, n * cf));
  std::vector<MemoryChannel> channels;
  for (int r = 0; r < n; ++r)
    channels.push_back(MemoryChannel(1 - r, r));
  LoopIterationContext loop(1 << 18, cf);
  for (int r = 0; r < n; ++r) {
    const int peer = 1 - r;
    Rank rank(r);
    Chunk in = rank.get_input_buffer().slice(0, cf);
    rank.copy(scratch[r].slice(r * cf, (r + 1) * cf), in, {.tb = 0});
    rank.copy(rank.get_output_buffer().slice(r * cf, (r + 1) * cf), in,
              {.tb = 0});
    channels[r].signal({.tb = 0, .data_sync = SyncType::before});
    channels[r].wait({.tb = 0, .data_sync = SyncType::after});
    Chunk into = rank.get_output_buffer().slice(peer * cf, (peer + 1) * cf);
    if (via_scratch) {
      Chunk staged = scratch[r].slice(peer * cf, (peer + 1) * cf);
      channels[r].get(staged, scratch[peer].slice(peer * cf, (peer + 1) * cf),
                      {.tb = 0});
      rank.copy(into, staged, {.tb = 0});
    } else {
      // expected-warning@+2 {{rank 0 thread block 0: with reuse_resources the 0.9.0 executor wraps a pipeline iteration's offset into scratch at the end of the scratch slot (1048576 bytes), but get reads the peer at its destination's offset and writes at its source's, pipeline parts included, and only its source (the peer's scratch[32:64]) is in scratch; once an iteration passes the slot this op reads or writes bytes other than its chunks'}}
      // expected-note@+1 {{fix: bound max_message_size}}
      channels[r].get(into, scratch[peer].slice(peer * cf, (peer + 1) * cf),
                      {.tb = 0});
    }
    channels[r].signal({.tb = 0, .data_sync = SyncType::before});
    channels[r].wait({.tb = 0, .data_sync = SyncType::after});
  }
}

// SIM: defect: rank 0 tb 0 op {{[0-9]+}} (get): get reads the peer at the destination's offset and writes at the source's in the 0.9.0 executor (Q2), pipeline offsets included: {{.*}}
// SIM: verdict: fail ({{[0-9]+}} result, 2 defect)
// PASS: verdict: pass
// SILENT-NOT: warning:
