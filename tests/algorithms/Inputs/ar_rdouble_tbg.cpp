// Recursive-doubling AllReduce: in step k every rank puts its working
// buffer into scratch slot k of its partner r ^ 2^k and reduces the
// partner's copy into its own. num_tbs thread blocks split every transfer
// and reduction as a thread-block group, each on its own channel to the
// partner: the op is given both tb and tb_group (that thread block's share
// of the group's split).
#include <bit>
#include <map>
#include <mscclpp/dsl.hpp>
#include <numeric>
#include <tuple>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void ar_rdouble_tbg(std::string_view name = "ar_rdouble_tbg",
                                      int num_gpus = 4, int chunks = 1,
                                      bool inplace = true, int num_tbs = 2,
                                      int instances = 1) {
  const int n = num_gpus, cf = chunks;
  const int steps = std::bit_width(unsigned(n)) - 1;
  AllReduce collective(n, cf, inplace);
  CollectiveProgram program(name, collective, n, {.instances = instances});
  const int size = n * cf;
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.emplace_back(r, steps * size);
  // channel.at({r, k, t}): rank r's channel to its step-k partner, for
  // thread block t.
  std::map<std::tuple<int, int, int>, MemoryChannel> channel;
  for (int r = 0; r < n; ++r)
    for (int k = 0; k < steps; ++k)
      for (int t = 0; t < num_tbs; ++t)
        channel.emplace(std::make_tuple(r, k, t),
                        MemoryChannel(r ^ (1 << k), r));
  std::vector<int> members(num_tbs);
  std::iota(members.begin(), members.end(), 0);
  ThreadBlockGroup group(members);
  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    BaseBuffer work =
        inplace ? rank.get_input_buffer() : rank.get_output_buffer();
    if (!inplace)
      rank.copy(work.slice(0, size), rank.get_input_buffer().slice(0, size),
                {.tb_group = group});
    for (int k = 0; k < steps; ++k) {
      const int partner = r ^ (1 << k);
      Chunk slot = scratch[partner].slice(k * size, (k + 1) * size);
      for (int t = 0; t < num_tbs; ++t) {
        MemoryChannel &c = channel.at({r, k, t});
        c.put(slot, work.slice(0, size), {.tb = t, .tb_group = group});
        c.signal({.tb = t, .data_sync = SyncType::before});
        c.wait({.tb = t, .data_sync = SyncType::after});
        rank.reduce(work.slice(0, size),
                    {scratch[r].slice(k * size, (k + 1) * size)},
                    {.tb = t, .tb_group = group});
      }
    }
    // Nobody returns while a partner may still read its scratch.
    for (int k = 0; k < steps; ++k)
      for (int t = 0; t < num_tbs; ++t)
        channel.at({r, k, t}).signal({.tb = t, .data_sync = SyncType::before});
    for (int k = 0; k < steps; ++k)
      for (int t = 0; t < num_tbs; ++t)
        channel.at({r, k, t}).wait({.tb = t, .data_sync = SyncType::none});
  }
}
