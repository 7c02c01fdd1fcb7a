// RUN: mscclc --verify %s
// RUN: mscclc %s -o %t.json 2>/dev/null
// RUN: mscclc sim %t.json --schedules 1 | FileCheck %s --check-prefix=PASS
// Packets into the peer's chunk 2: the host places it at byte 0 all the
// same, where rank 1 does not look.
// RUN: mscclc %s -P at=2 -o %t.at2.json 2>&1 | FileCheck %s --check-prefix=AT2
// RUN: not mscclc sim %t.at2.json --schedules 1 | FileCheck %s --check-prefix=AT2SIM
// RUN: mscclc sim %t.at2.json --schedules 1 --semantics intended | FileCheck %s --check-prefix=PASS
//
// A 2-rank LL AllGather with reuse_resources where rank 0 has no scratch
// chunks (slot 0) and sends its chunk as packets into rank 1's scratch.
// The 0.9.0 kernel takes a non-packet op's scratch offsets modulo the slot
// (0 % 0 here) but not a packet op's, and the host places chunk k at k
// times the slot: packets into chunk 0 land where rank 1 reads them, and
// are not warned of.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reuse_peer_slot_packets(int at = 0) {
  const int n = 2;
  AllGather collective(n, 1, /*inplace=*/false);
  CollectiveProgram program("reuse_peer_slot_packets", collective, n,
                            {.protocol = Protocol::LL,
                             .reuse_resources = true,
                             .max_message_size = 1 << 20});
  Buffer theirs(1, at + 1);
  MemoryChannel zeroToOne(1, 0), oneToZero(0, 1);
  Rank r0(0), r1(1);
  Chunk in0 = r0.get_input_buffer().slice(0, 1);
  Chunk in1 = r1.get_input_buffer().slice(0, 1);
  r0.copy(r0.get_output_buffer().slice(0, 1), in0, {.tb = 0});
  r1.copy(r1.get_output_buffer().slice(1, 2), in1, {.tb = 0});
  zeroToOne.put_packets(theirs.slice(at, at + 1), in0, {.tb = 0});
  r1.unpack_packets(r1.get_output_buffer().slice(0, 1), theirs.slice(at, at + 1), {.tb = 0});
  // expected-warning@+2 {{this op reaches the output buffer of rank 0}}
  // expected-note@+1 {{fix: reach peers and switches only through scratch}}
  oneToZero.put(r0.get_output_buffer().slice(1, 2), in1, {.tb = 0});
  oneToZero.signal({.tb = 0, .data_sync = SyncType::before});
  zeroToOne.wait({.tb = 0, .data_sync = SyncType::after});
}

// PASS: verdict: pass
// AT2: warning: {{.*}}(this rank has no scratch chunks, so its slot is 0: every chunk of rank 1's scratch starts at byte 0; this op reaches rank 1's scratch[2:3]){{.*}}[-Wreuse-peer-slot]
// AT2SIM: defect: rank 0 tb 0 op {{[0-9]+}} (ppkt): the 0.9.0 executor places rank 1's scratch chunk 2 by this rank's reuse_resources slot (0 bytes: it has no scratch chunks) at byte 0
// AT2SIM: verdict: fail
