// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::vector::at past the end of a one-element vector, and the index of a
// std::array written as operator[] from a nested container.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void vector_at_one_element() {
  TestCollective collective(2, 1, 1);
  CollectiveProgram program("vector_at_one_element", collective, 2);
  std::vector<std::vector<int>> peers{{1}};
  // expected-error@+1 {{index 1 is out of bounds for a container of 1 element}}
  int peer = peers[0].at(1);
  (void)peer;
}
