// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Member functions run, but one that returns a reference (here the usual
// `return *this;` of a compound assignment) is refused like any function
// returning a reference: an assignment through the result would be lost.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Count {
  int n;
  Count &operator+=(int k) {
    n += k;
    return *this;
  }
};

MSCCLPP_ALGORITHM void member_compound_assignment(int r = 2) {
  CollectiveProgram prog("p", AllReduce(r, 1, false), r);
  Count c{0};
  c += 1; // expected-error {{'operator+=' returns a reference; functions returning references are not supported in algorithm code (return the value, or pass the container and an index)}}
}
