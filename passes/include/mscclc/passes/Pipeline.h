//===- Pipeline.h - the pass pipeline in one list -------------------------===//
//
// The chunk-IR passes in order (pipelinePasses(), the one spelling of the
// list), then lowering to plan IR and checkPlan. The order matters for
// byte-identical output with the reference DSL. Pipeline.cpp reads top to
// bottom as what mscclc does to a program.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/ChunkIR.h"
#include "mscclc/ir/Diagnostics.h"
#include "mscclc/ir/PlanIR.h"
#include "mscclc/passes/CheckPlan.h"
#include "mscclc/passes/Pass.h"

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace mscclc::passes {

struct PipelineOptions {
  int optLevel = 2; // -O0 disables fusion
  std::string target = "mscclpp-0.9";
  std::vector<std::string> printAfter; // pass names
  bool printAfterAll = false;
  std::ostream *printStream = nullptr; // where --print-after goes
  // Run the chunk IR verifier after every pass (--verify-each); by default
  // it runs once, after the last pass.
  bool verifyEachPass = false;
  // Fusion stops at the target's per-op limits (Q-FUSELIMIT); off, it fuses
  // as the reference does (--allow-limit-violations).
  bool fuseWithinLimits = true;
};

struct PassEntry {
  std::string_view name; // as in --print-after=NAME and --run-pass=NAME
  std::unique_ptr<Pass> (*create)(const PipelineOptions &);
  // Whether the pipeline runs it for this program and these options.
  bool (*enabled)(const chunk::Program &, const PipelineOptions &);
};

// Every chunk-IR pass, in pipeline order.
const std::vector<PassEntry> &pipelinePasses();
std::vector<std::string> pipelinePassNames();
const PassEntry *findPass(std::string_view name);

// Runs the enabled passes over `program` in place (verifying and printing
// as the options say). Returns false when an error was reported.
bool runPasses(chunk::Program &program, const PipelineOptions &options,
               DiagnosticSink &diags);

// Passes, lowering and checkPlan. Returns the plan, or nothing when an
// error was reported. `origin` says whose fault a structural problem of the
// lowered plan is: mscclc's for a program the front end built, the text's
// for chunk IR read from a file.
std::optional<plan::Plan> runPipeline(chunk::Program &program,
                                      const PipelineOptions &options,
                                      DiagnosticSink &diags,
                                      PlanOrigin origin = PlanOrigin::Compiled);

} // namespace mscclc::passes
