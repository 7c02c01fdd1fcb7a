// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A by-reference init-capture must name a variable: one bound to an element
// is refused (mscclc keeps no pointer into a container across calls),
// with the way to write it.
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void init_capture_reference_element(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> counts{1, 2, 3};
  int total = 0;
  auto bump = [&first = counts[0], &total] { // expected-error {{the by-reference capture '&first = ...' must name a local variable ([&first = x]); to refer to an element or a member, capture the container or object by reference and index it in the lambda}}
    total += first;
  };
  bump();
}
