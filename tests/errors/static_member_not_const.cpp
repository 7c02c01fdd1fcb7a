// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A static data member that is not constant holds state across uses, like
// a mutable global; the message names it as a static member (it used to
// call it a global variable).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Layout {
  static inline int blocks = 1;
  static constexpr int first = 0;
};

MSCCLPP_ALGORITHM void static_member_not_const() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  int tb = Layout::first + Layout::blocks; // expected-error {{static data member 'Layout::blocks' is not constant; algorithm code may only read const or constexpr static members}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = tb - 1});
}
