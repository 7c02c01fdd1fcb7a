// RUN: mscclc --verify %s
// RUN: mscclc %s -o %t.json 2>/dev/null
// RUN: not mscclc sim %t.json --schedules 1 | FileCheck %s --check-prefix=SIM
// RUN: mscclc sim %t.json --schedules 1 --semantics intended | FileCheck %s --check-prefix=PASS
// RUN: mscclc check-plan %t.json 2>&1 | FileCheck %s --check-prefix=PLAN
// Rank 0 with scratch of its own, but more chunks than rank 1 (a smaller
// slot): right while a chunk fits both slots, wrong above.
// RUN: mscclc %s -P own=4096 -o %t.own.json 2>&1 | FileCheck %s --check-prefix=OWN
// Chunk 0 starts at byte 0 in either layout: the put to scratch[0:1] is not
// warned of.
// RUN: mscclc %s -P own=4096 -o %t.own.json 2>&1 | FileCheck %s --check-prefix=OWN0
// RUN: mscclc sim %t.own.json --size 32768 --schedules 1 | FileCheck %s --check-prefix=PASS
// RUN: not mscclc sim %t.own.json --size 65536 --schedules 1 | FileCheck %s --check-prefix=OWNSIM
// As many chunks as rank 1, or no reuse_resources: silent, and right.
// RUN: mscclc %s -P own=2 -o %t.same.json 2>&1 | FileCheck --allow-empty --check-prefix=SILENT %s
// RUN: mscclc sim %t.same.json --size 65536 --schedules 1 | FileCheck %s --check-prefix=PASS
// RUN: mscclc %s -P reuse=false -o %t.plain.json 2>&1 | FileCheck --allow-empty --check-prefix=SILENT %s
// RUN: mscclc sim %t.plain.json --schedules 1 | FileCheck %s --check-prefix=PASS
//
// A 2-rank AllGather through rank 1's scratch only: rank 0 puts its chunk
// into rank 1's scratch[0] and gets rank 1's from scratch[1], where rank 1
// staged it. With reuse_resources the 0.9.0 executor places a peer's
// scratch chunks by the running rank's slot (executor-semantics §2.5),
// and rank 0, without scratch chunks, has slot 0: both of its accesses go
// to byte 0 of rank 1's scratch.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reuse_peer_slot(int own = 0, bool reuse = true) {
  const int n = 2;
  AllGather collective(n, 1, /*inplace=*/false);
  CollectiveProgram program("reuse_peer_slot", collective, n,
                            {.reuse_resources = reuse,
                             .max_message_size = 1 << 20});
  Buffer theirs(1, 2);
  if (own > 0) {
    Buffer mine(0, own);
    (void)mine;
  }
  MemoryChannel zeroToOne(1, 0), oneToZero(0, 1);
  Rank r0(0), r1(1);
  Chunk in0 = r0.get_input_buffer().slice(0, 1);
  Chunk in1 = r1.get_input_buffer().slice(0, 1);
  r0.copy(r0.get_output_buffer().slice(0, 1), in0, {.tb = 0});
  r1.copy(r1.get_output_buffer().slice(1, 2), in1, {.tb = 0});
  r1.copy(theirs.slice(1, 2), in1, {.tb = 0});
  oneToZero.signal({.tb = 0, .data_sync = SyncType::before});
  zeroToOne.wait({.tb = 0, .data_sync = SyncType::after});
  // expected-warning@+2 {{rank 0 thread block 0: with reuse_resources the 0.9.0 executor places and streams a peer's scratch chunks by the scratch slot of the rank that runs the op, and the peer by its own (this rank has no scratch chunks, so its slot is 0: every chunk of rank 1's scratch starts at byte 0, and the kernel takes every offset into rank 1's scratch modulo 0, which is undefined; this op reaches rank 1's scratch[1:2]), so this op reaches other bytes of the peer's scratch than the chunks it names}}
  // expected-note@+1 {{fix: give every rank that reaches a peer's scratch as many scratch chunks as that peer (declare the same scratch size on both), or set reuse_resources = false}}
  zeroToOne.get(r0.get_output_buffer().slice(1, 2), theirs.slice(1, 2), {.tb = 0});
  // expected-warning@+2 {{(this rank has no scratch chunks, so its slot is 0: the kernel takes every offset into rank 1's scratch modulo 0, which is undefined; this op reaches rank 1's scratch[0:1])}}
  // expected-note@+1 {{fix: give every rank}}
  zeroToOne.put(theirs.slice(0, 1), in0, {.tb = 0});
  zeroToOne.signal({.tb = 0, .data_sync = SyncType::before});
  oneToZero.wait({.tb = 0, .data_sync = SyncType::after});
  r1.copy(r1.get_output_buffer().slice(0, 1), theirs.slice(0, 1), {.tb = 0});
}

// SIM: defect: rank 0 tb 0 op {{[0-9]+}} (get): the 0.9.0 executor places rank 1's scratch chunk 1 by this rank's reuse_resources slot (0 bytes: it has no scratch chunks) at byte 0, where rank 1 (slot 33554432 bytes) has it at byte {{[0-9]+}}
// SIM: defect: rank 0 tb 0 op {{[0-9]+}} (put): the 0.9.0 executor takes every offset into rank 1's scratch modulo this rank's reuse_resources slot, 0 bytes (it has no scratch chunks), which is undefined; the simulator leaves the offsets unwrapped
// SIM: verdict: fail
// PASS: verdict: pass
// PLAN: warning: {{.*}}(this rank has no scratch chunks, so its slot is 0: every chunk of rank 1's scratch starts at byte 0, and the kernel takes every offset into rank 1's scratch modulo 0, which is undefined; this op reaches rank 1's scratch[1:2]){{.*}}[-Wreuse-peer-slot]
// OWN: warning: {{.*}}(this rank's slot is 16384 bytes, rank 1's 33554432: they place chunks differently at message sizes above 32768 bytes, which max_message_size 1048576 allows; this op reaches rank 1's scratch[1:2]){{.*}}[-Wreuse-peer-slot]
// OWNSIM: defect: rank 0 tb 0 op {{[0-9]+}} (get): the 0.9.0 executor places rank 1's scratch chunk 1 by this rank's reuse_resources slot (16384 bytes) at byte 16384, where rank 1 (slot 33554432 bytes) has it at byte 32768
// OWNSIM: verdict: fail
// SILENT-NOT: warning:
// OWN0-NOT: rank 1's scratch[0:1]){{.*}}[-Wreuse-peer-slot]
