// RUN: mscclc --verify -Wno-reuse-slot-overflow %s
// (Chunks that outgrow the slot also overlap the next slots', which
// -Wreuse-slot-overflow reports; this test is about alignment only.)
// With reuse_resources, scratch chunk k starts at k times the executor's
// slot (64 MiB over the scratch chunk count, rounded up to buffer_alignment
// 8 here: 22369624 bytes for 3 chunks, 8 modulo 16) once chunks outgrow
// the slot (executor-semantics §2.5), while input[1] starts at one chunk.
// The copy of input[1] to scratch[1] then has ends 8 bytes apart modulo 16
// at 64 MiB messages. Chunk 0 of either is at offset 0 and fine.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void copy_alignment_reuse() {
  AllReduce collective(1, 3, /*inplace=*/false);
  CollectiveProgram program("copy_alignment_reuse", collective, 1,
                            {.reuse_resources = true, .buffer_alignment = 8});
  Rank rank(0);
  Buffer scratch(0, 3);
  rank.copy(scratch.slice(0, 1), rank.get_input_buffer().slice(0, 1), {.tb = 0});
  // expected-warning@+2 {{buffer_alignment is 8 (copy from input[1:2] to scratch[1:2]: with reuse_resources, scratch chunks sit in slots of a multiple of 8 bytes but not always of 16)}}
  // expected-note@+1 {{fix: set buffer_alignment to a multiple of 16 (the default)}}
  rank.copy(scratch.slice(1, 2), rank.get_input_buffer().slice(1, 2), {.tb = 0});
  rank.copy(rank.get_output_buffer().slice(0, 1), scratch.slice(0, 1), {.tb = 0});
}
