// RUN: mscclc --verify -Werror %s
// RUN: %expect-error mscclc -Werror %s
// A packet op in a plan with protocol Simple: the scratch buffer is half the
// size packets need (a warning; -Werror makes it an error).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void werror_packets_under_simple() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("werror_packets_under_simple", collective, 1,
                            {.protocol = Protocol::Simple});
  Rank r(0);
  Buffer scratch(0, 1);
  // expected-error@+2 {{rank 0 thread block 0: packet ops in a plan with protocol Simple get a scratch buffer half the size they need [-Werror,-Wpackets-under-simple]}}
  // expected-note@+1 {{fix: set .protocol = Protocol::LL}}
  r.copy_packets(scratch.slice(0, 1), r.get_input_buffer().slice(0, 1),
                 {.tb = 0});
}
