// Ring all-reduce over a strided ring: rank r's successor is (r + s) % n
// for the smallest s >= stride that is coprime with n, so the ring visits
// every rank (with s = 1 it is the plain ring). Reduce-scatter: at step k
// the rank at ring position i puts its partial sum of chunk (i - k) into a
// fresh scratch slot of its successor, which reduces it into its own copy.
// All-gather: the finished chunks travel the same way, straight into the
// successors' buffers. A "ready" round at the start keeps a rank from
// writing its successor's scratch before the successor has finished the
// previous launch.
//
// Written with the standard library a C++ programmer reaches for:
// std::gcd, std::views::iota, std::ranges::sort, std::accumulate.
#include <algorithm>
#include <cassert>
#include <map>
#include <numeric>
#include <ranges>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

namespace {
int wrap(int x, int n) { return ((x % n) + n) % n; }
} // namespace

MSCCLPP_ALGORITHM void ar_stride_ring(std::string_view name = "ar_stride_ring",
                                      int num_gpus = 6, int stride = 2,
                                      int instances = 1) {
  const int n = num_gpus;
  int s = stride;
  while (std::gcd(s, n) != 1)
    ++s;
  std::vector<int> ring;
  for (int j : std::views::iota(0, n))
    ring.push_back(j * s % n);
  assert(std::accumulate(ring.begin(), ring.end(), 0) == n * (n - 1) / 2);
  // Ring position of each rank: sort (rank, position) pairs by rank.
  std::vector<std::pair<int, int>> byRank;
  for (int i = 0; i < n; ++i)
    byRank.emplace_back(ring[i], i);
  std::ranges::sort(byRank);
  std::vector<int> pos;
  for (const auto &[rank, i] : byRank)
    pos.push_back(i);

  AllReduce collective(n, 1, /*inplace=*/true);
  CollectiveProgram program(name, collective, n, {.instances = instances});
  std::map<int, int> next, prev;
  std::map<int, MemoryChannel> toNext, toPrev;
  std::map<int, Buffer> scratch;
  for (int r = 0; r < n; ++r) {
    next[r] = ring[wrap(pos[r] + 1, n)];
    prev[r] = ring[wrap(pos[r] - 1, n)];
  }
  for (int r = 0; r < n; ++r)
    toNext.emplace(r, MemoryChannel(next[r], r));
  for (int r = 0; r < n; ++r)
    toPrev.emplace(r, MemoryChannel(prev[r], r));
  for (int r = 0; r < n; ++r)
    scratch.emplace(r, Buffer(r, std::max(1, n - 1)));
  for (int r = 0; r < n; ++r)
    toPrev.at(r).signal({.tb = 0, .data_sync = SyncType::none});
  for (int r = 0; r < n; ++r)
    toNext.at(r).wait({.tb = 0, .data_sync = SyncType::after});
  for (int k = 0; k < n - 1; ++k) {
    for (int r = 0; r < n; ++r) {
      int c = ring[wrap(pos[r] - k, n)];
      Chunk mine = Rank(r).get_input_buffer().slice(c, c + 1);
      toNext.at(r).put(scratch.at(next[r]).slice(k, k + 1), mine, {.tb = 0});
      toNext.at(r).signal({.tb = 0, .data_sync = SyncType::before});
    }
    for (int r = 0; r < n; ++r) {
      int c = ring[wrap(pos[r] - 1 - k, n)];
      toPrev.at(r).wait({.tb = 0, .data_sync = SyncType::after});
      Rank(r).reduce(Rank(r).get_input_buffer().slice(c, c + 1),
                     {scratch.at(r).slice(k, k + 1)}, {.tb = 0});
    }
  }
  for (int k = 0; k < n - 1; ++k) {
    for (int r = 0; r < n; ++r) {
      int c = ring[wrap(pos[r] + 1 - k, n)];
      toNext.at(r).put(Rank(next[r]).get_input_buffer().slice(c, c + 1),
                       Rank(r).get_input_buffer().slice(c, c + 1), {.tb = 0});
      toNext.at(r).signal({.tb = 0, .data_sync = SyncType::before});
    }
    for (int r = 0; r < n; ++r)
      toPrev.at(r).wait({.tb = 0, .data_sync = SyncType::after});
  }
}
