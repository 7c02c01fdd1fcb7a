// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// unpack_packets reading from the input buffer: packets live in scratch.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void unpack_packets_non_scratch_source() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("unpack_packets_non_scratch_source", collective,
                            1, {.protocol = Protocol::LL});
  Rank r(0);
  // expected-error@+1 {{unpack_packets source rank 0 input[0:1] must be in a scratch buffer (packets live in scratch)}}
  r.unpack_packets(r.get_output_buffer().slice(0, 1),
                   r.get_input_buffer().slice(0, 1), {.tb = 0});
}
