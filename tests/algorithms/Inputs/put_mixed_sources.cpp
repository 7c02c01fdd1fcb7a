// Two puts on one memory channel and thread block, one from the input and
// one from scratch (a chunk staged there first): an AllToAll on 2 ranks,
// each rank sending its peer's block in two halves. The Python DSL fuses
// the two into one put whose sources are in different buffers, and the
// 0.9 executor's memory-channel put reads every source through the buffer
// of the first, so the scratch half comes from the input (Q-PUTSRC).
// mscclc keeps them apart. `packets` sends both halves with put_packets
// (the same defect) into the peer's scratch and unpacks them there (a
// double scratch buffer keeps one run's packets from the next's).
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void put_mixed_sources(bool packets = false) {
  AllToAll collective(2, 2, false);
  CollectiveProgram program(
      "put_mixed_sources", collective, 2,
      {.protocol = packets ? Protocol::LL : Protocol::Simple,
       .use_double_scratch_buffer = packets});
  std::vector<Buffer> staging{Buffer(0, 1), Buffer(1, 1)};
  std::vector<Buffer> landing{Buffer(0, 2), Buffer(1, 2)};
  std::vector<MemoryChannel> to_peer{MemoryChannel(1, 0), MemoryChannel(0, 1)};
  for (int r = 0; r < 2; ++r) {
    int peer = 1 - r;
    BaseBuffer in = Rank(r).get_input_buffer();
    BaseBuffer out = Rank(r).get_output_buffer();
    Rank(r).copy(out.slice(2 * r, 2 * r + 2), in.slice(2 * r, 2 * r + 2),
                 {.tb = 0});
    Rank(r).copy(staging[r].slice(0, 1), in.slice(2 * peer + 1, 2 * peer + 2),
                 {.tb = 0});
    if (packets) {
      to_peer[r].put_packets(landing[peer].slice(0, 1),
                             in.slice(2 * peer, 2 * peer + 1), {.tb = 0});
      to_peer[r].put_packets(landing[peer].slice(1, 2), staging[r].slice(0, 1),
                             {.tb = 0});
      continue;
    }
    BaseBuffer peer_out = Rank(peer).get_output_buffer();
    to_peer[r].signal({.tb = 0, .relaxed = true});
    to_peer[r].wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
    to_peer[r].put(peer_out.slice(2 * r, 2 * r + 1),
                   in.slice(2 * peer, 2 * peer + 1), {.tb = 0});
    to_peer[r].put(peer_out.slice(2 * r + 1, 2 * r + 2), staging[r].slice(0, 1),
                   {.tb = 0});
    to_peer[r].signal({.tb = 0, .data_sync = SyncType::before});
    to_peer[r].wait({.tb = 0, .data_sync = SyncType::after});
  }
  if (packets)
    for (int r = 0; r < 2; ++r) {
      int peer = 1 - r;
      Rank(r).unpack_packets(
          Rank(r).get_output_buffer().slice(2 * peer, 2 * peer + 2),
          landing[r].slice(0, 2), {.tb = 0});
    }
}
