//===- CheckPlan.cpp - verify, limits, defects ----------------------------===//
#include "mscclc/passes/CheckPlan.h"

#include "mscclc/ir/PlanVerifier.h"
#include "mscclc/passes/TargetDefects.h"

namespace mscclc::passes {

bool checkPlan(const plan::Plan &plan, const TargetLimits &target,
               DiagnosticSink &diags, PlanOrigin origin) {
  bool structureOk;
  if (origin == PlanOrigin::Compiled) {
    InternalErrorSink ice(diags);
    structureOk = plan::verify(plan, ice);
  } else {
    structureOk = plan::verify(plan, diags);
  }
  if (!structureOk)
    return false;
  bool limitsOk = checkTargetLimits(plan, target, diags);
  bool defectsOk = checkTargetDefects(plan, diags);
  return limitsOk && defectsOk;
}

} // namespace mscclc::passes
