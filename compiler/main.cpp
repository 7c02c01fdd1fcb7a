//===- main.cpp - the mscclc driver ---------------------------------------===//
//
//   mscclc algo.cpp -o plan.json [-P name=value]... [--algo NAME]
//
// Exit status: 0 success, 1 compile error (diagnostics printed), 2 usage
// error. Output files are written atomically: a failed compile never leaves
// a partial plan.
//
//===----------------------------------------------------------------------===//
#include "mscclc/frontend/Frontend.h"
#include "mscclc/ir/ChunkIRPrinter.h"
#include "mscclc/json/JsonReader.h"
#include "mscclc/json/JsonWriter.h"
#include "mscclc/passes/Pipeline.h"
#include "mscclc/passes/TargetChecks.h"

#include <CLI/CLI.hpp>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace {

// Clang-style single-dash spellings that CLI11 cannot express directly.
std::vector<std::string> normaliseArgs(int argc, char **argv) {
  std::vector<std::string> out;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-verify")
      a = "--verify";
    else if (a == "-Werror")
      a = "--Werror";
    else if (a == "-emit-ir")
      a = "--emit-ir";
    else if (a.rfind("-print-after", 0) == 0)
      a = "-" + a;
    out.push_back(a);
  }
  // CLI11 wants the arguments reversed when given as a vector.
  std::reverse(out.begin(), out.end());
  return out;
}

// Prints diagnostics about a plan read from JSON (no source locations).
class StderrSink : public mscclc::DiagnosticSink {
public:
  explicit StderrSink(std::string file) : file_(std::move(file)) {}
  void report(mscclc::Severity severity, mscclc::SourceLocation,
              const std::string &message,
              const std::vector<mscclc::DiagNote> &notes) override {
    const char *level = severity == mscclc::Severity::Error     ? "error"
                        : severity == mscclc::Severity::Warning ? "warning"
                                                                : "note";
    std::cerr << file_ << ": " << level << ": " << message << "\n";
    for (const auto &n : notes)
      std::cerr << file_ << ": note: " << n.message << "\n";
  }

private:
  std::string file_;
};

int checkPlanFile(const std::string &path, const std::string &output,
                  const mscclc::passes::PipelineOptions &po) {
  std::string err;
  auto plan = mscclc::json::readPlanFile(path, err);
  if (!plan) {
    std::cerr << "mscclc: error: " << err << "\n";
    return 1;
  }
  StderrSink sink(path);
  const auto *target = mscclc::passes::findTarget(po.target);
  if (!target) {
    std::cerr << "mscclc: error: unknown target '" << po.target << "'\n";
    return 2;
  }
  if (!mscclc::passes::checkTargetLimits(*plan, *target, sink,
                                         po.allowLimitViolations))
    return 1;
  if (!output.empty() && !mscclc::json::writeFileAtomically(
                             output, mscclc::json::writePlanJson(*plan), err)) {
    std::cerr << "mscclc: error: cannot write '" << output << "': " << err
              << "\n";
    return 1;
  }
  return 0;
}

// Where the bundled default algorithms live: MSCCLC_DEFAULTS_DIR, next to
// the executable (share/mscclc/defaults), or the source tree.
std::filesystem::path bundledDefaultsDir() {
  if (const char *env = std::getenv("MSCCLC_DEFAULTS_DIR"))
    return env;
  std::error_code ec;
  auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    auto installed = exe.parent_path() / ".." / "share" / "mscclc" / "defaults";
    if (std::filesystem::exists(installed / "DEFAULTS.tsv"))
      return installed;
  }
  return MSCCLC_SOURCE_DIR "/samples/defaults";
}

std::filesystem::path runtimeDefaultsDir() {
  if (const char *cache = std::getenv("MSCCLPP_CACHE_DIR"); cache && *cache)
    return std::filesystem::path(cache) / "default";
  const char *home = std::getenv("HOME");
  return std::filesystem::path(home && *home ? home : "~") / ".cache" /
         "mscclpp" / "default";
}

// mscclc install-defaults: compiles every row of DEFAULTS.tsv (in order, in
// one barrier-id registry, like the reference installer) into a temporary
// directory, then swaps it in place of the target directory.
int installDefaults(const std::string &dirOption, bool listOnly,
                    mscclc::frontend::FrontendOptions fe,
                    mscclc::passes::PipelineOptions po) {
  namespace fs = std::filesystem;
  fs::path source = bundledDefaultsDir();
  fs::path target =
      dirOption.empty() ? runtimeDefaultsDir() : fs::path(dirOption);
  std::ifstream table(source / "DEFAULTS.tsv");
  if (!table) {
    std::cerr << "mscclc: error: cannot read " << (source / "DEFAULTS.tsv")
              << "\n";
    return 1;
  }
  struct Row {
    std::string file, src, algo, params;
  };
  std::vector<Row> rows;
  std::string line;
  while (std::getline(table, line)) {
    if (line.empty() || line.rfind("file\t", 0) == 0 || line[0] == '#')
      continue;
    std::istringstream ls(line);
    Row r;
    std::getline(ls, r.file, '\t');
    std::getline(ls, r.src, '\t');
    std::getline(ls, r.algo, '\t');
    std::getline(ls, r.params, '\t');
    rows.push_back(r);
  }
  if (listOnly) {
    for (const auto &r : rows)
      std::cout << (target / r.file).string() << "\t" << r.src << " --algo "
                << r.algo << " " << r.params << "\n";
    return 0;
  }
  std::error_code ec;
  fs::create_directories(target.parent_path(), ec);
  fs::path staging =
      target.parent_path() /
      ("." + target.filename().string() + ".tmp." + std::to_string(getpid()));
  fs::remove_all(staging, ec);
  fs::create_directories(staging, ec);
  if (ec) {
    std::cerr << "mscclc: error: cannot create " << staging << ": "
              << ec.message() << "\n";
    return 1;
  }
  fe.sharedBarriers = std::make_shared<mscclc::frontend::BarrierRegistry>();
  po.printStream = &std::cerr;
  for (const auto &r : rows) {
    fe.inputFile = (source / r.src).string();
    fe.algorithm = r.algo;
    fe.params.clear();
    std::istringstream ps(r.params);
    std::string kv;
    while (ps >> kv) {
      auto eq = kv.find('=');
      if (eq != std::string::npos)
        fe.params.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
    }
    size_t ops = 0, ranks = 0;
    auto consume = [&](mscclc::chunk::Program &program,
                       mscclc::DiagnosticSink &diags) -> bool {
      auto plan = mscclc::passes::runPipeline(program, po, diags);
      if (!plan)
        return false;
      std::string text = mscclc::json::writePlanJson(*plan);
      // The runtime's own installer writes the plan without a newline.
      if (!text.empty() && text.back() == '\n')
        text.pop_back();
      std::string err;
      if (!mscclc::json::writeFileAtomically((staging / r.file).string(), text,
                                             err)) {
        diags.error(mscclc::SourceLocation{}, "cannot write: " + err);
        return false;
      }
      ops = mscclc::plan::countOps(*plan);
      ranks = plan->gpus.size();
      return true;
    };
    if (mscclc::frontend::compileAlgorithmFile(fe, consume) != 0) {
      std::cerr << "mscclc: error: compiling " << r.file
                << " failed; nothing was installed\n";
      fs::remove_all(staging, ec);
      return 1;
    }
    std::cout << "wrote " << (target / r.file).string() << " (" << ranks
              << " ranks, " << ops << " ops)\n";
  }
  // Swap the new directory in; the old one is removed afterwards.
  fs::path old = target.parent_path() / ("." + target.filename().string() +
                                         ".old." + std::to_string(getpid()));
  if (fs::exists(target))
    fs::rename(target, old, ec);
  fs::rename(staging, target, ec);
  if (ec) {
    std::cerr << "mscclc: error: cannot install into " << target << ": "
              << ec.message() << "\n";
    if (fs::exists(old))
      fs::rename(old, target, ec);
    fs::remove_all(staging, ec);
    return 1;
  }
  fs::remove_all(old, ec);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"mscclc — ahead-of-time compiler for MSCCL++ collective "
               "algorithms written in the C++ DSL dialect"};
  app.name("mscclc");
  app.footer("Examples:\n"
             "  mscclc algo.cpp -o plan.json -P num_ranks=8\n"
             "  mscclc algo.cpp --emit-ir\n"
             "  mscclc plan.json            (check any MSCCL++ plan)\n"
             "  mscclc install-defaults\n"
             "Exit status: 0 success, 1 compile error, 2 usage error.");
  app.set_version_flag("--version", std::string("mscclc ") + MSCCLC_VERSION +
                                        " (LLVM 19, target mscclpp-0.9)");
  mscclc::frontend::FrontendOptions fe;
  mscclc::passes::PipelineOptions po;
  std::string output;
  std::vector<std::string> params;
  bool emitIr = false;
  app.add_option("input", fe.inputFile,
                 "algorithm source file (.cpp), or a JSON plan to check");
  std::string defaultsDir;
  bool defaultsList = false;
  CLI::App *install = app.add_subcommand(
      "install-defaults",
      "compile the bundled default algorithms into the directory the "
      "MSCCL++ runtime loads them from ($MSCCLPP_CACHE_DIR/default, else "
      "~/.cache/mscclpp/default)");
  install->add_option("--dir", defaultsDir,
                      "install into DIR instead (replaced atomically)");
  install->add_flag("--list", defaultsList,
                    "print what would be installed and exit");
  app.add_option("-o,--output", output,
                 "output file ('-' for stdout; default: <algorithm>.json)");
  app.add_option("-P,--param", params,
                 "set an algorithm parameter: -P name=value")
      ->allow_extra_args(false);
  app.add_option("-D", fe.defines, "define a macro: -D NAME[=VALUE]")
      ->allow_extra_args(false);
  app.add_option("-U", fe.undefines, "undefine a macro")
      ->allow_extra_args(false);
  app.add_option("-I", fe.includeDirs, "add an include directory")
      ->allow_extra_args(false);
  app.add_option("--algo", fe.algorithm,
                 "the algorithm to compile when the file defines several");
  app.add_flag("--emit-ir", emitIr,
               "print the chunk IR after all passes instead of JSON");
  app.add_option("-O", po.optLevel, "optimisation level (0 disables fusion)")
      ->check(CLI::Range(0, 3));
  app.add_option("--print-after", po.printAfter,
                 "print the chunk IR after the named pass (to stderr)")
      ->allow_extra_args(false);
  app.add_flag("--verify-each", po.verifyEachPass,
               "run the chunk IR verifier after every pass");
  app.add_flag("--print-after-all", po.printAfterAll,
               "print the chunk IR after every pass (to stderr)");
  app.add_flag("--verify", fe.verify,
               "check `// expected-error {{...}}` comments instead of "
               "compiling (like clang -verify)");
  app.add_flag("--Werror", fe.warningsAsErrors, "turn warnings into errors");
  app.add_flag("--allow-limit-violations", po.allowLimitViolations,
               "report plans that exceed the target executor's limits as "
               "warnings instead of errors (such plans can corrupt the "
               "executor; use only to reproduce reference plans)");
  app.add_option("--target", po.target, "target executor")
      ->default_val(po.target);
  app.add_option("--max-steps", fe.maxSteps,
                 "evaluation step limit (catches endless loops)")
      ->default_val(fe.maxSteps);
  app.add_flag("--time-phases", fe.timePhases,
               "print how long each phase took (to stderr)");
  app.add_option("--max-depth", fe.maxCallDepth, "call depth limit")
      ->default_val(fe.maxCallDepth);

  try {
    app.parse(normaliseArgs(argc, argv));
  } catch (const CLI::ParseError &e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
  }
  for (const auto &p : params) {
    auto eq = p.find('=');
    if (eq == std::string::npos || eq == 0) {
      std::cerr << "mscclc: error: -P expects name=value, got '" << p << "'\n";
      return 2;
    }
    std::string name = p.substr(0, eq);
    for (const auto &[seen, value] : fe.params)
      if (seen == name) {
        std::cerr << "mscclc: error: parameter '" << name
                  << "' is given twice (-P " << seen << "=" << value
                  << " and -P " << p << ")\n";
        return 2;
      }
    fe.params.emplace_back(name, p.substr(eq + 1));
  }
  if (!mscclc::passes::findTarget(po.target)) {
    std::cerr << "mscclc: error: unknown target '" << po.target
              << "'; known targets:";
    for (const auto &t : mscclc::passes::knownTargets())
      std::cerr << " " << t.name;
    std::cerr << "\n";
    return 2;
  }
  for (const auto &name : po.printAfter) {
    auto names = mscclc::passes::pipelinePassNames();
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      std::cerr << "mscclc: error: unknown pass '" << name
                << "' in --print-after; passes are:";
      for (const auto &n : names)
        std::cerr << " " << n;
      std::cerr << "\n";
      return 2;
    }
  }
  if (install->parsed())
    return installDefaults(defaultsDir, defaultsList, fe, po);
  if (fe.inputFile.empty()) {
    std::cerr << "mscclc: error: no input file (see mscclc --help)\n";
    return 2;
  }
  if (!std::filesystem::exists(fe.inputFile)) {
    std::cerr << "mscclc: error: no such file: '" << fe.inputFile << "'\n";
    return 1;
  }
  po.printStream = &std::cerr;

  // A JSON plan as input: read it (any MSCCL++ plan), check it against the
  // target's limits and, with -o, write it back in canonical form.
  if (std::filesystem::path(fe.inputFile).extension() == ".json")
    return checkPlanFile(fe.inputFile, output, po);

  std::string outPath = output;
  auto consume = [&](mscclc::chunk::Program &program,
                     mscclc::DiagnosticSink &diags) -> bool {
    if (emitIr || !po.printAfter.empty() || po.printAfterAll)
      mscclc::chunk::assignVersions(program);
    auto plan = mscclc::passes::runPipeline(program, po, diags);
    if (!plan)
      return false;
    if (fe.verify)
      return true;
    std::string text;
    if (emitIr) {
      std::ostringstream os;
      mscclc::chunk::print(program, os);
      text = os.str();
    } else {
      text = mscclc::json::writePlanJson(*plan);
    }
    if (outPath.empty())
      outPath =
          emitIr ? "-"
                 : (program.name && !program.name->empty()
                        ? *program.name
                        : std::filesystem::path(fe.inputFile).stem().string()) +
                       ".json";
    std::string err;
    if (!mscclc::json::writeFileAtomically(outPath, text, err)) {
      diags.error(mscclc::SourceLocation{},
                  "cannot write '" + outPath + "': " + err);
      return false;
    }
    return true;
  };
  return mscclc::frontend::compileAlgorithmFile(fe, consume);
}
