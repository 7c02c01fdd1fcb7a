// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A running sum by std::modulus, an operation mscclc does not model:
// refused with the operations std::partial_sum takes.
#include <functional>
#include <numeric>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void scan_op_unsupported(int n = 4) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> sizes(n, 2), offsets(n);
  std::partial_sum(sizes.begin(), sizes.end(), offsets.begin(), std::modulus<int>()); // expected-error {{std::partial_sum takes std::plus, std::minus, std::multiplies, std::bit_and, std::bit_or, std::bit_xor, a lambda, a function, or an object of the program's own class with one const operator(), of two arguments taken by value or const reference; this operation is none of those}}
}
