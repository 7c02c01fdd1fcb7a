// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A class with a constructor template: C++ may choose the template for
// emplace_back's arguments (here T = double, so 2.5 is not truncated);
// mscclc does not resolve overloads against templates and refuses rather
// than run the wrong constructor.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

struct Weight {
  int v;
  Weight(int x) : v(x) {}
  template <class T> Weight(T x) : v(int(x * 2)) {}
};

MSCCLPP_ALGORITHM void emplace_back_template_constructor(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  std::vector<Weight> weights;
  // expected-error@+1 {{emplace_back with these arguments is not supported in algorithm code (a constructor of the program's own class, an aggregate's members in order, a pair's or tuple's members, one value or none are); use push_back(T(...))}}
  weights.emplace_back(2.5);
}
