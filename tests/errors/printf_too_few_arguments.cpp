// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A conversion without its argument reads garbage in C; an error here.
#include <cstdio>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void printf_too_few_arguments(int num_ranks = 2) {
  TestCollective collective(num_ranks, 1, 1);
  CollectiveProgram program("c", collective, num_ranks);
  printf("rank %d of %d\n", num_ranks); // expected-warning {{more '%' conversions than data arguments}} expected-error {{printf: '%d' has no argument (too few arguments for the format)}}
}
