// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A declaration whose initialiser fails, then a call on it with a
// misspelled argument and an argument missing: Clang 19's own typo
// corrector loops forever on this (found by fuzz_source). Both errors are
// reported at once.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void typo_loop() {
  AllGather collective(2, 1, true);
  CollectiveProgram program("typo_loop", collective, 2);
  Chunk dst_chunk = Rank(0).get_output_buffer().slice(0, 1); // expected-note {{'dst_chunk' declared here}}
  MemoryChannel ch(1, assembler); // expected-error {{use of undeclared identifier 'assembler'}}
  ch.put(dst_chunk, src_chunk); // expected-error {{use of undeclared identifier 'src_chunk'; did you mean 'dst_chunk'?}}
}
