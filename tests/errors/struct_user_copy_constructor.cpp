// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A hand-written copy constructor: mscclc copies structs member by
// member (vector growth, by-value arguments, returns), so it would never
// run it and the copies would differ from C++'s.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Counted {
  int copies = 0;
  Counted() = default;
  Counted(const Counted &o) : copies(o.copies + 1) {}
};

MSCCLPP_ALGORITHM void struct_user_copy_constructor() {
  Counted c; // expected-error {{'Counted' has a hand-written copy constructor; mscclc copies and moves structs member by member, as the implicit one does, and would not run it: remove it or declare it '= default'}}
  (void)c;
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
