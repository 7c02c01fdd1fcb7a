// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Iterators into two different maps are not compared (undefined in C++).
#include <map>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void map_iterators_two_containers() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::map<int, int> sendTb = {{1, 0}}, recvTb = {{1, 1}};
  auto it = sendTb.find(1);
  bool found = it != recvTb.end(); // expected-error {{these iterators point into different containers (undefined behaviour to compare them)}}
  (void)found;
}
