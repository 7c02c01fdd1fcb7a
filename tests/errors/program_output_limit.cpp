// RUN: %expect-error mscclc %s 2> %t.err
// RUN: tail -c 2000 %t.err | FileCheck %s
// A print left in a long loop: the output stops at 16 MiB with an error at
// the print, and no plan is written.
#include <cstdio>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void program_output_limit(int num_ranks = 2) {
  TestCollective collective(num_ranks, 1, 1);
  CollectiveProgram program("c", collective, num_ranks);
  for (int i = 0; i < 1000000; ++i)
    printf("step %d of a loop that prints far too much .........................\n", i);
}
// CHECK: program_output_limit.cpp:13:5: error: the program has printed more than 16 MiB; print less (a print in a long loop?)
