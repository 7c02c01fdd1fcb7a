// All-gather, nearest peers first: every rank puts its block straight into
// each peer's output buffer over a memory channel and signals it, visiting
// its peers in order of ring distance, then waits for its peers' signals
// farthest first. One thread block per rank. A "ready" round first (each
// rank signals all its peers and waits for theirs) keeps a launch from
// writing a peer's output before that peer has finished the previous one.
//
// The orders come from the standard library: a capturing lambda comparator
// for the puts (mscclc's std::sort is stable, so peers at equal distance
// keep ascending rank order, as Python's sorted does) and, for the waits,
// a struct with a defaulted operator<=> sorted with std::greater.
#include <algorithm>
#include <compare>
#include <functional>
#include <map>
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

namespace {
struct Hop {
  int distance;
  int peer;
  auto operator<=>(const Hop &) const = default;
};
} // namespace

MSCCLPP_ALGORITHM void
ag_nearest_first(std::string_view name = "ag_nearest_first", int num_gpus = 5,
                 int chunks = 1, bool inplace = false, int instances = 1) {
  const int n = num_gpus, c = chunks;
  AllGather collective(n, c, inplace);
  CollectiveProgram program(name, collective, n, {.instances = instances});
  auto ringDistance = [n](int a, int b) {
    int d = ((a - b) % n + n) % n;
    return std::min(d, n - d);
  };
  std::map<std::pair<int, int>, MemoryChannel> channels;
  for (int r = 0; r < n; ++r)
    for (int p = 0; p < n; ++p)
      if (p != r)
        channels.emplace(std::make_pair(r, p), MemoryChannel(p, r));
  for (const auto &[key, ch] : channels)
    ch.signal({.tb = 0, .data_sync = SyncType::none});
  for (const auto &[key, ch] : channels)
    ch.wait({.tb = 0, .data_sync = SyncType::after});
  for (int r = 0; r < n; ++r) {
    std::vector<int> peers;
    for (int p = 0; p < n; ++p)
      if (p != r)
        peers.push_back(p);
    std::sort(peers.begin(), peers.end(), [&](int a, int b) {
      return ringDistance(r, a) < ringDistance(r, b);
    });
    Chunk own = Rank(r).get_output_buffer().slice(r * c, (r + 1) * c);
    if (!inplace)
      Rank(r).copy(own, Rank(r).get_input_buffer().slice(0, c), {.tb = 0});
    for (int p : peers) {
      MemoryChannel &ch = channels.at({r, p});
      ch.put(Rank(p).get_output_buffer().slice(r * c, (r + 1) * c), own,
             {.tb = 0});
      ch.signal({.tb = 0, .data_sync = SyncType::before});
    }
  }
  for (int r = 0; r < n; ++r) {
    std::vector<Hop> hops;
    for (int p = 0; p < n; ++p)
      if (p != r)
        hops.push_back({ringDistance(r, p), p});
    std::ranges::sort(hops, std::greater<>());
    for (const Hop &h : hops)
      channels.at({r, h.peer}).wait({.tb = 0, .data_sync = SyncType::after});
  }
}
