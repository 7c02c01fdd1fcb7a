// LL all-pairs all-gather with pipelined put_packets and unpack_packets.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void
ag_pkt_pipeline(std::string_view name = "ag_pkt_pipeline", int num_gpus = 3,
                int chunks = 2, bool inplace = true, int instances = 1,
                int unit = 4096) {
  const int n = num_gpus, cf = chunks;
  AllGather collective(n, cf, inplace);
  CollectiveProgram program(name, collective, n,
                            {.instances = instances,
                             .protocol = Protocol::LL,
                             .use_double_scratch_buffer = true});
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.push_back(Buffer(r, n * cf));
  std::map<std::pair<int, int>, MemoryChannel> chans;
  for (int r = 0; r < n; ++r)
    for (int p = 0; p < n; ++p)
      if (p != r)
        chans.emplace(std::make_pair(r, p), MemoryChannel(p, r));
  auto mod = [n](int x) { return ((x % n) + n) % n; };
  {
    LoopIterationContext loop(unit, cf);
    for (int r = 0; r < n; ++r) {
      Rank rank(r);
      BaseBuffer out = rank.get_output_buffer();
      Chunk src = inplace ? out.slice(r * cf, (r + 1) * cf)
                          : rank.get_input_buffer().slice(0, cf);
      for (int k = 1; k < n; ++k) {
        const int p = (r + k) % n;
        chans.at({r, p}).put_packets(scratch[p].slice(r * cf, (r + 1) * cf),
                                     src, {.tb = k - 1});
      }
      if (!inplace)
        rank.copy(out.slice(r * cf, (r + 1) * cf), src, {.tb = n - 1});
    }
  }
  {
    LoopIterationContext loop(unit, cf);
    for (int r = 0; r < n; ++r) {
      Rank rank(r);
      BaseBuffer out = rank.get_output_buffer();
      for (int k = 1; k < n; ++k) {
        const int p = mod(r - k);
        rank.unpack_packets(out.slice(p * cf, (p + 1) * cf),
                            scratch[r].slice(p * cf, (p + 1) * cf),
                            {.tb = k - 1});
      }
    }
  }
}
