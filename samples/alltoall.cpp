// AllToAll out of place: rank r's input block p goes to rank p's output
// block r. One thread block per peer writes the block with a memory-channel
// put and signals its arrival; the local block is a plain copy.
//
//   mscclc samples/alltoall.cpp -o alltoall.json [-P num_ranks=4]
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void alltoall_allpairs(int num_ranks = 4) {
  AllToAll collective(num_ranks, /*chunk_factor=*/1, /*inplace=*/false);
  CollectiveProgram program("alltoall_allpairs", collective, num_ranks);
  for (int r = 0; r < num_ranks; ++r) {
    Rank rank(r);
    BaseBuffer input = rank.get_input_buffer();
    // Thread block 0 keeps the local block.
    rank.copy(rank.get_output_buffer().slice(r, r + 1), input.slice(r, r + 1),
              {.tb = 0});
    int tb = 1;
    for (int p = 0; p < num_ranks; ++p) {
      if (p == r)
        continue;
      MemoryChannel ch(p, r);
      ch.signal({.tb = tb, .relaxed = true});
      ch.wait({.tb = tb, .data_sync = SyncType::after, .relaxed = true});
      ch.put(Rank(p).get_output_buffer().slice(r, r + 1), input.slice(p, p + 1),
             {.tb = tb});
      ch.signal({.tb = tb, .data_sync = SyncType::before});
      ch.wait({.tb = tb, .data_sync = SyncType::after});
      ++tb;
    }
  }
}
