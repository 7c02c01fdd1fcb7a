// RUN: mscclc --verify %s
// RUN: mscclc -Werror %S/Inputs/glres_result_rewritten.cpp --algo glres_staging_reused -o %t.reused.json
// RUN: mscclc -Werror %S/Inputs/glres_result_rewritten.cpp --algo glres_inplace_reducescatter -o %t.rs.json
// A switch reduce fused with a broadcast into glres never writes the
// reduce's destination chunk unless the broadcast stores it: warned when
// the program reads that chunk later (before writing all of it again) or
// it is part of the result, silent for a staging chunk nothing reads (and
// for the programs of Inputs/glres_result_rewritten.cpp).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void glres_drops_result() {
  AllReduce collective(2, 3, false);
  CollectiveProgram program("glres_drops_result", collective, 2);
  SwitchChannel inputs({0, 1}, BufferType::input);
  for (int r = 0; r < 2; ++r) {
    Buffer staging(r, 3);
    Chunk out = Rank(r).get_output_buffer().slice(3 * r, 3 * r + 1);
    // A staging chunk read afterwards.
    // expected-warning@+3 {{this switch reduce fuses with the broadcast after it into one glres, which the executor runs as a load-reduce from the switch and a store back to it: the reduce's destination chunk, which is read later, is never written (the broadcast stores elsewhere on this rank), so it keeps its old data; the Python DSL fuses them the same way, and the executor has no switch reduce on its own [-Wglres-drops-result]}}
    // expected-note@+2 {{fix: reduce into the chunk the broadcast stores on this rank (the switch's buffer at the broadcast's buffer_offset) and read the result from there}}
    // expected-note@+2 {{the broadcast it fuses with}}
    inputs.at_rank(r).reduce(3 * r, 1, staging.slice(0, 1), {.tb = 0});
    inputs.at_rank(r).broadcast(staging.slice(0, 1), 3 * r, 1, {.tb = 0});
    // expected-note@+1 {{the destination chunk is read here}}
    Rank(r).copy(out, staging.slice(0, 1), {.tb = 0});
    // The result buffer itself.
    Chunk out2 = Rank(r).get_output_buffer().slice(3 * r + 1, 3 * r + 2);
    // expected-warning@+3 {{the reduce's destination chunk, which is part of the collective's result, is never written}}
    // expected-note@+2 {{fix: reduce into the chunk}}
    // expected-note@+2 {{the broadcast it fuses with}}
    inputs.at_rank(r).reduce(3 * r + 1, 1, out2, {.tb = 1});
    inputs.at_rank(r).broadcast(out2, 3 * r + 1, 1, {.tb = 1});
    // A staging chunk nothing reads: the broadcast alone is what counts.
    inputs.at_rank(r).reduce(3 * r + 2, 1, staging.slice(2, 3), {.tb = 2});
    inputs.at_rank(r).broadcast(staging.slice(2, 3), 3 * r + 2, 1, {.tb = 2});
  }
}
