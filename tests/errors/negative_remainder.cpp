// RUN: rm -f %t.json
// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: not mscclc %s -o %t.json 2>&1 | FileCheck %s
// RUN: not test -e %t.json
// RUN: not mscclc -P which=1 %s -o %t.json 2>&1 | FileCheck %s --check-prefix=SLICE
// RUN: mscclc -P which=2 %s -o %t.json
// RUN: not mscclc -P which=3 %s -o %t.json 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=note:
// Python's (r - 1) % n wraps to n - 1; C++'s stays -1. The negative rank
// or bound it makes is an error already; a note now points at the % and
// says why, with the fix.
// CHECK: error: channel destination rank -1 is out of range: the program has 4 ranks (0..3)
// CHECK: note: this % gave -1 (-1 % 4): C++'s remainder keeps the sign of the left operand, where Python's takes the divisor's; for an index that wraps around, write (a % n + n) % n
// SLICE: error: slice bounds must not be negative, got [-3:-2]
// SLICE: note: this % gave -3 (-3 % 4)
// A remainder the program wrapped itself is not the cause of a later -1
// (which=3: the note would point at a % that was handled):
// FIXED: error: channel destination rank -1 is out of range
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void negative_remainder(int which = 0, int num_ranks = 4) {
  CollectiveProgram program("negative_remainder",
                            AllGather(num_ranks, num_ranks, true), num_ranks);
  for (int r = 0; r < num_ranks; ++r) {
    // The ring's previous rank, as the Python DSL program writes it.
    int prev = which == 2 ? (r - 1 + num_ranks) % num_ranks
                          : (r - 1) % num_ranks; // expected-note {{this % gave -1 (-1 % 4): C++'s remainder keeps the sign of the left operand, where Python's takes the divisor's; for an index that wraps around, write (a % n + n) % n}}
    int step = (r - 3) % num_ranks;
    BaseBuffer out = Rank(r).get_output_buffer();
    Chunk mine = which == 1 ? out.slice(step, step + 1) : out.slice(r, r + 1);
    if (which == 3 && prev < 0)
      prev += num_ranks;
    MemoryChannel to_prev(prev, r); // expected-error {{channel destination rank -1 is out of range: the program has 4 ranks (0..3)}}
    to_prev.put(Rank(prev).get_output_buffer().slice(r, r + 1), mine, {.tb = 0});
    to_prev.signal({.tb = 0});
    MemoryChannel(r, prev).wait({.tb = 0});
  }
  if (which == 3) {
    // An unrelated bug: r - 1 for r = 0.
    int left = 0 - 1;
    MemoryChannel(left, 0).signal({.tb = 0});
  }
}
