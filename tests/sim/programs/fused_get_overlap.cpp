// Two gets on one channel and thread block whose local destinations overlap
// at another offset (output[0:2], then output[1:3]). Run apart, a nop
// orders the second after the first; fused into one get, the executor's
// threads would write the shared chunk in no fixed order (the reference
// fuses them). mscclc keeps them apart at every -O (Fusion.cpp,
// AccessIndex), so the plan must pass; tests/sim/plans/fused_get_overlap
// is the fused plan, which must fail.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void fused_get_overlap() {
  TestCollective collective(2, 4, 4);
  CollectiveProgram program("fused_get_overlap", collective, 2);
  MemoryChannel to1(1, 0), to0(0, 1);
  to1.signal({.tb = 0, .relaxed = true});
  to0.signal({.tb = 0, .relaxed = true});
  to1.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
  to0.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
  BaseBuffer out0 = Rank(0).get_output_buffer();
  BaseBuffer out1 = Rank(1).get_output_buffer();
  to1.get(out0.slice(0, 2), out1.slice(0, 2), {.tb = 0});
  to1.get(out0.slice(1, 3), out1.slice(1, 3), {.tb = 0});
  to1.signal({.tb = 0, .data_sync = SyncType::before});
  to0.signal({.tb = 0, .data_sync = SyncType::before});
  to1.wait({.tb = 0});
  to0.wait({.tb = 0});
}
