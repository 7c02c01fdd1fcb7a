// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// The vector being indexed, destroyed while its index is evaluated (C++17
// evaluates the object before the index): reading it would be undefined.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void index_destroys_object() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("index_destroys_object", collective, 1);
  std::vector<std::vector<int>> lists{{0, 1}};
  // expected-error@+2 {{the object this call is made on was destroyed or moved while its arguments were evaluated (clear); evaluate the arguments into variables first}}
  // expected-note@+1 {{clear here}}
  int x = lists[0].at((lists.clear(), 0));
  (void)x;
}
