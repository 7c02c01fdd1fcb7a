// RUN: mscclc --verify %s
// RUN: mscclc %s -o %t.json 2>/dev/null
// RUN: mscclc sim %t.json --size 98304 --schedules 1 | FileCheck %s --check-prefix=PASS
// RUN: not mscclc sim %t.json --size 393216 --schedules 1 | FileCheck %s --check-prefix=SIM
// RUN: mscclc check-plan %t.json 2>&1 | FileCheck %s --check-prefix=PLAN
// With max_message_size bounded so that a chunk fits in the slot: silent.
// RUN: mscclc %s -P max_size=196608 -o %t.fits.json 2>&1 | FileCheck --allow-empty --check-prefix=SILENT %s
//
// A 3-rank AllGather through scratch with reuse_resources: the scratch slot
// is 64 MiB over 1024 scratch chunks, 65536 bytes. Outside a pipeline the
// 0.9.0 executor places scratch chunk k at k slots once a chunk outgrows
// the slot (executor-semantics §2.5) but still moves whole chunks, so above
// 3 x 65536-byte messages the two chunks each rank receives overlap.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reuse_slot_overflow(std::uint64_t max_size = UINT64_MAX) {
  const int n = 3;
  AllGather collective(n, 1, /*inplace=*/false);
  CollectiveProgram program("reuse_slot_overflow", collective, n,
                            {.reuse_resources = true,
                             .max_message_size = max_size});
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.push_back(Buffer(r, 1024));
  // channels[r][k - 1]: rank r's channel to rank r + k, once per pair.
  std::vector<std::vector<MemoryChannel>> channels(n);
  for (int r = 0; r < n; ++r)
    for (int k = 1; k < n; ++k)
      channels[r].push_back(MemoryChannel((r + k) % n, r));
  auto channel = [&](int r, int p) -> MemoryChannel & {
    return channels[r][(p - r + n) % n - 1];
  };
  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    Chunk in = rank.get_input_buffer().slice(0, 1);
    rank.copy(rank.get_output_buffer().slice(r, r + 1), in, {.tb = 0});
    for (int p = 0; p < n; ++p) {
      if (p == r)
        continue;
      // expected-warning@+2 {{rank 0 thread block 0: with reuse_resources the 0.9.0 executor places scratch chunk k at k times the scratch slot once chunks outgrow the slot, but outside a pipeline (and in packet ops, which take no iteration offset) still moves whole chunks (the slot is 65536 bytes: chunks outgrow it at message sizes above 196608 bytes, which max_message_size leaves unbounded; this op reaches rank 1's scratch[0:1]), so this op's scratch chunks then overlap the next slots' and can run past the executor's shared 128 MiB scratch}}
      // expected-note@+1 {{fix: bound max_message_size so that a chunk fits in the slot, move the op into a pipeline whose unit divides the slot, or set reuse_resources = false}}
      channel(r, p).put(scratch[p].slice(r, r + 1), in, {.tb = 0});
      channel(r, p).signal({.tb = 0, .data_sync = SyncType::before});
    }
    for (int p = 0; p < n; ++p) {
      if (p == r)
        continue;
      channel(r, p).wait({.tb = 0, .data_sync = SyncType::after});
      // expected-warning@+2 {{this op reaches scratch[1:2])}}
      // expected-note@+1 {{fix: bound max_message_size}}
      rank.copy(rank.get_output_buffer().slice(p, p + 1),
                scratch[r].slice(p, p + 1), {.tb = 0});
    }
  }
}

// PASS: verdict: pass
// SIM: verdict: fail
// PLAN: warning: {{.*}}(the slot is 65536 bytes: chunks outgrow it at message sizes above 196608 bytes, which max_message_size leaves unbounded; this op reaches rank 1's scratch[0:1]){{.*}}[-Wreuse-slot-overflow]
// SILENT-NOT: warning:
