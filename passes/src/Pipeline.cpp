//===- Pipeline.cpp - the whole compilation after the front end ----------===//
//
// Read this function to know what mscclc does to a program, in order.
//
//===----------------------------------------------------------------------===//
#include "mscclc/passes/Pipeline.h"

#include "mscclc/ir/ChunkIRPrinter.h"
#include "mscclc/ir/ChunkIRVerifier.h"
#include "mscclc/passes/Lowering.h"
#include "mscclc/passes/Passes.h"
#include "mscclc/passes/TargetChecks.h"
#include "mscclc/passes/TargetDefects.h"

#include <algorithm>

namespace mscclc::passes {

std::vector<std::string> pipelinePassNames() {
  return {"validate",       "signal-wait-pairing", "consistency", "fusion",
          "sync-insertion", "dependency-sync",     "replication"};
}

std::optional<plan::Plan> runPipeline(chunk::Program &program,
                                      const PipelineOptions &options,
                                      DiagnosticSink &diags) {
  struct Step {
    std::unique_ptr<Pass> pass;
    bool enabled;
  };
  std::vector<Step> steps;
  steps.push_back({createValidatePass(), true});
  steps.push_back({createSignalWaitPairingPass(), true});
  steps.push_back({createConsistencyPass(), true});
  steps.push_back(
      {createFusionPass(), program.instrFusion && options.optLevel > 0});
  steps.push_back({createSyncInsertionPass(), true});
  steps.push_back({createDependencySyncPass(), program.autoSync});
  steps.push_back({createReplicationPass(), true});

  for (size_t i = 0; i < steps.size(); ++i) {
    auto &step = steps[i];
    if (!step.enabled)
      continue;
    if (!step.pass->run(program, diags))
      return std::nullopt;
    if (options.verifyEachPass || i + 1 == steps.size()) {
      std::vector<std::string> problems = chunk::verify(program);
      if (!problems.empty()) {
        diags.error(
            SourceLocation{},
            "internal compiler error: chunk IR is invalid after pass '" +
                std::string(step.pass->name()) + "': " + problems[0]);
        return std::nullopt;
      }
    }
    std::string name(step.pass->name());
    if (options.printStream &&
        (options.printAfterAll ||
         std::find(options.printAfter.begin(), options.printAfter.end(),
                   name) != options.printAfter.end())) {
      *options.printStream << "; *** IR after " << name << " ***\n";
      chunk::print(program, *options.printStream);
    }
  }

  plan::Plan plan = lowerToPlan(program);
  const TargetLimits *target = findTarget(options.target);
  if (!target) {
    diags.error(SourceLocation{}, "unknown target '" + options.target + "'");
    return std::nullopt;
  }
  bool limitsOk =
      checkTargetLimits(plan, *target, diags, options.allowLimitViolations);
  bool defectsOk =
      checkTargetDefects(plan, diags, options.allowLimitViolations);
  if (!limitsOk || !defectsOk || diags.errorCount() > 0)
    return std::nullopt;
  return plan;
}

} // namespace mscclc::passes
