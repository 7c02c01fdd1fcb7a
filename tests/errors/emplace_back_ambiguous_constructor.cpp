// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// emplace_back forwards its arguments to a constructor; mscclc picks the
// one constructor taking that many, and asks for push_back(T(...)) when
// C++'s overload resolution would have to choose.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

struct Hop {
  int dist;
  explicit Hop(int d) : dist(d) {}
  explicit Hop(double d) : dist(int(d) * 2) {}
};

MSCCLPP_ALGORITHM void emplace_back_ambiguous_constructor() {
  std::vector<Hop> hops;
  hops.emplace_back(1); // expected-error {{emplace_back with these arguments is not supported in algorithm code (a constructor of the program's own class, an aggregate's members in order, a pair's or tuple's members, one value or none are); use push_back(T(...))}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
