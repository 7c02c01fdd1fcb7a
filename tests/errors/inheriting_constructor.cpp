// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Constructors inherited with `using Base::Base` are not run by mscclc;
// the message says what to write instead.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Base {
  int tb;
  explicit Base(int t) : tb(t) {}
};
struct Derived : Base {
  using Base::Base;
};

MSCCLPP_ALGORITHM void inheriting_constructor() {
  Derived d(0); // expected-error {{constructing 'Derived' this way is not supported in algorithm code; give it a constructor written in the algorithm file}}
  (void)d;
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
