// RUN: mscclc --verify -P auto_sync=false %s
// RUN: %expect-error mscclc -Werror=port-push-order -P auto_sync=false %s
// RUN: mscclc -P auto_sync=false %s -o %t.json 2>&1 | FileCheck %s
// RUN: not mscclc sim %t.json 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: mscclc check-plan %t.json 2>&1 | FileCheck %s
// RUN: mscclc -P barrier=true -P auto_sync=false %s -o %t.fixed.json 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: mscclc sim %t.fixed.json | FileCheck %s --check-prefix=PASS
// RUN: mscclc %s -o %t.auto.json 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: cmp %t.auto.json %t.fixed.json
// RUN: mscclc sim %t.auto.json | FileCheck %s --check-prefix=PASS
// RUN: mscclc check-plan %t.auto.json 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// Two puts to one peer fuse into one op whose threads 0 and 1 push them to
// the port proxy; the put_with_signal_and_flush after it is pushed by
// thread 0, and with no nop between the ops nothing stops it reaching the
// proxy before thread 1's transfer: the peer is signalled before the data
// of chunk 1 lands. The reference makes the plan silently. With auto_sync
// off, mscclc makes it too, with a warning that gives the fix, and the
// simulator shows the race; a barrier of the thread block between them (a
// nop) orders the pushes. With auto_sync on, mscclc puts that nop in
// itself (dialect.md §5.4 Q-PORTPUSH): the plan is the barrier's.
// CHECK: warning: rank 0 thread block 0: this op's signal on a port channel is pushed by one thread while another thread may still be pushing an earlier transfer on that channel ('pwsf' of thread 0 on channel 0, after a 'put' whose thread 1 pushes to the same channel)
// SIM: race: rank 0 tb 0 op {{[0-9]+}} (put): its port-channel transfer (done later by the proxy) writes rank 1 output bytes
// SIM: verdict: fail
// QUIET-NOT: warning
// PASS: verdict: pass
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void port_push_order(bool barrier = false,
                                       bool auto_sync = true) {
  AllGather collective(2, 3, false);
  CollectiveProgram program("port_push_order", collective, 2,
                            {.auto_sync = auto_sync});
  for (int r = 0; r < 2; ++r) {
    int peer = 1 - r;
    PortChannel ch(peer, r), back(r, peer);
    Rank(r).copy(Rank(r).get_output_buffer().slice(3 * r, 3 * r + 3),
                 Rank(r).get_input_buffer().slice(0, 3), {.tb = 0});
    for (int c = 0; c < 2; ++c)
      ch.put(Rank(peer).get_output_buffer().slice(3 * r + c, 3 * r + c + 1),
             Rank(r).get_input_buffer().slice(c, c + 1), {.tb = 0});
    if (barrier)
      Rank(r).barrier({0});
    // expected-warning@+2 {{this op's signal on a port channel is pushed by one thread while another thread may still be pushing an earlier transfer on that channel}}
    // expected-note@+1 {{fix: put a barrier of this thread block between the two ops}}
    ch.put_with_signal_and_flush(
        Rank(peer).get_output_buffer().slice(3 * r + 2, 3 * r + 3),
        Rank(r).get_input_buffer().slice(2, 3), {.tb = 0});
    back.wait({.tb = 0, .data_sync = SyncType::after});
  }
}
