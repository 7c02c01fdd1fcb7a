//===- Replication.h - the Replication pass ----------------------------===//
//
// Expands `instances` = n: every thread block becomes n copies with
// id·n+k, every channel/semaphore/barrier id c becomes c·n+k, every buffer
// index is rewritten by the replication policy (interleaved:
// index·n + k·size; none: unchanged), chunk counts and per-rank channel
// and semaphore lists are multiplied (dsl-semantics.md §3.7). Fixes
// Q-PKTDST (packet destinations are shifted too) and Q-NONE.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/passes/Pass.h"

#include <memory>

namespace mscclc::passes {

std::unique_ptr<Pass> createReplicationPass();

} // namespace mscclc::passes
