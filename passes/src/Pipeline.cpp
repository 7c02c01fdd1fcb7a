//===- Pipeline.cpp - the whole compilation after the front end ----------===//
//
// Read this file to know what mscclc does to a program, in order.
//
//===----------------------------------------------------------------------===//
#include "mscclc/passes/Pipeline.h"

#include "mscclc/ir/ChunkIRPrinter.h"
#include "mscclc/ir/ChunkIRVerifier.h"
#include "mscclc/passes/CheckPlan.h"
#include "mscclc/passes/Lowering.h"
#include "mscclc/passes/Passes.h"
#include "mscclc/passes/TargetChecks.h"
#include "mscclc/support/PhaseTimes.h"

#include <algorithm>

namespace mscclc::passes {

namespace {
bool always(const chunk::Program &, const PipelineOptions &) { return true; }

// A pass that takes no options.
template <std::unique_ptr<Pass> (*Create)()>
std::unique_ptr<Pass> plain(const PipelineOptions &) {
  return Create();
}

std::unique_ptr<Pass> fusionFor(const PipelineOptions &options) {
  const TargetLimits *target = findTarget(options.target);
  if (!options.fuseWithinLimits || !target)
    return createFusionPass();
  OpLimits limits;
  limits.channelIdsPerOp = target->maxChannelIdsPerOp;
  limits.buffersPerOp = target->maxBuffersPerOp;
  limits.semaphoreIdsPerOp = target->maxSemaphoreIdsPerOp;
  return createFusionPass(limits);
}
} // namespace

const std::vector<PassEntry> &pipelinePasses() {
  static const std::vector<PassEntry> passes = {
      {"validate", plain<createValidatePass>, always},
      {"signal-wait-pairing", plain<createSignalWaitPairingPass>, always},
      {"consistency", plain<createConsistencyPass>, always},
      {"fusion", fusionFor,
       [](const chunk::Program &p, const PipelineOptions &o) {
         return p.instrFusion && o.optLevel > 0;
       }},
      {"sync-insertion", plain<createSyncInsertionPass>, always},
      {"dependency-sync", plain<createDependencySyncPass>,
       [](const chunk::Program &p, const PipelineOptions &) {
         return p.autoSync;
       }},
      {"replication", plain<createReplicationPass>, always},
  };
  return passes;
}

std::vector<std::string> pipelinePassNames() {
  std::vector<std::string> names;
  for (const PassEntry &p : pipelinePasses())
    names.emplace_back(p.name);
  return names;
}

const PassEntry *findPass(std::string_view name) {
  for (const PassEntry &p : pipelinePasses())
    if (p.name == name)
      return &p;
  return nullptr;
}

bool runPasses(chunk::Program &program, const PipelineOptions &options,
               DiagnosticSink &diags) {
  // A program marked replicated has been through the whole list already
  // (chunk IR printed by --emit-ir): it goes straight to lowering.
  if (program.replicated)
    return true;
  const auto &passes = pipelinePasses();
  for (size_t i = 0; i < passes.size(); ++i) {
    const PassEntry &entry = passes[i];
    if (!entry.enabled(program, options))
      continue;
    std::unique_ptr<Pass> pass = entry.create(options);
    support::PhaseTimer passTime("pass " + std::string(entry.name));
    bool passOk = pass->run(program, diags);
    passTime.stop();
    if (!passOk)
      return false;
    if (options.verifyEachPass || i + 1 == passes.size()) {
      support::PhaseTimer verifyTime("verify chunk IR");
      InternalErrorSink ice(
          diags, makeNote(diag::note_ir_invalid_after_pass, {}, {entry.name}));
      if (!chunk::verify(program, ice))
        return false;
    }
    if (options.printStream &&
        (options.printAfterAll ||
         std::find(options.printAfter.begin(), options.printAfter.end(),
                   entry.name) != options.printAfter.end())) {
      *options.printStream << "; *** IR after " << entry.name << " ***\n";
      chunk::print(program, *options.printStream);
    }
  }
  return true;
}

std::optional<plan::Plan> runPipeline(chunk::Program &program,
                                      const PipelineOptions &options,
                                      DiagnosticSink &diags,
                                      PlanOrigin origin) {
  const TargetLimits *target = findTarget(options.target);
  if (!target) {
    std::string known;
    for (const auto &t : knownTargets())
      known += " " + t.name;
    diags.report(diag::err_usage_unknown_target, {}, {options.target, known});
    return std::nullopt;
  }
  if (!runPasses(program, options, diags))
    return std::nullopt;
  support::PhaseTimer lowerTime("lower to plan IR");
  plan::Plan plan = lowerToPlan(program);
  lowerTime.stop();
  if (!checkPlan(plan, *target, diags, origin) || diags.errorCount() > 0)
    return std::nullopt;
  return plan;
}

} // namespace mscclc::passes
