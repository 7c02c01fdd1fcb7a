// RUN: rm -f %t.json
// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: not mscclc %s -o %t.json 2>&1 | FileCheck %s
// RUN: not test -e %t.json
// RUN: mscclc -P which=1 %s -o %t.json
// A std::function whose result is a reference now names the object its
// target returned (`f(x) = 5` writes x). Where that object is one of
// std::function::operator()'s own by-value parameters, which the target
// took by const reference, it dies as the call returns: natively the
// result dangles. It is an error with the fix, not a read of freed memory.
// Taking the parameter by reference in the std::function's signature too
// (which=1) returns the caller's own object and is fine.
// CHECK: error: 'std::function::operator()' returns a reference to one of its by-value parameters, which is destroyed when it returns
#include <functional>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void function_reference_to_parameter(int which = 0) {
  CollectiveProgram program("function_reference_to_parameter",
                            AllGather(2, 1, true), 2);
  int tb = 0;
  if (which == 0) {
    std::function<const int &(int)> pick = [](const int &v) -> const int & {
      return v;
    };
    tb = pick(1); // expected-error {{'std::function::operator()' returns a reference to one of its by-value parameters, which is destroyed when it returns; C++ leaves using the result undefined: return the value, or a reference to something the caller owns}}
  } else {
    std::function<const int &(const int &)> pick =
        [](const int &v) -> const int & { return v; };
    int one = 1;
    tb = pick(one);
  }
  MemoryChannel to1(1, 0), from0(0, 1);
  to1.put(Rank(1).get_output_buffer().slice(0, 1),
          Rank(0).get_input_buffer().slice(0, 1), {.tb = tb});
  to1.signal({.tb = tb});
  from0.wait({.tb = 0});
}
