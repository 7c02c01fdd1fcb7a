//===- TargetChecks.h - limits of the target executor ---------------------===//
//
// Checks a plan against the hard limits of the MSCCL++ 0.9.0 executor
// (executor-semantics.md §1.10): at most 64 ops per thread block (pipeline
// bodies count), 16 channels per kind and 16 remote buffers per access kind
// per thread block, 8 channel ids per op, 10 src/dst entries per op, 16
// semaphore ids per op, barrier ids below 16. Violations are errors at the
// op's source location. The limits are data (one table), not scattered ifs.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/Diagnostics.h"
#include "mscclc/ir/PlanIR.h"

#include <string>
#include <vector>

namespace mscclc::passes {

struct TargetLimits {
  std::string name;
  int64_t maxOpsPerThreadBlock;
  int64_t maxChannelsPerKind;
  int64_t maxRemoteBuffersPerKind;
  int64_t maxChannelIdsPerOp;
  int64_t maxBuffersPerOp;
  int64_t maxSemaphoreIdsPerOp;
  int64_t maxBarrierId; // exclusive
};

// The known targets; the first is the default.
const std::vector<TargetLimits> &knownTargets();
const TargetLimits *findTarget(const std::string &name);

// Returns false when an error was reported. With `asWarnings` violations
// are reported as warnings instead (--allow-limit-violations: for
// reproducing reference plans that break the executor's limits).
// Reports every limit the plan breaks (group "executor-limits": errors
// unless the sink demotes the group). Returns false when an error was
// reported.
bool checkTargetLimits(const plan::Plan &plan, const TargetLimits &target,
                       DiagnosticSink &diags);

} // namespace mscclc::passes
