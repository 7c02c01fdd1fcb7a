// RUN: mscclc -Wno-rank-without-threadblocks --verify -Werror %s
// RUN: %expect-error mscclc -Wno-rank-without-threadblocks -Werror %s
// flush on a port channel does nothing on the 0.9 executor (a warning;
// -Werror makes it an error).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void werror_flush() {
  TestCollective collective(2, 1, 1);
  CollectiveProgram program("werror_flush", collective, 2);
  PortChannel ch(1, 0);
  ch.put(Rank(1).get_output_buffer().slice(0, 1),
         Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
  // expected-error@+2 {{rank 0 thread block 0: 'flush' does nothing on the 0.9 executor [-Werror,-Wflush-noop]}}
  // expected-note@+1 {{fix: use put_with_signal_and_flush for the last put instead}}
  ch.flush({.tb = 0});
}
