// C arrays of classes with a constructor, floating-point signs, concepts
// and map::emplace of a present key, printed natively (libstdc++) and by
// mscclc: the lines must be the same
// (tests/dialect/arrays_signs_concepts.test). Before, `S a[3];` of a class
// with a hand-written default constructor held one element (and one
// whose parameters all have defaults was refused); std::abs of
// -0.0 or -NaN kept the sign; std::fmax/fmin chose the other zero of two;
// `if constexpr (std::integral<T>)` and requires-expressions were refused;
// map::emplace(k, v) of a present key ran the value's constructor; and
// C++20's aggregate initialisation with parentheses was refused.
#include <cmath>
#include <concepts>
#include <cstdio>
#include <iterator>
#include <map>
#include <string>
#include <vector>

struct Counted {
  int id;
  Counted() : id(7) {}
};
struct Holder {
  std::vector<int> v;
  int k;
  Holder() : v(2, 3), k(9) {}
};
struct Defaulted {
  int x;
  Defaulted(int v = 4) : x(v) {}
};
struct Pair {
  int a, b;
};
struct Padded {
  int a;
  int b = 7;
  std::vector<int> v;
};
struct Loud {
  int id;
  Loud(int i) : id(i) { printf("arr made %d\n", i); }
};

template <class T> int kind(T) {
  if constexpr (std::integral<T>)
    return 1;
  else if constexpr (requires(T t) { t.size(); })
    return 2;
  else
    return 3;
}
template <std::floating_point T> T half(T x) { return x / 2; }

static void body() {
  Counted one[3];
  printf("arr one %zu %d %d\n", std::size(one), one[0].id, one[2].id);
  Counted grid[2][3];
  printf("arr grid %zu %zu %d\n", std::size(grid), std::size(grid[0]),
         grid[1][2].id);
  int sum = 0;
  for (auto &c : one)
    sum += c.id;
  printf("arr sum %d\n", sum);
  std::vector<int> lists[3];
  lists[1].push_back(4);
  printf("arr lists %zu %zu %zu\n", std::size(lists), lists[0].size(),
         lists[1].size());
  std::map<int, int> maps[2];
  maps[1][3] = 4;
  printf("arr maps %zu %zu\n", maps[0].size(), maps[1].size());
  std::string names[2];
  names[0] += "x";
  printf("arr names %s|%s\n", names[0].c_str(), names[1].c_str());
  Defaulted defaulted[3];
  std::vector<Defaulted> defaults(2);
  printf("arr defaulted %d %zu %d\n", defaulted[2].x, std::size(defaulted),
         defaults[1].x);
  Pair paren(1, 2);
  Padded padded(3);
  int filled[3](4, 5);
  printf("arr paren %d %d %d %d %zu %d %d\n", paren.a, paren.b, padded.a,
         padded.b, padded.v.size(), filled[1], filled[2]);
  Holder held[2];
  printf("arr held %d %d\n", held[0].k, held[1].v[1]);

  double nz = -0.0, z = 0.0, nan = std::sqrt(-1.0);
  printf("arr abs %f %f %f\n", std::abs(nz), std::abs(-0.0f), std::abs(nan));
  printf("arr fmax %f %f %f %f\n", std::fmax(nz, z), std::fmax(z, nz),
         std::fmin(z, nz), std::fmin(nz, z));
  printf("arr fmaxnan %f %f\n", std::fmax(nan, 2.0), std::fmin(3.0, nan));

  std::vector<int> v;
  printf("arr kind %d %d %d %f\n", kind(1), kind(v), kind(1.5), half(3.0));

  std::map<int, Loud> made;
  made.emplace(2, 13);
  made.emplace(2, 14);
  auto [at, inserted] = made.emplace(3, 15);
  printf("arr emplace %d %d %d\n", made.at(2).id, at->second.id, (int)inserted);
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(arrays_signs_concepts)
