// std::set and std::map made from positions of a std::vector or
// std::array (`v.begin() + 1`, `std::next(v.begin())`, `a.end() - 1`), as
// insert(first, last) takes them: the distinct elements, a map's first of
// equal keys kept; copies of another set or map. Printed natively
// (libstdc++) and by mscclc, the lines must be the same
// (tests/dialect/container_range_constructors.test).
#include <array>
#include <cstdio>
#include <iterator>
#include <map>
#include <set>
#include <utility>
#include <vector>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

static void body() {
  std::vector<int> v{3, 1, 2, 3, 5};
  std::set<int> tail(v.begin() + 1, v.end());
  std::set<int> whole(v.begin(), v.end());
  printf("ranges set %zu %d %zu\n", tail.size(), *tail.begin(), whole.size());
  std::vector<std::pair<int, int>> kv{{2, 20}, {1, 10}, {2, 30}};
  std::map<int, int> m(kv.begin(), kv.end());
  std::map<int, int> rest(std::next(kv.begin()), kv.end());
  for (auto [k, x] : m)
    printf("ranges map %d %d\n", k, x);
  for (auto [k, x] : rest)
    printf("ranges rest %d %d\n", k, x);
  std::array<int, 3> a{9, 8, 9};
  std::set<int> fromArray(a.begin(), a.end() - 1);
  printf("ranges array %zu\n", fromArray.size());
  std::map<int, int> copied(m);
  std::set<int> same(tail);
  printf("ranges copies %zu %zu\n", copied.size(), same.size());
  // vector::insert from positions of another vector or array.
  std::vector<int> w{0};
  w.insert(w.end(), v.begin() + 1, v.end());
  w.insert(w.begin(), a.begin(), a.begin() + 2);
  printf("ranges inserted %zu %d %d %d\n", w.size(), w[0], w[2], w[5]);
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(container_range_constructors)
