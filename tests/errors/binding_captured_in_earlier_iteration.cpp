// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A lambda that captured a structured binding by reference in an earlier
// iteration of a loop names a binding that ended with that iteration:
// calling it is undefined in C++.
#include <functional>
#include <mscclpp/dsl.hpp>
#include <utility>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void binding_captured_in_earlier_iteration() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("b", collective, 1);
  std::function<int()> first;
  int tb = 0;
  for (int i = 0; i < 2; ++i) {
    auto [a, b] = std::make_pair(i, i + 1);
    if (i == 1)
      tb = first(); // expected-note {{in call to 'lambda()'}}
    // expected-error@+1 {{this lambda captured 'a' by reference, and that variable's lifetime has ended; capture it by copy ([a] or [=], with mutable if the lambda assigns to it)}}
    first = [&]() { return a + b - 1; };
  }
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1), Rank(0).get_input_buffer().slice(0, 1), {.tb = tb});
}
