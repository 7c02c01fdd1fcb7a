// Recursive-doubling all-gather over port channels: in step k every rank
// sends the 2^k blocks it holds to the rank whose number differs in bit k
// (put_with_signal_and_flush into the partner's scratch buffer), waits for
// the partner's blocks and copies them into its output buffer; log2(n)
// steps, one thread block per rank. A closing signal/wait with every
// partner keeps the next launch from writing a partner's scratch before it
// has been copied out.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void
ag_recursive_doubling(std::string_view name = "ag_recursive_doubling",
                      int num_gpus = 4, int chunks = 1, bool inplace = true,
                      int instances = 1) {
  const int n = num_gpus, cf = chunks;
  AllGather collective(n, cf, inplace);
  CollectiveProgram program(name, collective, n, {.instances = instances});
  int steps = 0;
  while ((1 << steps) < n)
    ++steps;
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.push_back(Buffer(r, n * cf));
  std::map<std::pair<int, int>, PortChannel> chans;
  for (int k = 0; k < steps; ++k)
    for (int r = 0; r < n; ++r)
      chans.emplace(std::make_pair(r, k), PortChannel(r ^ (1 << k), r));
  // The 2^k blocks a rank holds before step k start at this block.
  auto held = [](int rank, int k) { return (rank >> k) << k; };
  if (!inplace)
    for (int r = 0; r < n; ++r) {
      Rank rank(r);
      rank.copy(rank.get_output_buffer().slice(r * cf, (r + 1) * cf),
                rank.get_input_buffer().slice(0, cf), {.tb = 0});
    }
  for (int k = 0; k < steps; ++k) {
    const int width = (1 << k) * cf;
    for (int r = 0; r < n; ++r) {
      const int p = r ^ (1 << k), from = held(r, k) * cf;
      chans.at({r, k}).put_with_signal_and_flush(
          scratch[p].slice(from, from + width),
          Rank(r).get_output_buffer().slice(from, from + width), {.tb = 0});
    }
    for (int r = 0; r < n; ++r) {
      const int p = r ^ (1 << k), from = held(p, k) * cf;
      chans.at({r, k}).wait({.tb = 0, .data_sync = SyncType::after});
      Rank(r).copy(Rank(r).get_output_buffer().slice(from, from + width),
                   scratch[r].slice(from, from + width), {.tb = 0});
    }
  }
  for (int k = 0; k < steps; ++k)
    for (int r = 0; r < n; ++r)
      chans.at({r, k}).signal({.tb = 0, .data_sync = SyncType::before});
  for (int k = 0; k < steps; ++k)
    for (int r = 0; r < n; ++r)
      chans.at({r, k}).wait({.tb = 0, .data_sync = SyncType::none});
}
