// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Subtracting iterators of two different vectors is undefined behaviour.
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void iterator_compare_containers(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> peers{1, 2}, others{2, 1};
  long i = std::find(peers.begin(), peers.end(), 2) - others.begin(); // expected-error {{these iterators point into different containers (undefined behaviour to subtract or compare them)}}
  (void)i;
}
