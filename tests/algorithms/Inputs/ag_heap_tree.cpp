// All-gather in place, ordered by a heap and a tree: every rank puts its
// block straight into each peer's output buffer over a memory channel and
// signals it. Peers are numbered by their offset o = (p - r) mod n and laid
// out as a binary heap tree (o's children are 2o and 2o + 1); a channel
// runs on the thread block of its offset's depth in that tree, found by a
// breadth-first walk. Puts go nearest ring distance first (ties by rank),
// taken from a priority queue; the final waits follow a depth-first walk
// of the tree. A "ready" round first (each channel signals and waits once)
// keeps a launch from writing a peer's output before that peer has
// finished the previous launch.
//
// Written the way a C++ programmer would: std::queue and std::stack for
// the walks, std::priority_queue with std::greater over a struct whose
// hand-written operator> compares with std::tie, and std::tie to unpack.
// The Python version (ag_heap_tree.py) uses collections.deque, a list as
// a stack and heapq; the plans are byte-identical.
#include <functional>
#include <map>
#include <mscclpp/dsl.hpp>
#include <queue>
#include <stack>
#include <tuple>
#include <vector>
using namespace mscclpp::dsl;

namespace {
struct Visit {
  int distance;
  int peer;
  bool operator>(const Visit &o) const {
    return std::tie(distance, peer) > std::tie(o.distance, o.peer);
  }
};
} // namespace

MSCCLPP_ALGORITHM void ag_heap_tree(std::string_view name = "ag_heap_tree",
                                    int num_gpus = 6, int chunks = 1,
                                    int instances = 1) {
  const int n = num_gpus, c = chunks;
  AllGather collective(n, c, /*inplace=*/true);
  CollectiveProgram program(name, collective, n, {.instances = instances});

  // Depth of every offset in the heap tree, breadth first from offset 1.
  std::vector<int> depth(n, 0);
  std::queue<int> frontier;
  frontier.push(1);
  while (n > 1 && !frontier.empty()) {
    int o = frontier.front();
    frontier.pop();
    for (int child : {2 * o, 2 * o + 1})
      if (child < n) {
        depth[child] = depth[o] + 1;
        frontier.push(child);
      }
  }
  auto tbOf = [&](int r, int p) { return depth[((p - r) % n + n) % n]; };

  std::map<std::pair<int, int>, MemoryChannel> channels;
  for (int r = 0; r < n; ++r)
    for (int p = 0; p < n; ++p)
      if (p != r)
        channels.emplace(std::make_pair(r, p), MemoryChannel(p, r));
  for (const auto &[key, ch] : channels)
    ch.signal({.tb = tbOf(key.first, key.second),
               .data_sync = SyncType::none});
  for (const auto &[key, ch] : channels)
    ch.wait({.tb = tbOf(key.first, key.second),
             .data_sync = SyncType::after});

  for (int r = 0; r < n; ++r) {
    std::priority_queue<Visit, std::vector<Visit>, std::greater<Visit>> next;
    for (int p = 0; p < n; ++p)
      if (p != r) {
        int d = ((p - r) % n + n) % n;
        next.push({std::min(d, n - d), p});
      }
    Chunk own = Rank(r).get_output_buffer().slice(r * c, (r + 1) * c);
    while (!next.empty()) {
      int distance = 0, p = 0;
      std::tie(distance, p) = std::make_pair(next.top().distance,
                                             next.top().peer);
      next.pop();
      MemoryChannel &ch = channels.at({r, p});
      ch.put(Rank(p).get_output_buffer().slice(r * c, (r + 1) * c), own,
             {.tb = tbOf(r, p)});
      ch.signal({.tb = tbOf(r, p), .data_sync = SyncType::before});
    }
  }

  for (int r = 0; r < n; ++r) {
    std::stack<int> pending;
    if (n > 1)
      pending.push(1);
    while (!pending.empty()) {
      int o = pending.top();
      pending.pop();
      int p = (r + o) % n;
      channels.at({r, p}).wait({.tb = tbOf(r, p),
                                .data_sync = SyncType::after});
      for (int child : {2 * o, 2 * o + 1})
        if (child < n)
          pending.push(child);
    }
  }
}
