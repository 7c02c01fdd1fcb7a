// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Reading through what std::find returns when it found nothing (end()) is undefined behaviour.
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void iterator_deref_end(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> peers{1, 2};
  int p = *std::find(peers.begin(), peers.end(), n + 5); // expected-error {{this iterator is end(): there is no element to read (undefined behaviour); test it against end() first}}
  (void)p;
}
