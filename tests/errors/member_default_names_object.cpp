// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// An error in a default member initialiser also names the place the object
// was built (the initialiser's own line does not say which object): in an
// aggregate initialisation, in a default construction, and through a
// constructor that leaves the member to its default.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

int nth(int k) { return std::vector<int>(2).at(k); } // expected-error {{index 5 is out of bounds for a container of 2 elements}}

struct Peers {
  int count;
  int first = nth(count); // expected-note {{in call to 'nth(5)'}}
};

struct Layout {
  Peers peers{5}; // expected-note {{in the default initialiser of member 'first' of 'Peers', for the object built here}}
  Layout(int) {} // expected-note {{in the default initialiser of member 'peers' of 'Layout', for the object built here}}
};

MSCCLPP_ALGORITHM void member_default_names_object(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  Peers ok{1};
  Layout layout(n); // expected-note {{in call to 'Layout(2)'}}
  (void)ok;
  (void)layout;
}
