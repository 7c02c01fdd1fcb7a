// Binary-tree all-reduce: ranks form a binary tree rooted at 0 (children
// of r are 2r+1 and 2r+2). Reduce phase: each child puts its partial sum
// into its parent's scratch and signals; the parent waits for its children
// and reduces their slots into its input. Broadcast phase: the parent puts
// the total into each child's input and signals it. The input is cut into
// `blocks` blocks, one thread block each. A closing signal/wait up the
// tree keeps a parent from writing a child's buffers in the next launch
// before the child has finished this one.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

namespace {
struct Tree {
  int n = 0, blocks = 0;
  std::map<int, std::vector<int>> children;
  std::map<int, int> parent;
  std::map<int, Buffer> scratch;
  // One pair of channels per edge and thread block: the semaphores of a
  // channel shared by two thread blocks would pair their signals.
  std::map<std::pair<int, int>, MemoryChannel> up, down;
};

Chunk slot(const Tree &t, int p, int c, int b) {
  const auto &kids = t.children.at(p);
  int which = 0;
  while (kids[which] != c)
    ++which;
  const int first = (which * t.blocks + b) * t.n;
  return t.scratch.at(p).slice(first, first + t.n);
}

Chunk block(int rank, int b, int n) {
  return Rank(rank).get_input_buffer().slice(b * n, (b + 1) * n);
}

void reduceUp(Tree &t, int r, int b) {
  const std::vector<int> &kids = t.children[r];
  for (int c : kids)
    reduceUp(t, c, b);
  for (int c : kids)
    t.down.at({c, b}).wait({.tb = b, .data_sync = SyncType::after});
  if (!kids.empty()) {
    std::vector<Chunk> slots;
    for (int c : kids)
      slots.push_back(slot(t, r, c, b));
    Rank(r).reduce(block(r, b, t.n), slots, {.tb = b});
  }
  if (t.parent.contains(r)) {
    MemoryChannel &ch = t.up.at({r, b});
    ch.put(slot(t, t.parent.at(r), r, b), block(r, b, t.n), {.tb = b});
    ch.signal({.tb = b, .data_sync = SyncType::before});
  }
}

void broadcastDown(Tree &t, int r, int b) {
  if (t.parent.count(r))
    t.up.at({r, b}).wait({.tb = b, .data_sync = SyncType::after});
  for (int c : t.children[r]) {
    t.down.at({c, b}).put(block(c, b, t.n), block(r, b, t.n), {.tb = b});
    t.down.at({c, b}).signal({.tb = b, .data_sync = SyncType::before});
  }
  for (int c : t.children[r])
    broadcastDown(t, c, b);
}
} // namespace

MSCCLPP_ALGORITHM void ar_tree(std::string_view name = "ar_tree",
                               int num_gpus = 5, int blocks = 2,
                               int instances = 1) {
  Tree t;
  t.n = num_gpus;
  t.blocks = blocks;
  AllReduce collective(t.n, blocks, /*inplace=*/true);
  CollectiveProgram program(name, collective, t.n, {.instances = instances});
  for (int r = 0; r < t.n; ++r)
    for (int c : {2 * r + 1, 2 * r + 2})
      if (c < t.n) {
        t.children[r].push_back(c);
        t.parent[c] = r;
      }
  for (int r = 0; r < t.n; ++r)
    if (!t.children[r].empty())
      t.scratch.emplace(r, Buffer(r, 2 * t.n * blocks));
  for (int b = 0; b < blocks; ++b)
    for (const auto &[c, p] : t.parent) {
      t.up.emplace(std::make_pair(c, b), MemoryChannel(p, c));
      t.down.emplace(std::make_pair(c, b), MemoryChannel(c, p));
    }
  for (int b = 0; b < blocks; ++b) {
    reduceUp(t, 0, b);
    broadcastDown(t, 0, b);
    for (const auto &[c, p] : t.parent) {
      t.up.at({c, b}).signal({.tb = b, .data_sync = SyncType::none});
      t.down.at({c, b}).wait({.tb = b, .data_sync = SyncType::none});
    }
  }
}
