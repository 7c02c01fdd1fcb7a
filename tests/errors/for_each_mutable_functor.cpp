// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A function object whose operator() is not const: std::for_each would
// call it on its own copy, whose state the program then cannot see.
#include <algorithm>
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

struct Tally {
  int seen = 0;
  void operator()(int) { ++seen; }
};

MSCCLPP_ALGORITHM void for_each_mutable_functor(int n = 3) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  std::vector<int> peers{1, 2};
  std::for_each(peers.begin(), peers.end(), Tally{}); // expected-error {{std::for_each takes a lambda, a function, a std::function, or an object of the program's own class with one const operator(), taking one element}}
}
