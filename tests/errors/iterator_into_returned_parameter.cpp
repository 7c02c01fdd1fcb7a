// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A helper returns an iterator into its by-value parameter, which ends
// with the call (Clang does not warn about it): the caller's use is an
// error, never a read of the destroyed copy.
#include <algorithm>
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

std::vector<int>::iterator findIn(std::vector<int> peers, int r) {
  return std::find(peers.begin(), peers.end(), r); // expected-note {{the end of its scope here}}
}

MSCCLPP_ALGORITHM void iterator_into_returned_parameter(int n = 3) {
  TestCollective collective(n, 1, 1);
  CollectiveProgram program("c", collective, n);
  std::vector<int> order{0, 1, 2};
  auto at = findIn(order, 1);
  int peer = *at; // expected-error {{this iterator was invalidated by the end of its scope, which changed or destroyed its container (C++ leaves its use undefined); take a fresh iterator after the change, e.g. `it = v.erase(it)`, or work with indices}}
  (void)peer;
}
