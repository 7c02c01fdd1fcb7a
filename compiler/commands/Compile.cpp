//===- Compile.cpp - mscclc algo.cpp -o plan.json
//--------------------------===//
//
// The default command. Reads like the pipeline it drives:
//   parse → evaluate → passes → lowering → checkPlan → emit (JSON or IR)
// A .json input is handed to check-plan; --verify checks expectation
// comments instead of writing anything.
//
//===----------------------------------------------------------------------===//
#include "../Driver.h"
#include "Commands.h"
#include "mscclc/cuda/CudaWriter.h"
#include "mscclc/frontend/VerifyRegex.h"

#include "mscclc/ir/ChunkIRPrinter.h"
#include "mscclc/ir/ChunkIRVerifier.h"
#include "mscclc/json/JsonWriter.h"
#include "mscclc/support/HeapReservation.h"
#include "mscclc/support/KeepUntilExit.h"
#include "mscclc/support/PhaseTimes.h"
#include "mscclc/support/ResourceLimits.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>

namespace mscclc::driver {

namespace {

class CompileCommand : public Command {
public:
  const char *name() const override { return "compile"; }
  const char *summary() const override {
    return "compile an algorithm to an MSCCL++ plan (the default command)";
  }

  void setup(CLI::App &app) override {
    app.add_option("input", input_,
                   "algorithm source file (.cpp, .cc, .cxx), a JSON plan to "
                   "check, or chunk IR (.cir, as --emit-ir prints it) to run "
                   "the passes on");
    app.add_option(
           "-o,--output", output_,
           "output file ('-' for stdout; default: the program's name, made a "
           "plain file name in the working directory, + .json, or + .cu "
           "with --emit-cuda; a plan input is only checked unless -o or "
           "--emit-cuda is given)")
        ->check([](const std::string &v) {
          return v.empty() ? std::string("an empty path names no file")
                           : std::string();
        });
    app.add_flag("--emit-ir", emitIr_,
                 "print the chunk IR after all passes instead of JSON");
    app.add_flag("--emit-cuda", emitCuda_,
                 "write the plan baked into CUDA kernels on runtime-min "
                 "(a .cu file that also builds for the host) instead of "
                 "JSON; the input may be a source or a plan");
    app.add_option("--dtypes", dtypes_,
                   "with --emit-cuda: element types to instantiate, "
                   "comma-separated (f32 f16 bf16 i32 u32 u8)")
        ->default_str("f32")
        ->check([](const std::string &v) {
          return v.empty() ? std::string("an empty value is not one; leave "
                                         "the option out for its default")
                           : std::string();
        });
    app.add_option("--cuda-namespace", cudaNamespace_,
                   "with --emit-cuda: the C++ namespace of the baked code "
                   "(default: mscclc_gen::<the plan's name>)")
        ->check([](const std::string &v) {
          return v.empty() ? std::string("an empty value is not one; leave "
                                         "the option out for its default")
                           : std::string();
        });
    app.add_flag("--list-algos", listAlgos_,
                 "print every algorithm in the source file with its "
                 "parameters, their types and defaults (and, for enums, the "
                 "values -P takes), then stop");
    app.add_flag("--verify", verify_,
                 "check `// expected-error {{...}}` comments instead of "
                 "compiling (like clang -verify)");
    options_.addTo(app);
  }

  int run() override {
    options_.warningFlags = warningFlags;
    if (!options_.finish())
      return UsageError;
    // Under the ceiling --max-memory set (an untouched reservation counts
    // against it; reserveHeap sizes it by the room left).
    support::PhaseTimer reserveTime("reserve heap");
    support::reserveHeap(uint64_t(256) << 20);
    reserveTime.stop(support::heapReservationSummary());
    // What the heap grows by as the compile goes on is advised at each
    // phase start (the front end, each pass, lowering, the checks, the
    // writers).
    support::setPhaseStartHook(support::adviseHeapGrowth);
    if (input_.empty()) {
      usageError(diag::err_usage_no_input);
      return UsageError;
    }
    if (verify_ &&
        (!output_.empty() || emitIr_ || !options_.runPasses.empty())) {
      // --verify compares diagnostics; it writes nothing.
      usageError(diag::err_usage_conflicting_options,
                 {"--verify", emitIr_                       ? "--emit-ir"
                              : !options_.runPasses.empty() ? "--run-pass"
                                                            : "-o"});
      return UsageError;
    }
    if (listAlgos_) {
      const char *other = !output_.empty()              ? "-o"
                          : emitIr_                     ? "--emit-ir"
                          : emitCuda_                   ? "--emit-cuda"
                          : verify_                     ? "--verify"
                          : !options_.params.empty()    ? "-P"
                          : options_.frontend.algorithm ? "--algo"
                                                        : nullptr;
      if (other) {
        usageError(diag::err_usage_conflicting_options,
                   {"--list-algos", other});
        return UsageError;
      }
      if (!checkInput(input_))
        return Failure;
      if (classifyInput(input_) != InputKind::Source) {
        usageError(diag::err_usage_list_algos_input, {input_});
        return UsageError;
      }
      return runListAlgos();
    }
    if (!checkInput(input_))
      return Failure;
    if (!dtypes_.empty() && !emitCuda_) {
      usageError(diag::err_usage_cuda_dtypes_alone);
      return UsageError;
    }
    if (!cudaNamespace_.empty() && !emitCuda_) {
      usageError(diag::err_usage_cuda_namespace_alone);
      return UsageError;
    }
    // Options that apply to the kind of input given (chunk IR has been
    // evaluated: -P, -D and --algo have nothing left to change).
    if (classifyInput(input_) == InputKind::ChunkIR &&
        !options_.acceptsInput(input_))
      return UsageError;
    if (emitCuda_) {
      if (emitIr_ || verify_ || !options_.runPasses.empty()) {
        usageError(diag::err_usage_conflicting_options,
                   {"--emit-cuda", emitIr_   ? "--emit-ir"
                                   : verify_ ? "--verify"
                                             : "--run-pass"});
        return UsageError;
      }
      if (!parseDtypes())
        return UsageError;
      if (!cudaNamespace_.empty() && !validNamespace(cudaNamespace_)) {
        usageError(diag::err_usage_cuda_namespace, {cudaNamespace_});
        return UsageError;
      }
      // Baked kernels have none of the 0.9.0 executor's per-plan limits
      // (ops per thread block, buffers per op, ...): they are warnings.
      // Fusion still stops at the per-op limits (fuseWithinLimits, from
      // the user's options): the kernels bake the plan -o would write.
      options_.allowLimitViolations = true;
      if (classifyInput(input_) == InputKind::Plan &&
          !options_.acceptsPlanInput(input_))
        return UsageError;
      if (classifyInput(input_) != InputKind::Plan)
        options_.frontend.inputFile = input_;
      return runCompile();
    }
    if (classifyInput(input_) == InputKind::Plan) {
      // A plan is read and checked, not compiled: options that shape a
      // compile would be silently ignored, so they are refused.
      std::string extra =
          emitIr_ ? "--emit-ir" : (verify_ ? "--verify" : std::string());
      if (!options_.acceptsPlanInput(
              input_, options_.sourceOnlyOption().empty() ? extra : ""))
        return UsageError;
      return checkPlanFile(input_, output_, options_);
    }
    if (!options_.runPasses.empty()) {
      if (classifyInput(input_) != InputKind::ChunkIR) {
        usageError(diag::err_usage_run_pass_input);
        return UsageError;
      }
      return runPasses();
    }
    options_.frontend.inputFile = input_;
    options_.printVersions = emitIr_ || !options_.pipeline.printAfter.empty() ||
                             options_.pipeline.printAfterAll;
    return verify_ ? runVerify() : runCompile();
  }

private:
  int runCompile() {
    auto files = std::make_shared<SourceFiles>();
    auto printer = makePrinter(input_, options_, files);
    auto owned = std::make_unique<LoadedPlan>(
        loadPlan(input_, options_, *printer, files));
    LoadedPlan &loaded = *owned;
    // The process exits after this: its exit frees the program and the
    // plan at once, where freeing a 128-rank plan's million operand lists
    // one by one took about 25 ms (support/KeepUntilExit.h).
    if (options_.frontend.leavesMemoryToExit())
      support::keepUntilExit(std::move(owned));
    // One summary line, after the last diagnostic (the CUDA backend may
    // add its own).
    if (!loaded.plan) {
      printer->printSummary();
      return Failure;
    }
    std::string text;
    std::string out = output_;
    if (emitIr_) {
      std::ostringstream os;
      chunk::print(*loaded.program, os);
      text = os.str();
      if (out.empty())
        out = "-";
    } else if (emitCuda_) {
      cuda::CudaOptions cudaOptions;
      cudaOptions.dtypes = cudaDtypes_;
      cudaOptions.ns = cudaNamespace_;
      cudaOptions.inputName = std::filesystem::path(input_).filename().string();
      support::PhaseTimer emitTime("emit CUDA");
      auto cu = cuda::writeCuda(*loaded.plan, cudaOptions, *printer);
      emitTime.stop();
      if (!cu) {
        printer->printSummary();
        return Failure;
      }
      text = std::move(*cu);
    }
    printer->printSummary();
    if (out.empty()) {
      const auto &name = loaded.plan->name;
      out =
          defaultOutputName(name && !name->empty()
                                ? *name
                                : std::filesystem::path(input_).stem().string(),
                            emitCuda_ ? ".cu" : ".json");
    }
    if (!emitIr_ && !emitCuda_) {
      // Written as it is made: a large plan never sits in memory whole.
      return writePlanOutput(out, *loaded.plan, input_) ? Success : Failure;
    }
    return writeOutput(out, text, input_) ? Success : Failure;
  }

  // --list-algos: every MSCCLPP_ALGORITHM of the file, as it would be
  // called from the command line.
  int runListAlgos() {
    auto files = std::make_shared<SourceFiles>();
    auto printer = makePrinter(input_, options_, files);
    options_.frontend.inputFile = input_;
    options_.frontend.listAlgorithms = true;
    frontend::FrontendResult fe =
        frontend::runFrontend(options_.frontend, *printer, files);
    fe.teardown.reset(); // what Clang may still say comes before the summary
    printer->printSummary();
    if (printer->errorCount() > 0)
      return Failure;
    std::ostringstream os;
    for (const frontend::AlgorithmInfo &a : fe.algorithms) {
      os << a.name << "  (" << files->describe(a.loc) << ")\n";
      if (a.parameters.empty())
        os << "  (no parameters)\n";
      for (const frontend::AlgorithmParameter &p : a.parameters) {
        os << "  " << p.type << " " << p.name;
        if (p.hasDefault)
          os << " = " << p.defaultValue;
        if (!p.settable)
          os << "    [-P cannot set this type]";
        else if (!p.hasDefault)
          os << "    [required: -P " << p.name << "=VALUE]";
        if (!p.enumerators.empty()) {
          os << "    [-P " << p.name << "=";
          for (size_t i = 0; i < p.enumerators.size(); ++i)
            os << (i ? "|" : "") << p.enumerators[i];
          os << "]";
        }
        os << "\n";
      }
    }
    std::cout << os.str();
    std::cout.flush();
    return Success;
  }

  // Runs the --run-pass passes on a .cir input and prints the result.
  int runPasses() {
    auto files = std::make_shared<SourceFiles>();
    auto printer = makePrinter(input_, options_, files);
    std::optional<chunk::Program> program =
        loadChunkIR(input_, *printer, files);
    bool ok = program.has_value();
    for (size_t i = 0; ok && i < options_.runPasses.size(); ++i) {
      const passes::PassEntry *entry = passes::findPass(options_.runPasses[i]);
      ok = entry->create(options_.pipeline)->run(*program, *printer) &&
           printer->errorCount() == 0;
      if (ok && options_.pipeline.verifyEachPass) {
        InternalErrorSink ice(
            *printer,
            makeNote(diag::note_ir_invalid_after_pass, {}, {entry->name}));
        ok = chunk::verify(*program, ice);
      }
    }
    printer->printSummary();
    if (!ok)
      return Failure;
    std::ostringstream os;
    chunk::print(*program, os);
    return writeOutput(output_.empty() ? "-" : output_, os.str(), input_)
               ? Success
               : Failure;
  }

  // Everything is reported to a collector, then held against the file's
  // expected-* comments; only the mismatches are printed.
  int runVerify() {
    auto files = std::make_shared<SourceFiles>();
    CollectingDiagnosticSink collected;
    options_.configure(collected);
    auto verdict = [&] {
      auto printer = makePrinter(input_, options_, files);
      bool ok = verifyExpectations(*files, collected.entries, *printer,
                                   frontend::compileVerifyRegex);
      printer->printSummary();
      return ok ? Success : Failure;
    };
    // A limit hit inside Clang ends the process where it is: what was
    // reported up to it, its own error included, is still held against the
    // expectations.
    support::ExitNowAction onExitNow([&](int &status) { status = verdict(); });
    loadPlan(input_, options_, collected, files);
    return verdict();
  }

  // --cuda-namespace: identifiers joined by "::", none a C++ keyword or
  // reserved (a leading underscore and a capital, or a double underscore).
  static bool validNamespace(const std::string &name) {
    for (const std::string &part : cuda::namespaceComponents(name)) {
      if (part.empty() || std::isdigit(static_cast<unsigned char>(part[0])) ||
          cuda::isCppKeyword(part) || part == "std" ||
          part.find("__") != std::string::npos ||
          (part[0] == '_' && part.size() > 1 &&
           std::isupper(static_cast<unsigned char>(part[1]))))
        return false;
      for (char c : part)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
          return false;
    }
    return true;
  }

  // --dtypes: a comma-separated list of known element types, each once.
  bool parseDtypes() {
    std::string list = dtypes_.empty() ? "f32" : dtypes_;
    cudaDtypes_.clear();
    size_t at = 0;
    while (true) {
      size_t comma = list.find(',', at);
      std::string one = list.substr(
          at, comma == std::string::npos ? std::string::npos : comma - at);
      const auto &known = cuda::knownDtypes();
      std::string wrong;
      if (one.empty())
        wrong = "an entry is empty";
      else if (std::find(known.begin(), known.end(), one) == known.end())
        wrong = "'" + one + "' is not one of them";
      else if (std::find(cudaDtypes_.begin(), cudaDtypes_.end(), one) !=
               cudaDtypes_.end())
        wrong = "'" + one + "' is listed twice";
      if (!wrong.empty()) {
        usageError(diag::err_usage_cuda_dtype, {list, wrong});
        return false;
      }
      cudaDtypes_.push_back(one);
      if (comma == std::string::npos)
        return true;
      at = comma + 1;
    }
  }

  std::string input_;
  std::string output_;
  std::string dtypes_;
  std::string cudaNamespace_;
  std::vector<std::string> cudaDtypes_;
  bool emitCuda_ = false;
  bool emitIr_ = false;
  bool verify_ = false;
  bool listAlgos_ = false;
  CompileOptions options_;
};

} // namespace

std::unique_ptr<Command> makeCompileCommand() {
  return std::make_unique<CompileCommand>();
}

} // namespace mscclc::driver
