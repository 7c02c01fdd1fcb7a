// An LL AllReduce with two instances whose scratch region is written by one
// two-chunk put_packets and read by two one-chunk packet reductions: mixed
// granularity, but the put's source (the peer's input) is split the same
// way as the reductions' other operand, so every instance still pairs the
// right elements.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void interleaved_mirrored_split() {
  const int n = 2, cf = 2;
  CollectiveProgram program("interleaved_mirrored_split",
                            AllReduce(n, cf, true), n,
                            {.instances = 2,
                             .protocol = Protocol::LL,
                             .use_double_scratch_buffer = true});
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.push_back(Buffer(r, 2 * n * cf));
  std::vector<MemoryChannel> channel;
  for (int r = 0; r < n; ++r)
    channel.push_back(MemoryChannel(1 - r, r));
  for (int r = 0; r < n; ++r) {
    const int peer = 1 - r;
    BaseBuffer inp = Rank(r).get_input_buffer();
    channel[r].put_packets(scratch[peer].slice(r * cf, (r + 1) * cf),
                           inp.slice(peer * cf, (peer + 1) * cf), {.tb = 0});
  }
  for (int r = 0; r < n; ++r) {
    const int peer = 1 - r;
    Rank rank(r);
    BaseBuffer inp = rank.get_input_buffer();
    for (int j = 0; j < cf; ++j) {
      const int c = r * cf + j;
      rank.reduce(inp.slice(c, c + 1),
                  {scratch[r].slice(peer * cf + j, peer * cf + j + 1)},
                  {.tb = 0, .packet = true});
      channel[r].put_packets(scratch[peer].slice(n * cf + c, n * cf + c + 1),
                             inp.slice(c, c + 1), {.tb = 0});
    }
  }
  for (int r = 0; r < n; ++r) {
    const int peer = 1 - r;
    Rank rank(r);
    rank.unpack_packets(
        rank.get_input_buffer().slice(peer * cf, (peer + 1) * cf),
        scratch[r].slice(n * cf + peer * cf, n * cf + (peer + 1) * cf),
        {.tb = 1});
  }
}
