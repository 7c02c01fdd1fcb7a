// Two puts of one thread block write rank 1's output[0:2] and then
// output[1:3]: the chunk they share gets two writes, which only a nop
// orders between the ops' threads. The reference tracks its own rank's
// buffers only and adds none (tests/sim/plans/remote_puts_overlap.no_nop,
// which the simulator must fail at every size); mscclc's dependency sync
// tracks peers' buffers too and puts a nop between them, and does not fuse
// them into one put (whose threads would race too), so the plan passes.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void remote_puts_overlap() {
  TestCollective collective(2, 4, 4);
  CollectiveProgram program("remote_puts_overlap", collective, 2);
  MemoryChannel to1(1, 0), to0(0, 1);
  to1.signal({.tb = 0, .relaxed = true});
  to0.signal({.tb = 0, .relaxed = true});
  to1.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
  to0.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
  BaseBuffer in0 = Rank(0).get_input_buffer();
  BaseBuffer out1 = Rank(1).get_output_buffer();
  to1.put(out1.slice(0, 2), in0.slice(0, 2), {.tb = 0});
  to1.put(out1.slice(1, 3), in0.slice(2, 4), {.tb = 0});
  to1.signal({.tb = 0, .data_sync = SyncType::before});
  to0.signal({.tb = 0, .data_sync = SyncType::before});
  to1.wait({.tb = 0});
  to0.wait({.tb = 0});
}
