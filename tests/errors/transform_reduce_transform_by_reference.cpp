// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::transform_reduce's transformation is given each element as an
// lvalue: one taking it by non-const reference could change the range being
// reduced, and is refused where it is written.
#include <numeric>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void transform_reduce_transform_by_reference() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> sizes = {1, 2, 3};
  long total = std::transform_reduce(sizes.begin(), sizes.end(), 0L,
                                     std::plus<>(),
                                     [](int &s) { return s *= 2; }); // expected-error {{std::transform_reduce's transformation is a lambda, a function, a std::function, or an object of the program's own class with one const operator(), of one element taken by value or const reference; this operation is none of those}}
  (void)total;
}
