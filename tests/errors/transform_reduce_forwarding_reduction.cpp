// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::transform_reduce passes its running value to the reduction as an
// lvalue (a reduction taking it by forwarding or non-const reference could
// change it in place): mscclc runs reductions that take their two arguments
// by value or const reference, and refuses others where they are written.
#include <numeric>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void transform_reduce_forwarding_reduction() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> sizes = {1, 2, 3, 4, 5};
  long total = std::transform_reduce(
      sizes.begin(), sizes.end(), 0L,
      [](auto &&a, auto &&b) { return a + b; }, // expected-error {{std::transform_reduce takes std::plus, std::minus, std::multiplies, std::bit_and, std::bit_or, std::bit_xor, a lambda, a function, or an object of the program's own class with one const operator(), of two arguments taken by value or const reference; this operation is none of those}}
      [](int s) { return long(s); });
  (void)total;
}
