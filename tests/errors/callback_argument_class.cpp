// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A std::function<bool(int)> calling a lambda that takes a class: C++ picks
// one of the class's constructors from int; with two candidates mscclc
// does not choose, and says how to write it.
#include <functional>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Peer {
  int rank;
  Peer(int r) : rank(r) {}
  Peer(double r) : rank(int(r) + 1) {}
};

MSCCLPP_ALGORITHM void callback_argument_class(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  std::function<bool(int)> isFirst = [](Peer p) { return p.rank == 0; };
  // expected-error@+1 {{a value of type 'int' passed by the library to a parameter of type 'Peer' needs a conversion mscclc does not make here (only one non-template constructor taking one argument is run); declare the parameter as 'int' and convert inside the function}}
  bool first = isFirst(0);
  (void)first;
}
