// AllToAll driven by closures (see alltoall_closures.py).
#include <array>
#include <map>
#include <mscclpp/dsl.hpp>
#include <string_view>
#include <vector>
using namespace mscclpp::dsl;

enum class Order { forward, backward, interleaved };

std::vector<int> peer_order(int r, int n, Order order) {
  std::vector<int> peers;
  auto mod = [n](int x) { return ((x % n) + n) % n; }; // Python's %
  switch (order) {
  case Order::backward:
    for (int s = 1; s < n; ++s)
      peers.push_back(mod(r - s));
    break;
  case Order::interleaved: {
    std::map<int, bool> seen;
    for (int s = 1; s < n; ++s)
      for (int cand : {mod(r + s), mod(r - s)})
        if (cand != r && !seen.contains(cand)) {
          seen[cand] = true;
          peers.push_back(cand);
        }
    break;
  }
  case Order::forward:
  default:
    for (int s = 1; s < n; ++s)
      peers.push_back(mod(r + s));
  }
  return peers;
}

struct RankPlan {
  int rank;
  std::vector<int> peers;
};

MSCCLPP_ALGORITHM void
alltoall_closures(std::string_view name = "alltoall_closures", int num_gpus = 4,
                  int chunk_factor = 1, Order order = Order::forward,
                  int first_tb = 0, int instances = 1) {
  const int n = num_gpus, cf = chunk_factor;
  AllToAll collective(n, cf, false);
  CollectiveProgram program(name, collective, n, {.instances = instances});
  const std::array<SyncType, 2> syncs{SyncType::before, SyncType::after};
  auto block = [cf](const BaseBuffer &b, int i) {
    return b.slice(i * cf, (i + 1) * cf);
  };

  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    const BaseBuffer inp = rank.get_input_buffer(),
                     out = rank.get_output_buffer();
    auto next_tb = [t = first_tb]() mutable { return t++; };

    RankPlan plan{.rank = r, .peers = peer_order(r, n, order)};
    const RankPlan snapshot = plan; // a copy: must not see the push_back below
    plan.peers.push_back(r);        // the local block goes last
    auto local_tb_of = [plan](int p) { // captures the extended plan by value
      return p == plan.rank;
    };
    std::map<int, int> tbs;
    for (int p : plan.peers)
      tbs[p] = next_tb();
    plan.peers.clear(); // must not affect local_tb_of's copy or the snapshot

    for (int p : snapshot.peers) {
      if (local_tb_of(p))
        continue;
      const int tb = tbs.at(p);
      MemoryChannel ch(p, r);
      ch.signal({.tb = tb, .relaxed = true});
      ch.wait({.tb = tb, .data_sync = syncs[1], .relaxed = true});
      ch.put(block(Rank(p).get_output_buffer(), r), block(inp, p), {.tb = tb});
      ch.signal({.tb = tb, .data_sync = syncs.front()});
      ch.wait({.tb = tb, .data_sync = syncs.back()});
    }
    rank.copy(block(out, r), block(inp, r), {.tb = tbs[r]});
  }
}
