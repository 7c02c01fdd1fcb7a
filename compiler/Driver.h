//===- Driver.h - what every mscclc subcommand shares ---------------------===//
//
// The driver is a dispatcher (main.cpp) over subcommands, one file each in
// commands/. They share: exit codes, the option groups of a compile
// (front end, pipeline, warnings), the diagnostic printer, and loadPlan(),
// which turns either kind of input into a checked plan:
//
//   algo.cpp   → runFrontend → runPipeline (passes, lowering, checkPlan)
//   plan.json  → readPlanFile → checkPlan
//
// so every consumer of plans (check-plan today; sim, diff, viz and
// emit-cuda next) accepts both.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/frontend/Frontend.h"
#include "mscclc/ir/DiagnosticPrinter.h"
#include "mscclc/ir/PlanIR.h"
#include "mscclc/passes/Pipeline.h"
#include "mscclc/support/AtomicFile.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mscclc::driver {

enum ExitCode : int {
  Success = 0,
  Failure = 1,       // the input has errors (diagnostics printed)
  UsageError = 2,    // the command line is wrong
  InternalError = 3, // a bug in mscclc
};

// The options of anything that compiles a source or checks a plan.
struct CompileOptions {
  // A command compiles once or twice and exits: Clang's teardown is
  // skipped (the process's exit frees it all at once).
  frontend::FrontendOptions frontend = [] {
    frontend::FrontendOptions o;
    o.skipClangTeardown = true;
    return o;
  }();
  passes::PipelineOptions pipeline;
  std::vector<std::string> params;       // -P name=value, as given
  std::vector<std::string> warningFlags; // -W..., in order
  bool allowLimitViolations = false;
  uint64_t maxMemoryMiB = 4096; // --max-memory
  // Number data versions before the passes, for printed chunk IR.
  bool printVersions = false;
  // --run-pass=NAME: run only these passes (chunk IR input).
  std::vector<std::string> runPasses;

  // Who registers the options: the main command (all of them); a tool
  // that reads a plan or compiles a source into one (not --run-pass, which
  // prints chunk IR instead of a plan); install-defaults (the options that
  // shape a compile are hidden from its help, accepted only to be refused
  // with the reason).
  enum class Uses { Compile, PlanTool, InstallDefaults };
  void addTo(CLI::App &app, Uses uses = Uses::Compile);
  // Checks what CLI11 cannot (-P syntax, -W groups, target, pass names);
  // prints the problem and returns false on a usage error.
  bool finish();
  // The first option given that only applies to a source (or chunk IR)
  // input, for rejecting it with a plan input; "" when none was given.
  std::string sourceOnlyOption() const;
  // The first option given that only the front end reads (-P, -D, -U, -I,
  // --algo), for rejecting it with a chunk IR input.
  std::string frontendOnlyOption() const;
  // For a plan input: refuses (with a usage error) `extra` or any option
  // that only shapes a compile, since a plan is read and checked, not
  // compiled. Returns false when one was given.
  bool acceptsPlanInput(const std::string &input,
                        const std::string &extra = "") const;
  // acceptsPlanInput for a plan; for chunk IR, refuses the options only
  // the front end reads; any option for a source.
  bool acceptsInput(const std::string &input) const;
  // Applies -W flags and --allow-limit-violations to `diags`.
  void configure(DiagnosticSink &diags) const;
};

// Parses -P name=value arguments (rejecting a missing '=' and a name given
// twice, with a usage error naming `option`).
bool parseParams(const std::vector<std::string> &given,
                 std::vector<std::pair<std::string, std::string>> &out,
                 std::string_view option = "-P");

// Removes every -W... argument from `args` into `flags` (CLI11 cannot
// express -Wno-GROUP); keeps -Wl,... alone.
void extractWarningFlags(std::vector<std::string> &args,
                         std::vector<std::string> &flags);

// Checks that `path` is something mscclc can read: an existing, readable
// regular file of a known kind (by extension: .cpp/.cc/.cxx/.c++/.C, .json,
// .cir) and of a sane size. Reports the problem and returns false.
bool checkInput(const std::string &path);

enum class InputKind { Source, Plan, ChunkIR };
// By extension: .json is a plan, .cir chunk IR text, anything else an
// algorithm source.
InputKind classifyInput(const std::string &path);

// Reads chunk IR text and checks it with the chunk IR verifier.
std::optional<chunk::Program> loadChunkIR(const std::string &path,
                                          DiagnosticSink &diags,
                                          std::shared_ptr<SourceFiles> files);

// A checked plan and where it came from.
struct LoadedPlan {
  std::optional<plan::Plan> plan;           // set when loading succeeded
  std::optional<chunk::Program> program;    // the chunk IR, for a source
  std::shared_ptr<const SourceFiles> files; // what locations point into
};

// Compiles a source (with the front end and the pipeline) or chunk IR
// (with the pipeline), or reads a plan, then checks it; reports to `diags`,
// whose printer may hold `files`.
LoadedPlan loadPlan(const std::string &path, const CompileOptions &options,
                    DiagnosticSink &diags,
                    std::shared_ptr<SourceFiles> files = nullptr);

// A printer on stderr for `path`'s diagnostics, configured by `options`.
std::unique_ptr<DiagnosticPrinter>
makePrinter(const std::string &path, const CompileOptions &options,
            std::shared_ptr<SourceFiles> files);

// The output file when -o is not given: `name` (the program's) made a plain
// file name in the working directory (a source must not choose where its
// output lands: no directories, hidden or parent names; at most 200
// characters; "plan" when nothing is left), plus `extension`.
std::string defaultOutputName(const std::string &name,
                              std::string_view extension);

// Writes `text` to `path` atomically; reports a failure on stderr. Refuses
// to write over `input` (the file being compiled or read), naming `option`
// (the one that gave `path`) as the one to change.
bool writeOutput(const std::string &path, std::string_view text,
                 const std::string &input = "", std::string_view option = "-o");
// The same for text made piece by piece (a plan too large to hold whole).
bool writeOutput(const std::string &path,
                 const support::ContentProducer &produce,
                 const std::string &input = "", std::string_view option = "-o");
// The directories creating `dir` (and its parents) would make, deepest
// first: those certainly missing now, which a failed run may remove again.
std::vector<std::string> missingDirectories(const std::string &dir);

// Writes `plan` as JSON, streamed as it is made.
bool writePlanOutput(const std::string &path, const plan::Plan &plan,
                     const std::string &input = "");

// How diagnostics are shown, for the whole run: set once from the command
// line (-fcolor-diagnostics, -fno-color-diagnostics,
// -fdiagnostics-format=text|json|sarif) before any is printed.
enum class DiagnosticFormat { Text, Json, Sarif };
struct DiagnosticStyle {
  DiagnosticFormat format = DiagnosticFormat::Text;
  bool color = false; // text only
  DiagnosticLog log;  // json and sarif: everything reported, in order
};
DiagnosticStyle &diagnosticStyle();
// Removes the flags above from `args` and applies them (colour defaults to
// on when stderr is a terminal, TERM is not "dumb" and NO_COLOR is unset).
// Reports an unknown format and returns false.
bool extractDiagnosticFlags(std::vector<std::string> &args);
// Gives `printer` the run's style.
void applyDiagnosticStyle(DiagnosticPrinter &printer);
// json and sarif: prints the run's document on stderr (once, at exit).
void finishDiagnostics();

// Levenshtein distance (insertions, deletions, substitutions), for
// "did you mean" suggestions.
unsigned editDistance(std::string_view a, std::string_view b);

// "mscclc: error: MESSAGE" on stderr (usage problems, before any input).
void usageError(diag::ID id, std::initializer_list<DiagArg> args = {});

} // namespace mscclc::driver
