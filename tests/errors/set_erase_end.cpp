// RUN: mscclc --verify %s
// RUN: not mscclc %s -P map=true -o %t.json 2>&1 | FileCheck %s
// erase(end()) on a set or a map is undefined behaviour, as on a vector;
// the message names the container it was called on (it said vector::).
#include <mscclpp/dsl.hpp>
#include <set>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void set_erase_end(bool map = false) {
  CollectiveProgram program("p", AllGather(1, 1, true), 1);
  std::set<int> ranks{0};
  std::map<int, int> peers{{0, 1}};
  if (map)
    peers.erase(peers.end());
  // CHECK: set_erase_end.cpp:[[@LINE-1]]:23: error: map::erase(end()) erases nothing that exists (undefined behaviour); erase a position before end()
  ranks.erase(ranks.end()); // expected-error {{set::erase(end()) erases nothing that exists (undefined behaviour); erase a position before end()}}
}
