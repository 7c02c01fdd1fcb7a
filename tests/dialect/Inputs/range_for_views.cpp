// A range-for over std::views::reverse, take(n) and drop(n) of a vector,
// an array, a string, a temporary or std::views::iota, piped or called,
// composed: the loop walks the positions the view gives and its variable
// names the elements themselves (a write through `int &` shows in the
// vector). Printed natively (libstdc++) and by mscclc, the lines must be
// the same (tests/dialect/range_for_views.test).
#include <array>
#include <cstdio>
#include <ranges>
#include <string>
#include <utility>
#include <vector>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

struct Bytes {
  long n;
  operator long() const { return n * 10; }
};

static void print(const char *what, const std::vector<int> &v) {
  printf("views %s", what);
  for (int x : v)
    printf(" %d", x);
  printf("\n");
}

static void body() {
  std::vector<int> ranks = {0, 1, 2, 3, 4, 5};
  std::vector<int> seen;
  for (int r : ranks | std::views::reverse)
    seen.push_back(r);
  print("reverse", seen);
  seen.clear();
  for (int r : std::views::reverse(ranks))
    seen.push_back(r * 10);
  print("reverse-call", seen);
  // Through a reference: the elements themselves, last first.
  int order = 0;
  for (int &r : ranks | std::views::reverse)
    r = 100 + order++;
  print("write", ranks);
  // take and drop: counts past the end, zero, piped and called, composed.
  seen.clear();
  for (int r : ranks | std::views::take(2))
    seen.push_back(r);
  for (int r : std::views::drop(ranks, 4))
    seen.push_back(r);
  for (int r : ranks | std::views::take(99))
    seen.push_back(r);
  for (int r : ranks | std::views::drop(99))
    seen.push_back(r);
  for (int r : ranks | std::views::take(0))
    seen.push_back(r);
  print("take-drop", seen);
  seen.clear();
  for (int r : ranks | std::views::drop(1) | std::views::reverse |
                   std::views::take(3))
    seen.push_back(r);
  print("composed", seen);
  // std::views::iota, an array, a temporary vector, a string.
  seen.clear();
  const int n = 5;
  for (int step : std::views::iota(1, n) | std::views::reverse)
    seen.push_back(step);
  for (int step : std::views::iota(0, n) | std::views::drop(2))
    seen.push_back(step);
  print("iota", seen);
  std::array<long, 4> sizes = {8, 16, 32, 64};
  long total = 0;
  for (long s : std::views::take(sizes, 3) | std::views::reverse)
    total = total * 100 + s;
  printf("views array %ld\n", total);
  seen.clear();
  for (int x : std::vector<int>{7, 8, 9} | std::views::reverse)
    seen.push_back(x);
  print("temporary", seen);
  std::string name = "ring";
  std::string backwards;
  for (char c : name | std::views::reverse)
    backwards += c;
  printf("views string %s\n", backwards.c_str());
  // Structured bindings, break, and a nested reversed loop.
  std::vector<std::pair<int, int>> hops = {{0, 3}, {1, 5}, {2, 7}};
  seen.clear();
  for (auto &[peer, cost] : hops | std::views::reverse) {
    cost += 1;
    seen.push_back(peer);
    if (peer == 1)
      break;
  }
  seen.push_back(hops[2].second);
  seen.push_back(hops[0].second);
  for (int a : std::views::iota(0, 2) | std::views::reverse)
    for (int b : ranks | std::views::drop(4))
      seen.push_back(a * 1000 + b);
  print("bindings", seen);
  // A character array's elements end with its zero; a class element
  // converts to an arithmetic loop variable; a floating count is cut.
  seen.clear();
  for (char c : "ab" | std::views::reverse)
    seen.push_back(c);
  for (char c : "xy")
    seen.push_back(c);
  const char word[5] = "hi";
  for (char c : std::views::drop(word, 1))
    seen.push_back(c);
  print("chars", seen);
  std::vector<Bytes> pieces = {{1}, {2}, {3}};
  long folded = 0;
  for (long b : pieces | std::views::reverse)
    folded = folded * 1000 + b;
  for (long b : pieces)
    folded += b;
  seen.clear();
  for (int r : ranks | std::views::take(2.7))
    seen.push_back(r);
  printf("views convert %ld %zu\n", folded, seen.size());
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(range_for_views)
