// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A ThreadBlockGroup listing the same thread block twice.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void thread_block_group_duplicate_tb() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("thread_block_group_duplicate_tb", collective, 2);
  Rank r(0);
  BaseBuffer in = r.get_input_buffer();
  BaseBuffer out = r.get_output_buffer();
  // expected-error@+1 {{thread block 1 appears twice in the thread block group}}
  ThreadBlockGroup group({0, 1, 1});
  r.copy(out.slice(0, 2), in.slice(0, 2), {.tb_group = group});
}
