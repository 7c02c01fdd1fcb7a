// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::vector<bool> hands out proxy objects for its elements: refused where
// it is made, with the vector that works instead.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void vector_bool_unsupported(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  // expected-error@+1 {{std::vector<bool> is not supported in algorithm code (it hands out proxy objects for its elements); use std::vector<char> or std::vector<int>}}
  std::vector<bool> done(n, false);
  done[1] = true;
}
