//===- Consistency.h - the consistency pass -------------------------------===//
//
// Whole-program checks the reference DSL never made, each an error at the
// offending call:
//  - a semaphore acquired more often than its initial value plus its
//    releases allow (the last acquire can never succeed);
//  - an op inside a pipeline whose chunks do not span the pipeline's
//    num_chunks (the executor slices every inner op by the iteration);
//  - with instances > 1 and interleaved replication, two accesses to
//    overlapping chunks of different granularity, which replication maps
//    inconsistently (dsl-semantics.md §6 Q-INTERLEAVE).
// Requires: validated chunk IR before replication. Changes nothing.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/passes/Pass.h"

#include <memory>

namespace mscclc::passes {

std::unique_ptr<Pass> createConsistencyPass();

} // namespace mscclc::passes
