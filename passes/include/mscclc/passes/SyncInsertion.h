//===- SyncInsertion.h - the SyncInsertion pass ------------------------===//
//
// Inserts a nop (__syncthreads) before every data-sync op flagged `before`
// and after every one flagged `after`, recursing into pipelines
// (dsl-semantics.md §3.5). Runs whatever the options say.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/passes/Pass.h"

#include <memory>

namespace mscclc::passes {

std::unique_ptr<Pass> createSyncInsertionPass();

// A nop placed next to `near`: its source location and recording order,
// for the passes that add one (this one, fusion, dependency sync).
chunk::Op makeNop(const chunk::Op &near);

} // namespace mscclc::passes
