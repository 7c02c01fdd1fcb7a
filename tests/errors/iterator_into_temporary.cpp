// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// An iterator into a temporary vector outlives it when a helper hands it
// back; its next use is an error, not a read of a destroyed container.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

std::vector<int> peers(int n) {
  std::vector<int> out;
  for (int r = 1; r < n; ++r)
    out.push_back(r);
  return out;
}
std::vector<int>::const_iterator firstOf(const std::vector<int> &v) {
  return v.begin();
}

MSCCLPP_ALGORITHM void iterator_into_temporary(int n = 4) {
  TestCollective collective(n, 1, 1);
  CollectiveProgram program("c", collective, n);
  auto first = firstOf(peers(n));
  int peer = *first; // expected-error {{this iterator points into a temporary container, destroyed at the end of the full-expression, so every later use would be undefined; store the container in a variable first}}
  (void)peer;
}
