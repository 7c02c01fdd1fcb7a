// RUN: mscclc --verify %s
// RUN: mscclc %s -o %t.json 2>/dev/null
// RUN: mscclc sim %t.json --size 98304 --schedules 1 | FileCheck %s --check-prefix=PASS
// RUN: not mscclc sim %t.json --size 393216 --schedules 1 | FileCheck %s --check-prefix=SIM
// RUN: mscclc check-plan %t.json 2>&1 | FileCheck %s --check-prefix=PLAN
// A unit that divides the slot streams through it cleanly: silent, and the
// executor's run is right at the same size.
// RUN: mscclc %s -P unit=32768 -o %t.divides.json 2>&1 | FileCheck --allow-empty --check-prefix=SILENT %s
// RUN: mscclc sim %t.divides.json --size 393216 --schedules 1 | FileCheck %s --check-prefix=PASS
// Bounded so that a chunk fits in the slot: silent.
// RUN: mscclc %s -P max_size=196608 -o %t.fits.json 2>&1 | FileCheck --allow-empty --check-prefix=SILENT %s
//
// A 3-rank AllGather that stages its chunk in scratch and forwards it to
// the peers' scratch, all in one pipeline, with reuse_resources: the slot
// is 64 MiB over 1024 scratch chunks, 65536 bytes. Once a chunk outgrows
// the slot, the 0.9.0 executor streams each iteration through the slot at
// the iteration's offset modulo 65536 (executor-semantics §2.5, Q8); a
// 49152-byte unit's second iteration covers [49152, 98304) and writes into
// the next chunk's slot, which another peer is filling.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reuse_slot_straddle(std::uint64_t unit = 49152,
                                           std::uint64_t max_size = UINT64_MAX) {
  const int n = 3;
  AllGather collective(n, 1, /*inplace=*/false);
  CollectiveProgram program("reuse_slot_straddle", collective, n,
                            {.reuse_resources = true,
                             .max_message_size = max_size});
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.push_back(Buffer(r, 1024));
  // to[r][k - 1]: rank r's channel to rank r + k.
  std::vector<std::vector<MemoryChannel>> to(n);
  for (int r = 0; r < n; ++r)
    for (int k = 1; k < n; ++k)
      to[r].push_back(MemoryChannel((r + k) % n, r));
  auto channel = [&](int r, int p) -> MemoryChannel & {
    return to[r][(p - r + n) % n - 1];
  };
  LoopIterationContext loop(unit, 1);
  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    Chunk in = rank.get_input_buffer().slice(0, 1);
    Chunk staged = scratch[r].slice(r, r + 1);
    rank.copy(rank.get_output_buffer().slice(r, r + 1), in, {.tb = 0});
    // expected-warning@+2 {{rank 0 thread block 0: with reuse_resources the 0.9.0 executor streams a pipeline's scratch chunks through the scratch slot once chunks outgrow it, a unit at a time at the iteration's offset modulo the slot, so a unit that does not divide the slot straddles the slot's end (the slot is 65536 bytes: chunks outgrow it at message sizes above 196608 bytes, which max_message_size leaves unbounded; unit_size 49152 does not divide it; this op reaches scratch[0:1]): this op's scratch accesses then reach into the next slot's bytes}}
    // expected-note@+1 {{fix: choose a unit_size that divides the slot, bound max_message_size so that a chunk fits in the slot, or set reuse_resources = false}}
    rank.copy(staged, in, {.tb = 0});
    for (int p = 0; p < n; ++p) {
      if (p == r)
        continue;
      // expected-warning@+2 {{unit_size 49152 does not divide it; this op reaches scratch[}}
      // expected-note@+1 {{fix: choose a unit_size that divides the slot}}
      channel(r, p).put(scratch[p].slice(r, r + 1), staged, {.tb = 0});
      channel(r, p).signal({.tb = 0, .data_sync = SyncType::before});
    }
    for (int p = 0; p < n; ++p) {
      if (p == r)
        continue;
      channel(r, p).wait({.tb = 0, .data_sync = SyncType::after});
      // expected-warning@+2 {{unit_size 49152 does not divide it; this op reaches scratch[}}
      // expected-note@+1 {{fix: choose a unit_size that divides the slot}}
      rank.copy(rank.get_output_buffer().slice(p, p + 1),
                scratch[r].slice(p, p + 1), {.tb = 0});
    }
  }
}

// PASS: verdict: pass
// SIM: verdict: fail
// PLAN: warning: {{.*}}unit_size 49152 does not divide it; this op reaches scratch[0:1]){{.*}}[-Wreuse-slot-overflow]
// SILENT-NOT: warning:
