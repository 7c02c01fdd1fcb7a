// Two-level NVLS all-reduce: ranks form two switch groups of g ranks (group B's
// rank list given in reverse). Block b is owned by the rank with local index
// b % g in each group: (1) glres inside the group via the rank view, (2) the
// group sum is put into the partner's scratch (partner = same local index in
// the other group), locally reduced, (3) re-multicast in the group with a
// plain broadcast (gstore). Thread block k handles the k-th owned block.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void hier(std::string_view name = "nvls_hier_ar", int g = 2,
                            int instances = 1) {
  const int n = 2 * g;
  const int per = n / g;
  AllReduce collective(n, 1, true);
  CollectiveProgram program(
      name, collective, n,
      {.instances = instances, .protocol = Protocol::Simple});
  std::vector<int> ga, gb;
  for (int r = 0; r < g; ++r)
    ga.push_back(r);
  for (int r = 2 * g - 1; r > g - 1; --r)
    gb.push_back(r);
  std::vector<SwitchChannel> sws{SwitchChannel(ga, BufferType::input),
                                 SwitchChannel(gb, BufferType::input)};
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.push_back(Buffer(r, per));
  std::map<std::tuple<int, int, int>, MemoryChannel> mesh;
  for (int r = 0; r < n; ++r)
    for (int k = 0; k < per; ++k)
      for (int p = 0; p < n; ++p)
        if (p != r && p / g == r / g)
          mesh.emplace(std::make_tuple(r, p, k), MemoryChannel(p, r));
  std::map<std::pair<int, int>, MemoryChannel> cross;
  for (int r = 0; r < n; ++r)
    for (int k = 0; k < per; ++k)
      cross.emplace(std::make_pair(r, k), MemoryChannel((r + g) % n, r));
  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    BaseBuffer inp = rank.get_input_buffer();
    const int grp = r / g, li = r % g;
    auto sw = sws[grp].at_rank(r);
    const int partner = (r + g) % n;
    for (int k = 0; k < per; ++k) {
      const int b = li + k * g;
      std::vector<int> peers;
      for (int p = 0; p < n; ++p)
        if (p != r && p / g == grp)
          peers.push_back(p);
      for (int p : peers)
        mesh.at({r, p, k}).signal({.tb = k, .relaxed = true});
      for (int p : peers)
        mesh.at({r, p, k}).wait(
            {.tb = k, .data_sync = SyncType::after, .relaxed = true});
      sw.reduce(b, 1, inp.slice(b, b + 1), {.tb = k});
      sw.broadcast(inp.slice(b, b + 1), b, 1, {.tb = k});
      rank.barrier({k});
      cross.at({r, k}).put(scratch[partner].slice(k, k + 1),
                           inp.slice(b, b + 1), {.tb = k});
      cross.at({r, k}).signal({.tb = k, .data_sync = SyncType::before});
      cross.at({r, k}).wait({.tb = k, .data_sync = SyncType::after});
      rank.reduce(inp.slice(b, b + 1), {scratch[r].slice(k, k + 1)}, {.tb = k});
      rank.barrier({k});
      sw.broadcast(inp.slice(b, b + 1), b, 1, {.tb = k});
      for (int p : peers)
        mesh.at({r, p, k}).signal({.tb = k, .data_sync = SyncType::before});
      for (int p : peers)
        mesh.at({r, p, k}).wait({.tb = k, .data_sync = SyncType::after});
    }
  }
}
