// RUN: mscclc -Wno-rank-without-threadblocks --verify -Werror %s
// RUN: %expect-error mscclc -Wno-rank-without-threadblocks -Werror %s
// A get whose source and destination offsets differ: the 0.9 executor swaps
// them (a warning; -Werror makes it an error).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void werror_get_unequal_offsets() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("werror_get_unequal_offsets", collective, 2);
  MemoryChannel ch(1, 0);
  BaseBuffer dst = Rank(0).get_output_buffer();
  BaseBuffer src = Rank(1).get_input_buffer();
  // expected-error@+2 {{rank 0 thread block 0: 'get' with different source and destination offsets reads and writes the wrong bytes on the 0.9 executor (it swaps the offsets) [-Werror,-Wget-unequal-offsets]}}
  // expected-note@+1 {{fix: get into a destination chunk at the same index as the source, or have the peer put the data instead}}
  ch.get(dst.slice(0, 1), src.slice(1, 2), {.tb = 0});
}
