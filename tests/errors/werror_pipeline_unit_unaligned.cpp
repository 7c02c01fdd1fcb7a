// RUN: mscclc --verify -Werror %s
// RUN: %expect-error mscclc -Werror %s
// A pipeline unit of 1000 bytes, not a multiple of 16 (a warning; -Werror
// makes it an error).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void werror_pipeline_unit_unaligned() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("werror_pipeline_unit_unaligned", collective, 1);
  Rank r(0);
  // expected-error@+2 {{rank 0 thread block 0: pipeline unit_size is not a multiple of 16 bytes; the executor's vector paths and tails mishandle it (unit_size = 1000) [-Werror,-Wpipeline-unit-unaligned]}}
  // expected-note@+1 {{fix: make the unit size a multiple of 16}}
  LoopIterationContext loop(1000, 1);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
