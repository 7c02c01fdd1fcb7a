// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A lambda capturing a for statement's loop variable by reference, called
// after the loop ended.
#include <functional>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void lambda_outlives_for_init_capture(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("l", collective, 1);
  std::function<int()> last;
  for (int i = 0; i < n; ++i)
    // expected-error@+1 {{this lambda captured 'i' by reference, and that variable's lifetime has ended; capture it by copy ([i] or [=], with mutable if the lambda assigns to it)}}
    last = [&i] { return i; };
  // expected-note@+1 {{in call to}}
  int tb = last();
  (void)tb;
}
