// RUN: rm -f %t.json
// RUN: not mscclc %s -o %t.json 2>&1 | FileCheck %s
// RUN: not test -e %t.json
// RUN: mscclc -P which=1 %s -o %t.json
// A std::function whose target assigns the std::function another target
// during the call, then returns a reference to one of its own captures:
// the replaced target is destroyed as the call returns, and natively the
// reference dangles. mscclc read the freed capture (a wrong value, or an
// unrelated error); it is now an error at the call. Returning a reference
// to something the caller owns (which=1) stays fine, replaced or not.
// CHECK: error: 'std::function::operator()' returns a reference to a capture of a target the call replaced, which is destroyed when it returns
#include <functional>
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void function_reference_replaced_target(int which = 0) {
  CollectiveProgram program("function_reference_replaced_target",
                            AllGather(2, 1, true), 2);
  int other = 0;
  std::function<int &()> next;
  if (which == 0)
    next = [v = std::vector<int>(1000, 1), &next, &other]() mutable -> int & {
      next = [&other]() -> int & { return other; };
      return v[3];
    };
  else
    next = [&next, &other]() -> int & {
      next = [&other]() -> int & { return other; };
      return other;
    };
  int tb = next();
  next() = 1;
  MemoryChannel(1, 0).signal({.tb = tb});
  MemoryChannel(0, 1).wait({.tb = other - 1});
}
