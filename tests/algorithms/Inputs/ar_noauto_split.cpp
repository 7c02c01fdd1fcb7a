// All-pairs AllReduce in place on one thread block per rank, with
// auto_sync = false: the program places its own syncs and relies on fusion
// to make one op of each run of reductions and puts, as the reference
// does. Past the executor's per-op limits mscclc splits those runs
// (Q-FUSELIMIT), and the parts of a split reduction touch the same chunk
// (the running sum, the sum the fused puts send): a nop must order them.
// (With a buffer_alignment of 4, a chunk's bytes need not split evenly
// over the threads, and the two parts hand them to threads differently.)
//   via_scratch = false: rank r reduces its chunk with every peer's copy
//     through the channels (an rre chain, then rres with the puts);
//   via_scratch = true: every peer first puts its copy of chunk r into
//     rank r's scratch (on thread block 1, which hands over to thread
//     block 0 through a semaphore), and rank r reduces locally (an re
//     chain).
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void ar_noauto_split(int num_gpus = 12,
                                       bool via_scratch = false,
                                       int align = 16) {
  const int n = num_gpus;
  AllReduce collective(n, 1, true);
  CollectiveProgram program("ar_noauto_split", collective, n,
                            {.protocol = Protocol::Simple, .auto_sync = false,
                             .buffer_alignment = align});
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.push_back(Buffer(r, n));
  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    Chunk own = rank.get_input_buffer().slice(r, r + 1);
    std::vector<int> peers;
    std::vector<MemoryChannel> ch;
    for (int p = 0; p < n; ++p)
      if (p != r) {
        peers.push_back(p);
        ch.push_back(MemoryChannel(p, r));
      }
    for (MemoryChannel &c : ch)
      c.signal({.tb = 0, .relaxed = true});
    for (MemoryChannel &c : ch)
      c.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
    if (via_scratch) {
      std::vector<MemoryChannel> to_scratch;
      for (int p : peers)
        to_scratch.push_back(MemoryChannel(p, r));
      for (size_t k = 0; k < peers.size(); ++k) {
        const int p = peers[k];
        to_scratch[k].put(scratch[p].slice(r, r + 1),
                          rank.get_input_buffer().slice(p, p + 1), {.tb = 1});
      }
      for (MemoryChannel &c : to_scratch)
        c.signal({.tb = 1, .data_sync = SyncType::before});
      for (MemoryChannel &c : to_scratch)
        c.wait({.tb = 1, .data_sync = SyncType::after});
      Semaphore arrived(r, 0);
      arrived.release({.tb = 1, .data_sync = SyncType::before});
      arrived.acquire({.tb = 0, .data_sync = SyncType::after});
    }
    for (size_t k = 0; k < ch.size(); ++k) {
      const int p = peers[k];
      if (via_scratch)
        rank.reduce(own, {scratch[r].slice(p, p + 1)}, {.tb = 0});
      else
        ch[k].reduce(own, {Rank(p).get_input_buffer().slice(r, r + 1)},
                     {.tb = 0});
    }
    for (size_t k = 0; k < ch.size(); ++k)
      ch[k].put(Rank(peers[k]).get_input_buffer().slice(r, r + 1), own,
                {.tb = 0});
    for (MemoryChannel &c : ch)
      c.signal({.tb = 0, .data_sync = SyncType::before});
    for (MemoryChannel &c : ch)
      c.wait({.tb = 0});
  }
}
