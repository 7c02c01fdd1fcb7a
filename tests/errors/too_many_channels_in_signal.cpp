// RUN: mscclc --verify --allow-limit-violations %s
// RUN: mscclc --allow-limit-violations %s -o %t.json 2> /dev/null
// RUN: %expect-error mscclc check-plan %t.json 2>&1 | FileCheck %s
// More than 8 channels fused into one signal op (executor limit): the
// reference's fusion, which --allow-limit-violations reproduces with a
// warning. Such a plan, given to check-plan (or sim, or --emit-cuda), is
// an error that names the op in the JSON and how to fix it. Without the
// option, fusion stops at 8 channels (Q-FUSELIMIT; the plan is checked in
// tests/algorithms/ar_allpairs_wide.test) and the source compiles.
// RUN: mscclc %s -o %t.split.json
// RUN: mscclc check-plan %t.split.json
// CHECK: .json: gpus[0].threadblocks[0].ops[1]: error: 'signal' on rank 0 thread block 0 uses 9 channels, more than the 8 the executor allows per op (after fusion); split the peers over several thread blocks [-Wexecutor-limits]
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void too_many_channels_in_signal() {
  TestCollective collective(10, 1, 1);
  CollectiveProgram program("too_many_channels_in_signal", collective, 10);
  // Nine consecutive signals on one thread block fuse into one signal op.
  for (int peer = 1; peer < 10; ++peer)
    // expected-warning@+1 {{'signal' on rank 0 thread block 0 uses 9 channels, more than the 8 the executor allows per op (after fusion)}}
    MemoryChannel(peer, 0).signal({.tb = 0});
  for (int peer = 1; peer < 10; ++peer)
    MemoryChannel(0, peer).wait({.tb = 0});
}
