// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::min and std::max take std::less, std::greater, a lambda, a function
// or a function object with a const operator(); one whose operator() is not
// const is refused.
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;
struct ByRemainder { bool operator()(int a, int b) { return a % 4 < b % 4; } };

MSCCLPP_ALGORITHM void min_comparator(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  int m = std::max(n, 3, ByRemainder()); (void)m; // expected-error {{std::max with this comparator or projection is not supported in algorithm code: a comparator is std::less, std::greater, a lambda, a function, a std::function, or an object of the program's own class with one const operator() (plain or a template), of two elements; write the loop instead}}
}
