// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A std::function holds a lambda or a function named directly; a function object of the program's own class is refused.
#include <functional>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;
struct NextPeer {
  int n;
  int operator()(int r) const { return (r + 1) % n; }
};

MSCCLPP_ALGORITHM void std_function_functor(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::function<int(int)> next = NextPeer{n}; // expected-error {{a std::function in algorithm code holds a lambda or a function named directly (not a function object of the program's own class or a member function)}}
}
