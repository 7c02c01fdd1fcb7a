// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Inside a member function, a lambda may not capture `this`.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;
struct Ring {
  int n = 4;
  int next(int r) const {
    auto wrap = [this](int x) { return x % n; }; // expected-error {{capturing 'this' is not supported; copy the members the lambda needs into local variables and capture those}}
    return wrap(r + 1);
  }
};

MSCCLPP_ALGORITHM void member_function_lambda_captures_this(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  Ring ring;
  int p = ring.next(1); // expected-note {{in call to 'next(1)'}}
  (void)p;
}
