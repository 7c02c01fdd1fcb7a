// Two ranks each forward packets that no op ever writes: every
// read_put_packets waits forever. Before, each reader's failed poll woke
// the other's (it "forwarded" nothing to the peer's scratch), and the
// simulator ran the pair to its step limit (about 100 s per schedule)
// before reporting a livelock; now it reports the deadlock at once
// (tests/errors/sim_packet_deadlock.test).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void packet_ping_pong(int num_ranks = 2) {
  AllGather collective(num_ranks, 1, true);
  CollectiveProgram program("packet_ping_pong", collective, num_ranks,
                            {.protocol = Protocol::LL});
  std::vector<Buffer> scratch;
  for (int r = 0; r < num_ranks; ++r)
    scratch.push_back(Buffer(r, 2 * num_ranks));
  for (int r = 0; r < num_ranks; ++r) {
    const int peer = (r + 1) % num_ranks;
    MemoryChannel channel(peer, r);
    // Slot 0 of this rank's scratch never receives a packet.
    channel.read_put_packets(scratch[peer].slice(1, 2), scratch[r].slice(0, 1),
                             {.tb = 0});
  }
}
