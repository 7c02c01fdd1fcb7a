// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// erase(end()) is undefined behaviour in C++.
#include <iterator>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void vector_erase_end(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> order{0, 1};
  order.erase(order.end()); // expected-error {{vector::erase(end()) erases nothing that exists (undefined behaviour); erase a position before end()}}
}
