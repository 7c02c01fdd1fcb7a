// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A struct declared inside the algorithm function: the error says to move
// it to namespace scope, where structs work.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void local_class_unsupported(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  // expected-error@+1 {{classes declared inside a function are not supported in algorithm code; declare 'Peer' at namespace scope}}
  struct Peer {
    int rank;
  };
  Peer p{1};
  (void)p;
}
