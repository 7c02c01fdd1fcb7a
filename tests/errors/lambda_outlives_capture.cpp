// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A lambda capturing a local by reference, called after the function
// that owns the local returned.
#include <mscclpp/dsl.hpp>
#include <map>
#include <vector>
using namespace mscclpp::dsl;

auto makeCounter() {
  int count = 0;
  // (Returned through a variable: Clang's own check does not see it.)
  // expected-error@+1 {{this lambda captured 'count' by reference, and that variable's lifetime has ended; capture it by copy ([count] or [=], with mutable if the lambda assigns to it)}}
  auto counter = [&count] { return ++count; };
  return counter;
}

MSCCLPP_ALGORITHM void lambda_outlives_capture() {
  auto next = makeCounter();
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("l", collective, 1);
  // expected-note@+1 {{in call to}}
  int tb = next();
  (void)tb;
}
