// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A recursive lambda must capture its std::function by reference: a copy taken in its own initialiser is uninitialised.
#include <functional>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_function_self_copy(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::function<int(int)> depth = [=](int r) { // expected-warning {{variable 'depth' is uninitialized when used within its own initialization}}
    return r < 2 ? 0 : 1 + depth(r / 2); // expected-error {{this std::function is used before it was initialised: a lambda that captures it by copy ([=]) in its own initialiser holds that uninitialised copy; capture it by reference ([&])}}
  };
  int d = depth(8); // expected-note {{in call to 'lambda(8)'}}
  (void)d;
}
