// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Member functions of user structs are not evaluated, member operators
// included; the error says so (not "variadic call").
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Peer {
  int rank;
  bool operator<(const Peer &o) const { return rank < o.rank; }
};

MSCCLPP_ALGORITHM void member_operator(int n = 2) {
  CollectiveProgram prog("p", AllReduce(n, 1, false), n);
  Peer p{1}, q{2};
  // expected-error@+1 {{member functions of 'Peer' are not supported in algorithm code}}
  if (!(p < q))
    Rank(0).barrier({0});
}
