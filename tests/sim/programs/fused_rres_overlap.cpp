// A channel reduce reads rank 1's input[0:2]; a put then sends the sum to
// rank 1's input[1:3], which overlaps that source at another offset. Run
// apart (rre, nop, put) the plan is right; fused into one rres (as the
// reference does), the op's threads would overwrite source units others
// have not read yet. mscclc keeps them apart (Fusion.cpp, AccessIndex), so
// the plan must pass; tests/sim/plans/fused_rres_overlap is the fused plan,
// which must fail.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void fused_rres_overlap() {
  TestCollective collective(2, 4, 4);
  CollectiveProgram program("fused_rres_overlap", collective, 2);
  MemoryChannel to1(1, 0), to0(0, 1);
  to1.signal({.tb = 0, .relaxed = true});
  to0.signal({.tb = 0, .relaxed = true});
  to1.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
  to0.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
  BaseBuffer in0 = Rank(0).get_input_buffer();
  BaseBuffer out0 = Rank(0).get_output_buffer();
  BaseBuffer in1 = Rank(1).get_input_buffer();
  to1.reduce(in0.slice(0, 2), {in1.slice(0, 2)},
             {.tb = 0, .local_dst_chunk = out0.slice(0, 2)});
  to1.put(in1.slice(1, 3), out0.slice(0, 2), {.tb = 0});
  to1.signal({.tb = 0, .data_sync = SyncType::before});
  to0.signal({.tb = 0, .data_sync = SyncType::before});
  to1.wait({.tb = 0});
  to0.wait({.tb = 0});
}
