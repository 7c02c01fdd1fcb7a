// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// emplace_back of an aggregate from an object of another class of the
// program's own: C++ converts it through its conversion operator, which
// mscclc does not run here, so it is refused (before, the object was
// stored in the aggregate's first member).
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

struct Span {
  int first;
  int count;
};
struct Window {
  int at;
  operator Span() const { return Span{at, 1}; }
};

MSCCLPP_ALGORITHM void emplace_aggregate_conversion(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<Span> spans;
  Window w{n};
  spans.emplace_back(w); // expected-error {{emplace_back with these arguments is not supported in algorithm code (a constructor of the program's own class, an aggregate's members in order, a pair's or tuple's members, one value or none are); use push_back(T(...))}}
}
