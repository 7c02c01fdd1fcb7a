// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// insert of a range of another container into a map: refused (before, the
// two iterators were taken for a key and a value).
#include <mscclpp/dsl.hpp>
#include <map>
#include <utility>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void map_insert_range() {
  CollectiveProgram program("p", TestCollective(1, 1, 1), 1);
  std::vector<std::pair<int, int>> links = {{0, 1}, {1, 0}};
  std::map<int, int> peer;
  peer.insert(links.begin(), links.end()); // expected-error {{this map insertion is not supported: pass the key and the mapped value itself (`m.emplace(k, V(a, b))` or `m.insert({k, v})`), or the key and the arguments of the mapped value's constructor to try_emplace (`m.try_emplace(k, a, b)`)}}
}
