// Out-of-place all-gather on a binomial tree: every rank's block is
// gathered up the tree to rank 0 (each child pushes its subtree's blocks to
// its parent, deepest edges first), then rank 0's full output is pushed
// down the same edges. The tree is built by a recursive std::function into
// a vector of edge structs, channels are made with map try_emplace from
// their constructor's arguments, and the gather walks the edges with
// reverse iterators.
#include <functional>
#include <map>
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

struct Edge {
  int parent, child, lo, hi; // child's subtree covers blocks [lo, hi)
};

MSCCLPP_ALGORITHM void ag_binomial_tree(int num_gpus = 8) {
  const int n = num_gpus;
  AllGather collective(n, 1, false);
  CollectiveProgram program("ag_binomial_tree", collective, n);
  std::vector<Edge> edges;
  std::function<void(int, int, int)> build = [&](int root, int lo, int hi) {
    // root owns [lo, hi); split off the upper half to a child
    if (hi - lo <= 1)
      return;
    int mid = lo + (hi - lo + 1) / 2;
    edges.push_back({root, mid, mid, hi});
    build(mid, mid, hi);
    build(root, lo, mid);
  };
  build(0, 0, n);
  std::map<std::pair<int, int>, MemoryChannel> ch;
  for (const Edge &e : edges) {
    ch.try_emplace({e.parent, e.child}, e.child, e.parent);
    ch.try_emplace({e.child, e.parent}, e.parent, e.child);
  }
  auto out = [](int r, int lo, int hi) {
    return Rank(r).get_output_buffer().slice(lo, hi);
  };
  for (int r = 0; r < n; ++r)
    Rank(r).copy(out(r, r, r + 1), Rank(r).get_input_buffer().slice(0, 1),
                 {.tb = 0});
  // gather: children push their subtree to the parent, deepest first
  for (auto it = edges.rbegin(); it != edges.rend(); ++it) {
    const Edge &e = *it;
    auto &up = ch.at({e.child, e.parent});
    up.put(out(e.parent, e.lo, e.hi), out(e.child, e.lo, e.hi), {.tb = 0});
    up.signal({.tb = 0, .data_sync = SyncType::before});
    ch.at({e.parent, e.child}).wait({.tb = 0, .data_sync = SyncType::after});
  }
  // broadcast: parents push everything down, shallowest first
  for (const Edge &e : edges) {
    auto &down = ch.at({e.parent, e.child});
    down.put(out(e.child, 0, n), out(e.parent, 0, n), {.tb = 0});
    down.signal({.tb = 0, .data_sync = SyncType::before});
    ch.at({e.child, e.parent}).wait({.tb = 0, .data_sync = SyncType::after});
  }
}
