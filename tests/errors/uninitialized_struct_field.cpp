// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// `S s;` leaves a field without an initialiser uninitialised, as C++
// does; reading it is an error (it used to read as 0). `S t{};` zeroes.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct S {
  int tb;
  int other = 0;
};

MSCCLPP_ALGORITHM void uninitialized_struct_field() {
  S s;
  S t{};
  int x = s.tb + t.tb; // expected-error {{variable is used uninitialised}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("f", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = x});
}
