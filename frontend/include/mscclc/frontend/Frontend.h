//===- Frontend.h - algorithm file → chunk IR -----------------------------===//
//
// Parses an algorithm file with Clang (full Sema against <mscclpp/dsl.hpp>),
// picks the algorithm function, binds its parameters from -P arguments and
// evaluates it into chunk IR. The consumer callback runs while the Clang
// source manager is alive, so diagnostics from later stages (passes,
// lowering, target checks) still print with file:line:col and a caret, and
// `-verify` checks them too.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/ChunkIR.h"
#include "mscclc/ir/Diagnostics.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mscclc::frontend {

// Barrier ids per rank, keyed by the ordered thread-block list. Each
// program normally gets a fresh registry; `mscclc install-defaults` shares
// one across the default plans, as the reference installer (one Python
// process) does.
using BarrierRegistry = std::vector<std::map<std::vector<int64_t>, int32_t>>;

struct FrontendOptions {
  std::string inputFile;
  std::vector<std::string> defines;                        // -D NAME[=VALUE]
  std::vector<std::string> undefines;                      // -U NAME
  std::vector<std::string> includeDirs;                    // -I DIR
  std::optional<std::string> algorithm;                    // --algo NAME
  std::vector<std::pair<std::string, std::string>> params; // -P name=value
  bool verify = false;                                     // -verify
  bool warningsAsErrors = false;                           // -Werror
  uint64_t maxSteps = 200'000'000;
  unsigned maxCallDepth = 256;
  size_t maxContainerElements = 1u << 24;
  bool timePhases = false; // --time-phases: print phase times to stderr
  std::shared_ptr<BarrierRegistry> sharedBarriers; // null: fresh per program
};

// Returns true when the consumer's work succeeded and should be committed.
using ProgramConsumer =
    std::function<bool(chunk::Program &program, DiagnosticSink &diags)>;

// Runs the front end and then `consume`. Returns the process exit status:
// 0 on success (or, with verify, when every expectation was met), 1 on a
// compile error.
int compileAlgorithmFile(const FrontendOptions &options,
                         const ProgramConsumer &consume);

// Where <mscclpp/dsl.hpp> is found (MSCCLC_INCLUDE_DIR, then next to the
// executable, then the source tree).
std::string dslIncludeDir();

} // namespace mscclc::frontend
