// A switch reduce-and-broadcast (glres) of each rank's chunk of scratch,
// then a copy of that chunk to the output on the same thread block with
// no nop between them (unless `barrier`): a ReduceScatter for
// sim_switch_integer_lanes_race.test.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void switch_reduce_then_copy(bool barrier = false) {
  const int n = 4;
  ReduceScatter collective(n, 1, false);
  CollectiveProgram program("switch_reduce_then_copy", collective, n);
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.push_back(Buffer(r, n));
  SwitchChannel sw({0, 1, 2, 3}, BufferType::scratch);
  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    std::vector<MemoryChannel> peers;
    for (int p = 0; p < n; ++p)
      if (p != r)
        peers.push_back(MemoryChannel(p, r));
    rank.copy(scratch[r].slice(0, n), rank.get_input_buffer().slice(0, n),
              {.tb = 0});
    for (MemoryChannel &c : peers)
      c.signal({.tb = 0, .data_sync = SyncType::before});
    for (MemoryChannel &c : peers)
      c.wait({.tb = 0, .data_sync = SyncType::after});
    sw.reduce(r, r, 1, scratch[r].slice(r, r + 1), {.tb = 0});
    sw.broadcast(r, scratch[r].slice(r, r + 1), r, 1, {.tb = 0});
    if (barrier)
      rank.barrier({0});
    rank.copy(rank.get_output_buffer().slice(0, 1), scratch[r].slice(r, r + 1),
              {.tb = 0});
    for (MemoryChannel &c : peers)
      c.signal({.tb = 0, .data_sync = SyncType::before});
    for (MemoryChannel &c : peers)
      c.wait({.tb = 0, .data_sync = SyncType::after});
  }
}
