// Objects the standard library makes where the program's AST shows no
// constructor: a class of the program's own built from a number by its
// converting constructor (a std::pair's or std::tuple's member, a map's
// braced list, a std::function's result, an algorithm's output, fill and
// iota), the default constructor run once per new element of
// std::vector<S>(n) and resize(n), a std::function member made from a
// functor or a function (a copy of it with its own copy of the functor),
// and std::size of char arrays. Printed natively
// (libstdc++) and by mscclc, the lines must be the same
// (tests/dialect/library_made_objects.test).
#include <algorithm>
#include <array>
#include <cstdio>
#include <functional>
#include <iterator>
#include <map>
#include <numeric>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

struct Peer {
  int rank;
  int weight;
  Peer(int r) : rank(r), weight(r * 2) { printf("library make %d\n", r); }
};

struct Slot {
  int id = 7;
  Slot() { printf("library slot %d\n", id); }
};
struct Pair2 {
  Slot a[2];
  std::array<Slot, 2> b;
};

struct Mul {
  int k;
  int operator()(int x) const { return x * k; }
};
static int twice(int x) { return 2 * x; }
struct Counter {
  mutable int calls = 0;
  int operator()(int x) const { return x + ++calls * 100; }
};

static void body() {
  // Members of pairs and tuples, and map entries, made from numbers.
  std::map<int, Peer> m = {{1, 3}, {2, 4}};
  m.insert({5, 6});
  m.emplace(7, 8);
  m.try_emplace(9, 10);
  m.insert_or_assign(1, 11);
  for (const auto &[k, p] : m)
    printf("library map %d %d %d\n", k, p.rank, p.weight);
  std::vector<std::pair<int, Peer>> pairs = {{1, 2}, {3, 4}};
  pairs.emplace_back(5, 6);
  pairs.push_back({7, 8});
  for (const auto &[k, p] : pairs)
    printf("library pairs %d %d %d\n", k, p.rank, p.weight);
  std::tuple<int, Peer> t{1, 2};
  std::pair<long, long> wide{6, 7};
  std::pair<Peer, Peer> converted(wide);
  printf("library tuple %d %d %d\n", std::get<1>(t).weight,
         converted.first.weight, converted.second.weight);
  // Results: a std::function's, std::transform's, accumulate's and
  // generate's, and what copy, partial_sum, fill and iota write.
  std::function<Peer(int)> make = [](int r) { return r + 1; };
  printf("library function %d\n", make(3).weight);
  std::vector<int> ranks{1, 2, 3};
  std::vector<Peer> out;
  std::transform(ranks.begin(), ranks.end(), std::back_inserter(out),
                 [](int r) { return r * 3; });
  std::transform(ranks.begin(), ranks.begin() + 2, out.begin() + 1,
                 [](int r) { return r * 5; });
  Peer total = std::accumulate(ranks.begin(), ranks.end(), Peer(0),
                               [](Peer a, int b) { return a.rank + b; });
  int n = 0;
  std::generate(out.begin(), out.begin() + 1, [&n] { return n += 4; });
  printf("library results %d %d %d %d\n", out[0].weight, out[1].weight,
         out[2].weight, total.weight);
  std::vector<Peer> written(3, Peer(0));
  std::copy(ranks.begin(), ranks.end(), written.begin());
  std::partial_sum(ranks.begin(), ranks.end(), written.begin());
  printf("library written %d %d %d\n", written[0].weight, written[1].weight,
         written[2].weight);
  std::fill(written.begin(), written.end(), 7);
  printf("library filled %d %d\n", written[0].weight, written[2].weight);
  std::iota(written.begin(), written.end(), 5);
  printf("library iota %d %d %d\n", written[0].weight, written[1].weight,
         written[2].weight);
  std::optional<Peer> maybe = 4;
  maybe = 6;
  printf("library optional %d %d\n", maybe->weight, maybe.value_or(9).weight);
  // One default construction per element, nested ones included.
  std::vector<Slot> slots(3);
  slots.resize(5);
  std::vector<Pair2> nested(2);
  printf("library defaults %zu %zu\n", slots.size(), nested.size());
  // std::function members made from a functor object or a function.
  std::pair<int, std::function<int(int)>> byFunctor{1, Mul{2}};
  std::map<int, std::function<int(int)>> table{{1, twice}, {2, Mul{3}}};
  table.emplace(3, Mul{4});
  std::tuple<std::function<int(int)>> single{Mul{7}};
  printf("library callables %d %d %d %d %d\n", byFunctor.second(3),
         table.at(1)(3), table.at(2)(3), table.at(3)(3),
         std::get<0>(single)(3));
  // A copy of a std::function has its own copy of the function object.
  std::pair<int, std::function<int(int)>> counting{1, Counter{}};
  counting.second(1);
  auto copied = counting;
  int fromCopy = copied.second(1);
  printf("library copies %d %d\n", fromCopy, counting.second(1));
  // std::size of char arrays: their extents.
  char name[8] = "ab";
  constexpr char key[] = "key";
  printf("library sizes %zu %zu %zu %zd\n", std::size(name), std::size(key),
         std::size("abcd"), std::ssize(name));
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(library_made_objects)
