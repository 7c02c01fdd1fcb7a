//===- Pipeline.h - the pass pipeline in one list -------------------------===//
//
// validate → signal-wait-pairing → consistency → fusion → sync-insertion →
// dependency-sync → replication → lowering → target checks.
// The order matters for byte-identical output with the reference DSL.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/ChunkIR.h"
#include "mscclc/ir/Diagnostics.h"
#include "mscclc/ir/PlanIR.h"

#include <functional>
#include <optional>
#include <ostream>
#include <string>
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
  bool allowLimitViolations = false; // target limits become warnings
};

// Names of the passes, in order (for --print-after validation and help).
std::vector<std::string> pipelinePassNames();

// Runs every pass over `program` and lowers it. Returns the plan, or
// nothing when an error was reported.
std::optional<plan::Plan> runPipeline(chunk::Program &program,
                                      const PipelineOptions &options,
                                      DiagnosticSink &diags);

} // namespace mscclc::passes
