// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A function object with overloaded operator()s: mscclc calls the one
// operator() of the program's function objects, so it is refused.
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;
struct Above {
  int limit;
  bool operator()(int x) const { return x > limit; }
  bool operator()(double x) const { return x > limit; }
};

MSCCLPP_ALGORITHM void std_predicate_functor(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> sizes{3, 1, 2};
  auto big = std::count_if(sizes.begin(), sizes.end(), Above{n}); // expected-error {{std::count_if takes a lambda, a function, a std::function, or an object of the program's own class with one const operator(), of one element}}
  (void)big;
}
