// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::function is not emulated: the error shows the self-calling lambda
// that replaces a recursive std::function.
#include <functional>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_function_unsupported(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  // expected-error@+1 {{'std::function' is not supported in algorithm code; keep the lambda in an `auto` variable; a lambda that calls itself takes itself as a parameter}}
  std::function<void(int)> visit = [&](int r) { (void)r; };
  visit(0);
}
