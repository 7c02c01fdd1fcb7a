// RUN: mscclc --verify -Werror %s
// RUN: %expect-error mscclc -Werror %s
// A pipeline that runs 65536 iterations at max_message_size: 2 chunks of
// (2^26 bytes / 2 input chunks) each, in units of 1024 bytes, is
// 2 * 2^25 / 2^10 = 65536, one more than the executor's 16-bit counter holds
// (a warning; -Werror makes it an error).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void werror_pipeline_iterations() {
  TestCollective collective(1, 2, 2);
  CollectiveProgram program("werror_pipeline_iterations", collective, 1,
                            {.max_message_size = 1 << 26});
  Rank r(0);
  // expected-error@+2 {{rank 0 thread block 0: the pipeline would run more than 65535 iterations at max_message_size, but the executor counts them in 16 bits (65536 iterations = 2 chunks x 33554432 bytes / 1024 bytes) [-Werror,-Wpipeline-iterations]}}
  // expected-note@+1 {{fix: raise the unit size or lower max_message_size}}
  LoopIterationContext loop(1024, 2);
  r.copy(r.get_output_buffer().slice(0, 2), r.get_input_buffer().slice(0, 2),
         {.tb = 0});
}
