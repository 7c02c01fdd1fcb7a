// RUN: mscclc -Wno-rank-without-threadblocks --verify -Werror %s
// RUN: %expect-error mscclc -Wno-rank-without-threadblocks -Werror %s
// use_double_scratch_buffer with a plain put into a peer's scratch buffer:
// double scratch is only coherent for packet traffic (a warning; -Werror
// makes it an error).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void werror_double_scratch_non_packet() {
  TestCollective collective(2, 1, 1);
  CollectiveProgram program("werror_double_scratch_non_packet", collective, 2,
                            {.use_double_scratch_buffer = true});
  MemoryChannel ch(1, 0);
  Buffer scratch(1, 1);
  // expected-error@+2 {{rank 0 thread block 0: use_double_scratch_buffer is only coherent for packet traffic; this op exchanges plain data through remote scratch [-Werror,-Wdouble-scratch-non-packet]}}
  // expected-note@+1 {{fix: use packet ops for scratch exchange, or disable use_double_scratch_buffer}}
  ch.put(scratch.slice(0, 1), Rank(0).get_input_buffer().slice(0, 1),
         {.tb = 0});
}
