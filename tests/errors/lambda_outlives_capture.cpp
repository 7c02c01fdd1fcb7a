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
  // expected-error@+2 {{this lambda captured 'count' by reference, and that variable's lifetime has ended; capture it by copy ([count] or [=])}}
  // expected-warning@+1 {{address of stack memory associated with local variable}}
  return [&count] { return ++count; }; // expected-note {{captured by reference here}}
}

MSCCLPP_ALGORITHM void lambda_outlives_capture() {
  auto next = makeCounter();
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("l", collective, 1);
  // expected-note@+1 {{in call to}}
  int tb = next();
  (void)tb;
}
