// RUN: mscclc --verify %s
// RUN: %expect-error mscclc -Werror=overlapping-operands %s
// RUN: mscclc -Wno-overlapping-operands %s -o %t.json
// RUN: mscclc check-plan %t.json 2>&1 | FileCheck --check-prefix=PLAN %s
// PLAN: warning: {{.*}}(copy reads input[1:3] and writes output[0:2], the same buffer in this in-place allreduce) [-Woverlapping-operands]
// RUN: not mscclc sim %t.json | FileCheck --check-prefix=SIM %s
// SIM: race: rank 0 tb 0 op {{[0-9]+}} (copy): {{.*}}overlap at another offset
// In place, an AllReduce's output[k] is its input[k] (executor-semantics
// §6.1): a copy of input[1:3] to output[0:2] reads and writes overlapping
// bytes at another offset, which the executor's threads do with no
// memmove semantics. -Woverlapping-operands compares the two where their
// bytes are, from source and from a plan (the reference sees two buffers).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void in_place_overlapping_copy() {
  AllReduce collective(2, 2, /*inplace=*/true);
  CollectiveProgram program("in_place_overlapping_copy", collective, 2);
  for (int r = 0; r < 2; ++r) {
    Rank rank(r);
    BaseBuffer in = rank.get_input_buffer();
    BaseBuffer out = rank.get_output_buffer();
    // expected-warning@+2 {{(copy reads input[1:3] and writes output[0:2], the same buffer in this in-place allreduce)}}
    // expected-note@+1 {{fix:}}
    rank.copy(out.slice(0, 2), in.slice(1, 3), {.tb = 0});
  }
}
