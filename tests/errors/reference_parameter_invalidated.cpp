// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A reference parameter bound to an element of a vector the callee grows.
#include <mscclpp/dsl.hpp>
#include <map>
#include <vector>
using namespace mscclpp::dsl;

int grow(const int &first, std::vector<int> &v) {
  v.push_back(1); // expected-note {{push_back here}}
  return first; // expected-error {{'first' refers to an object that no longer exists: push_back destroyed or moved it}}
}

MSCCLPP_ALGORITHM void reference_parameter_invalidated() {
  std::vector<int> v{0};
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("p", collective, 1);
  int tb = grow(v[0], v); // expected-note {{in call to}}
  (void)tb;
}
