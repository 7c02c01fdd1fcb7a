// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A member compound assignment is a member function: that is the error
// (not the reference-return advice, which would not help).
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
  c += 1; // expected-error {{member functions of 'Count' are not supported in algorithm code}}
}
