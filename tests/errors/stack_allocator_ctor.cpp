// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A container adapter made from something other than a std::vector (here
// an allocator) is refused with what to write instead.
#include <memory>
#include <stack>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void stack_allocator_ctor(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::stack<int, std::vector<int>> path(std::allocator<int>{}); // expected-error {{this std::stack constructor is not supported: make it empty, or from a std::vector (a priority_queue also from a comparator, or from begin() and end() of a whole container), then push the elements}}
  path.push(n);
}
