// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::unordered_map::find hands out an iterator into an unspecified order;
// the error says what to write instead (count/contains, then at, or
// std::map, whose iterators work).
#include <mscclpp/dsl.hpp>
#include <unordered_map>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void unordered_map_find_iterator() {
  std::unordered_map<int, int> tbOfPeer = {{1, 0}};
  auto it = tbOfPeer.find(1); // expected-error {{'std::unordered_map<int, int>::find' is not supported in algorithm code; iterators of unordered containers are not supported (C++ leaves their order unspecified): test with count(key) or contains(key) and read with at(key), or use std::map or std::set, whose iterators are}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
}
