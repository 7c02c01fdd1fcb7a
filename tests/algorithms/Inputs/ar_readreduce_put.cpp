// All-reduce by reading: rank r owns blocks r*chunks..(r+1)*chunks-1,
// reduces each one by reading every peer's input through its memory channel
// (the first reduce writes the sum to the work buffer, the others accumulate
// there), then puts the sum to every peer in reverse peer order. Chunks are
// spread over `tbs` thread blocks; barriers join them before and after, and a
// relaxed opening round and a closing round guard the inputs.
#include <functional>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void
ar_readreduce_put(std::string_view name = "ar_readreduce_put", int num_gpus = 5,
                  int chunks = 2, int tbs = 2, bool inplace = false,
                  int instances = 1) {
  const int n = num_gpus, cf = chunks;
  AllReduce collective(n, cf, inplace);
  CollectiveProgram program(name, collective, n, {.instances = instances});
  std::map<std::pair<int, int>, MemoryChannel> chans;
  for (int r = 0; r < n; ++r)
    for (int p = 0; p < n; ++p)
      if (p != r)
        chans.emplace(std::make_pair(r, p), MemoryChannel(p, r));
  std::vector<int> all_tbs;
  for (int t = 0; t < tbs; ++t)
    all_tbs.push_back(t);
  std::function<std::vector<int>(int)> peers = [n](int r) {
    std::vector<int> v;
    for (int k = 1; k < n; ++k)
      v.push_back((r + k) % n);
    return v;
  };
  auto workOf = [inplace](int r) {
    return inplace ? Rank(r).get_input_buffer() : Rank(r).get_output_buffer();
  };
  for (int r = 0; r < n; ++r) {
    for (int p : peers(r))
      chans.at({r, p}).signal({.tb = 0, .relaxed = true});
    for (int p : peers(r))
      chans.at({r, p}).wait(
          {.tb = 0, .data_sync = SyncType::after, .relaxed = true});
    Rank(r).barrier(all_tbs);
  }
  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    auto inp = rank.get_input_buffer();
    auto work = workOf(r);
    for (int c = 0; c < cf; ++c) {
      const int i = r * cf + c, t = c % tbs;
      bool first = true;
      for (int p : peers(r)) {
        Chunk remote = Rank(p).get_input_buffer().slice(i, i + 1);
        if (first) {
          chans.at({r, p}).reduce(
              inp.slice(i, i + 1), {remote},
              {.tb = t, .local_dst_chunk = work.slice(i, i + 1)});
          first = false;
        } else {
          chans.at({r, p}).reduce(work.slice(i, i + 1), {remote}, {.tb = t});
        }
      }
      auto ps = peers(r);
      for (auto it = ps.rbegin(); it != ps.rend(); ++it)
        chans.at({r, *it}).put(workOf(*it).slice(i, i + 1),
                               work.slice(i, i + 1), {.tb = t});
    }
    rank.barrier(all_tbs);
    for (int p : peers(r))
      chans.at({r, p}).signal({.tb = 0, .data_sync = SyncType::before});
    for (int p : peers(r))
      chans.at({r, p}).wait({.tb = 0, .data_sync = SyncType::after});
  }
}
