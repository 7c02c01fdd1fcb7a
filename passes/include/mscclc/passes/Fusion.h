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
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/passes/Pass.h"

#include <memory>

namespace mscclc::passes {

std::unique_ptr<Pass> createFusionPass();

} // namespace mscclc::passes
