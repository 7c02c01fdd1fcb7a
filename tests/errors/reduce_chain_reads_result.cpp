// RUN: mscclc --verify %s
// RUN: mscclc %s -o %t.json 2>&1 | FileCheck %s
// RUN: %python -c "import json, sys; ops = json.load(open(sys.argv[1]))['gpus'][0]['threadblocks'][0]['ops']; print([o['name'] for o in ops], len(ops[0]['src_buff']))" %t.json | FileCheck --check-prefix=FUSED %s
// RUN: cmp %t.json %S/Inputs/reduce_chain_reads_result.expected.json
// RUN: mscclc %s -D SEPARATE -o %t.separate.json 2>&1 | FileCheck --allow-empty --check-prefix=QUIET %s
// RUN: %python -c "import json, sys; ops = json.load(open(sys.argv[1]))['gpus'][0]['threadblocks'][0]['ops']; print([o['name'] for o in ops])" %t.separate.json | FileCheck --check-prefix=SEPARATE %s
// x = x + y, then x = x + x: run in order, 2(x + y). The two fuse into one
// reduction (x = x + y + x, as the Python DSL fuses them, byte for byte),
// which reads x before it writes it: x + y + x. A warning at the second,
// with the first and the fix; a barrier between them keeps them apart.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reduce_chain_reads_result() {
  AllReduce collective(1, 2, true);
  CollectiveProgram program("reduce_chain_reads_result", collective, 1);
  Rank rank(0);
  Chunk x = rank.get_input_buffer().slice(0, 1);
  Chunk y = rank.get_input_buffer().slice(1, 2);
  rank.reduce(x, {y}, {.tb = 0}); // expected-note {{the reduction it fuses into}}
#ifdef SEPARATE
  rank.barrier({0});
  rank.reduce(x, {x}, {.tb = 0});
#else
  // CHECK: reduce_chain_reads_result.cpp:[[#@LINE+5]]:8: warning: this reduction reads, as one of its operands, the destination the reduction before it writes: the two fuse into one reduction (as the Python DSL fuses them), which reads every operand before it writes, so it adds the value from before the first reduction instead of that reduction's result [-Wreduce-chain-fused]
  // CHECK: note: the reduction it fuses into
  // CHECK: note: fix: put a barrier of this thread block between the two (Rank(r).barrier({tb}) makes a nop, which fusion does not cross), or reduce into another chunk first; -O0 turns fusion off
  // expected-warning@+2 {{this reduction reads, as one of its operands, the destination the reduction before it writes}}
  // expected-note@+1 {{fix: put a barrier of this thread block between the two}}
  rank.reduce(x, {x}, {.tb = 0});
#endif
}
// FUSED: ['re'] 3
// SEPARATE: ['re', 'nop', 're']
// QUIET-NOT: warning
