// insert of a braced list of elements (std::initializer_list) into a
// std::map, std::unordered_map and std::set: every element in order, a key
// already there (or given twice) keeping its first value. A braced pair
// into a map of pairs is one element. Printed natively (libstdc++) and by
// mscclc, the lines must be the same
// (tests/dialect/insert_initializer_lists.test).
#include <cstdio>
#include <map>
#include <set>
#include <unordered_map>
#include <utility>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

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
  std::set<std::pair<int, int>> ps;
  ps.insert({2, 3});
  printf("pairset %zu %d\n", ps.size(), ps.begin()->second);
}

#ifdef __MSCCLC__
using namespace mscclpp::dsl;
MSCCLPP_ALGORITHM void insert_initializer_lists() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("insert_initializer_lists", collective, 1);
  body();
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
#else
int main() { body(); }
#endif
