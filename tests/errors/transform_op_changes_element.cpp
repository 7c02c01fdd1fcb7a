// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::transform's operation may take its element by non-const reference
// (valid C++), but must not change it.
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void transform_op_changes_element(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> sizes{4, 8}, doubled(2);
  std::transform(sizes.begin(), sizes.end(), doubled.begin(), [](int &s) { // expected-error {{the operation of std::transform changed an element it was given (4 became 8), which is undefined behaviour; the operation must only read: take the elements by const reference}}
    return s *= 2;
  });
}
