// AllGather of two ranks in LL packets: each rank puts its chunk as
// packets into its peer's scratch (memory-channel put_packets) and unpacks
// the peer's packets into its output (a scratch half per launch: the next
// launch's packets land in the other half).
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void put_packets_pair() {
  AllGather collective(2, 1, /*inplace=*/false);
  CollectiveProgram program(
      "put_packets_pair", collective, 2,
      {.protocol = Protocol::LL, .use_double_scratch_buffer = true});
  std::vector<Buffer> scratch = {Buffer(0, 1), Buffer(1, 1)};
  for (int r = 0; r < 2; ++r) {
    const int peer = 1 - r;
    Rank rank(r);
    MemoryChannel ch(peer, r);
    ch.put_packets(scratch[peer].slice(0, 1),
                   rank.get_input_buffer().slice(0, 1), {.tb = 0});
    rank.copy(rank.get_output_buffer().slice(r, r + 1),
              rank.get_input_buffer().slice(0, 1), {.tb = 0});
    rank.unpack_packets(rank.get_output_buffer().slice(peer, peer + 1),
                        scratch[r].slice(0, 1), {.tb = 0});
  }
}
