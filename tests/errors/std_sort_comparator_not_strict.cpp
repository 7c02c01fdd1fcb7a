// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A comparator written with <= is not a strict weak ordering: undefined behaviour in C++, refused by mscclc.
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_sort_comparator_not_strict(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> peers{3, 1, 2};
  std::stable_sort(peers.begin(), peers.end(), [](int a, int b) { return a <= b; }); // expected-error {{the comparator of std::stable_sort says 3 comes before itself; a sort needs a strict weak ordering (undefined behaviour otherwise): compare with <, not <=}}
}
