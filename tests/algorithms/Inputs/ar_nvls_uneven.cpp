// AllReduce in place through a switch (NVLS) channel on the input buffer,
// with uneven ownership: rank r reduces and broadcasts a slice of 1, 2 or 3
// chunks (r mod 3 + 1; the last rank takes what is left), so the group's
// load-reduce and store ranges differ from rank to rank. A relaxed
// all-pairs handshake before (the previous launch's result may still be
// read) and a strong one after (every slice has landed everywhere).
// Channels are kept in a std::map keyed by a std::tuple.
#include <mscclpp/dsl.hpp>

#include <algorithm>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void ar_nvls_uneven(int num_gpus = 3, int instances = 1) {
  const int n = num_gpus;
  AllReduce collective(n, 2, /*inplace=*/true);
  CollectiveProgram program("ar_nvls_uneven", collective, n,
                            {.instances = instances});
  std::vector<int> ranks;
  for (int r = 0; r < n; ++r)
    ranks.push_back(r);
  SwitchChannel sw(ranks, BufferType::input);
  std::map<std::tuple<int, int>, MemoryChannel> ch;
  for (int r = 0; r < n; ++r)
    for (int p = 0; p < n; ++p)
      if (p != r)
        ch.emplace(std::make_tuple(r, p), MemoryChannel(p, r));
  const int total = 2 * n;
  std::vector<int> bounds{0};
  for (int r = 0; r < n; ++r)
    bounds.push_back(r < n - 1 ? std::min(total, bounds.back() + r % 3 + 1)
                               : total);
  for (int r = 0; r < n; ++r) {
    BaseBuffer input = Rank(r).get_input_buffer();
    for (int p = 0; p < n; ++p)
      if (p != r)
        ch.at(std::make_tuple(r, p)).signal({.tb = 0, .relaxed = true});
    for (int p = 0; p < n; ++p)
      if (p != r)
        ch.at(std::make_tuple(r, p))
            .wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
    const int begin = bounds[r], end = bounds[r + 1];
    Chunk mine = input.slice(begin, end);
    sw.at_rank(r).reduce(begin, end - begin, mine, {.tb = 0});
    sw.at_rank(r).broadcast(mine, begin, end - begin, {.tb = 0});
    for (int p = 0; p < n; ++p)
      if (p != r)
        ch.at(std::make_tuple(r, p))
            .signal({.tb = 0, .data_sync = SyncType::before});
    for (int p = 0; p < n; ++p)
      if (p != r)
        ch.at(std::make_tuple(r, p))
            .wait({.tb = 0, .data_sync = SyncType::after});
  }
}
