// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// The object a method is called on, destroyed while the call's arguments
// are evaluated (C++17 evaluates the object first).
#include <mscclpp/dsl.hpp>
#include <map>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void object_destroyed_by_argument() {
  std::vector<std::vector<int>> lists{{0}};
  // expected-error@+2 {{the object this call is made on was destroyed or moved while its arguments were evaluated (clear); evaluate the arguments into variables first}}
  // expected-note@+1 {{clear here}}
  lists[0].push_back((lists.clear(), 1));
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("o", collective, 1);
}
