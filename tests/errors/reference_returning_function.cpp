// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A function returning a reference runs, and the caller reads and writes
// the object itself; one that returns a reference to its own local (here
// through a reference variable, which Clang does not see) would leave the
// caller with a destroyed object, and is refused where it is called.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

int &slot(std::vector<int> &v) { return v[0]; }

int &lastOfCopy(std::vector<int> v) {
  int &last = v.back();
  return last;
}

MSCCLPP_ALGORITHM void reference_returning_function() {
  std::vector<int> v(2);
  slot(v) = 1;
  int tb = lastOfCopy(v); // expected-error {{'lastOfCopy' returns a reference to one of its local variables, which is destroyed when it returns; C++ leaves using the result undefined: return the value, or a reference to something the caller owns}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("r", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = tb + v[0]});
}
