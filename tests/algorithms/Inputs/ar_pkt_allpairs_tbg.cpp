// LL all-pairs all-reduce with a thread-block group: every rank puts
// each peer's block into that peer's scratch as packets (one thread block per
// peer), a group of `gsize` thread blocks reduces the packets into the rank's
// own block and puts the sum to every peer's second scratch half as packets,
// and per-peer thread blocks unpack the sums into the work buffer. Double
// scratch buffer, so back-to-back launches alternate halves.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void
ar_pkt_allpairs_tbg(std::string_view name = "ar_pkt_allpairs_tbg",
                    int num_gpus = 5, int chunks = 2, int gsize = 2,
                    bool inplace = false, int instances = 1) {
  const int n = num_gpus, cf = chunks;
  AllReduce collective(n, cf, inplace);
  CollectiveProgram program(name, collective, n,
                            {.instances = instances,
                             .protocol = Protocol::LL,
                             .use_double_scratch_buffer = true});
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.emplace_back(r, 2 * n * cf);
  std::map<std::pair<int, int>, MemoryChannel> chans;
  for (int r = 0; r < n; ++r)
    for (int p = 0; p < n; ++p)
      if (p != r)
        chans.emplace(std::make_pair(r, p), MemoryChannel(p, r));
  std::vector<int> gl;
  for (int j = 0; j < gsize; ++j)
    gl.push_back(n - 1 + j);
  ThreadBlockGroup grp(gl);
  auto blk = [cf](auto buf, int who, int base = 0) {
    return buf.slice(base + who * cf, base + (who + 1) * cf);
  };
  for (int r = 0; r < n; ++r) {
    auto inp = Rank(r).get_input_buffer();
    for (int k = 1; k < n; ++k) {
      int p = (r + k) % n;
      chans.at({r, p}).put_packets(blk(scratch[p], r), blk(inp, p),
                                   {.tb = k - 1});
    }
  }
  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    auto inp = rank.get_input_buffer();
    auto work = inplace ? inp : rank.get_output_buffer();
    std::vector<Chunk> srcs;
    for (int s = 0; s < n; ++s)
      if (s != r)
        srcs.push_back(blk(scratch[r], s));
    rank.reduce(blk(inp, r), srcs,
                {.tb_group = grp, .dst_chunk = blk(work, r), .packet = true});
    for (int k = 1; k < n; ++k) {
      int p = (r + k) % n;
      chans.at({r, p}).put_packets(blk(scratch[p], r, n * cf), blk(work, r),
                                   {.tb_group = grp});
    }
  }
  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    auto work = inplace ? rank.get_input_buffer() : rank.get_output_buffer();
    for (int k = 1; k < n; ++k) {
      int p = (r - k + n) % n;
      rank.unpack_packets(blk(work, p), blk(scratch[r], p, n * cf),
                          {.tb = k - 1});
    }
  }
}
