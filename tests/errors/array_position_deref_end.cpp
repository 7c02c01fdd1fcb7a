// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Dereferencing what std::find returns when the value is not there: the
// position is end() (std::array's iterators are pointers; reading past the
// last element is undefined behaviour).
#include <mscclpp/dsl.hpp>
#include <algorithm>
#include <array>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void array_position_deref_end() {
  AllGather collective(2, 1, true);
  CollectiveProgram program("array_position_deref_end", collective, 2);
  std::array<int, 3> peers{1, 0, 1};
  // expected-error@+1 {{this iterator is end(): there is no element to read (undefined behaviour); test it against end() first}}
  int peer = *std::find(peers.begin(), peers.end(), 7);
  MemoryChannel(peer, 0).signal({.tb = 0});
}
