// AllGather out of place staged through scratch: every rank first reserves
// a one-chunk pad and then a landing buffer of (n-1)*cf chunks in scratch
// (so the landing buffer's offset is 1); rank r puts its whole input into
// slot k of each peer's landing buffer (k: r's position among the peer's
// peers) with a thread block group of `group` blocks, signals, and each
// rank waits and copies every landed slot into its output.
//
// Sizes come from the accessors: the collective's num_ranks(),
// chunk_factor() and inplace(), a buffer's size() - offset() (size is
// where the buffer ends, as in Python), a group's tb_list(), numtb() and
// get_internal_id().
#include <cassert>
#include <map>
#include <mscclpp/dsl.hpp>
#include <numeric>
#include <vector>
using namespace mscclpp::dsl;

// Blocks first, first + 1, ..., first + count - 1.
static ThreadBlockGroup consecutiveBlocks(int first, int count) {
  std::vector<int> tbs(count);
  std::iota(tbs.begin(), tbs.end(), first);
  return ThreadBlockGroup(tbs);
}

static int length(const BaseBuffer &b) { return b.size() - b.offset(); }

MSCCLPP_ALGORITHM void ag_staged_scratch(int num_gpus = 4, int chunk_factor = 2,
                                         int group = 2) {
  AllGather collective(num_gpus, chunk_factor, /*inplace=*/false);
  CollectiveProgram program("ag_staged_scratch", collective, num_gpus,
                            {.protocol = Protocol::Simple});
  const int n = collective.num_ranks();
  const int cf = collective.chunk_factor();
  assert(!collective.inplace());
  std::vector<Buffer> pads, landing;
  for (int r = 0; r < n; ++r)
    pads.emplace_back(r, 1);
  for (int r = 0; r < n; ++r)
    landing.push_back(Buffer(r, (n - 1) * cf));
  std::map<std::pair<int, int>, MemoryChannel> chan;
  for (int r = 0; r < n; ++r)
    for (int p = 0; p < n; ++p)
      if (p != r)
        chan.emplace(std::pair{r, p}, MemoryChannel(p, r));
  for (int r = 0; r < n; ++r) {
    BaseBuffer in = Rank(r).get_input_buffer();
    const int len = length(in);
    std::vector<int> peers;
    for (int p = 0; p < n; ++p)
      if (p != r)
        peers.push_back(p);
    for (int i = 0; i < int(peers.size()); ++i) {
      const int p = peers[i];
      const int k = r < p ? r : r - 1;
      ThreadBlockGroup tbg = consecutiveBlocks(1 + group * i, group);
      Chunk dst = landing[p].slice(k * len, k * len + len);
      MemoryChannel &ch = chan.at({r, p});
      ch.put(dst, in.slice(0, len), {.tb_group = tbg});
      // Every block of the group signals its part of the put.
      for (int tb : tbg.tb_list())
        ch.signal({.tb = tb, .data_sync = SyncType::before});
    }
    BaseBuffer out = Rank(r).get_output_buffer();
    Rank(r).copy(out.slice(r * cf, (r + 1) * cf), in.slice(0, len), {.tb = 0});
    for (int i = 0; i < int(peers.size()); ++i) {
      const int p = peers[i];
      ThreadBlockGroup tbg = consecutiveBlocks(1 + group * i, group);
      assert(tbg.numtb() == group &&
             tbg.get_internal_id(tbg.tb_list().back()) == group - 1);
      MemoryChannel &ch = chan.at({r, p});
      for (int tb : tbg.tb_list())
        ch.wait({.tb = tb, .data_sync = SyncType::after});
      const Buffer &land = landing[r];
      const int at = i * len;
      const int last = tbg.tb_list()[tbg.numtb() - 1];
      Rank(r).barrier(tbg.tb_list());
      Rank(r).copy(out.slice(p * cf, (p + 1) * cf), land.slice(at, at + len),
                   {.tb = last});
      // The slot may be written again (the next launch).
      ch.signal({.tb = last, .data_sync = SyncType::before});
    }
    for (int i = 0; i < int(peers.size()); ++i)
      chan.at({r, peers[i]})
          .wait(
              {.tb = 1 + group * i + group - 1, .data_sync = SyncType::after});
    assert(length(pads[r]) == 1 && landing[r].offset() == 1);
  }
}
