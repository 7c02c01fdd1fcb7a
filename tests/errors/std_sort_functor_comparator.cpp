// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A function object whose operator() is not const (it could change between
// the library's copies of it) is not a comparator mscclc calls; one with a
// const operator(), a lambda or a function is.
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;
struct Descending { bool operator()(int a, int b) { return a > b; } };

MSCCLPP_ALGORITHM void std_sort_functor_comparator(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> v{1, 2}; std::sort(v.begin(), v.end(), Descending{}); // expected-error {{std::sort with this comparator or projection is not supported in algorithm code: a comparator is std::less, std::greater, a lambda, a function, a std::function, or an object of the program's own class with one const operator() (plain or a template), of two elements; write the loop instead}}
}
