//===- CheckPlan.h - every check a plan passes before it is used ---------===//
//
// One entry point for plans from both sources: the .cpp path (after
// lowering) and the .json path (after reading). It runs, in order,
//
//   plan::verify      structure: ids resolve, ranges fit, ends agree
//   checkTargetLimits the executor's hard limits (errors; the group
//                     "executor-limits" can be demoted to warnings)
//   checkTargetDefects  known executor defects (warnings with a fix)
//   -Wself-channel    for a plan read from JSON (others get it earlier)
//
// The limit and defect checks index into the plan, so they run only on a
// plan that verified.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/Diagnostics.h"
#include "mscclc/ir/PlanIR.h"
#include "mscclc/passes/TargetChecks.h"

namespace mscclc::passes {

enum class PlanOrigin {
  Compiled, // lowered by mscclc: a structural problem is mscclc's bug
  External, // lowered from chunk IR text: a structural problem is the file's
  JsonFile, // read from a JSON plan: the file's too, and -Wself-channel,
            // which a program or chunk IR gets from the validate pass
};

// Returns false when an error was reported.
bool checkPlan(const plan::Plan &plan, const TargetLimits &target,
               DiagnosticSink &diags, PlanOrigin origin);

} // namespace mscclc::passes
