// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// An array turned into a pointer: the dialect has no pointers, only the
// strings a `const char *` may hold (a literal or a choice of literals).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

int first(const int *values) { return values[0]; }

MSCCLPP_ALGORITHM void array_decay_refused() {
  int tbs[2] = {0, 1};
  const char *fine = true ? "a" : "bc";
  (void)fine;
  int tb = first(tbs); // expected-error {{arrays decaying to pointers are not supported; pass the array by reference or use std::vector}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = tb});
}
