// std::min and std::max (and std::ranges::min and max) of two values, and
// std::clamp, return a reference to the one they pick: a reference bound to
// the result follows later changes of that object. Printed natively
// (libstdc++) and by mscclc, the lines must be the same
// (tests/dialect/min_max_references.test).
#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <string_view>
#include <vector>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

// Prints each comparison, so that their number and order show.
struct Ordered {
  int v;
  bool operator<(const Ordered &o) const {
    printf("minmax cmp %d<%d\n", v, o.v);
    return v < o.v;
  }
};

struct Load {
  int rank = 0;
  int bytes = 0;
};

static void body() {
  int a = 5, b = 3;
  const int &larger = std::max(a, b);
  const int &smaller = std::min(a, b);
  a = 100;
  b = -7;
  printf("minmax refs %d %d\n", larger, smaller);

  // Equal values: min and max both pick the first.
  int x = 4, y = 4;
  const int &first = std::max(x, y);
  x = 9;
  printf("minmax equal %d\n", first);

  // Elements of a vector, and a comparator.
  std::vector<int> v = {4, 1, 7};
  const int &low = std::min(v[0], v[1]);
  const int &high = std::max(v[0], v[2], std::greater<int>());
  v[1] = -5;
  v[0] = 40;
  printf("minmax elements %d %d\n", low, high);

  // Structs compared by a lambda: the reference reads the chosen struct.
  Load p{0, 64}, q{1, 32};
  auto byBytes = [](const Load &l, const Load &r) { return l.bytes < r.bytes; };
  const Load &busiest = std::max(p, q, byBytes);
  p.bytes = 1;
  printf("minmax struct %d %d\n", busiest.rank, busiest.bytes);

  // Assigning the result copies it, as before.
  int m = std::max(a, b);
  a = 0;
  printf("minmax copy %d %d\n", m, std::min(a, 2));

  // std::ranges::min and max of two values also return a reference.
  int c = 8, d = 2;
  const int &rlow = std::ranges::min(c, d);
  const int &rhigh = std::ranges::max(c, d);
  d = 20;
  c = 30;
  printf("minmax ranges %d %d\n", rlow, rhigh);

  // std::clamp(v, lo, hi) returns a reference to the one it picks.
  int level = 12, floor = 0, ceiling = 10;
  const int &clamped = std::clamp(level, floor, ceiling);
  const int &inside = std::clamp(floor, -1, ceiling);
  ceiling = 11;
  floor = 3;
  printf("minmax clamp %d %d %d\n", clamped, inside, std::clamp(level, 1, 5));

  // Characters of a string are compared and returned as values.
  std::string word = "hello";
  std::string_view view = word;
  printf("minmax chars %c %c %c\n", std::max(word[0], word[1]),
         std::min(word.front(), word.back()), std::clamp(view[1], 'a', 'd'));

  // A comparator taking its arguments by reference sees them, and what it
  // changes through a capture.
  int g = 1, h = 10;
  int seen = std::max(g, h, [&](const int &p1, const int &p2) {
    g = 50;
    return p1 < p2;
  });
  printf("minmax comparator %d\n", seen);

  // A comparator may destroy the argument it does not pick.
  std::vector<int> w = {1, 2};
  int kept = 9;
  int picked = std::max(w[0], kept, [&](int p1, int p2) {
    w.clear();
    return p1 < p2;
  });
  printf("minmax other %d %zu\n", picked, w.size());

  // std::clamp compares as libstdc++ does: min(max(v, lo), hi).
  Ordered lowest{1}, middle{2}, highest{3};
  printf("minmax clamp order %d\n", std::clamp(middle, highest, highest).v);
  printf("minmax clamp order %d\n", std::clamp(highest, lowest, middle).v);

  // The list forms return copies.
  int e = 1, f = 2;
  const int &listed = std::max({e, f});
  f = 50;
  printf("minmax list %d\n", listed);

  // std::clamp with a comparator: the same two comparisons, made by it.
  int c1 = 5, cLo = 9, cHi = 2;
  const int &byGreaterClamp = std::clamp(c1, cLo, cHi, std::greater<int>());
  c1 = 40;
  printf("minmax clamp comparator %d\n", byGreaterClamp);
  int c2 = 12;
  int highClamped = std::clamp(c2, cLo, cHi, std::greater<int>());
  printf("minmax clamp comparator bound %d\n", highClamped);
  Ordered cv{7}, clo{1}, chi{5};
  int calls = 0;
  const Ordered &byLambda =
      std::clamp(cv, clo, chi, [&](const Ordered &a, const Ordered &b) {
        ++calls;
        return a.v < b.v;
      });
  chi.v = 6;
  printf("minmax clamp lambda %d %d\n", byLambda.v, calls);

  // std::minmax of two objects gives a pair of references: structured
  // bindings name the objects themselves (lo: std::min's choice).
  int m1 = 4, m2 = 9;
  auto [pairLow, pairHigh] = std::minmax(m1, m2);
  m1 = 20;
  m2 = -3;
  printf("minmax pair refs %d %d\n", pairLow, pairHigh);
  int g1 = 1, g2 = 2;
  const auto &[byGreater, byLess] =
      std::minmax(g1, g2, std::greater<int>());
  g2 = 7;
  printf("minmax pair comparator %d %d\n", byGreater, byLess);
  int same1 = 5, same2 = 5;
  auto [lowSame, highSame] = std::minmax(same1, same2);
  same1 = 6;
  printf("minmax pair equal %d %d\n", lowSame, highSame);
  std::vector<int> weights = {3, 1};
  auto [lightest, heaviest] = std::minmax(weights[0], weights[1]);
  weights[1] = 100;
  printf("minmax pair elements %d %d\n", lightest, heaviest);
  int p1 = 4, p2 = 2;
  auto [parenLow, parenHigh] = (std::minmax(p1, p2));
  p1 = 6;
  printf("minmax pair parenthesised %d %d\n", parenLow, parenHigh);
  // A string's character is read as a value; the other argument is still
  // named itself. A value argument's name would dangle in C++ (not read).
  std::string pairWord = "hm";
  char letter = 'm';
  auto [charLow, charHigh] = std::minmax(pairWord[0], letter);
  letter = 'a';
  printf("minmax pair char %c %c\n", charLow, charHigh);
  long bytes = 1000;
  int small = 3;
  auto [valueLow, valueHigh] = std::minmax<long>(bytes, small);
  (void)valueLow;
  bytes = 2000;
  printf("minmax pair value %ld\n", valueHigh);
  // A comparator that destroys an argument leaves its name dangling; not
  // using it is fine.
  std::vector<int> gone = {1, 2};
  int survivor = 9;
  auto [goneLow, goneHigh] =
      std::minmax(gone[0], survivor, [&](const int &a, const int &b) {
        bool less = a < b;
        gone.clear();
        return less;
      });
  survivor = 10;
  printf("minmax pair survivor %d %d\n", goneHigh, int(gone.size()));
  Ordered o1{8}, o2{6};
  auto &&[oLow, oHigh] = std::minmax(o1, o2);
  o2.v = 60;
  printf("minmax pair ordered %d %d\n", oLow.v, oHigh.v);
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(min_max_references)
