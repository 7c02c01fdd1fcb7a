//===- CheckPlan.cpp - verify, limits, defects ----------------------------===//
#include "mscclc/passes/CheckPlan.h"

#include "mscclc/ir/PlanVerifier.h"
#include "mscclc/passes/TargetDefects.h"
#include "mscclc/support/PhaseTimes.h"

namespace mscclc::passes {

namespace {

// For a compiled plan the verifier's findings are mscclc's bugs, except
// the ones a program can cause that lowering keeps faithfully: a signal or
// wait on a channel the peer declares no partner for (the program made
// more channels one way than the other), and message-size options no size
// fits. Those stay user errors, at the op or the CollectiveProgram.
class CompiledPlanSink : public DiagnosticSink {
public:
  explicit CompiledPlanSink(DiagnosticSink &next) : next_(next), ice_(next) {}

protected:
  void handle(const Diagnostic &d) override {
    if (d.id == diag::err_plan_channel_unpaired ||
        d.id == diag::err_plan_no_message_size) {
      Diagnostic user = d;
      // At the source line; the plan path only when there is none.
      if (user.loc.isValid())
        user.planPath.clear();
      if (d.id == diag::err_plan_channel_unpaired)
        user.notes.push_back(makeNote(diag::note_channel_unpaired_fix, d.loc));
      next_.emit(std::move(user));
      return;
    }
    ice_.emit(d);
  }

private:
  DiagnosticSink &next_;
  InternalErrorSink ice_;
};

// -Wself-channel for a plan read from JSON: a memory or port channel whose
// connected_to names its own rank, at that entry's plan path.
void warnSelfChannels(const plan::Plan &plan, DiagnosticSink &diags) {
  if (diags.isIgnored(diag::warn_self_channel))
    return;
  // As the target defects: four in full, then how many more, so that a
  // generated plan full of them does not bury everything else.
  size_t count = 0;
  for (const plan::Gpu &gpu : plan.gpus)
    for (size_t c = 0; c < gpu.channels.size(); ++c) {
      const plan::ChannelDecl &decl = gpu.channels[c];
      if (decl.type != plan::ChannelType::Memory &&
          decl.type != plan::ChannelType::Port)
        continue;
      for (size_t i = 0; i < decl.connectedTo.size(); ++i) {
        if (decl.connectedTo[i] != gpu.id || ++count > 4)
          continue;
        diags
            .report(diag::warn_self_channel, plan.loc,
                    {decl.type == plan::ChannelType::Memory ? "memory" : "port",
                     int64_t(gpu.id)})
            .at("gpus[" + std::to_string(gpu.id) + "].channels[" +
                std::to_string(c) + "].connected_to[" + std::to_string(i) +
                "]");
      }
    }
  if (count > 4)
    diags.report(diag::remark_defect_more, {},
                 {int64_t(count - 4), diagInfo(diag::warn_self_channel).group});
}

} // namespace

bool checkPlan(const plan::Plan &plan, const TargetLimits &target,
               DiagnosticSink &diags, PlanOrigin origin) {
  support::PhaseTimer verifyTime("verify plan");
  bool structureOk;
  if (origin == PlanOrigin::Compiled) {
    CompiledPlanSink sink(diags);
    structureOk = plan::verify(plan, sink);
  } else {
    structureOk = plan::verify(plan, diags);
  }
  verifyTime.stop();
  if (!structureOk)
    return false;
  support::PhaseTimer limitsTime("check target limits");
  bool limitsOk = checkTargetLimits(plan, target, diags);
  limitsTime.stop();
  support::PhaseTimer defectsTime("check target defects");
  bool defectsOk = checkTargetDefects(plan, diags);
  defectsTime.stop();
  unsigned errors = diags.errorCount();
  if (origin == PlanOrigin::JsonFile)
    warnSelfChannels(plan, diags);
  return limitsOk && defectsOk && diags.errorCount() == errors;
}

} // namespace mscclc::passes
