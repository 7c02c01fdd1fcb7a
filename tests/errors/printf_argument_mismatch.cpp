// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// printf with a conversion that does not match its argument is undefined
// in C; mscclc stops at the argument (Clang's -Wformat warns first).
#include <cstdio>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void printf_argument_mismatch(int num_ranks = 2) {
  TestCollective collective(num_ranks, 1, 1);
  CollectiveProgram program("c", collective, num_ranks);
  double share = 1.0 / num_ranks;
  printf("share %d\n", share); // expected-warning {{format specifies type 'int' but the argument has type 'double'}} expected-error {{printf: '%d' takes an integer}}
}
