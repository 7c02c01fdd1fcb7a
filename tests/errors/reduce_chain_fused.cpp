// RUN: mscclc --verify %s
// RUN: %expect-error mscclc -Werror=reduce-chain-fused %s
// RUN: mscclc %s -P in_place=true -Werror -o %t.inplace.json
// RUN: mscclc %s -O0 -Werror -o %t.unfused.json
// RUN: mscclc %s -o %t.fused.json 2> /dev/null
// RUN: FileCheck --check-prefix=FUSED %s < %t.fused.json
// FUSED: "name": "re",
// FUSED-NEXT: "src_buff": [
// FUSED-COUNT-3: "type": "i",
// Two reductions with one first operand and one destination that is not
// that operand: the reference's fusion rule merges them into one that adds
// both operand lists (out = in0 + in1 + in2), where run in order the second
// overwrites the first (out = in0 + in2). mscclc fuses them as the
// reference does, for the same plan, and warns; in place (the destination
// is the first operand) the two compose, and -O0 keeps them apart: both
// are silent.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reduce_chain_fused(bool in_place = false) {
  TestCollective collective(1, 3, 2);
  CollectiveProgram program("reduce_chain_fused", collective, 1);
  Rank rank(0);
  BaseBuffer in = rank.get_input_buffer();
  BaseBuffer out = rank.get_output_buffer();
  Chunk into = in_place ? in.slice(0, 1) : out.slice(0, 1);
  // expected-note@+1 {{the reduction it fuses into}}
  rank.reduce(in.slice(0, 1), {in.slice(1, 2)}, {.tb = 0, .dst_chunk = into});
  // expected-warning@+2 {{this reduction has the first operand and the destination of the one before it, and the destination is not that operand: the two fuse into one reduction that adds both operand lists (dst = src + a + b), as the Python DSL fuses them, where run one after the other the second would overwrite the first (dst = src + b)}}
  // expected-note@+1 {{fix: write one reduce with all the operands}}
  rank.reduce(in.slice(0, 1), {in.slice(2, 3)}, {.tb = 0, .dst_chunk = into});
  if (!in_place)
    rank.copy(out.slice(1, 2), in.slice(0, 1), {.tb = 0});
}
