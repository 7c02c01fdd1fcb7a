// <cstdlib>'s div family, std::midpoint, std::minmax and std::exchange,
// printed: natively (libstdc++) and by mscclc the lines must be the same
// (tests/dialect/numeric_helpers.test).
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <string>
#include <utility>
#include <vector>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

struct Peer {
  int rank = 0;
  int weight = 0;
};

struct Ranked {
  int rank;
  Ranked(int r) : rank(r) {}
};

static void body() {
  // Python's divmod for operands that are not negative; truncated towards
  // zero as C++'s `/` and `%` are (divmod floors).
  for (int a : {7, -7, 0, 12}) {
    for (int b : {3, -3, 12}) {
      std::div_t d = std::div(a, b);
      printf("helpers div %d %d: %d %d\n", a, b, d.quot, d.rem);
    }
  }
  auto l = std::div(-9000000000L, 7L);
  printf("helpers ldiv %ld %ld\n", l.quot, l.rem);
  std::lldiv_t ll = std::lldiv(9000000000LL, -4LL);
  printf("helpers lldiv %lld %lld\n", ll.quot, ll.rem);
  auto [q, r] = std::div(17, 5);
  printf("helpers div-bound %d %d\n", q, r);
  // div(long long, long long) is libstdc++'s __gnu_cxx::div.
  long long big = 9000000001LL, three = 3;
  printf("helpers div-long-long %lld %lld\n", std::div(big, three).quot,
         std::div(-big, 2LL).rem);
  {
    using std::div;
    printf("helpers div-using %lld\n", div(9LL, 2LL).quot);
  }
  std::div_t kept = std::div(1, 1);
  kept = std::div(5, 2);
  printf("helpers div-assign %d %d\n", kept.quot, kept.rem);
  std::imaxdiv_t im = std::imaxdiv(-17, 5);
  printf("helpers imaxdiv %lld %lld\n", (long long)im.quot, (long long)im.rem);

  // Rounded towards the first argument, without overflow.
  printf("helpers midpoint %d %d %d %d %d\n", std::midpoint(2, 8),
         std::midpoint(2, 7), std::midpoint(7, 2), std::midpoint(-3, 4),
         std::midpoint(2147483600, 2147483646));
  printf("helpers midpoint-unsigned %u %u\n", std::midpoint(1u, 4u),
         std::midpoint(4u, 1u));
  printf("helpers midpoint-double %.3f\n", std::midpoint(1.0, 4.0));
  const double tiny = 4.9406564584124654e-324, huge = 1.7976931348623157e308;
  printf("helpers midpoint-extremes %g %g %g %g\n", std::midpoint(tiny, tiny),
         std::midpoint(huge, huge), std::midpoint(-huge, huge),
         std::midpoint(tiny, 1.0));

  // minmax: the first of equal smallest, the last of equal largest.
  // (Of variables: bindings to the temporaries of `std::minmax(9, 4)` would
  // dangle.)
  const int nine = 9, four = 4;
  auto [lo, hi] = std::minmax(nine, four);
  printf("helpers minmax %d %d\n", lo, hi);
  std::pair<int, int> same = std::minmax(5, 5);
  printf("helpers minmax-equal %d %d\n", same.first, same.second);
  auto list = std::minmax({6, 2, 9, 2, 9, 4});
  printf("helpers minmax-list %d %d\n", list.first, list.second);
  Peer p1{1, 5}, p2{2, 3}, p3{3, 5};
  auto heavy = [](const Peer &a, const Peer &b) { return a.weight < b.weight; };
  auto [light, heaviest] = std::minmax({p1, p2, p3}, heavy);
  printf("helpers minmax-comparator %d %d\n", light.rank, heaviest.rank);
  auto pair2 = std::minmax(p1, p3, heavy);
  printf("helpers minmax-pair-equal %d %d\n", pair2.first.rank,
         pair2.second.rank);
  // The comparator runs as often as in libstdc++.
  int calls = 0;
  auto counted = [&calls](int a, int b) {
    ++calls;
    return a < b;
  };
  int m1 = std::max(3, 4, counted);
  int afterMax = calls;
  int m2 = std::min({5, 2, 8, 1}, counted);
  int afterMin = calls;
  auto m3 = std::minmax(4, 2, counted);
  int afterPair = calls;
  auto m4 = std::minmax({6, 2, 9, 2, 9, 4, 1}, counted);
  auto m5 = std::minmax({6, 2, 9, 9, 0, 4}, counted);
  printf("helpers comparator-calls-list %d %d %d %d %d\n", m4.first, m4.second,
         m5.first, m5.second, calls - afterPair);
  printf("helpers comparator-calls %d %d %d %d %d %d %d\n", m1, afterMax, m2,
         afterMin - afterMax, m3.first, m3.second, afterPair - afterMin);

  // exchange: the new value in, the old one out.
  int next = 3;
  int old = std::exchange(next, next * 4);
  printf("helpers exchange %d %d\n", old, next);
  std::vector<int> ring{1, 2, 3};
  std::vector<int> was = std::exchange(ring, {ring[2], ring[0]});
  printf("helpers exchange-vector %d %d %d %d\n", int(was.size()),
         int(ring.size()), ring[0], ring[1]);
  std::string label = "ring";
  std::string before = std::exchange(label, label + "2");
  printf("helpers exchange-string %s %s\n", before.c_str(), label.c_str());
  long wide = 5;
  int narrow = std::exchange(wide, 7000000000L) + 1;
  printf("helpers exchange-wide %d %ld\n", narrow, wide);
  Peer who{4, 1};
  Peer gone = std::exchange(who, Peer{5, 2});
  printf("helpers exchange-struct %d %d\n", gone.rank, who.rank);
  // The library assigns the value: a converting constructor runs.
  Ranked ranked(2);
  Ranked before2 = std::exchange(ranked, 7);
  printf("helpers exchange-converting %d %d\n", before2.rank, ranked.rank);
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(numeric_helpers)
