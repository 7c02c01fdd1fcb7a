//===- TargetDefects.h - known defects of the target executor -------------===//
//
// The MSCCL++ 0.9.0 executor silently mis-executes some valid plans
// (executor-semantics.md §8.1). This check finds them in a plan and warns at
// the user's source line with a hint for the fix (-Werror makes them
// errors). One table, checkDefects(), lists every defect: get with unequal
// offsets, flush (a no-op), memory-channel put_with_signal (sends no
// signal), port put_packets (wrong memory id), packet ops under the Simple
// protocol, double scratch with non-packet scratch exchange, non-sum
// reductions, pipeline unit sizes that are not multiples of 16 bytes, and
// more than 65535 pipeline iterations. An unfused switch load-reduce (glre),
// which the executor rejects outright, is an error.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/Diagnostics.h"
#include "mscclc/ir/PlanIR.h"

#include <string>
#include <vector>

namespace mscclc::passes {

// One known defect: its diagnostic (whose warning group, e.g.
// "flush-noop", names it; an error when the executor cannot run the op at
// all) and the note that says how to avoid it.
struct DefectCheck {
  diag::ID diag;
  diag::ID fix;
};

// The table, for documentation and tests.
const std::vector<DefectCheck> &defectChecks();

// Returns false when an error was reported. `allowViolations` reports the
// errors as warnings (--allow-limit-violations).
// Reports each defect the plan would hit. Returns false when an error was
// reported.
bool checkTargetDefects(const plan::Plan &plan, DiagnosticSink &diags);

} // namespace mscclc::passes
