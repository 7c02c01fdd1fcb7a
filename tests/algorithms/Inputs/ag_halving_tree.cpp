// All-gather by recursive halving, written as recursion: gather(lo, hi)
// first gathers each half of the ranks [lo, hi), then every rank puts the
// half-range of blocks it now holds straight into its partner's output
// buffer in the other half (memory channels, put + signal, then wait).
// In place, n a power of two, one thread block per rank. A "ready" round
// with every partner first keeps a launch from writing a partner's output
// before that partner has finished the previous launch.
//
// The recursion goes through a std::function that the lambda captures by
// reference, as the Python version's nested def calls itself.
#include <cassert>
#include <functional>
#include <map>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void
ag_halving_tree(std::string_view name = "ag_halving_tree", int num_gpus = 8,
                int chunks = 1, int instances = 1) {
  const int n = num_gpus, c = chunks;
  assert(n >= 2 && (n & (n - 1)) == 0);
  AllGather collective(n, c, /*inplace=*/true);
  CollectiveProgram program(name, collective, n, {.instances = instances});
  std::map<std::pair<int, int>, MemoryChannel> channels;
  for (int r = 0; r < n; ++r)
    for (int bit = 1; bit < n; bit *= 2)
      channels.emplace(std::make_pair(r, r ^ bit), MemoryChannel(r ^ bit, r));
  for (int r = 0; r < n; ++r)
    for (int bit = 1; bit < n; bit *= 2)
      channels.at({r, r ^ bit}).signal({.tb = 0, .data_sync = SyncType::none});
  for (int r = 0; r < n; ++r)
    for (int bit = 1; bit < n; bit *= 2)
      channels.at({r, r ^ bit}).wait({.tb = 0, .data_sync = SyncType::after});

  std::function<void(int, int)> gather = [&](int lo, int hi) {
    if (hi - lo < 2)
      return;
    const int mid = (lo + hi) / 2, half = mid - lo;
    gather(lo, mid);
    gather(mid, hi);
    for (int r = lo; r < hi; ++r) {
      const int partner = r < mid ? r + half : r - half;
      const int from = r < mid ? lo : mid; // the blocks r holds
      MemoryChannel &ch = channels.at({r, partner});
      ch.put(
          Rank(partner).get_output_buffer().slice(from * c, (from + half) * c),
          Rank(r).get_output_buffer().slice(from * c, (from + half) * c),
          {.tb = 0});
      ch.signal({.tb = 0, .data_sync = SyncType::before});
    }
    for (int r = lo; r < hi; ++r) {
      const int partner = r < mid ? r + half : r - half;
      channels.at({r, partner}).wait({.tb = 0, .data_sync = SyncType::after});
    }
  };
  gather(0, n);
}
