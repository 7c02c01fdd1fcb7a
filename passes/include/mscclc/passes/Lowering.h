//===- Lowering.h - chunk IR → plan IR ------------------------------------===//
//
// Allocates every executor-level id: tb-local channel indices (per kind, in
// first-use order within the thread block), tb-local remote-buffer indices
// (per access kind, first use), GPU-level remote-buffer ids (declaration
// order) and the per-op field encodings of the 0.9.0 plan format
// (dsl-semantics.md §4). Requires: replication has run. The result carries
// each op's source location for later checks and the simulator.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/ChunkIR.h"
#include "mscclc/ir/PlanIR.h"

namespace mscclc::passes {

plan::Plan lowerToPlan(const chunk::Program &program);

} // namespace mscclc::passes
