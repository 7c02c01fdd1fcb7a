// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Rank(r).copy moves data within rank r; another rank's buffer is reached
// through a channel, which the message says.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void rank_copy_other_rank() {
  AllGather collective(2, 1, false);
  CollectiveProgram program("r", collective, 2);
  // expected-error@+1 {{destination chunk rank 1 output[0:1] must be on rank 0: Rank(0)'s own copy and reduce work on its own buffers; reach another rank's through a channel of rank 0 (MemoryChannel(peer, 0): put, get, reduce; PortChannel(peer, 0): put)}}
  Rank(0).copy(Rank(1).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
