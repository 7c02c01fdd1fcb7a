// Comparisons made by the program's own code, counted and printed. Before,
// lower_bound, upper_bound and binary_search called a comparator (or a
// struct's operator<) on every element to check the order, where
// libstdc++ halves the range; std::ranges::max and min refused every
// comparator;
// and sorting structs with a defaulted operator<=> was refused when a
// member was a vector, an array or an optional (vectors of vectors too).
// Printed natively (libstdc++) and by mscclc, the lines must be the same
// (tests/dialect/comparator_calls.test).
#include <algorithm>
#include <array>
#include <cstdio>
#include <functional>
#include <optional>
#include <set>
#include <utility>
#include <vector>

struct Peer {
  int rank;
  bool operator<(const Peer &o) const {
    printf("calls peer %d<%d\n", rank, o.rank);
    return rank < o.rank;
  }
};

struct Route {
  std::vector<int> hops;
  std::optional<int> relay;
  auto operator<=>(const Route &) const = default;
};

struct Tile {
  std::array<int, 2> at;
  auto operator<=>(const Tile &) const = default;
};

static void body() {
  std::vector<int> v{1, 3, 5, 7, 9, 11, 13};
  int calls = 0;
  auto counted = [&calls](int a, int b) {
    ++calls;
    return a < b;
  };
  auto lower = std::lower_bound(v.begin(), v.end(), 8, counted);
  printf("calls lower_bound %d at %d\n", calls, int(lower - v.begin()));
  calls = 0;
  auto upper = std::upper_bound(v.begin(), v.end(), 9, counted);
  printf("calls upper_bound %d at %d\n", calls, int(upper - v.begin()));
  calls = 0;
  bool found = std::binary_search(v.begin(), v.end(), 2, counted);
  printf("calls binary_search %d %d\n", calls, int(found));
  calls = 0;
  found = std::binary_search(v.begin(), v.end(), 13, counted);
  printf("calls binary_search %d %d\n", calls, int(found));
  auto logged = [](int a, int b) {
    printf("calls compare %d %d\n", a, b);
    return a < b;
  };
  std::lower_bound(v.begin(), v.end(), 4, logged);
  std::upper_bound(v.begin(), v.end(), 4, logged);
  // A struct's own operator<, without a comparator.
  std::vector<Peer> peers{{0}, {2}, {4}, {6}};
  auto at = std::lower_bound(peers.begin(), peers.end(), Peer{3});
  printf("calls peers at %d\n", int(at - peers.begin()));
  at = std::lower_bound(peers.begin(), peers.end(), Peer{5}, std::less<Peer>());
  printf("calls less at %d\n", int(at - peers.begin()));

  // std::ranges::max and min with a comparator, of a range and of two.
  calls = 0;
  int most = std::ranges::max(v, counted);
  printf("calls ranges::max %d %d\n", most, calls);
  calls = 0;
  int least = std::ranges::min(v, counted);
  printf("calls ranges::min %d %d\n", least, calls);
  printf("calls greater %d %d\n", std::ranges::max(v, std::greater<>()),
         std::ranges::min(v, std::ranges::greater{}));
  printf("calls two %d %d\n", std::ranges::max(3, 4, logged),
         std::ranges::min(3, 4, logged));
  std::vector<int> shorter{1, 9}, longer{1, 9, 0};
  printf("calls two vectors %zu %zu\n",
         std::ranges::max(shorter, longer).size(),
         std::ranges::min(shorter, longer).size());
  Peer top = std::ranges::max(
      peers, [](const Peer &a, const Peer &b) { return a < b; });
  printf("calls top %d\n", top.rank);

  // Defaulted orders over vectors, arrays and optionals.
  std::vector<Route> routes{
      {{2, 1}, 3}, {{1}, {}}, {{2, 1}, std::nullopt}, {{1}, 0}};
  std::sort(routes.begin(), routes.end());
  for (const Route &r : routes)
    printf("calls route %zu %d %d\n", r.hops.size(), r.hops[0],
           r.relay ? *r.relay : -1);
  std::set<Route> unique(routes.begin(), routes.end());
  unique.insert(Route{{1}, 0});
  printf("calls unique %zu\n", unique.size());
  std::vector<Tile> tiles{{{1, 2}}, {{0, 5}}, {{1, 0}}};
  std::sort(tiles.begin(), tiles.end());
  printf("calls tiles %d%d %d%d %d%d\n", tiles[0].at[0], tiles[0].at[1],
         tiles[1].at[0], tiles[1].at[1], tiles[2].at[0], tiles[2].at[1]);
  std::vector<std::vector<int>> rows{{3}, {1, 2}, {1}, {}};
  std::sort(rows.begin(), rows.end());
  printf("calls rows %zu %zu %zu %zu\n", rows[0].size(), rows[1].size(),
         rows[2].size(), rows[3].size());
  auto longest = std::max_element(rows.begin(), rows.end());
  printf("calls max_element %d\n", int(longest - rows.begin()));
  std::vector<std::pair<int, std::vector<int>>> tagged{
      {1, {5}}, {1, {2}}, {0, {9}}};
  std::sort(tagged.begin(), tagged.end());
  printf("calls tagged %d %d %d\n", tagged[0].second[0], tagged[1].second[0],
         tagged[2].second[0]);
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(comparator_calls)
