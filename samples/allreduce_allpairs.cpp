// All-pairs AllReduce in place. The input of every rank is cut into
// num_ranks × num_tbs chunks; rank r owns chunks [r·num_tbs, (r+1)·num_tbs)
// and thread block t of rank r handles chunk r·num_tbs + t: it reads that
// chunk from every peer, reduces it into its own copy and writes the result
// back to every peer. Fused (at any -O but -O0), it fits the executor's
// limits up to 17 ranks; larger rank counts are for benchmarking.
//
//   mscclc samples/allreduce_allpairs.cpp -o ar.json [-P num_ranks=8]
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allreduce_allpairs(int num_ranks = 8, int num_tbs = 8) {
  AllReduce collective(num_ranks, num_tbs, /*inplace=*/true);
  CollectiveProgram program("allreduce_allpairs", collective, num_ranks);

  // channel[r][t].at(p): rank r's channel to peer p, used by thread block t.
  std::vector<std::vector<std::map<int, MemoryChannel>>> channel(num_ranks);
  for (int r = 0; r < num_ranks; ++r) {
    channel[r].resize(num_tbs);
    for (int t = 0; t < num_tbs; ++t)
      for (int p = 0; p < num_ranks; ++p)
        if (p != r)
          channel[r][t].emplace(p, MemoryChannel(p, r));
  }
  for (int r = 0; r < num_ranks; ++r) {
    BaseBuffer input = Rank(r).get_input_buffer();
    for (int t = 0; t < num_tbs; ++t) {
      const int index = r * num_tbs + t;
      Chunk own = input.slice(index, index + 1);
      // Every peer's copy of the chunk is ready to be read.
      for (int p = 0; p < num_ranks; ++p)
        if (p != r)
          channel[r][t].at(p).signal({.tb = t, .relaxed = true});
      for (int p = 0; p < num_ranks; ++p)
        if (p != r)
          channel[r][t].at(p).wait(
              {.tb = t, .data_sync = SyncType::after, .relaxed = true});
      // Reduce, then broadcast the sum (fused into one rres).
      for (int p = 0; p < num_ranks; ++p)
        if (p != r)
          channel[r][t].at(p).reduce(
              own, {Rank(p).get_input_buffer().slice(index, index + 1)},
              {.tb = t});
      for (int p = 0; p < num_ranks; ++p)
        if (p != r)
          channel[r][t].at(p).put(
              Rank(p).get_input_buffer().slice(index, index + 1), own,
              {.tb = t});
      // Results have landed everywhere before anyone returns.
      for (int p = 0; p < num_ranks; ++p)
        if (p != r)
          channel[r][t].at(p).signal({.tb = t, .data_sync = SyncType::before});
      for (int p = 0; p < num_ranks; ++p)
        if (p != r)
          channel[r][t].at(p).wait({.tb = t});
    }
  }
}
