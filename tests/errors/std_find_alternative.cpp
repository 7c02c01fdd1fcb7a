// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::map::find hands out an iterator; the error says what to write
// instead (count/contains, then at).
#include <map>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_find_alternative() {
  std::map<int, int> tbOfPeer = {{1, 0}};
  auto it = tbOfPeer.find(1); // expected-error {{'std::map<int, int>::find' is not supported in algorithm code; iterators are not supported: test with count(key) or contains(key), then use at(key), or loop with a range-for}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
}
