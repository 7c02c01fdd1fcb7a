// insert of a braced list of elements (std::initializer_list), or of the
// elements at positions [first, last) of a std::vector or std::array, into
// a std::map, std::unordered_map and std::set: every element in order, a
// key already there (or given twice) keeping its first value, each
// converted to the key's type. A braced pair into a map of pairs is one
// element. Printed natively (libstdc++) and by
// mscclc, the lines must be the same
// (tests/dialect/insert_initializer_lists.test).
#include <array>
#include <cstdio>
#include <map>
#include <set>
#include <unordered_map>
#include <utility>
#include <vector>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

struct Noisy {
  int x;
  Noisy(int y) : x(y) { printf("made %d\n", y); }
};

static void body() {
  std::map<int, int> m = {{5, 50}};
  m.insert({{1, 2}, {3, 4}});
  m.insert({{5, 6}, {7, 8}, {7, 9}});
  printf("map");
  for (const auto &[k, v] : m)
    printf(" %d:%d", k, v);
  printf("\n");
  std::map<std::pair<int, int>, std::pair<int, int>> pairs;
  pairs.insert({{1, 2}, {3, 4}});
  printf("pairs %zu %d %d\n", pairs.size(), pairs.begin()->first.second,
         pairs.begin()->second.first);
  std::unordered_map<int, long> loose;
  loose.insert({{4, 40L}, {2, 20L}, {4, 41L}});
  printf("loose %zu %ld %ld\n", loose.size(), loose.at(4), loose.at(2));
  std::set<int> s = {9};
  s.insert({3, 1, 9, 4});
  printf("set");
  for (int v : s)
    printf(" %d", v);
  printf("\n");
  std::vector<std::pair<long, int>> links = {{8, 1}, {2, 7}, {8, 3}, {6, 0}};
  m.insert(links.begin() + 1, links.end());
  printf("range");
  for (const auto &[k, v] : m)
    printf(" %d:%d", k, v);
  printf("\n");
  std::array<double, 4> marks = {2.5, 7.0, 3.9, 11.2};
  s.insert(marks.begin(), marks.end() - 1);
  printf("setrange");
  for (int v : s)
    printf(" %d", v);
  printf("\n");
  // The list's pairs are all made before any is inserted: each mapped
  // value's converting constructor runs, for a key already there too.
  std::map<int, Noisy> noisy;
  noisy.insert({{1, 3}, {1, 4}, {2, 5}});
  printf("noisy %zu %d %d\n", noisy.size(), noisy.at(1).x, noisy.at(2).x);
  std::set<std::pair<int, int>> ps;
  ps.insert({2, 3});
  printf("pairset %zu %d\n", ps.size(), ps.begin()->second);
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(insert_initializer_lists)
