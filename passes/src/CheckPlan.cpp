//===- CheckPlan.cpp - verify, limits, defects ----------------------------===//
#include "mscclc/passes/CheckPlan.h"

#include "mscclc/ir/PlanVerifier.h"
#include "mscclc/passes/TargetDefects.h"

namespace mscclc::passes {

namespace {

// Turns structural problems of a compiled plan into internal errors: the
// user cannot fix them, but must see where they came from.
class InternalErrorSink : public DiagnosticSink {
public:
  explicit InternalErrorSink(DiagnosticSink &next) : next_(next) {}

protected:
  void handle(const Diagnostic &d) override {
    Diagnostic ice = d;
    ice.message = "internal compiler error: " + d.message;
    ice.notes.push_back(makeNote(diag::note_internal_bug, {}));
    next_.emit(std::move(ice));
  }

private:
  DiagnosticSink &next_;
};

} // namespace

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
