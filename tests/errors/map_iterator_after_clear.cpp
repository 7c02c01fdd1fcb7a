// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// clear() invalidates every iterator into the map; the note shows where.
#include <map>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void map_iterator_after_clear() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::map<int, int> tbOfPeer = {{1, 0}};
  auto it = tbOfPeer.find(1);
  tbOfPeer.clear(); // expected-note {{clear here}}
  int tb = it->second; // expected-error {{this iterator was invalidated by clear, which changed or destroyed its container (C++ leaves its use undefined); take a fresh iterator after the change, e.g. `it = v.erase(it)`, or work with indices}}
  (void)tb;
}
