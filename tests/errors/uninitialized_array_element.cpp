// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// `int a[2];` and `std::array<int, 2> b;` leave their elements
// uninitialised; reading one is an error (it used to read as 0).
#include <array>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void uninitialized_array_element(bool plain = false) {
  int a[2];
  std::array<int, 2> b;
  int x = plain ? a[0] : b[1]; // expected-error {{is used uninitialised}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("a", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = x});
}
