//===- DependencySync.h - the DependencySync pass ----------------------===//
//
// Inserts a nop before an op that reads or writes local chunks an earlier
// op of the same thread block wrote (or read, for a write) since the last
// nop/barrier (dsl-semantics.md §3.6). Fixes Q-LOSTDEP (accesses of the
// conflicting op are kept after the tracker is cleared) and Q-PKTREAD
// (packet reductions track their regular source, not their packet
// sources), and before a port-channel signal that another thread's
// earlier transfer on the channel could follow to the proxy (Q-PORTPUSH).
// Skipped when the program sets auto_sync=false.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/passes/Pass.h"

#include <memory>

namespace mscclc::passes {

std::unique_ptr<Pass> createDependencySyncPass();

} // namespace mscclc::passes
