//===- Fusion.h - the Fusion pass --------------------------------------===//
//
// Per thread block, merges adjacent ops exactly as the reference does
// (dsl-semantics.md §3.4): signal/wait/flush sets, semaphore lists,
// put/get/packet transfers, reduce chains, reduce+put into res/rres,
// packet reduce+copy/send into recpkt/respkt/recspkt, switch reduce+store
// into glres; absorbs syncs around barriers and pipelines and trims
// data-sync flags next to syncs. Fixes Q-PIPEFUSE (every pipeline body is
// fused), Q-PIPESYNC (a trailing sync counts as `after`) and Q-GLRES (glres
// stores to the broadcast's offset). Statistic: ops removed.
//
// Given the executor's per-op limits, a fusion whose op would pass one of
// them is not made (Q-FUSELIMIT): the run of fused ops ends there and the
// next op starts a new one, so a signal to 15 peers becomes ops of 8 and 7
// channels where the reference writes one op of 15, which the executor
// refuses.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/passes/Pass.h"

#include <cstdint>
#include <memory>
#include <optional>

namespace mscclc::passes {

// What one op may hold, as the executor counts it after lowering; -1 is no
// limit.
struct OpLimits {
  int64_t channelIdsPerOp = -1;
  int64_t buffersPerOp = -1; // sources, and destinations, each
  int64_t semaphoreIdsPerOp = -1;
  // Channel ids, semaphore ids or port destinations handed one to a
  // thread; the pass sets it from the program's num_threads_per_block.
  int64_t entriesPerThread = -1;
};

// Without limits, fusion is the reference's whatever the op's size
// (--allow-limit-violations reproduces its plans).
std::unique_ptr<Pass>
createFusionPass(std::optional<OpLimits> limits = std::nullopt);

} // namespace mscclc::passes
