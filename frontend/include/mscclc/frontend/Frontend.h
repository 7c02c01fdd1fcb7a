//===- Frontend.h - algorithm file → chunk IR -----------------------------===//
//
// Parses an algorithm file with Clang (full Sema against <mscclpp/dsl.hpp>),
// picks the algorithm function, binds its parameters from -P arguments and
// evaluates it into chunk IR, which it returns. Clang is done when it
// returns (its thread frees what is left meanwhile, see FrontendTeardown):
// the result owns the program and the source files its locations point
// into, so every later stage reports `file:line:col` with a caret
// through the same DiagnosticSink. Clang's own diagnostics are forwarded to
// that sink too.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/ChunkIR.h"
#include "mscclc/ir/Diagnostics.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
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
  // -D NAME[=VALUE] and -U NAME, each as "-DNAME=VALUE" or "-UNAME", in
  // command-line order: Clang applies them in order (-U X -D X=1 defines X).
  std::vector<std::string> macros;
  std::vector<std::string> includeDirs;                    // -I DIR
  std::optional<std::string> algorithm;                    // --algo NAME
  std::vector<std::pair<std::string, std::string>> params; // -P name=value
  uint64_t maxSteps = 200'000'000;
  unsigned maxCallDepth = 256;
  size_t maxContainerElements = 1u << 24;
  // --max-memory: what the evaluation may add to the heap before it stops
  // with a located error (the process ceiling itself is set by the driver).
  uint64_t maxMemoryBytes = uint64_t(4) << 30;
  std::shared_ptr<BarrierRegistry> sharedBarriers; // null: fresh per program
  // --list-algos: parse only, describe every algorithm, evaluate nothing.
  bool listAlgorithms = false;
  // Leave Clang's AST, Sema and preprocessor allocated when the front end
  // ends instead of freeing them one by one, as the clang driver does
  // (-disable-free): for a process that exits soon after (the mscclc
  // command line), not for one that runs many compiles. Ignored in
  // sanitizer builds, whose leak check would report it.
  bool skipClangTeardown = false;
  // Whether memory that lives to the end may be left for the process exit
  // to free (Clang's AST here, the loaded program and plan in the compile
  // command): the process exits soon and no leak checker is watching.
  bool leavesMemoryToExit() const;
};

// An algorithm of a file as --list-algos shows it.
struct AlgorithmParameter {
  std::string name;
  std::string type;         // as written, canonical std:: spelling
  std::string defaultValue; // the default's source text, on one line
  bool hasDefault = false;
  bool settable = false;                // whether -P can set it
  std::vector<std::string> enumerators; // for an enum parameter
};
struct AlgorithmInfo {
  std::string name;
  SourceLocation loc;
  std::vector<AlgorithmParameter> parameters;
};

// The front end's thread after it has handed its result over: it frees
// the evaluator's values and Clang's AST, and gives the freed pages back,
// while the caller runs the passes. Destroying the last handle waits for
// it (and reports anything Clang said meanwhile, which it never has).
class FrontendTeardown;

struct FrontendResult {
  // Keep it while the passes run, so that the teardown overlaps them.
  std::shared_ptr<FrontendTeardown> teardown;
  // The program, when parsing and evaluation succeeded.
  std::optional<chunk::Program> program;
  // The files diagnostics and op locations point into; file 0 is the
  // algorithm file (set whenever the file could be read).
  std::shared_ptr<const SourceFiles> files;
  uint64_t evaluationSteps = 0;
  // --list-algos: the file's algorithms in source order.
  std::vector<AlgorithmInfo> algorithms;
};

// Parses and evaluates the algorithm; every problem is reported to `diags`.
// Locations go into `files` (which a diagnostic printer may already hold);
// a fresh table is made when it is null. `diags` must outlive the result's
// teardown handle, which reports to it when it is dropped (and a later
// runFrontend waits for an earlier result's thread).
FrontendResult runFrontend(const FrontendOptions &options,
                           DiagnosticSink &diags,
                           std::shared_ptr<SourceFiles> files = nullptr);

// Parses <mscclpp/dsl.hpp> and checks that the evaluator binds every
// constructor, member function and function it declares, and that every
// binding names a declaration: one line per mismatch (empty when the
// header and the evaluator agree).
std::vector<std::string> checkDslHeaderBindings();

// Parses <mscclpp/dsl.hpp> and checks its list of instantiations for the
// precompiled header (checkDslInstantiations): one line per problem.
std::vector<std::string> checkDslHeaderInstantiations();

// The macros mscclc itself defines for <mscclpp/dsl.hpp>: __MSCCLC__ in
// every compile, __MSCCLC_NO_PCH__ in a compile without the precompiled
// header. A user's -D or -U of either is refused.
inline constexpr std::string_view CompilerMacro = "__MSCCLC__";
inline constexpr std::string_view NoPchMacro = "__MSCCLC_NO_PCH__";
bool isCompilerMacro(std::string_view name);

// Finds or builds the cached precompiled <mscclpp/dsl.hpp> that compiles
// use and checks that it hands them no pending instantiation (each would be
// retried, in vain, at the end of every compile): one line per problem.
std::vector<std::string> checkDslHeaderPch();

// Where <mscclpp/dsl.hpp> is found (MSCCLC_INCLUDE_DIR, then next to the
// executable, then the source tree).
std::string dslIncludeDir();

} // namespace mscclc::frontend
