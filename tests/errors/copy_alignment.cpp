// RUN: mscclc --verify %s
// RUN: mscclc %s -o %t.json 2>/dev/null
// RUN: mscclc check-plan %t.json 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: %python -c "import json,sys; j=json.load(open(sys.argv[1])); [o.update(name='pws') for g in j['gpus'] for t in g['threadblocks'] for o in t['ops'] if o['name']=='put']; json.dump(j,open(sys.argv[2],'w'))" %t.json %t.pws.json
// RUN: mscclc check-plan %t.pws.json 2>&1 | FileCheck %s --check-prefix=PWS
// PWS: warning: {{.*}}pws from input[0:1] to rank 0's output[1:2]: at 8-byte chunks they start 8 bytes apart modulo 16){{.*}}[-Wcopy-alignment]
// RUN: mscclc %s -DALIGN=16 -Werror -o %t.16.json
// RUN: mscclc %s -DALIGN=48 -Werror -o %t.48.json
// PLAN: warning: {{.*}}: the 0.9.0 executor copies (copy, gstore, and put, pws, pwsf and get through memory channels) in 4-byte words and 16-byte vectors, right only when the source and the destination lie equally far from a 16-byte boundary and the size is a multiple of 4 bytes; buffer_alignment is 8 (copy from input[0:1] to output[1:2]: at 8-byte chunks they start 8 bytes apart modulo 16), so at some message sizes this op moves wrong bytes or writes past its range [-Wcopy-alignment]
// PLAN: note: fix: set buffer_alignment to a multiple of 16 (the default)
// PLAN: warning: {{.*}}put from input[0:1] to rank 0's output[1:2]{{.*}}[-Wcopy-alignment]
// With buffer_alignment 8, a chunk can be 8 bytes (an odd multiple of 8 at
// many message sizes), so rank 1's copy of input[0] to output[1] reads from
// a 16-byte boundary and writes 8 bytes past one. The executor's copy then
// takes its 16-byte body from the wrong place (executor-semantics §3.4); a
// copy 4 bytes off (buffer_alignment 4) can write past its range.
// mscclc said nothing, where it warns of the same for packets and
// reductions. Rank 0's copy (output[0], the same offset) is fine; 16 and
// 48 are multiples of 16 and silent.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

#ifndef ALIGN
#define ALIGN 8
#endif

MSCCLPP_ALGORITHM void copy_alignment() {
  AllGather collective(2, 1, /*inplace=*/false);
  CollectiveProgram program("copy_alignment", collective, 2,
                            {.buffer_alignment = ALIGN});
  for (int r = 0; r < 2; ++r) {
    const int p = 1 - r;
    MemoryChannel channel(p, r);
    Chunk in = Rank(r).get_input_buffer().slice(0, 1);
    // expected-warning@+2 {{the 0.9.0 executor copies (copy, gstore, and put, pws, pwsf and get through memory channels) in 4-byte words and 16-byte vectors, right only when the source and the destination lie equally far from a 16-byte boundary and the size is a multiple of 4 bytes; buffer_alignment is 8 (copy from input[0:1] to output[1:2]: at 8-byte chunks they start 8 bytes apart modulo 16), so at some message sizes this op moves wrong bytes or writes past its range}}
    // expected-note@+1 {{fix: set buffer_alignment to a multiple of 16 (the default)}}
    Rank(r).copy(Rank(r).get_output_buffer().slice(r, r + 1), in,
                 {.tb = 0});
    channel.signal({.tb = 0, .relaxed = true});
    channel.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
    // expected-warning@+2 {{buffer_alignment is 8 (put from input[0:1] to rank 0's output[1:2]: at 8-byte chunks they start 8 bytes apart modulo 16)}}
    // expected-note@+1 {{fix: set buffer_alignment to a multiple of 16 (the default)}}
    channel.put(Rank(p).get_output_buffer().slice(r, r + 1), in,
                {.tb = 0});
    channel.signal({.tb = 0, .data_sync = SyncType::before});
    channel.wait({.tb = 0, .data_sync = SyncType::after});
  }
}
