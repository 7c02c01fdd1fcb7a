// std::ranges::size, ssize, empty and distance of a whole container, and
// std::ranges::min_element and max_element over a std::vector (the first
// smallest or largest element, an iterator that is a value). Printed
// natively (libstdc++) and by mscclc, the lines must be the same
// (tests/dialect/ranges_sizes_and_extremes.test).
#include <algorithm>
#include <array>
#include <cstdio>
#include <functional>
#include <iterator>
#include <map>
#include <ranges>
#include <string>
#include <type_traits>
#include <vector>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

struct Hop {
  int peer;
  int cost;
};

static void body() {
  std::vector<int> sizes = {4, 9, 2, 9, 2};
  std::array<long, 3> offsets{0, 4, 13};
  std::map<int, int> owner = {{0, 1}, {5, 2}};
  std::string name = "ring";
  std::vector<int> none;
  printf("ranges size %zu %zu %zu %zu %zu\n", std::ranges::size(sizes),
         std::ranges::size(offsets), std::ranges::size(owner),
         std::ranges::size(name), std::ranges::size(none));
  // ssize and distance are signed: a count below zero is a real value.
  long below = std::ranges::ssize(none) - 1;
  auto span = std::ranges::distance(sizes) - std::ranges::distance(offsets);
  printf("ranges ssize %ld %ld %d\n", below, static_cast<long>(span),
         int(std::is_signed_v<decltype(span)>));
  printf("ranges empty %d %d %d\n", int(std::ranges::empty(none)),
         int(std::ranges::empty(sizes)), int(std::ranges::empty(owner)));

  // The first of equal extremes, as std::min_element gives.
  auto low = std::ranges::min_element(sizes);
  auto high = std::ranges::max_element(sizes);
  printf("ranges extremes %d@%d %d@%d\n", *low, int(low - sizes.begin()),
         *high, int(std::distance(sizes.begin(), high)));
  // A comparator, the library's function objects, and an empty range.
  auto widest = std::ranges::max_element(sizes, std::ranges::greater{});
  auto last = std::ranges::min_element(sizes, std::greater<>());
  printf("ranges ordered %d@%d %d@%d %d\n", *widest,
         int(widest - sizes.begin()), *last, int(last - sizes.begin()),
         int(std::ranges::max_element(none) == none.end()));
  std::vector<Hop> hops = {{3, 7}, {1, 2}, {6, 2}, {2, 9}};
  auto cheapest = std::ranges::min_element(
      hops, [](const Hop &a, const Hop &b) { return a.cost < b.cost; });
  cheapest->cost += 100; // the element itself
  printf("ranges struct %d %d %d\n", cheapest->peer, hops[1].cost,
         std::ranges::max_element(hops, [](Hop a, Hop b) {
           return a.peer < b.peer;
         })->peer);
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(ranges_sizes_and_extremes)
