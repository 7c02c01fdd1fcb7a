// In-place AllReduce; see reduce_put_chain.py.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reduce_put_chain(int num_ranks = 3, int chunk_factor = 4,
                                        int num_tbs = 2, int path = 0,
                                        int span = 1, int instances = 1) {
  AllReduce collective(num_ranks, chunk_factor, true);
  CollectiveProgram program(
      "reduce_put_chain", collective, num_ranks,
      {.instances = instances, .protocol = Protocol::Simple});
  std::map<std::tuple<int, int, int>, MemoryChannel> ch;
  for (int r = 0; r < num_ranks; ++r)
    for (int t = 0; t < num_tbs; ++t)
      for (int p = 0; p < num_ranks; ++p)
        if (p != r)
          ch.emplace(std::make_tuple(r, t, p), MemoryChannel(p, r));
  std::vector<Buffer> scratch;
  for (int r = 0; r < num_ranks; ++r)
    scratch.push_back(Buffer(r, num_ranks * chunk_factor));
  for (int r = 0; r < num_ranks; ++r) {
    Rank rank(r);
    BaseBuffer inp = rank.get_input_buffer();
    std::vector<int> peers;
    for (int p = 0; p < num_ranks; ++p)
      if (p != r)
        peers.push_back(p);
    for (int t = 0; t < num_tbs; ++t) {
      for (int p : peers)
        ch.at(std::make_tuple(r, t, p)).signal({.tb = t, .relaxed = true});
      for (int p : peers)
        ch.at(std::make_tuple(r, t, p))
            .wait({.tb = t, .data_sync = SyncType::after, .relaxed = true});
    }
    for (int j0 = 0; j0 < chunk_factor; j0 += span) {
      int j = r * chunk_factor + j0;
      int t = (j0 / span) % num_tbs;
      Chunk own = inp.slice(j, j + span);
      bool use_get = path == 1 || (path == 2 && (j0 / span) % 2 == 1);
      if (!use_get) {
        for (int p : peers)
          ch.at(std::make_tuple(r, t, p))
              .reduce(own, {Rank(p).get_input_buffer().slice(j, j + span)},
                      {.tb = t});
        for (int p : peers)
          ch.at(std::make_tuple(r, t, p))
              .put(Rank(p).get_input_buffer().slice(j, j + span), own,
                   {.tb = t});
      } else {
        std::vector<Chunk> tmp;
        for (int k = 0; k < (int)peers.size(); ++k) {
          int p = peers[k];
          Chunk s = scratch[r].slice(k * chunk_factor + j0,
                                     k * chunk_factor + j0 + span);
          ch.at(std::make_tuple(r, t, p))
              .get(s, Rank(p).get_input_buffer().slice(j, j + span), {.tb = t});
          tmp.push_back(s);
        }
        rank.reduce(own, tmp, {.tb = t});
        for (int p : peers)
          ch.at(std::make_tuple(r, t, p))
              .put(Rank(p).get_input_buffer().slice(j, j + span), own,
                   {.tb = t});
        Chunk last =
            scratch[r].slice((num_ranks - 1) * chunk_factor + j0,
                             (num_ranks - 1) * chunk_factor + j0 + span);
        rank.copy(last, own, {.tb = t});
      }
    }
    for (int t = 0; t < num_tbs; ++t) {
      for (int p : peers)
        ch.at(std::make_tuple(r, t, p))
            .signal({.tb = t, .data_sync = SyncType::before});
      for (int p : peers)
        ch.at(std::make_tuple(r, t, p)).wait({.tb = t});
    }
  }
}
