// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A std::map made from another map's iterators: refused, with the forms
// that are supported (it said only "this std::map constructor is not
// supported").
#include <map>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void map_from_map_range() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("map_from_map_range", collective, 1);
  std::map<int, int> peers{{3, 1}, {4, 2}};
  std::map<int, int> copied(peers); // fine
  std::map<int, int> part(peers.begin(), peers.end()); // expected-error {{this std::map constructor is not supported; make the map empty, from a brace list of {key, value} pairs, as a copy of another map, or from positions of a std::vector or std::array of pairs: std::map<K, V> m(v.begin(), v.end()); for another map's range, insert its entries in a loop}}
}
