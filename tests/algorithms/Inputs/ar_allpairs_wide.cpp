// All-pairs AllReduce in place on one thread block per rank, with more
// peers than the executor takes in one op: rank r owns chunk r, reads it
// from every peer, reduces it into its own copy and puts the sum back to
// every peer. Fusion would make one op of each run (a signal to every peer,
// a reduction of every peer's chunk, a put to every peer); past 8 channels,
// or 10 source or destination buffers, or num_threads_per_block entries,
// the 0.9 executor refuses such an op.
#include <mscclpp/dsl.hpp>
#include <map>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void ar_allpairs_wide(int num_gpus = 12, int threads = 1024,
                                        int instances = 1) {
  const int n = num_gpus;
  AllReduce collective(n, 1, true);
  CollectiveProgram program("ar_allpairs_wide", collective, n,
                            {.instances = instances,
                             .protocol = Protocol::Simple,
                             .num_threads_per_block = threads});
  for (int r = 0; r < n; ++r) {
    Chunk own = Rank(r).get_input_buffer().slice(r, r + 1);
    std::vector<int> peers;
    for (int p = 0; p < n; ++p)
      if (p != r)
        peers.push_back(p);
    std::map<int, MemoryChannel> channels;
    for (int p : peers)
      channels.emplace(p, MemoryChannel(p, r));
    for (int p : peers)
      channels.at(p).signal({.tb = 0, .relaxed = true});
    for (int p : peers)
      channels.at(p).wait(
          {.tb = 0, .data_sync = SyncType::after, .relaxed = true});
    for (int p : peers)
      channels.at(p).reduce(own, {Rank(p).get_input_buffer().slice(r, r + 1)},
                            {.tb = 0});
    for (int p : peers)
      channels.at(p).put(Rank(p).get_input_buffer().slice(r, r + 1), own,
                         {.tb = 0});
    for (int p : peers)
      channels.at(p).signal({.tb = 0, .data_sync = SyncType::before});
    for (int p : peers)
      channels.at(p).wait({.tb = 0});
  }
}
