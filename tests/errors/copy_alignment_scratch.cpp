// RUN: mscclc --verify %s
// RUN: mscclc %s -o %t.json 2>/dev/null
// RUN: mscclc %s -DDOUBLE=false -Werror -o %t.single.json
// With use_double_scratch_buffer, local scratch moves by half its size
// every second launch (executor-semantics §2.5); the half is a multiple of
// buffer_alignment, here 8, not always of 16. A copy between scratch and
// another buffer then has ends 8 bytes apart modulo 16 on every second
// launch, although both chunk offsets are 0. Single-buffered, the same
// copies are fine.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

#ifndef DOUBLE
#define DOUBLE true
#endif

MSCCLPP_ALGORITHM void copy_alignment_scratch() {
  AllReduce collective(1, 1, /*inplace=*/false);
  CollectiveProgram program("copy_alignment_scratch", collective, 1,
                            {.use_double_scratch_buffer = DOUBLE,
                             .buffer_alignment = 8});
  Rank rank(0);
  Buffer scratch(0, 1);
  // expected-warning@+2 {{rank 0 thread block 0: the 0.9.0 executor copies (copy, gstore, and put, pws, pwsf and get through memory channels) in 4-byte words and 16-byte vectors, right only when the source and the destination lie equally far from a 16-byte boundary and the size is a multiple of 4 bytes; buffer_alignment is 8 (copy from input[0:1] to scratch[0:1]: use_double_scratch_buffer moves local scratch by half its size every second launch, a multiple of 8 bytes but not always of 16), so at some message sizes this op moves wrong bytes or writes past its range}}
  // expected-note@+1 {{fix: set buffer_alignment to a multiple of 16 (the default)}}
  rank.copy(scratch.slice(0, 1), rank.get_input_buffer().slice(0, 1), {.tb = 0});
  // expected-warning@+2 {{buffer_alignment is 8 (copy from scratch[0:1] to output[0:1]: use_double_scratch_buffer moves}}
  // expected-note@+1 {{fix: set buffer_alignment to a multiple of 16 (the default)}}
  rank.copy(rank.get_output_buffer().slice(0, 1), scratch.slice(0, 1), {.tb = 0});
}
