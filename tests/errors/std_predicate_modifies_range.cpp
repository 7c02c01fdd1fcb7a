// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A predicate that changes the range it is asked about is undefined behaviour.
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_predicate_modifies_range(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> peers{3, 1, 2};
  bool any = std::any_of(peers.begin(), peers.end(), [&peers](int p) { // expected-error {{the predicate changed the range it walks (pop_back), which is undefined behaviour; a predicate must only read}}
    peers.pop_back(); // expected-note {{pop_back here}}
    return p > 5;
  });
  (void)any;
}
