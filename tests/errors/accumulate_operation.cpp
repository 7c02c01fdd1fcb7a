// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::accumulate runs the std:: arithmetic function objects, lambdas,
// functions and the program's function objects with a const operator();
// one whose operator() may change it is refused with what it accepts.
#include <numeric>
#include <functional>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Scaled {
  int operator()(int acc, int x) { return acc * 2 + x; }
};

MSCCLPP_ALGORITHM void accumulate_operation(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> v{1, 2}; int p = std::accumulate(v.begin(), v.end(), 1, Scaled{}); (void)p; // expected-error {{std::accumulate takes std::plus, std::minus, std::multiplies, std::bit_and, std::bit_or, std::bit_xor, a lambda, a function, or an object of the program's own class with one const operator(), of two arguments: the running value taken by value, const reference or rvalue reference, the element by value or by lvalue reference; this operation is none of those}}
}
