// A two-rank AllReduce through the switch: each rank reduces its half of
// the input over the group and stores the sum back (fused into glres).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void switch_reduce_2ranks() {
  AllReduce collective(2, 1, /*inplace=*/true);
  CollectiveProgram program("switch_reduce_2ranks", collective, 2);
  SwitchChannel sw({0, 1}, BufferType::input);
  MemoryChannel c01(1, 0), c10(0, 1);
  for (int r = 0; r < 2; ++r) {
    MemoryChannel &c = r == 0 ? c01 : c10;
    c.signal({.tb = 0, .relaxed = true});
    c.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
    Chunk mine = Rank(r).get_input_buffer().slice(r, r + 1);
    sw.at_rank(r).reduce(r, 1, mine, {.tb = 0});
    sw.at_rank(r).broadcast(mine, r, 1, {.tb = 0});
    c.signal({.tb = 0, .data_sync = SyncType::before});
    c.wait({.tb = 0, .data_sync = SyncType::after});
  }
}
