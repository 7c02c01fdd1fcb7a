// RUN: mscclc --verify %s
// RUN: not mscclc %s -o %t.json 2>&1 | FileCheck %s
// RUN: test ! -e %t.json
// A chunk declared without a slice and given one only on some paths: the
// error names the variable at the argument that passes it, not the call.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void uninitialised_chunk_argument(int num_ranks = 2) {
  AllGather collective(num_ranks, 1, true);
  CollectiveProgram program("uninitialised_chunk_argument", collective,
                            num_ranks);
  Chunk src;
  if (num_ranks > 2)
    src = Rank(0).get_input_buffer().slice(0, 1);
  // CHECK: uninitialised_chunk_argument.cpp:[[#@LINE+2]]:57: error: variable 'src' is used uninitialised; give it a value where it is declared
  // expected-error@+1 {{variable 'src' is used uninitialised; give it a value where it is declared}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(1, 2), src, {.tb = 0});
}
