// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// An iterator kept past the end of its container's scope (a loop body's
// vector): its next use is an error naming where the container ended,
// never a read of a destroyed vector.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void iterator_outlives_container(int n = 3) {
  TestCollective collective(n, 1, 1);
  CollectiveProgram program("c", collective, n);
  std::vector<int>::iterator last;
  for (int r = 0; r < n; ++r) {
    std::vector<int> ring{r, (r + 1) % n};
    last = ring.begin();
  } // expected-note {{the end of its scope here}}
  int first = *last; // expected-error {{this iterator was invalidated by the end of its scope, which changed or destroyed its container (C++ leaves its use undefined); take a fresh iterator after the change, e.g. `it = v.erase(it)`, or work with indices}}
  (void)first;
}
