// RUN: mscclc --verify %s
// RUN: %expect-error mscclc -Werror=overlapping-operands %s
// RUN: mscclc %s -o %t.up.json 2> /dev/null
// RUN: not mscclc sim %t.up.json | FileCheck --check-prefix=UP %s
// UP: race: rank 0 tb 0 op {{[0-9]+}} (copy): reads rank 0 scratch bytes [0, 32768) (run 1) and writes rank 0 scratch bytes [16384, 49152), which overlap at another offset: the executor's threads copy 16-byte units with no memmove semantics, so each thread overwrites source units before it reads them
// UP: verdict: fail
// RUN: not mscclc sim %t.up.json --size 8192 | FileCheck --check-prefix=LANES %s
// LANES: race: rank 0 tb 0 op {{[0-9]+}} (copy): {{.*}}different threads
// LANES: verdict: fail
// RUN: mscclc %s -P down=true -o %t.down.json 2>&1 | FileCheck --check-prefix=DOWN %s
// DOWN: warning: {{.*}}(copy reads scratch[1:3] and writes scratch[0:2]) [-Woverlapping-operands]
// RUN: not mscclc sim %t.down.json | FileCheck --check-prefix=DOWNSIM %s
// DOWNSIM: race: rank 0 tb 0 op {{[0-9]+}} (copy): reads rank 0 scratch bytes [16384, 49152) (run 1) and writes rank 0 scratch bytes [0, 32768), which overlap at another offset: the executor's threads copy 16-byte units with no memmove semantics, so at this size each thread reads its units before it overwrites them, but only because the shift (16384 bytes) is a multiple of 16 bytes x 1024 threads: at most sizes the plan accepts, a unit may be overwritten by one thread before another reads it
// DOWNSIM: verdict: fail
// RUN: not mscclc sim %t.down.json --size 8192 | FileCheck --check-prefix=LANES %s
// With buffer_alignment 16384 every chunk, so the shift, is a multiple of
// 16 bytes x 1024 threads at every size: shifting down is right.
// RUN: mscclc %s -P down=true -P alignment=16384 -o %t.aligned.json 2> /dev/null
// RUN: mscclc sim %t.aligned.json | FileCheck --check-prefix=ALIGNED %s
// ALIGNED: verdict: pass
// An AllGather that stages each rank's input in scratch and shifts it by
// one chunk with a single copy whose source and destination overlap. The
// executor's copy hands 16-byte unit u to thread u mod 1024 with no
// memmove semantics: shifting up, each thread overwrites units it has yet
// to read when the shift is a multiple of 16 KiB (one chunk at the
// simulator's default size), and threads race otherwise; shifting down is
// right only when the shift is such a multiple, which the compiler cannot
// know (the message size is chosen at run time), so it warns for both, and
// the simulator reports both at every size (at a size that makes the
// shift such a multiple, saying that this size alone makes it work).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void overlapping_copy(bool down = false,
                                        int alignment = 16) {
  CollectiveProgram program("overlapping_copy", AllGather(2, 2, false), 2,
                            {.buffer_alignment = alignment});
  for (int r = 0; r < 2; ++r) {
    const int peer = 1 - r;
    Rank rank(r);
    Buffer scratch(r, 3);
    MemoryChannel channel(peer, r);
    Chunk staged = down ? scratch.slice(1, 3) : scratch.slice(0, 2);
    Chunk shifted = down ? scratch.slice(0, 2) : scratch.slice(1, 3);
    rank.copy(staged, rank.get_input_buffer().slice(0, 2), {.tb = 0});
    // expected-warning@+2 {{rank 0 thread block 0: the op's source and destination overlap at different offsets: the executor spreads 16-byte units over its threads with no memmove semantics, so parts of the source are overwritten before they are read (copy reads scratch[0:2] and writes scratch[1:3])}}
    // expected-note@+1 {{fix: go through a chunk that overlaps neither (a scratch chunk), or read and write the same range}}
    rank.copy(shifted, staged, {.tb = 0});
    rank.copy(rank.get_output_buffer().slice(2 * r, 2 * r + 2), shifted,
              {.tb = 0});
    channel.signal({.tb = 0, .data_sync = SyncType::none, .relaxed = true});
    channel.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
    channel.put(Rank(peer).get_output_buffer().slice(2 * r, 2 * r + 2),
                shifted, {.tb = 0});
    channel.signal({.tb = 0, .data_sync = SyncType::before});
    channel.wait({.tb = 0, .data_sync = SyncType::after});
  }
}
