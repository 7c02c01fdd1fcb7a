// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A lambda capturing an if statement's init variable by reference, called
// after the if statement ended.
#include <functional>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void lambda_outlives_if_init(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("l", collective, 1);
  std::function<int()> peer;
  if (int p = n - 1; p > 0)
    // expected-error@+1 {{this lambda captured 'p' by reference, and that variable's lifetime has ended; capture it by copy ([p] or [=], with mutable if the lambda assigns to it)}}
    peer = [&p] { return p; };
  // expected-note@+1 {{in call to}}
  int tb = peer();
  (void)tb;
}
