// A range-for over std::views::reverse, take(n), drop(n), keys, values
// and filter(pred) of a vector, an array, a string, a temporary or
// std::views::iota (keys, values and filter also of a map or set), piped
// or called, composed: the loop walks the positions the view gives and its
// variable names the elements themselves (a write through `int &` shows in
// the vector); a filter tests each element as the loop reaches it. Printed
// natively (libstdc++) and by mscclc, the lines must be the same
// (tests/dialect/range_for_views.test).
#include <array>
#include <cstdio>
#include <map>
#include <ranges>
#include <set>
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

static bool isPrime(int n) {
  for (int d = 2; d * d <= n; ++d)
    if (n % d == 0)
      return false;
  return n >= 2;
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
  for (int r :
       ranks | std::views::drop(1) | std::views::reverse | std::views::take(3))
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
  // keys and values of a map (values written through), of a vector of
  // pairs, after reverse; a set through a filter.
  std::map<int, int> owner = {{3, 30}, {1, 10}, {2, 20}};
  seen.clear();
  for (int k : owner | std::views::keys)
    seen.push_back(k);
  for (int &v : owner | std::views::values)
    v += 1;
  for (const auto &v : owner | std::views::values)
    seen.push_back(v);
  for (int cost : hops | std::views::reverse | std::views::values)
    seen.push_back(cost);
  for (int peer : std::views::keys(hops) | std::views::drop(1))
    seen.push_back(peer);
  std::set<int> peers = {4, 1, 3, 2};
  for (int p : peers | std::views::filter([](int p) { return p % 2 == 0; }))
    seen.push_back(p);
  print("members", seen);
  // filter: the predicate runs as the loop walks, between the bodies (it
  // sees what the body wrote to later elements), once per element; last
  // after reverse, take, keys; with a capture, a function, a generic
  // lambda, structured bindings, break.
  seen.clear();
  std::vector<int> values = {1, 2, 3, 4, 5, 6};
  int tests = 0;
  auto even = [&tests](int x) {
    ++tests;
    return x % 2 == 0;
  };
  for (int &x : values | std::views::filter(even)) {
    seen.push_back(x);
    values[3] = 7; // 4, not yet tested: now odd, so skipped
  }
  seen.push_back(tests);
  for (int x : values | std::views::reverse | std::views::take(4) |
                   std::views::filter([](const int &x) { return x > 3; }))
    seen.push_back(x);
  for (int r : std::views::filter(std::views::iota(0, 10), isPrime))
    seen.push_back(r);
  int limit = 25;
  for (auto &[k, v] : owner | std::views::filter([limit](const auto &e) {
                        return e.second < limit;
                      }))
    seen.push_back(k * 100 + v);
  for (int v : owner | std::views::values |
                   std::views::filter([](auto v) { return v > 15; })) {
    seen.push_back(v);
    break;
  }
  print("filter", seen);
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(range_for_views)
