// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A std::function<int(Hop)> holding [](Peer p): C++ converts the Hop with
// its conversion operator; mscclc runs only a constructor of Peer that
// takes the value as it is, so it refuses (it used to pass the Hop's field
// on as the Peer's, silently).
#include <functional>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Peer {
  int rank;
  Peer(int r) : rank(r) {}
};
struct Hop {
  int distance;
  operator Peer() const { return Peer(distance + 100); }
};

MSCCLPP_ALGORITHM void callback_argument_conversion_operator(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  std::function<int(Hop)> rankOf = [](Peer p) { return p.rank; };
  // expected-error@+1 {{a value of type 'Hop' passed by the library to a parameter of type 'Peer' needs a conversion mscclc does not make here (only one non-template constructor taking one argument is run); declare the parameter as 'Hop' and convert inside the function}}
  int r = rankOf(Hop{1});
  (void)r;
}
