// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A reference to a vector element kept across push_back: the vector
// reallocates, so using the reference is undefined in C++.
#include <mscclpp/dsl.hpp>
#include <map>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reference_after_push_back() {
  std::vector<int> tbs{0};
  int &first = tbs[0];
  for (int i = 1; i < 64; ++i)
    tbs.push_back(i); // expected-note {{push_back here}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("r", collective, 1);
  // expected-error@+1 {{'first' refers to an object that no longer exists: push_back destroyed or moved it (C++ leaves this use undefined); index the container again after changing it, or copy the value before}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1), Rank(0).get_input_buffer().slice(0, 1), {.tb = first});
}
