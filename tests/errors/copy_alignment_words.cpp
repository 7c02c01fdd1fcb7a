// RUN: mscclc --verify %s
// With buffer_alignment 2, a chunk's size and offset need not be multiples
// of 4 bytes: the executor's copy moves whole 4-byte words (the last bytes
// of a 6-byte chunk are never copied) and reads or writes words off a
// 4-byte boundary (executor-semantics §3.4). Even a copy between chunks at
// one offset is at risk.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void copy_alignment_words() {
  AllReduce collective(1, 2, /*inplace=*/false);
  CollectiveProgram program("copy_alignment_words", collective, 1,
                            {.buffer_alignment = 2});
  Rank rank(0);
  // expected-warning@+2 {{buffer_alignment is 2 (a chunk need not start or end on a 4-byte boundary), so at some message sizes this op moves wrong bytes or writes past its range [-Wcopy-alignment]}}
  // expected-note@+1 {{fix: set buffer_alignment to a multiple of 16 (the default)}}
  rank.copy(rank.get_output_buffer().slice(0, 2),
            rank.get_input_buffer().slice(0, 2), {.tb = 0});
}
