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

} // namespace mscclc::passes
