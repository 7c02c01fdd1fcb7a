// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Calling an empty std::function throws std::bad_function_call in C++: an error here.
#include <functional>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_function_empty_call(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::function<int(int)> peerOf = [n](int r) { return (r + 1) % n; };
  if (n > 4)
    peerOf = nullptr;
  std::function<int(int)> unset;
  int p = unset(0); // expected-error {{call of an empty std::function (std::bad_function_call in C++); assign it a lambda or a function first}}
  (void)p;
}
