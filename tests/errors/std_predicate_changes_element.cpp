// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A predicate taking its element by non-const reference must not change it.
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_predicate_changes_element(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> peers{4, 5, 6};
  auto odd = std::count_if(peers.begin(), peers.end(), [](auto &p) { // expected-error {{the predicate of std::count_if changed an element it was given (4 became 0), which is undefined behaviour; the predicate must only read: take the elements by const reference}}
    p /= 5;
    return p % 2 == 1;
  });
  (void)odd;
}
