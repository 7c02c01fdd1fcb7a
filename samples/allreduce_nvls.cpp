// AllReduce through an NVLS switch: rank r sums block r of every rank's
// input on the switch and multicasts the sum back into every rank's input
// (in place), between two handshakes over memory channels: one so nobody
// reads a peer's input before the peer has started, one so nobody finishes
// before every sum has landed in its buffer.
//
//   mscclc samples/allreduce_nvls.cpp -o allreduce_nvls.json [-P num_ranks=8]
//
// Baked (--emit-cuda), the switch ops use NVLS multicast objects on GPUs
// with an NVSwitch and loop over the peers' buffers elsewhere. With
// -P buffer_alignment=4 a block may end in a partial 16-byte unit.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allreduce_nvls(int num_ranks = 4,
                                      int buffer_alignment = 16) {
  AllReduce collective(num_ranks, /*chunk_factor=*/1, /*inplace=*/true);
  CollectiveProgram program("allreduce_nvls", collective, num_ranks,
                            {.protocol = Protocol::Simple,
                             .buffer_alignment = buffer_alignment});
  std::vector<int> ranks;
  for (int r = 0; r < num_ranks; ++r)
    ranks.push_back(r);
  SwitchChannel group(ranks, BufferType::input);

  auto handshake = [&](bool done) {
    for (int src = 0; src < num_ranks; ++src)
      for (int dst = 0; dst < num_ranks; ++dst) {
        if (src == dst)
          continue;
        MemoryChannel ch(dst, src);
        if (done) {
          // Release what this rank stored; acquire what the peer stored.
          ch.signal({.tb = 0, .data_sync = SyncType::before});
          ch.wait({.tb = 0, .data_sync = SyncType::after});
        } else {
          ch.signal({.tb = 0, .relaxed = true});
          ch.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
        }
      }
  };

  handshake(false);
  for (int r = 0; r < num_ranks; ++r) {
    Chunk block = Rank(r).get_input_buffer().slice(r, r + 1);
    group.at_rank(r).reduce(r, 1, block, {.tb = 0});
    group.at_rank(r).broadcast(block, r, 1, {.tb = 0});
  }
  handshake(true);
}
