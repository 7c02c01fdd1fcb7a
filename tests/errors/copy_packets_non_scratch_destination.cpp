// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// copy_packets into the output buffer: packets live in scratch.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void copy_packets_non_scratch_destination() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("copy_packets_non_scratch_destination", collective,
                            1, {.protocol = Protocol::LL});
  Rank r(0);
  // expected-error@+1 {{copy_packets destination rank 0 output[0:1] must be in a scratch buffer (packets live in scratch)}}
  r.copy_packets(r.get_output_buffer().slice(0, 1),
                 r.get_input_buffer().slice(0, 1), {.tb = 0});
}
