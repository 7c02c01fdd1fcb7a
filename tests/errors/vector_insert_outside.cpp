// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A position past end() is undefined behaviour.
#include <iterator>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void vector_insert_outside(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> order{0, 1};
  order.insert(order.begin() + n + 1, 5); // expected-error {{this iterator moves to position 3 of a container of 2 elements, outside [begin, end] (undefined behaviour)}}
}
