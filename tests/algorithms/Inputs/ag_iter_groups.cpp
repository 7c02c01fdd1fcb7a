// AllGather with peers grouped by ring distance, one thread block per
// group: rank r sends its chunk to every peer, nearest group first; even
// ranks visit a group's peers in ascending rank order, odd ranks in
// descending order. A relaxed handshake round first (every peer signalled,
// then awaited), then the puts, each followed by a signal, then the waits
// for the peers' data.
//
// The schedule is built the way C++ code walks containers: an iterator
// loop that erases while it goes, map iterators, reverse iterators,
// std::distance for the thread block, and helpers taking iterators.
#include <algorithm>
#include <iterator>
#include <map>
#include <mscclpp/dsl.hpp>
#include <numeric>
#include <vector>
using namespace mscclpp::dsl;

static int ringDistance(int a, int b, int n) {
  return std::min(((a - b) % n + n) % n, ((b - a) % n + n) % n);
}

// Appends [first, last) to `out`.
template <typename It>
void appendRange(std::vector<int> &out, It first, It last) {
  for (It it = first; it != last; ++it)
    out.push_back(*it);
}

struct Step {
  int tb;
  std::vector<int> order;
};

MSCCLPP_ALGORITHM void ag_iter_groups(int num_gpus = 4, int instances = 1) {
  const int n = num_gpus;
  AllGather collective(n, /*chunk_factor=*/1, /*inplace=*/true);
  CollectiveProgram program(
      "ag_iter_groups", collective, n,
      {.instances = instances, .protocol = Protocol::Simple});
  // One channel per (rank, peer), made up front in rank order: signals and
  // waits pair by channel, so every op of a pair uses the same one.
  std::map<std::pair<int, int>, MemoryChannel> chan;
  for (int r = 0; r < n; ++r)
    for (int p = 0; p < n; ++p)
      if (p != r)
        chan.emplace(std::make_pair(r, p), MemoryChannel(p, r));
  for (int r = 0; r < n; ++r) {
    std::vector<int> peers(n);
    std::iota(peers.begin(), peers.end(), 0);
    for (auto it = peers.begin(); it != peers.end();) {
      if (*it == r)
        it = peers.erase(it);
      else
        ++it;
    }
    std::map<int, std::vector<int>> groups;
    for (auto it = peers.cbegin(); it != peers.cend(); ++it)
      groups[ringDistance(r, *it, n)].push_back(*it);
    std::vector<Step> schedule;
    for (auto g = groups.begin(); g != groups.end(); ++g) {
      Step step{static_cast<int>(std::distance(groups.begin(), g)), {}};
      if (r % 2 == 0)
        appendRange(step.order, g->second.begin(), g->second.end());
      else
        appendRange(step.order, g->second.rbegin(), g->second.rend());
      schedule.push_back(step);
    }
    Chunk mine = Rank(r).get_output_buffer().slice(r, r + 1);
    for (auto s = schedule.begin(); s != schedule.end(); ++s) {
      const int tb = s->tb;
      auto channelTo = [&](int peer) {
        auto c = chan.find({r, peer});
        return c->second;
      };
      for (auto p = s->order.begin(); p != s->order.end(); ++p)
        channelTo(*p).signal({.tb = tb, .relaxed = true});
      for (auto p = s->order.begin(); p != s->order.end(); ++p)
        channelTo(*p).wait(
            {.tb = tb, .data_sync = SyncType::after, .relaxed = true});
      for (auto p = s->order.begin(); p != s->order.end(); ++p) {
        MemoryChannel ch = channelTo(*p);
        ch.put(Rank(*p).get_output_buffer().slice(r, r + 1), mine, {.tb = tb});
        ch.signal({.tb = tb, .data_sync = SyncType::before});
      }
      for (auto p = s->order.begin(); p != s->order.end(); ++p)
        chan.find({r, *p})->second.wait(
            {.tb = tb, .data_sync = SyncType::after});
    }
  }
}
