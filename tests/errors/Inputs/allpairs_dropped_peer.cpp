// All-pairs AllReduce in place (samples/allreduce_allpairs.cpp with one
// thread block) that, with drop = true, leaves rank r+1's contribution out
// of rank r's result: a wrong plan whose sums are only a little off.
#include <map>
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void
allpairs_dropped_peer(int num_ranks = 8, bool drop = true,
                      ReduceOperationType op = ReduceOperationType::sum) {
  AllReduce collective(num_ranks, 1, /*inplace=*/true);
  CollectiveProgram program("allpairs_dropped_peer", collective, num_ranks);
  std::vector<std::map<int, MemoryChannel>> channel(num_ranks);
  for (int r = 0; r < num_ranks; ++r)
    for (int p = 0; p < num_ranks; ++p)
      if (p != r)
        channel[r].emplace(p, MemoryChannel(p, r));
  for (int r = 0; r < num_ranks; ++r) {
    Chunk own = Rank(r).get_input_buffer().slice(r, r + 1);
    for (auto &[p, ch] : channel[r])
      ch.signal({.tb = 0, .relaxed = true});
    for (auto &[p, ch] : channel[r])
      ch.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
    for (auto &[p, ch] : channel[r])
      if (!(drop && p == (r + 1) % num_ranks))
        ch.reduce(own, {Rank(p).get_input_buffer().slice(r, r + 1)},
                  {.tb = 0, .reduce_op = op});
    for (auto &[p, ch] : channel[r])
      ch.put(Rank(p).get_input_buffer().slice(r, r + 1), own, {.tb = 0});
    for (auto &[p, ch] : channel[r])
      ch.signal({.tb = 0, .data_sync = SyncType::before});
    for (auto &[p, ch] : channel[r])
      ch.wait({.tb = 0});
  }
}
