// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// `auto [lo, hi] = std::minmax(a, b);` of two objects names the objects
// themselves (the pair holds references): a name whose element a
// push_back destroyed is used undefined in C++.
#include <algorithm>
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void minmax_binding_after_push_back() {
  std::vector<int> tbs{1, 0};
  auto [lo, hi] = std::minmax(tbs[0], tbs[1]);
  tbs.push_back(2); // expected-note {{push_back here}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("m", collective, 1);
  // expected-error@+1 {{'lo' refers to an object that no longer exists: push_back destroyed or moved it (C++ leaves this use undefined); index the container again after changing it, or copy the value before}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1), Rank(0).get_input_buffer().slice(0, 1), {.tb = lo + hi - 1});
}
