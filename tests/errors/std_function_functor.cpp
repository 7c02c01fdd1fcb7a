// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A std::function holds a lambda, a function named directly or a function
// object with one const operator(); one whose operator() is not const
// (calls could change it) is refused.
#include <functional>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;
struct NextPeer {
  int n;
  int operator()(int r) { return (r + 1) % n; }
};

MSCCLPP_ALGORITHM void std_function_functor(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::function<int(int)> next = NextPeer{n}; // expected-error {{a std::function in algorithm code holds a lambda, a function named directly, or an object of the program's own class with one const operator() (not a member function, or an object whose operator() is overloaded or not const)}}
}
