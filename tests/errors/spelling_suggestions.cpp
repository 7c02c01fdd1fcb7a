// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A misspelled local or parameter gets a "did you mean" with the closest
// visible name and a note where it is declared. Clang's own corrector is
// off (it can loop forever), so these come from the front end; a tie
// between two equally close names gets no suggestion rather than a guess.
// spelling_suggestions_dsl.test covers DSL types, members and namespaces.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void spelling(int gpus = 2) { // expected-note {{'gpus' declared here}}
  AllGather collective(gpus, 1, true);
  CollectiveProgram program("spelling", collective, gpus);
  Chunk dst_chunk = Rank(0).get_output_buffer().slice(0, 1);
  int src_rank = 0;
  MemoryChannel ch(1, src_rank);
  int chunk_count = 1; // expected-note {{'chunk_count' declared here}}
  int n = gpu + chunk_cuont; // expected-error {{use of undeclared identifier 'gpu'; did you mean 'gpus'?}} expected-error {{use of undeclared identifier 'chunk_cuont'; did you mean 'chunk_count'?}}
  // 'dst_chunk' and 'src_rank' are both three edits away.
  ch.put(dst_chunk, src_chunk, {}); // expected-error {{use of undeclared identifier 'src_chunk'}}
  (void)n;
}
