// RUN: mscclc --verify %s
// RUN: mscclc %s -o %t.json 2>/dev/null
// RUN: not mscclc sim %t.json --size 32768 --schedules 1 | FileCheck %s --check-prefix=SIM
// RUN: %run-baked %t.json --size 32768,16384 --runs 1 | FileCheck %s --check-prefix=BAKED
// A unit as large as the pipeline: one iteration, nothing to wrap; silent.
// RUN: mscclc %s -P unit=16384 -o %t.one.json 2>&1 | FileCheck --allow-empty --check-prefix=SILENT %s
// RUN: mscclc sim %t.one.json --size 32768 --schedules 1 | FileCheck %s --check-prefix=PASS
// Rank 1 with 4096 chunks (a 16384-byte slot) and 16384-byte chunks: a unit
// of 16384, a multiple of both slots, wraps every iteration to 0 on both:
// no -Wreuse-peer-slot, and right. (Rank 0's own 2-chunk ops outside the
// pipeline now outgrow its slot: -Wreuse-slot-overflow, not this test's.)
// A unit of 8192 is not a multiple of both: warned, and the executor's run
// fails.
// RUN: mscclc %s -P theirs_chunks=4096 -P max_size=65536 -P unit=16384 -o %t.lcm.json 2>&1 | FileCheck --allow-empty --check-prefix=LCM %s
// RUN: mscclc sim %t.lcm.json --size 65536 --schedules 1 | FileCheck %s --check-prefix=PASS
// RUN: mscclc %s -P theirs_chunks=4096 -P max_size=65536 -P unit=8192 -o %t.half.json 2>&1 | FileCheck --check-prefix=HALF %s
// RUN: not mscclc sim %t.half.json --size 65536 --schedules 1 | FileCheck %s --check-prefix=HALFSIM
//
// A 2-rank AllGather through the peers' scratch with reuse_resources and
// max_message_size 32768 (8192-byte chunks), rank 0's half pipelined.
// Rank 0 declares 8192 scratch chunks (an 8192-byte slot), rank 1 four (a
// 16 MiB slot): the chunks fit both slots, so both place them alike, but
// the 0.9.0 executor wraps rank 0's pipeline offsets into rank 1's scratch
// at rank 0's slot, and the second iteration of the 2-chunk pipeline
// starts at byte 8192 (executor-semantics §2.5). The baked kernels use the
// peer's slot, as the simulator's intended semantics does.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reuse_peer_slot_pipeline(
    std::uint64_t unit = 8192, int theirs_chunks = 4,
    std::uint64_t max_size = 32768) {
  const int n = 2, cf = 2;
  AllGather collective(n, cf, /*inplace=*/false);
  CollectiveProgram program("reuse_peer_slot_pipeline", collective, n,
                            {.reuse_resources = true,
                             .max_message_size = max_size});
  Buffer theirs(1, theirs_chunks);
  Buffer mine(0, 8192);
  MemoryChannel zeroToOne(1, 0), oneToZero(0, 1);
  Rank r0(0), r1(1);
  Chunk in0 = r0.get_input_buffer().slice(0, cf);
  Chunk in1 = r1.get_input_buffer().slice(0, cf);
  // Rank 1's chunk reaches rank 0 outside the pipeline: the chunks fit
  // both slots, so both ranks place them alike.
  r1.copy(r1.get_output_buffer().slice(cf, 2 * cf), in1, {.tb = 0});
  oneToZero.put(mine.slice(0, cf), in1, {.tb = 0});
  oneToZero.signal({.tb = 0, .data_sync = SyncType::before});
  zeroToOne.wait({.tb = 0, .data_sync = SyncType::after});
  r0.copy(r0.get_output_buffer().slice(cf, 2 * cf), mine.slice(0, cf), {.tb = 0});
  {
    LoopIterationContext loop(unit, cf);
    r0.copy(r0.get_output_buffer().slice(0, cf), in0, {.tb = 0});
    // expected-warning@+2 {{rank 0 thread block 0: with reuse_resources the 0.9.0 executor places and streams a peer's scratch chunks by the scratch slot of the rank that runs the op, and the peer by its own (this rank's slot is 8192 bytes, rank 1's 16777216: they wrap this pipeline's iteration offsets differently from its iteration at byte 8192; this op reaches rank 1's scratch[0:2]), so this op reaches other bytes of the peer's scratch than the chunks it names}}
    // expected-note@+1 {{fix: give every rank that reaches a peer's scratch as many scratch chunks as that peer}}
    zeroToOne.put(theirs.slice(0, cf), in0, {.tb = 0});
    zeroToOne.signal({.tb = 0, .data_sync = SyncType::before});
    oneToZero.wait({.tb = 0, .data_sync = SyncType::after});
    r1.copy(r1.get_output_buffer().slice(0, cf), theirs.slice(0, cf), {.tb = 0});
    // Rank 1 has read this unit: the next may reuse the slot's bytes.
    oneToZero.signal({.tb = 0, .data_sync = SyncType::before});
    zeroToOne.wait({.tb = 0, .data_sync = SyncType::after});
  }
}

// SIM: defect: rank 0 tb 0 op {{[0-9]+}} (put): the 0.9.0 executor wraps the pipeline offset into rank 1's scratch by this rank's reuse_resources slot (8192 bytes), where rank 1 wraps by its own (16777216 bytes): in this iteration at 0 instead of 8192
// SIM: verdict: fail
// BAKED: size 32768 f32: 1 launches, baked == sim, result correct
// BAKED: size 16384 f32: 1 launches, baked == sim, result correct
// BAKED: run-baked: {{.*}}: agree
// PASS: verdict: pass
// SILENT-NOT: warning:
// HALF: warning: {{.*}}(this rank's slot is 8192 bytes, rank 1's 16384: they wrap this pipeline's iteration offsets differently from its iteration at byte 8192; this op reaches rank 1's scratch[0:2]){{.*}}[-Wreuse-peer-slot]
// HALFSIM: defect: rank 0 tb 0 op {{[0-9]+}} (put): the 0.9.0 executor wraps the pipeline offset into rank 1's scratch by this rank's reuse_resources slot (8192 bytes), where rank 1 wraps by its own (16384 bytes): in this iteration at 0 instead of 8192
// HALFSIM: verdict: fail
// LCM-NOT: [-Wreuse-peer-slot]
