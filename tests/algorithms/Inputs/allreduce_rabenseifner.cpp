// AllReduce, Rabenseifner, any rank count (see allreduce_rabenseifner.py).
#include <map>
#include <mscclpp/dsl.hpp>
#include <optional>
#include <string_view>
#include <vector>
using namespace mscclpp::dsl;

struct Layout {
  int n, cf, total, p, rem, steps;
  bool inplace;
  int seg_start(int i) const { return i * total / p; } // defined, never called
};

struct RankScratch {
  std::optional<Buffer> fold;
  std::vector<Buffer> recv;
};

Layout make_layout(int n, int cf, bool inplace) {
  int p = 1, steps = 0;
  while (p * 2 <= n) {
    p *= 2;
    ++steps;
  }
  return {.n = n,
          .cf = cf,
          .total = n * cf,
          .p = p,
          .rem = n - p,
          .steps = steps,
          .inplace = inplace};
}

int seg_start(const Layout &L, int i) { return i * L.total / L.p; }

Chunk seg_range(const Layout &L, const BaseBuffer &buf, int lo, int length) {
  return buf.slice(seg_start(L, lo), seg_start(L, lo + length));
}

std::optional<int> to_virtual(const Layout &L, int r) {
  if (r < 2 * L.rem)
    return r % 2 == 1 ? std::optional<int>(r / 2) : std::nullopt;
  return r - L.rem;
}

int to_real(const Layout &L, int v) {
  return v < L.rem ? 2 * v + 1 : v + L.rem;
}

BaseBuffer data_buffer(const Layout &L, int r) {
  return L.inplace ? Rank(r).get_input_buffer() : Rank(r).get_output_buffer();
}

MemoryChannel channel(std::map<int, MemoryChannel> &channels, int peer, int r) {
  if (!channels.contains(peer))
    channels.emplace(peer, MemoryChannel(peer, r));
  return channels.at(peer);
}

void level(const Layout &L, std::vector<RankScratch> &scratch,
           std::map<int, MemoryChannel> &channels, int r, int v, int lo,
           int length, int k) {
  if (length == 1)
    return;
  Rank rank(r);
  const BaseBuffer buf = data_buffer(L, r);
  const int half = length / 2;
  const int partner = to_real(L, v ^ half);
  const int keep = v < lo + half ? lo : lo + half;
  const int send = v < lo + half ? lo + half : lo;
  MemoryChannel ch = channel(channels, partner, r);
  const Chunk send_chunk = seg_range(L, buf, send, half);
  const Chunk keep_chunk = seg_range(L, buf, keep, half);
  ch.signal({.tb = 0, .relaxed = true});
  ch.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
  ch.put(scratch[partner].recv[k].slice(0, send_chunk.size), send_chunk,
         {.tb = 0});
  ch.signal({.tb = 0, .data_sync = SyncType::before});
  ch.wait({.tb = 0, .data_sync = SyncType::after});
  rank.reduce(keep_chunk, {scratch[r].recv[k].slice(0, keep_chunk.size)},
              {.tb = 0});
  level(L, scratch, channels, r, v, keep, half, k + 1);
  // allgather on the way back: my reduced half to the partner
  ch.put(data_buffer(L, partner)
             .slice(keep_chunk.index, keep_chunk.index + keep_chunk.size),
         keep_chunk, {.tb = 0});
  ch.signal({.tb = 0, .data_sync = SyncType::before});
  ch.wait({.tb = 0, .data_sync = SyncType::after});
}

MSCCLPP_ALGORITHM void
allreduce_rabenseifner(std::string_view name = "allreduce_rabenseifner",
                       int num_gpus = 4, int chunk_factor = 1,
                       bool inplace = false) {
  AllReduce collective(num_gpus, chunk_factor, inplace);
  CollectiveProgram program(name, collective, num_gpus,
                            {.protocol = Protocol::Simple});
  const Layout L = make_layout(num_gpus, chunk_factor, inplace);
  const int total = L.total;

  std::vector<RankScratch> scratch;
  for (int r = 0; r < L.n; ++r) {
    RankScratch s;
    if (r < 2 * L.rem && r % 2 == 1)
      s.fold = Buffer(r, total);
    for (int k = 0; k < L.steps; ++k)
      s.recv.push_back(Buffer(r, total));
    scratch.push_back(s);
  }

  for (int r = 0; r < L.n; ++r) {
    Rank rank(r);
    BaseBuffer buf = data_buffer(L, r);
    if (!inplace)
      rank.copy(buf.slice(0, total), rank.get_input_buffer().slice(0, total),
                {.tb = 0});
    std::map<int, MemoryChannel> channels;

    const std::optional<int> v = to_virtual(L, r);
    if (!v) {
      // folded rank: hand the vector over, get the result back
      MemoryChannel ch = channel(channels, r + 1, r);
      ch.signal({.tb = 0, .relaxed = true});
      ch.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
      ch.put(scratch[r + 1].fold.value().slice(0, total), buf.slice(0, total),
             {.tb = 0});
      ch.signal({.tb = 0, .data_sync = SyncType::before});
      ch.wait({.tb = 0, .data_sync = SyncType::after});
      continue;
    }

    const bool folding = r < 2 * L.rem;
    if (folding) {
      MemoryChannel ch = channel(channels, r - 1, r);
      ch.signal({.tb = 0, .relaxed = true});
      ch.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
      ch.wait({.tb = 0, .data_sync = SyncType::after});
      rank.reduce(buf.slice(0, total),
                  {scratch[r].fold.value().slice(0, total)}, {.tb = 0});
    }

    level(L, scratch, channels, r, *v, 0, L.p, 0);

    if (folding) {
      MemoryChannel ch = channel(channels, r - 1, r);
      ch.put(data_buffer(L, r - 1).slice(0, total), buf.slice(0, total),
             {.tb = 0});
      ch.signal({.tb = 0, .data_sync = SyncType::before});
    }
  }
}
