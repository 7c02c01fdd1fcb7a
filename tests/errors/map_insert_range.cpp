// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// insert of another map's range into a map: refused (before, the two
// iterators were taken for a key and a value), naming the form and what to
// write instead; a std::vector's range is inserted
// (tests/dialect/insert_initializer_lists).
#include <mscclpp/dsl.hpp>
#include <map>
#include <utility>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void map_insert_range() {
  CollectiveProgram program("p", TestCollective(1, 1, 1), 1);
  std::vector<std::pair<int, int>> links = {{0, 1}, {1, 0}};
  std::map<int, int> peer, more = {{2, 3}};
  peer.insert(links.begin(), links.end()); // fine
  peer.insert(more.begin(), more.end()); // expected-error {{this form of insert (with a hint first, or of a range other than a std::vector's or std::array's positions) is not supported in algorithm code; insert each entry itself (`m.try_emplace(k, v)` or `m.insert({k, v})`, in a loop over a range)}}
}
