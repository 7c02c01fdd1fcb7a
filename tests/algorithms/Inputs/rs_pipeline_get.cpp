// Pull-based reduce-scatter in a pipeline: rank r reads block r of every
// peer's input with get into its scratch, one slot per peer, and reduces
// the slots with its own block into its output, unit bytes at a time
// (LoopIterationContext). The gets are spread over `tbs` thread blocks
// (peer p on tb p % tbs); with more than one, a barrier inside the loop
// hands every slot to tb 0 before it reduces. A relaxed signal/wait round
// says the inputs are ready; a closing round keeps every rank from
// returning (and its input from being rewritten) while a peer still reads.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void
rs_pipeline_get(std::string_view name = "rs_pipeline_get", int num_gpus = 4,
                int chunks = 2, int tbs = 1, int unit = 16384,
                int instances = 1) {
  const int n = num_gpus, cf = chunks;
  ReduceScatter collective(n, cf, /*inplace=*/false);
  CollectiveProgram program(name, collective, n, {.instances = instances});
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.push_back(Buffer(r, n * cf));
  std::map<std::pair<int, int>, MemoryChannel> chans;
  for (int r = 0; r < n; ++r)
    for (int p = 0; p < n; ++p)
      if (p != r)
        chans.emplace(std::make_pair(r, p), MemoryChannel(p, r));
  auto peers = [n](int r) {
    std::vector<int> out;
    for (int p = 0; p < n; ++p)
      if (p != r)
        out.push_back(p);
    return out;
  };
  for (int r = 0; r < n; ++r) {
    for (int p : peers(r))
      chans.at({r, p}).signal({.tb = p % tbs, .relaxed = true});
    for (int p : peers(r))
      chans.at({r, p}).wait(
          {.tb = p % tbs, .data_sync = SyncType::after, .relaxed = true});
  }
  {
    LoopIterationContext loop(unit, cf);
    for (int r = 0; r < n; ++r) {
      Rank rank(r);
      for (int p : peers(r))
        chans.at({r, p}).get(
            scratch[r].slice(p * cf, (p + 1) * cf),
            Rank(p).get_input_buffer().slice(r * cf, (r + 1) * cf),
            {.tb = p % tbs});
      if (tbs > 1) {
        std::vector<int> all;
        for (int t = 0; t < tbs; ++t)
          all.push_back(t);
        rank.barrier(all);
      }
      std::vector<Chunk> slots;
      for (int p : peers(r))
        slots.push_back(scratch[r].slice(p * cf, (p + 1) * cf));
      rank.reduce(
          rank.get_input_buffer().slice(r * cf, (r + 1) * cf), slots,
          {.tb = 0, .dst_chunk = rank.get_output_buffer().slice(0, cf)});
    }
  }
  for (int r = 0; r < n; ++r) {
    for (int p : peers(r))
      chans.at({r, p}).signal({.tb = p % tbs, .data_sync = SyncType::before});
    for (int p : peers(r))
      chans.at({r, p}).wait({.tb = p % tbs, .data_sync = SyncType::none});
  }
}
