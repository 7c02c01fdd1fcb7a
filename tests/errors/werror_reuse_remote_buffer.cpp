// RUN: mscclc --verify -Werror -Wno-reuse-slot-overflow %s
// RUN: %expect-error mscclc -Werror -Wno-reuse-slot-overflow %s
// RUN: mscclc %s -Wno-reuse-slot-overflow -o %t.json 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: mscclc %s -Wno-reuse-slot-overflow -o %t.json -DSCRATCH_ONLY 2>&1 | count 0
// RUN: mscclc %s -o %t.json -DNO_REUSE 2>&1 | count 0
// (Its scratch puts outgrow the slot at large sizes, which
// -Wreuse-slot-overflow reports; this test is about registrations.)
// With reuse_resources the 0.9 executor caches a plan's context by name:
// the peer addresses and switch bindings of the first call stay, whatever
// buffers a later call passes (executor-semantics §2.5, Q14). A put into a
// peer's output, a switch channel over input, or a port put from this
// rank's input (the proxy reads it through the registration) then reaches
// the first call's buffers: a warning each (-Werror makes them errors). The
// same plan through scratch, or without reuse_resources, is quiet.
// WARN: warning: rank 0 thread block 0: this op reaches the output buffer of rank 1, but with reuse_resources the 0.9 executor keeps the memory registrations of the plan's first call (peer addresses, the port proxy's view of local buffers, switch bindings): a later call with other buffers reads and writes the first call's [-Wreuse-remote-buffer]
// WARN: note: fix: reach peers and switches only through scratch, and give port puts a scratch source (copy to and from scratch locally), or set reuse_resources = false
// WARN: warning: rank 0 thread block 1: this op reaches the input buffer through a switch channel
// WARN: warning: rank 0 thread block 2: this op reaches this rank's input buffer through the port proxy
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

#ifdef NO_REUSE
constexpr bool reuse = false;
#else
constexpr bool reuse = true;
#endif

MSCCLPP_ALGORITHM void werror_reuse_remote_buffer() {
  AllGather collective(2, 1, /*inplace=*/false);
  CollectiveProgram program("werror_reuse_remote_buffer", collective, 2,
                            {.reuse_resources = reuse});
  std::vector<Buffer> scratch;
  for (int r = 0; r < 2; ++r)
    scratch.push_back(Buffer(r, 2));
  for (int r = 0; r < 2; ++r) {
    MemoryChannel channel(1 - r, r);
    Chunk in = Rank(r).get_input_buffer().slice(0, 1);
    Rank(r).copy(Rank(r).get_output_buffer().slice(r, r + 1), in, {.tb = 0});
#ifdef SCRATCH_ONLY
    channel.put(scratch[1 - r].slice(r, r + 1), in, {.tb = 0});
    channel.signal({.tb = 0, .data_sync = SyncType::before});
    channel.wait({.tb = 0, .data_sync = SyncType::after});
    Rank(r).copy(Rank(r).get_output_buffer().slice(1 - r, 2 - r),
                 scratch[r].slice(1 - r, 2 - r), {.tb = 0});
#else
    // expected-error@+2 {{rank 0 thread block 0: this op reaches the output buffer of rank 1, but with reuse_resources}}
    // expected-note@+1 {{fix: reach peers and switches only through scratch}}
    channel.put(Rank(1 - r).get_output_buffer().slice(r, r + 1), in,
                {.tb = 0});
    channel.signal({.tb = 0, .data_sync = SyncType::before});
    channel.wait({.tb = 0, .data_sync = SyncType::after});
#endif
  }
#ifndef SCRATCH_ONLY
  // A switch broadcast of each rank's input chunk: multicast bindings too
  // are the first call's.
  SwitchChannel sw({0, 1}, BufferType::input);
  for (int r = 0; r < 2; ++r) {
    Chunk mine = Rank(r).get_input_buffer().slice(0, 1);
    // expected-error@+2 {{rank 0 thread block 1: this op reaches the input buffer through a switch channel}}
    // expected-note@+1 {{fix: reach peers and switches only through scratch}}
    sw.at_rank(r).broadcast(mine, 0, 1, {.tb = 1});
  }
#endif
  // The port proxy reads a put's source through the first call's
  // registration of this rank's buffers: only a scratch source is safe.
  for (int r = 0; r < 2; ++r) {
    PortChannel port(1 - r, r);
#ifdef SCRATCH_ONLY
    port.put(scratch[1 - r].slice(r, r + 1), scratch[r].slice(r, r + 1),
             {.tb = 2});
#else
    // expected-error@+2 {{rank 0 thread block 2: this op reaches this rank's input buffer through the port proxy}}
    // expected-note@+1 {{fix: reach peers and switches only through scratch}}
    port.put(scratch[1 - r].slice(r, r + 1),
             Rank(r).get_input_buffer().slice(0, 1), {.tb = 2});
#endif
  }
}
