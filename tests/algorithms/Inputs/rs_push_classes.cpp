// Push-based ReduceScatter written with classes: rank r puts block p of
// its input into a scratch slot of rank p, nearest peers first, and each
// rank reduces its own block with the slots into its output. A
// `PeerTable` (built in its constructor) orders every rank's peers by ring
// distance from `Peer` objects, which derive from `Endpoint`; the slot a
// sender writes is its index among the owner's peers in rank order, found
// with std::lower_bound after the owner is erased with the erase-remove
// idiom. A relaxed "ready" round at the start keeps a rank from writing a
// peer's scratch before the peer has finished reducing the previous
// launch.
//
//   mscclc rs_push_classes.cpp -o plan.json [-P num_gpus=4 -P instances=1]
#include <algorithm>
#include <map>
#include <mscclpp/dsl.hpp>
#include <numeric>
#include <utility>
#include <vector>
using namespace mscclpp::dsl;

struct Endpoint {
  int self;
  explicit Endpoint(int s) : self(s) {}
};

struct Peer : Endpoint {
  int rank;
  int distance;
  Peer(int s, int r, int n)
      : Endpoint(s), rank(r),
        distance(std::min((r - s + n) % n, (s - r + n) % n)) {}
};

class PeerTable {
public:
  explicit PeerTable(int n) {
    for (int s = 0; s < n; ++s) {
      std::vector<int> ranks(n);
      std::iota(ranks.begin(), ranks.end(), 0);
      ranks.erase(std::remove(ranks.begin(), ranks.end(), s), ranks.end());
      std::vector<Peer> peers;
      for (int r : ranks)
        peers.emplace_back(s, r, n);
      std::sort(peers.begin(), peers.end(), [](const Peer &a, const Peer &b) {
        return a.distance != b.distance ? a.distance < b.distance
                                        : a.rank < b.rank;
      });
      std::vector<int> order;
      for (const Peer &p : peers)
        order.push_back(p.rank);
      nearestFirst_.push_back(order);
      byRank_.push_back(ranks);
    }
  }
  std::vector<int> nearestFirst(int s) const { return nearestFirst_[s]; }
  // Where `sender` writes in `owner`'s scratch.
  int slot(int owner, int sender) const {
    const std::vector<int> &ranks = byRank_[owner];
    return int(std::lower_bound(ranks.begin(), ranks.end(), sender) -
               ranks.begin());
  }

private:
  std::vector<std::vector<int>> nearestFirst_;
  std::vector<std::vector<int>> byRank_;
};

MSCCLPP_ALGORITHM void rs_push_classes(int num_gpus = 4, int instances = 1) {
  const int n = num_gpus;
  ReduceScatter collective(n, 1, /*inplace=*/false);
  CollectiveProgram program("rs_push_classes", collective, n,
                            {.instances = instances});
  const PeerTable table(n);
  std::map<std::pair<int, int>, MemoryChannel> chan;
  for (int r = 0; r < n; ++r)
    for (int p = 0; p < n; ++p)
      if (p != r)
        chan.emplace(std::pair{r, p}, MemoryChannel(p, r));
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.emplace_back(r, n - 1);
  for (int r = 0; r < n; ++r) {
    for (int p : table.nearestFirst(r))
      chan.at({r, p}).signal({.tb = 0, .relaxed = true});
    for (int p : table.nearestFirst(r))
      chan.at({r, p}).wait(
          {.tb = 0, .data_sync = SyncType::after, .relaxed = true});
  }
  for (int r = 0; r < n; ++r)
    for (int p : table.nearestFirst(r)) {
      const int k = table.slot(p, r);
      chan.at({r, p}).put(scratch[p].slice(k, k + 1),
                          Rank(r).get_input_buffer().slice(p, p + 1),
                          {.tb = 0});
      chan.at({r, p}).signal({.tb = 0, .data_sync = SyncType::before});
    }
  for (int r = 0; r < n; ++r) {
    for (int p : table.nearestFirst(r))
      chan.at({r, p}).wait({.tb = 0, .data_sync = SyncType::after});
    std::vector<Chunk> slots;
    for (int k = 0; k < n - 1; ++k)
      slots.push_back(scratch[r].slice(k, k + 1));
    Rank(r).reduce(
        Rank(r).get_input_buffer().slice(r, r + 1), slots,
        {.tb = 0, .dst_chunk = Rank(r).get_output_buffer().slice(0, 1)});
  }
}
