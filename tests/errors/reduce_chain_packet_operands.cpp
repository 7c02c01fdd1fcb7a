// RUN: mscclc --verify %s
// expected-no-diagnostics
// RUN: mscclc %s -o %t.json 2>&1 | FileCheck --allow-empty %s
// Two packet reductions fuse into one chain. The second's operand has the
// chunk index of the chain's plain destination, but packet slots lie at
// other offsets (twice the plain ones under LL16): it reads bytes the
// first does not write, so the fused reduction computes what the two do
// in order, and -Wreduce-chain-fused says nothing.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reduce_chain_packet_operands() {
  AllReduce collective(1, 1, true);
  CollectiveProgram program("reduce_chain_packet_operands", collective, 1,
                            {.protocol = Protocol::LL});
  Rank rank(0);
  Buffer scratch(0, 8);
  Chunk in = rank.get_input_buffer().slice(0, 1);
  Chunk sum = scratch.slice(1, 2);     // plain bytes [C, 2C)
  Chunk first = scratch.slice(2, 3);   // packet bytes [4C, 6C)
  Chunk second = scratch.slice(1, 2);  // packet bytes [2C, 4C)
  rank.copy_packets(first, in, {.tb = 0});
  rank.copy_packets(second, in, {.tb = 1});
  rank.copy(sum, in, {.tb = 0});
  rank.reduce(sum, {first}, {.tb = 0, .packet = true});
  rank.reduce(sum, {second}, {.tb = 0, .packet = true});
}
// CHECK-NOT: warning
