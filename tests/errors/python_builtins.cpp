// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Python's built-in assert and len: in C++, a header and a method.
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void python_builtins() {
  std::vector<int> tbs = {0, 1};
  assert(tbs.size() == 2); // expected-error {{use of undeclared identifier 'assert'; add #include <cassert>}}
  int n = len(tbs); // expected-error {{use of undeclared identifier 'len'; a container's length is its .size() (Python's len(x))}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
}
