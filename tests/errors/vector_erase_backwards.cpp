// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// erase(first, last) with last before first.
#include <iterator>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void vector_erase_backwards(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> order{0, 1, 2};
  order.erase(std::next(order.begin(), 2), order.begin() + 1); // expected-error {{vector::erase is given a range that ends before it starts (undefined behaviour)}}
}
