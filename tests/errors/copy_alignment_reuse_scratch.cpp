// RUN: mscclc --verify -Wno-reuse-slot-overflow %s
// (Chunks that outgrow the slot also overlap the next slots', which
// -Wreuse-slot-overflow reports; this test is about alignment only.)
// With reuse_resources, scratch chunk k starts at k times one slot size (a
// multiple of buffer_alignment 8, here 16777216 bytes for 4 chunks) or at k
// chunks: either way two scratch chunks k apart are k multiples of 8 bytes
// apart, as input and output chunks are (executor-semantics §2.5). So a copy
// from scratch to scratch is judged like any other copy: 2 chunks apart it is
// aligned, 1 chunk apart it is 8 bytes off at 8-byte chunks.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void copy_alignment_reuse_scratch() {
  AllReduce collective(1, 4, /*inplace=*/false);
  CollectiveProgram program("copy_alignment_reuse_scratch", collective, 1,
                            {.reuse_resources = true, .buffer_alignment = 8});
  Rank rank(0);
  Buffer scratch(0, 4);
  rank.copy(scratch.slice(0, 1), rank.get_input_buffer().slice(0, 1), {.tb = 0});
  rank.copy(scratch.slice(2, 3), scratch.slice(0, 1), {.tb = 0});
  // expected-warning@+2 {{buffer_alignment is 8 (copy from scratch[2:3] to scratch[3:4]: at 8-byte chunks they start 8 bytes apart modulo 16)}}
  // expected-note@+1 {{fix: set buffer_alignment to a multiple of 16 (the default)}}
  rank.copy(scratch.slice(3, 4), scratch.slice(2, 3), {.tb = 0});
  rank.copy(rank.get_output_buffer().slice(0, 1), scratch.slice(0, 1), {.tb = 0});
}
