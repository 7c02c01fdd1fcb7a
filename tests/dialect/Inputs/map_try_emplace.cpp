// std::map's and std::unordered_map's try_emplace: with the key only (the
// mapped value value-initialised), with the mapped value's constructor
// arguments, and with a key already there (the mapped value is not made,
// so its constructor's side effects, here a line printed, do not happen).
// Printed natively (libstdc++) and by mscclc, the lines must be the same
// (tests/dialect/map_try_emplace.test).
#include <cstdio>
#include <map>
#include <unordered_map>
#include <utility>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

struct Span {
  int lo, hi;
  Span(int a, int b) : lo(a), hi(b) { printf("span %d %d\n", a, b); }
};

static void body() {
  std::map<std::pair<int, int>, int> pairs;
  pairs.try_emplace({1, 2});
  auto [at, fresh] = pairs.try_emplace({1, 2}, 7);
  printf("key %zu %d %d %d %d\n", pairs.size(), pairs.begin()->first.first,
         pairs.begin()->first.second, at->second, int(fresh));
  std::map<int, std::pair<int, int>> ranges;
  ranges.try_emplace(3, 4, 5);
  bool again = ranges.try_emplace(3, 8, 9).second;
  printf("args %d %d %d\n", ranges.at(3).first, ranges.at(3).second,
         int(again));
  std::map<int, Span> spans;
  spans.try_emplace(1, 10, 20);
  spans.try_emplace(1, 30, 40);
  spans.try_emplace(2, 50, 60);
  std::unordered_map<int, Span> loose;
  loose.try_emplace(9, 1, 2);
  loose.try_emplace(9, 3, 4);
  printf("made %d %d %d %d\n", spans.at(1).lo, spans.at(2).hi,
         loose.at(9).hi, int(loose.size()));
  std::map<int, double> zero;
  zero.try_emplace(4);
  printf("value %g %zu\n", zero[4], zero.size());
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(map_try_emplace)
