// Keys of a struct derived from another, both ordered by a defaulted
// operator<=>, and globals read across initialisers, printed natively
// (libstdc++) and by mscclc: the lines must be the same
// (tests/dialect/derived_keys_globals.test). Before, a braced list of a
// struct with a base class was refused, and so was a derived key, with
// advice to add the defaulted operator<=> it already had.
#include <algorithm>
#include <compare>
#include <cstdio>
#include <map>
#include <set>
#include <vector>

struct Base {
  int group;
  auto operator<=>(const Base &) const = default;
};
struct Derived : Base {
  int rank;
  auto operator<=>(const Derived &) const = default;
};
// Default member initialisers that read other members, under C++20's
// parentheses.
struct Doubled {
  int a;
  int b = a * 2;
  int c;
};
struct Summed : Base {
  int r;
  int s = group + r;
};
struct Twice : Derived {
  int extra;
  auto operator<=>(const Twice &) const = default;
};

static int readLater();
// `later` has a constant initialiser: C++ sets it before any dynamic
// initialisation, so reading it here sees 3.
const int early = readLater() + 1;
constexpr int later = 3;
static int readLater() { return later; }
const int chained = early * 10;

static void body() {
  std::map<Derived, int> m;
  m[Derived{{2}, 1}] = 21;
  m[Derived{{1}, 5}] = 15;
  m[Derived{{1}, 2}] = 12;
  m[Derived{{2}, 0}] = 20;
  for (const auto &[k, v] : m)
    std::printf("dk map %d %d %d\n", k.group, k.rank, v);
  std::set<Twice> s;
  s.insert(Twice{{{1}, 1}, 9});
  s.insert(Twice{{{1}, 1}, 3});
  s.insert(Twice{{{0}, 7}, 0});
  for (const Twice &t : s)
    std::printf("dk set %d %d %d\n", t.group, t.rank, t.extra);
  std::vector<Derived> v{{{3}, 1}, {{1}, 9}, {{3}, 0}};
  std::sort(v.begin(), v.end());
  std::printf("dk sort %d.%d %d.%d %d.%d\n", v[0].group, v[0].rank, v[1].group,
              v[1].rank, v[2].group, v[2].rank);
  std::printf("dk less %d %d\n", Derived{{1}, 9} < Derived{{2}, 0},
              Derived{{1}, 1} == Derived{{1}, 1});
  std::vector<Derived> built;
  built.emplace_back(Base{4}, 5); // C++20: the base, then the field
  built.emplace_back(Base{6});
  std::printf("dk emplace %d %d %d %d\n", built[0].group, built[0].rank,
              built[1].group, built[1].rank);
  Doubled dd(3);
  Summed sd(Base{4}, 5);
  std::printf("dk paren %d %d %d %d %d %d\n", dd.a, dd.b, dd.c, sd.group, sd.r,
              sd.s);
  std::printf("dk globals %d %d %d\n", early, later, chained);
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(derived_keys_globals)
