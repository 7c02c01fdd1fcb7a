// AllGather over memory channels, every rank writing its chunk straight into
// every peer's output buffer (in place: rank r's contribution is output[r]).
//
//   mscclc samples/allgather.cpp -o allgather.json [-P num_ranks=8]
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allgather_allpairs(int num_ranks = 2,
                                          int instances = 1) {
  AllGather collective(num_ranks, /*chunk_factor=*/1, /*inplace=*/true);
  CollectiveProgram program(
      "allgather_allpairs", collective, num_ranks,
      {.instances = instances, .protocol = Protocol::Simple});
  for (int src = 0; src < num_ranks; ++src) {
    Chunk mine = Rank(src).get_output_buffer().slice(src, src + 1);
    for (int dst = 0; dst < num_ranks; ++dst) {
      if (src == dst)
        continue;
      MemoryChannel ch(dst, src);
      // Handshake: the peer's buffer is ready to be written.
      ch.signal({.tb = 0, .relaxed = true});
      ch.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
      ch.put(Rank(dst).get_output_buffer().slice(src, src + 1), mine,
             {.tb = 0});
      // Tell the peer its data has landed; learn that ours has.
      ch.signal({.tb = 0, .data_sync = SyncType::before});
      ch.wait({.tb = 0, .data_sync = SyncType::after});
    }
  }
}
