// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A lambda that captured a vector by copy hands out an iterator into its
// copy: refused, as the copy goes with the lambda.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void iterator_into_captured_copy() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> order{2, 0, 1};
  auto firstPeer = [order] { return order.begin(); }; // expected-error {{an iterator into a lambda's captured copy is not supported (the copy goes with the lambda); capture the container by reference, or pass it as a parameter}}
  int peer = *firstPeer(); // expected-note {{in call to 'lambda()'}}
  (void)peer;
}
