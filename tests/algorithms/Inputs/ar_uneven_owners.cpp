// All-reduce in place with owners of uneven share: the 2n chunks of the
// input are split so that in each pair of ranks the even one owns one
// chunk and the odd one three (a last unpaired rank owns two). Offsets come
// from the sizes by a running sum. Each rank reads its segment from every
// peer, reduces it into its own copy and writes the sum back, visiting its
// peers in breadth-first order along the ring (next, previous, two away,
// ...). A "ready" round first, a "done" round last.
//
// Written the way a C++ programmer would: std::exclusive_scan for the
// offsets, a std::queue with a std::vector<bool> of visited ranks for the
// order, std::for_each over the peers. The Python version
// (ar_uneven_owners.py) uses itertools.accumulate, collections.deque and a
// list of bools; the plans are byte-identical.
#include <algorithm>
#include <map>
#include <mscclpp/dsl.hpp>
#include <numeric>
#include <queue>
#include <vector>
using namespace mscclpp::dsl;

namespace {
// The ranks other than `self`, breadth first along the ring.
std::vector<int> ringOrder(int self, int n) {
  std::vector<bool> visited(n, false);
  std::vector<int> order;
  std::queue<int> frontier;
  frontier.push(self);
  visited[self] = true;
  while (!frontier.empty()) {
    int r = frontier.front();
    frontier.pop();
    if (r != self)
      order.push_back(r);
    for (int next : {(r + 1) % n, (r + n - 1) % n})
      if (!visited[next]) {
        visited[next] = true;
        frontier.push(next);
      }
  }
  return order;
}
} // namespace

MSCCLPP_ALGORITHM void
ar_uneven_owners(std::string_view name = "ar_uneven_owners", int num_gpus = 4,
                 int instances = 1) {
  const int n = num_gpus;
  AllReduce collective(n, 2, /*inplace=*/true);
  CollectiveProgram program(name, collective, n, {.instances = instances});
  std::vector<int> sizes(n, 2);
  for (int r = 0; r + 1 < n; r += 2) {
    --sizes[r];
    ++sizes[r + 1];
  }
  std::vector<int> offsets(n);
  std::exclusive_scan(sizes.begin(), sizes.end(), offsets.begin(), 0);

  std::map<std::pair<int, int>, MemoryChannel> channels;
  for (int r = 0; r < n; ++r)
    for (int p = 0; p < n; ++p)
      if (p != r)
        channels.emplace(std::make_pair(r, p), MemoryChannel(p, r));
  for (const auto &[key, ch] : channels)
    ch.signal({.tb = 0, .relaxed = true});
  for (const auto &[key, ch] : channels)
    ch.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});

  for (int r = 0; r < n; ++r) {
    auto segment = [&](int rank) {
      return Rank(rank).get_input_buffer().slice(offsets[r],
                                                 offsets[r] + sizes[r]);
    };
    Chunk own = segment(r);
    std::vector<int> peers = ringOrder(r, n);
    std::for_each(peers.begin(), peers.end(), [&](int p) {
      channels.at({r, p}).reduce(own, {segment(p)}, {.tb = 0});
    });
    std::for_each(peers.begin(), peers.end(), [&](int p) {
      channels.at({r, p}).put(segment(p), own, {.tb = 0});
    });
    for (int p : peers)
      channels.at({r, p}).signal({.tb = 0, .data_sync = SyncType::before});
  }
  for (int r = 0; r < n; ++r)
    for (int p : ringOrder(r, n))
      channels.at({r, p}).wait({.tb = 0, .data_sync = SyncType::after});
}
