// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// An iterator kept in a variable is invalidated by an erase from its vector
// (C++ leaves its use undefined); the error names the erase and says to
// continue from the iterator erase returns.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void vector_iterator_after_erase(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> order{0, 1, 2};
  auto first = order.begin();
  order.erase(first); // expected-note {{erase here}}
  order.erase(first); // expected-error {{this iterator was invalidated by erase, which changed or destroyed its container (C++ leaves its use undefined); take a fresh iterator after the change, e.g. `it = v.erase(it)`, or work with indices}}
}
