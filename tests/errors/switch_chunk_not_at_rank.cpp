// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: not mscclc %s -P which=1 -o %t.json 2>&1 | FileCheck --check-prefix=BROADCAST %s
// RUN: not mscclc %s -P which=2 -o %t.json 2>&1 | FileCheck --check-prefix=PACKETS %s
// RUN: not test -e %t.json
// RUN: mscclc %s -P which=3 -o %t.own.json
// A switch op run at one rank of the group with a chunk of another member:
// the op runs on the rank it is called at and uses that rank's own buffer
// (the executor ignores the rank a plan names there), so the Python DSL's
// plan, which names the other rank, does not do what the program says.
// An error at the call (before, the chunk's rank was silently replaced).
// BROADCAST: switch_chunk_not_at_rank.cpp:31:{{[0-9]+}}: error: switch broadcast at rank 0: the source chunk rank 1 input[0:1] is not rank 0's
// PACKETS: switch_chunk_not_at_rank.cpp:33:{{[0-9]+}}: error: switch broadcast_packets at rank 1: the source chunk rank 0 scratch[0:1] is not rank 1's
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void switch_chunk_not_at_rank(int which = 0) {
  AllReduce collective(2, 1, true);
  CollectiveProgram program("switch_chunk_not_at_rank", collective, 2,
                            {.protocol = which == 2 ? Protocol::LL
                                                    : Protocol::Simple});
  SwitchChannel inputs({0, 1}, BufferType::input);
  Buffer scratch0(0, 1);
  Buffer scratch1(1, 1);
  SwitchChannel scratches({0, 1}, BufferType::scratch);
  BaseBuffer in0 = Rank(0).get_input_buffer();
  BaseBuffer in1 = Rank(1).get_input_buffer();
  if (which == 0)
    inputs.reduce(0, 0, 1, in1.slice(0, 1), {.tb = 0}); // expected-error {{switch reduce at rank 0: the destination chunk rank 1 input[0:1] is not rank 0's; the op runs on rank 0 and uses rank 0's own buffer (the executor ignores the rank a plan names there), so it would not do what it says; take the chunk from rank 0, or run the op at rank 1 (sw.at_rank(1), or 1 as the first argument)}}
  else if (which == 1)
    inputs.at_rank(0).broadcast(in1.slice(0, 1), 0, 1, {.tb = 0});
  else if (which == 2)
    scratches.at_rank(1).broadcast_packets(scratch0.slice(0, 1), 0, 1, {.tb = 0});
  else
    inputs.at_rank(0).broadcast(in0.slice(0, 1), 0, 1, {.tb = 0});
  Rank(1).copy(in1.slice(1, 2), in1.slice(1, 2), {.tb = 0});
  (void)scratch1;
}
