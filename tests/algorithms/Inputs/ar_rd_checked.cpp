// Recursive-doubling all-reduce over memory channels: in round k every rank
// sends its whole buffer to the rank whose number differs in bit k (into
// slot k of the partner's scratch, as LL packets or with a signal) and adds
// the partner's copy into its own; log2(n) rounds, one thread block.
// Written with a parameter check that throws, a recursive std::function,
// an enum class and a switch, and a map of channels made by try_emplace
// from the channel's constructor arguments.
#include <algorithm>
#include <functional>
#include <map>
#include <mscclpp/dsl.hpp>
#include <numeric>
#include <stdexcept>
#include <string_view>
using namespace mscclpp::dsl;

enum class Phase { Exchange, Reduce };

static_assert(sizeof(int) == 4);

MSCCLPP_ALGORITHM void ar_rd_checked(std::string_view name = "ar_rd_checked",
                                     int num_gpus = 8, bool packets = true) {
  const int n = num_gpus;
  if ((n & (n - 1)) != 0)
    throw std::invalid_argument("num_gpus must be a power of two");
  AllReduce collective(n, 1, true);
  CollectiveProgram program(
      name, collective, n,
      {.protocol = packets ? Protocol::LL : Protocol::Simple,
       .use_double_scratch_buffer = packets});
  int rounds = 0;
  std::function<int(int)> log2 = [&](int v) {
    return v <= 1 ? 0 : 1 + log2(v / 2);
  };
  rounds = log2(n);
  std::map<std::pair<int, int>, MemoryChannel> ch;
  for (int r = 0; r < n; ++r)
    for (int k = 0; k < rounds; ++k) {
      int peer = r ^ (1 << k);
      ch.try_emplace({r, peer}, peer, r);
    }
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.push_back(Buffer(r, rounds * n));
  auto run = [&](Phase phase, int r, int k) {
    int peer = r ^ (1 << k);
    Chunk data = Rank(r).get_input_buffer().slice(0, n);
    switch (phase) {
    case Phase::Exchange:
      if (packets) {
        ch.at({r, peer}).put_packets(scratch[peer].slice(k * n, (k + 1) * n),
                                     data, {.tb = 0});
      } else {
        ch.at({r, peer}).put(scratch[peer].slice(k * n, (k + 1) * n), data,
                             {.tb = 0});
        ch.at({r, peer}).signal({.tb = 0, .data_sync = SyncType::before});
      }
      break;
    case Phase::Reduce:
      if (!packets)
        ch.at({r, peer}).wait({.tb = 0, .data_sync = SyncType::after});
      if (packets)
        Rank(r).reduce(data, {scratch[r].slice(k * n, (k + 1) * n)},
                       {.tb = 0, .packet = true});
      else
        Rank(r).reduce(data, {scratch[r].slice(k * n, (k + 1) * n)}, {.tb = 0});
      break;
    }
  };
  for (int k = 0; k < rounds; ++k) {
    for (int r = 0; r < n; ++r)
      run(Phase::Exchange, r, k);
    for (int r = 0; r < n; ++r)
      run(Phase::Reduce, r, k);
  }
  // Signals: no rank returns (and starts the next launch's puts) before
  // every partner has added its copy. Packets alternate scratch halves.
  if (!packets) {
    for (int k = 0; k < rounds; ++k)
      for (int r = 0; r < n; ++r)
        ch.at({r, r ^ (1 << k)})
            .signal({.tb = 0, .data_sync = SyncType::before});
    for (int k = 0; k < rounds; ++k)
      for (int r = 0; r < n; ++r)
        ch.at({r, r ^ (1 << k)}).wait({.tb = 0});
  }
}
