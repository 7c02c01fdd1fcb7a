// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// More than 64 operations in one thread block (executor limit).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void too_many_ops_in_thread_block() {
  TestCollective collective(1, 65, 65);
  CollectiveProgram program("too_many_ops_in_thread_block", collective, 1);
  Rank r(0);
  BaseBuffer in = r.get_input_buffer();
  BaseBuffer out = r.get_output_buffer();
  // Reversed order, so that no two copies fuse into one.
  for (int i = 0; i < 65; ++i)
    // expected-error@+1 {{rank 0 thread block 0 has 65 ops, more than the 64 the mscclpp-0.9 executor allows per thread block (pipeline bodies and the nop syncs inserted for data dependencies count); spread the work over more thread blocks}}
    r.copy(out.slice(64 - i, 65 - i), in.slice(i, i + 1), {.tb = 0});
}
