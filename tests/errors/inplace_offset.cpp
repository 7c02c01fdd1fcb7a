// RUN: mscclc %s -o %t.json 2>&1 | FileCheck --check-prefix=PORT %s
// RUN: mscclc %s -P mode=1 -Wno-get-unequal-offsets -o %t.get.json 2>&1 | FileCheck --check-prefix=REMOTE %s
// RUN: mscclc %s -P mode=2 -Werror -o %t.ok.json
// RUN: %expect-error mscclc %s -Werror=inplace-offset
// RUN: not mscclc sim %t.json > %t.sim
// RUN: FileCheck --check-prefix=SIM %s < %t.sim
// An in-place allgather: each rank's input buffer is its own chunk of its
// output buffer's allocation. The 0.9 executor's port proxy reads a local
// source from the allocation's start (Q4), and remote offsets take this
// rank's place for every peer (Q5), so sending from the input buffer over a
// port channel, or reaching a peer's input buffer, touches the wrong bytes.
// mscclc wrote both without a word; the plan that sends from the output
// buffer (mode 2) is right and gets none.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void inplace_offset(int mode = 0, int n = 3) {
  AllGather collective(n, 1, true);
  CollectiveProgram program("inplace_offset", collective, n);
  for (int r = 0; r < n; ++r)
    for (int p = 0; p < n; ++p) {
      if (p == r)
        continue;
      if (mode == 1) {
        MemoryChannel ch(p, r);
        ch.signal({.tb = 0, .relaxed = true});
        ch.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
        // REMOTE: inplace_offset.cpp:[[@LINE+2]]:{{[0-9]+}}: warning: rank 0 thread block 0: this op reaches a peer's buffer at this rank's offset of that buffer in its allocation, not the peer's (Q5) (in an in-place allgather, rank 1's input buffer starts at chunk 1 of its output buffer, but rank 0's input buffer starts at chunk 0 of its output buffer): the op reaches the wrong bytes [-Winplace-offset]
        // REMOTE: note: fix: reach in-place data through the buffer that spans the allocation
        ch.get(Rank(r).get_output_buffer().slice(p, p + 1),
               Rank(p).get_input_buffer().slice(0, 1), {.tb = 0});
        continue;
      }
      PortChannel ch(p, r);
      ch.signal({.tb = 0, .data_sync = SyncType::none});
      ch.wait({.tb = 0, .data_sync = SyncType::after});
      Chunk mine = mode == 2 ? Rank(r).get_output_buffer().slice(r, r + 1)
                             : Rank(r).get_input_buffer().slice(0, 1);
      // PORT: inplace_offset.cpp:[[@LINE+2]]:{{[0-9]+}}: warning: rank 1 thread block 0: a port channel's proxy reads this op's source from the start of its buffer's allocation, without the user pointer's offset in it (Q4) (in an in-place allgather, rank 1's input buffer starts at chunk 1 of its output buffer): the proxy sends the wrong bytes [-Winplace-offset]
      // PORT: note: fix: reach in-place data through the buffer that spans the allocation (the output buffer of an in-place allgather, the input buffer of an in-place reducescatter) at the chunks that hold it
      ch.put_with_signal_and_flush(Rank(p).get_output_buffer().slice(r, r + 1),
                                   mine, {.tb = 0});
      ch.wait({.tb = 0, .data_sync = SyncType::after});
    }
}
// PORT-NOT: warning:
// SIM: result
