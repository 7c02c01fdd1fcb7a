// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A comparator that changes the range being sorted is undefined behaviour.
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_sort_comparator_modifies_range(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> peers{3, 1, 2};
  std::sort(peers.begin(), peers.end(), [&peers](int a, int b) { // expected-error {{the comparator changed the range being sorted (push_back), which is undefined behaviour; a comparator must only read}}
    peers.push_back(a); // expected-note {{push_back here}}
    return a < b;
  });
}
