// The write-after-read hazard the compiler used to miss (issue 8): on one
// thread block, put_packets and copy of input[0], then a packet reduce that
// writes input[0] in place. copy spreads the chunk over 16-byte lanes, the
// packet reduce over 8-byte lanes, so without a nop between them a thread
// can overwrite bytes another thread has not copied yet. The compiler now
// puts a nop there; tests/sim/plans/packet_reduce_war.prefix.json is the
// plan it made before (the same plan without that nop), which `mscclc sim`
// must flag as a race.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void packet_reduce_war() {
  TestCollective collective(2, 1, 1);
  CollectiveProgram program("packet_reduce_war", collective, 2,
                            {.protocol = Protocol::LL,
                             .use_double_scratch_buffer = true});
  // One scratch chunk per rank, where the peer's input arrives as packets.
  std::vector<Buffer> scratch = {Buffer(0, 1), Buffer(1, 1)};
  for (int r = 0; r < 2; ++r) {
    Rank rank(r);
    int peer = 1 - r;
    Chunk in = rank.get_input_buffer().slice(0, 1);
    Chunk out = rank.get_output_buffer().slice(0, 1);
    MemoryChannel ch(peer, r);
    ch.put_packets(scratch[peer].slice(0, 1), in, {.tb = 0});
    rank.copy(out, in, {.tb = 0});
    rank.reduce(in, {scratch[r].slice(0, 1)}, {.tb = 0, .packet = true});
  }
}
