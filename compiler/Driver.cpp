//===- Driver.cpp - shared option groups, loadPlan, output ---------------===//
#include "Driver.h"

#include "mscclc/ir/ChunkIRParser.h"
#include "mscclc/ir/ChunkIRPrinter.h"
#include "mscclc/ir/ChunkIRVerifier.h"
#include "mscclc/json/JsonReader.h"
#include "mscclc/json/JsonWriter.h"
#include "mscclc/passes/CheckPlan.h"
#include "mscclc/passes/TargetChecks.h"
#include "mscclc/support/AtomicFile.h"
#include "mscclc/support/PhaseTimes.h"
#include "mscclc/support/ResourceLimits.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace mscclc::driver {

// Levenshtein distance: insertions, deletions and substitutions.
unsigned editDistance(std::string_view a, std::string_view b) {
  std::vector<unsigned> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j)
    row[j] = unsigned(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    unsigned diagonal = row[0];
    row[0] = unsigned(i);
    for (size_t j = 1; j <= b.size(); ++j) {
      unsigned above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1,
                         diagonal + (a[i - 1] == b[j - 1] ? 0u : 1u)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

namespace {
std::optional<std::string> readWholeFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// What the -W flags leave each named group with. They apply in order, as
// in clang: a later flag for a group overrides an earlier one, -Werror=GROUP
// also turns the group on, and -Wno-GROUP ends an earlier -Werror=GROUP.
struct GroupState {
  bool off = false, error = false, noError = false;
};

std::map<std::string, GroupState, std::less<>>
groupStates(const std::vector<std::string> &warningFlags) {
  std::map<std::string, GroupState, std::less<>> groups;
  for (const std::string &flag : warningFlags) {
    std::string_view f(flag);
    if (f == "-w" || f == "-Werror" || f == "-Wno-error")
      continue;
    f.remove_prefix(2);
    if (f.substr(0, 6) == "error=") {
      GroupState &g = groups[std::string(f.substr(6))];
      g.off = g.noError = false;
      g.error = true;
    } else if (f.substr(0, 9) == "no-error=") {
      GroupState &g = groups[std::string(f.substr(9))];
      g.error = false;
      g.noError = true;
    } else if (f.substr(0, 3) == "no-") {
      GroupState &g = groups[std::string(f.substr(3))];
      g.off = true;
      g.error = false; // a later -WGROUP brings a warning back
    } else {
      groups[std::string(f)].off = false;
    }
  }
  return groups;
}
} // namespace

DiagnosticStyle &diagnosticStyle() {
  static DiagnosticStyle style;
  return style;
}

bool extractDiagnosticFlags(std::vector<std::string> &args) {
  DiagnosticStyle &style = diagnosticStyle();
  const char *term = std::getenv("TERM");
  style.color = ::isatty(STDERR_FILENO) && std::getenv("NO_COLOR") == nullptr &&
                !(term && std::string_view(term) == "dumb");
  std::vector<std::string> rest;
  std::optional<std::string> badFormat;
  const std::string FormatFlag = "-fdiagnostics-format=";
  for (auto &a : args) {
    if (a == "-fcolor-diagnostics" || a == "--fcolor-diagnostics") {
      style.color = true;
    } else if (a == "-fno-color-diagnostics" ||
               a == "--fno-color-diagnostics") {
      style.color = false;
    } else if (a.rfind(FormatFlag, 0) == 0 ||
               a.rfind("-" + FormatFlag, 0) == 0) {
      std::string value = a.substr(a.find('=') + 1);
      if (value == "text" || value == "clang")
        style.format = DiagnosticFormat::Text;
      else if (value == "json")
        style.format = DiagnosticFormat::Json;
      else if (value == "sarif")
        style.format = DiagnosticFormat::Sarif;
      else
        badFormat = value;
    } else {
      rest.push_back(std::move(a));
    }
  }
  args = std::move(rest);
  if (badFormat) {
    usageError(diag::err_usage_diagnostics_format, {*badFormat});
    return false;
  }
  return true;
}

void applyDiagnosticStyle(DiagnosticPrinter &printer) {
  DiagnosticStyle &style = diagnosticStyle();
  if (style.format == DiagnosticFormat::Text)
    printer.setColor(style.color);
  else
    printer.setLog(&style.log);
}

void finishDiagnostics() {
  DiagnosticStyle &style = diagnosticStyle();
  if (style.format == DiagnosticFormat::Json)
    std::cerr << style.log.json();
  else if (style.format == DiagnosticFormat::Sarif)
    std::cerr << style.log.sarif("mscclc", MSCCLC_VERSION);
  std::cerr.flush();
}

void usageError(diag::ID id, std::initializer_list<DiagArg> args) {
  DiagnosticPrinter printer(std::cerr);
  applyDiagnosticStyle(printer);
  printer.report(id, {}, args);
}

void CompileOptions::addTo(CLI::App &app, Uses uses) {
  // install-defaults refuses these (sourceOnlyOption): out of its help.
  const std::string compileGroup =
      uses == Uses::InstallDefaults ? "" : "Options";
  app.add_option("-P,--param", params,
                 "set an algorithm parameter: -P name=value")
      ->allow_extra_args(false)
      ->group(compileGroup);
  // -D and -U into one list as they are parsed, so that they keep their
  // order (each occurrence runs the callback once).
  auto macro = [this](std::string flag) {
    return [this, flag](const std::string &value) {
      frontend.macros.push_back(flag + value);
    };
  };
  app.add_option_function<std::string>("-D", macro("-D"),
                                       "define a macro: -D NAME[=VALUE]")
      ->trigger_on_parse()
      ->allow_extra_args(false)
      ->group(compileGroup);
  app.add_option_function<std::string>("-U", macro("-U"), "undefine a macro")
      ->trigger_on_parse()
      ->allow_extra_args(false)
      ->group(compileGroup);
  app.add_option("-I", frontend.includeDirs, "add an include directory")
      ->allow_extra_args(false)
      ->group(compileGroup);
  app.add_option("--algo", frontend.algorithm,
                 "the algorithm to compile when the file defines several: its "
                 "name, or namespace::name when two share a name")
      ->check([](const std::string &v) {
        return v.empty() ? std::string("an empty value names no algorithm")
                         : std::string();
      })
      ->group(compileGroup);
  app.add_option("-O", pipeline.optLevel,
                 "optimisation level (0 disables fusion; 1, 2 and 3 all "
                 "fuse)")
      ->check(CLI::Range(0, 3))
      ->default_val(pipeline.optLevel)
      ->group(compileGroup);
  std::string passList;
  for (const auto &n : passes::pipelinePassNames())
    passList += " " + n;
  app.add_option("--print-after", pipeline.printAfter,
                 "print the chunk IR after the named pass (to stderr); "
                 "passes, in order:" +
                     passList)
      ->allow_extra_args(false)
      ->group(compileGroup);
  app.add_flag("--print-after-all", pipeline.printAfterAll,
               "print the chunk IR after every pass (to stderr)")
      ->group(compileGroup);
  if (uses != Uses::PlanTool)
    app.add_option("--run-pass", runPasses,
                   "with a .cir input: run only this pass (repeatable, in "
                   "order) and print the chunk IR")
        ->allow_extra_args(false)
        ->group(compileGroup);
  app.add_flag("--verify-each", pipeline.verifyEachPass,
               "run the chunk IR verifier after every pass")
      ->group(compileGroup);
  app.add_flag("--allow-limit-violations", allowLimitViolations,
               "report plans that exceed the target executor's limits as "
               "warnings instead of errors, and fuse ops past its per-op "
               "limits as the reference does (such plans can corrupt the "
               "executor; use only to reproduce reference plans); same as "
               "-Wno-error=executor-limits -Wno-error=glre-unfused");
  app.add_option("--target", pipeline.target, "target executor")
      ->default_val(pipeline.target);
  app.add_option("--max-steps", frontend.maxSteps,
                 "evaluation step limit (catches endless loops)")
      ->default_val(frontend.maxSteps)
      ->check(CLI::Range(uint64_t(1), uint64_t(1) << 40));
  app.add_option("--max-memory", maxMemoryMiB,
                 "memory ceiling of the whole compile, in MiB (a program or "
                 "header that needs more stops with an error)")
      ->default_val(maxMemoryMiB)
      ->check(CLI::Range(uint64_t(256), uint64_t(1) << 22));
  app.add_option("--max-depth", frontend.maxCallDepth, "call depth limit")
      ->default_val(frontend.maxCallDepth)
      ->check(CLI::Range(1u, 100000u));
  app.add_flag_callback(
      "--time-phases", [] { support::enablePhaseTimes(); },
      "print how long each phase took, and the peak memory (to stderr)");
}

bool parseParams(const std::vector<std::string> &given,
                 std::vector<std::pair<std::string, std::string>> &out,
                 std::string_view option) {
  for (const auto &p : given) {
    auto eq = p.find('=');
    if (eq == std::string::npos || eq == 0) {
      usageError(diag::err_usage_param_syntax, {p, std::string(option)});
      return false;
    }
    std::string name = p.substr(0, eq);
    for (const auto &[seen, value] : out)
      if (seen == name) {
        usageError(diag::err_usage_param_twice,
                   {name, value, p, std::string(option)});
        return false;
      }
    out.emplace_back(name, p.substr(eq + 1));
  }
  return true;
}

bool CompileOptions::finish() {
  if (!parseParams(params, frontend.params))
    return false;
  frontend.maxMemoryBytes = maxMemoryMiB << 20;
  support::limitProcessMemory(frontend.maxMemoryBytes);
  // Preprocessor options: non-empty, and the front end's own macro is not
  // the user's to change (the precompiled DSL header depends on it).
  std::vector<std::pair<std::string, std::string>> given; // (flag, value)
  for (const std::string &m : frontend.macros)
    given.push_back({m.substr(0, 2), m.substr(2)});
  for (const std::string &dir : frontend.includeDirs)
    given.push_back({"-I", dir});
  for (const auto &[flag, v] : given) {
    if (v.empty()) {
      usageError(diag::err_usage_empty_option, {flag});
      return false;
    }
    // A macro name is an identifier (Clang would say so without naming
    // the option).
    std::string name = v.substr(0, v.find('='));
    bool identifier =
        !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0])) &&
        std::all_of(name.begin(), name.end(), [](unsigned char c) {
          return std::isalnum(c) || c == '_';
        });
    const bool undefine = std::string_view(flag) == "-U";
    if (std::string_view(flag) != "-I" && !identifier) {
      usageError(diag::err_usage_macro_name,
                 {flag, v, undefine ? "-U NAME" : "-D NAME or -D NAME=VALUE"});
      return false;
    }
    // -U takes a name alone: Clang would silently undefine NAME and drop
    // the value of -UNAME=VALUE.
    if (undefine && v.find('=') != std::string::npos) {
      usageError(diag::err_usage_undefine_value, {v});
      return false;
    }
    if (std::string_view(flag) != "-I" && frontend::isCompilerMacro(name)) {
      usageError(diag::err_usage_reserved_macro, {flag, name});
      return false;
    }
  }
  if (!passes::findTarget(pipeline.target)) {
    std::string known;
    for (const auto &t : passes::knownTargets())
      known += " " + t.name;
    usageError(diag::err_usage_unknown_target, {pipeline.target, known});
    return false;
  }
  auto knownPasses = [](const std::vector<std::string> &names,
                        const char *option) {
    for (const auto &name : names)
      if (!passes::findPass(name)) {
        std::string all;
        for (const auto &n : passes::pipelinePassNames())
          all += " " + n;
        usageError(diag::err_usage_unknown_pass, {name, option, all});
        return false;
      }
    return true;
  };
  if (!knownPasses(pipeline.printAfter, "--print-after") ||
      !knownPasses(runPasses, "--run-pass"))
    return false;
  for (const std::string &flag : warningFlags) {
    if (flag == "-w")
      continue;
    std::string_view f(flag);
    f.remove_prefix(2); // "-W"
    if (f == "error" || f == "no-error")
      continue;
    for (std::string_view prefix : {"error=", "no-error=", "no-"})
      if (f.substr(0, prefix.size()) == prefix) {
        f.remove_prefix(prefix.size());
        break;
      }
    if (!findDiagGroup(f)) {
      std::string groups;
      // The group closest in spelling, when one is close enough to be a
      // slip (a third of the name's length, as Clang's suggestions).
      std::string_view closest;
      unsigned best = unsigned(f.size() / 3) + 1;
      for (std::string_view g : diagGroups()) {
        groups += " " + std::string(g);
        unsigned d = editDistance(g, f);
        if (d < best) {
          best = d;
          closest = g;
        }
      }
      if (!closest.empty()) {
        std::string suggestion =
            flag.substr(0, flag.size() - f.size()) + std::string(closest);
        usageError(diag::err_usage_unknown_warning_suggest,
                   {flag, suggestion, groups});
      } else {
        usageError(diag::err_usage_unknown_warning, {flag, groups});
      }
      return false;
    }
  }
  pipeline.printStream = &std::cerr;
  // While the executor's limits are errors, fusion stays within them;
  // demoted (to reproduce a reference plan), it fuses as the reference.
  // As for the diagnostics (configure), the last of -Werror= and
  // -Wno-error=executor-limits decides, after --allow-limit-violations.
  // A -Wno-executor-limits after -Werror= ends the promotion there too.
  pipeline.fuseWithinLimits = !allowLimitViolations;
  auto states = groupStates(warningFlags);
  if (auto limits = states.find("executor-limits"); limits != states.end()) {
    if (limits->second.error)
      pipeline.fuseWithinLimits = true;
    else if (limits->second.noError)
      pipeline.fuseWithinLimits = false;
  }
  return true;
}

std::string CompileOptions::frontendOnlyOption() const {
  if (!params.empty())
    return "-P";
  if (!frontend.macros.empty())
    return frontend.macros.front().substr(0, 2); // "-D" or "-U"
  if (!frontend.includeDirs.empty())
    return "-I";
  if (frontend.algorithm)
    return "--algo";
  return "";
}

std::string CompileOptions::sourceOnlyOption() const {
  if (std::string option = frontendOnlyOption(); !option.empty())
    return option;
  if (!pipeline.printAfter.empty())
    return "--print-after";
  if (pipeline.printAfterAll)
    return "--print-after-all";
  if (!runPasses.empty())
    return "--run-pass";
  if (pipeline.verifyEachPass)
    return "--verify-each";
  if (pipeline.optLevel != passes::PipelineOptions().optLevel)
    return "-O";
  return "";
}

bool CompileOptions::acceptsPlanInput(const std::string &input,
                                      const std::string &extra) const {
  std::string option = extra.empty() ? sourceOnlyOption() : extra;
  if (option.empty())
    return true;
  usageError(diag::err_usage_option_for_plan, {option, input});
  return false;
}

bool CompileOptions::acceptsInput(const std::string &input) const {
  switch (classifyInput(input)) {
  case InputKind::Source:
    return true;
  case InputKind::Plan:
    return acceptsPlanInput(input);
  case InputKind::ChunkIR:
    if (std::string option = frontendOnlyOption(); !option.empty()) {
      usageError(diag::err_usage_option_for_chunk_ir, {option, input});
      return false;
    }
    return true;
  }
  return true;
}

void CompileOptions::configure(DiagnosticSink &diags) const {
  if (allowLimitViolations) {
    diags.demoteGroup("executor-limits");
    diags.demoteGroup("glre-unfused");
  }
  for (const std::string &flag : warningFlags) {
    if (flag == "-w")
      diags.setIgnoreAllWarnings(true);
    else if (flag == "-Werror")
      diags.setWarningsAsErrors(true);
    else if (flag == "-Wno-error")
      diags.setWarningsAsErrors(false);
  }
  // The per-group flags, folded in command-line order (groupStates).
  for (const auto &[group, state] : groupStates(warningFlags)) {
    if (state.off)
      diags.ignoreGroup(group);
    if (state.error)
      diags.promoteGroup(group);
    if (state.noError)
      diags.demoteGroup(group);
  }
}

void extractWarningFlags(std::vector<std::string> &args,
                         std::vector<std::string> &flags) {
  std::vector<std::string> rest;
  for (auto &a : args) {
    if ((a.size() > 2 && a.compare(0, 2, "-W") == 0 &&
         a.compare(0, 3, "-Wl") != 0) ||
        a == "-w")
      flags.push_back(a);
    else
      rest.push_back(std::move(a));
  }
  args = std::move(rest);
}

std::vector<std::string> missingDirectories(const std::string &dir) {
  namespace fs = std::filesystem;
  std::vector<std::string> missing;
  std::error_code ec;
  for (fs::path p = dir; !p.empty() && fs::symlink_status(p, ec).type() ==
                                           fs::file_type::not_found;
       p = p.parent_path()) {
    missing.push_back(p.string());
    if (p == p.parent_path())
      break;
  }
  return missing;
}

bool checkInput(const std::string &path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT)
      usageError(diag::err_usage_no_such_file, {path});
    else
      usageError(diag::err_input_unreadable, {path, std::strerror(errno)});
    return false;
  }
  // Only regular files: a directory, a FIFO or a device (/dev/zero) would
  // fail deep inside a reader, or never end.
  if (!S_ISREG(st.st_mode)) {
    usageError(diag::err_input_not_regular, {path});
    return false;
  }
  std::string ext = std::filesystem::path(path).extension().string();
  bool known = ext == ".json" || ext == ".cir" || ext == ".cpp" ||
               ext == ".cc" || ext == ".cxx" || ext == ".c++" || ext == ".C";
  if (!known) {
    usageError(diag::err_input_kind, {path});
    return false;
  }
  // A cap far above any real input, so a mistaken path cannot exhaust
  // memory: algorithm sources are small; the largest plans are tens of MB
  // (reading one takes about three times its size).
  const uint64_t maxSource = uint64_t(16) << 20, maxPlan = uint64_t(512) << 20;
  uint64_t cap = ext == ".json" || ext == ".cir" ? maxPlan : maxSource;
  if (uint64_t(st.st_size) > cap) {
    usageError(diag::err_input_too_large, {path, uint64_t(st.st_size), cap});
    return false;
  }
  if (::access(path.c_str(), R_OK) != 0) {
    usageError(diag::err_input_unreadable, {path, std::strerror(errno)});
    return false;
  }
  // Many NUL bytes mean binary data: Clang warns once per NUL byte (a
  // megabyte of them takes minutes). A few, in comments or literals, are
  // Clang's to report.
  if (cap == maxSource) {
    std::string text;
    int error = 0;
    if (!support::readRegularFile(path, cap, text, error)) {
      usageError(diag::err_input_unreadable, {path, std::strerror(error)});
      return false;
    }
    if (size_t nul = text.find('\0');
        nul != std::string::npos &&
        std::count(text.begin(), text.end(), '\0') > 256) {
      size_t line =
          1 + size_t(std::count(text.begin(), text.begin() + nul, '\n'));
      size_t start = text.rfind('\n', nul);
      size_t column = nul - (start == std::string::npos ? 0 : start + 1) + 1;
      usageError(diag::err_input_nul_byte, {path, line, column});
      return false;
    }
  }
  return true;
}

InputKind classifyInput(const std::string &path) {
  auto ext = std::filesystem::path(path).extension();
  if (ext == ".json")
    return InputKind::Plan;
  if (ext == ".cir")
    return InputKind::ChunkIR;
  return InputKind::Source;
}

std::optional<chunk::Program> loadChunkIR(const std::string &path,
                                          DiagnosticSink &diags,
                                          std::shared_ptr<SourceFiles> files) {
  auto buf = readWholeFile(path);
  if (!buf) {
    diags.report(diag::err_cannot_read, {}, {path, std::strerror(errno)});
    return std::nullopt;
  }
  int32_t id = files->add(path, std::move(*buf));
  auto program = chunk::parse(files->text(id), id, files, diags);
  if (!program)
    return std::nullopt;
  if (!chunk::verify(*program, diags))
    return std::nullopt;
  return program;
}

namespace {
// A command's printer. Should the process end without unwinding (a limit
// hit inside Clang, memory run out), its summary line still closes what it
// printed.
class CommandPrinter : public DiagnosticPrinter {
public:
  CommandPrinter()
      : DiagnosticPrinter(std::cerr), closing_([this](int &) {
          if (!summaryPrinted())
            printSummary();
        }) {}

private:
  support::ExitNowAction closing_;
};
} // namespace

std::unique_ptr<DiagnosticPrinter>
makePrinter(const std::string &path, const CompileOptions &options,
            std::shared_ptr<SourceFiles> files) {
  std::unique_ptr<DiagnosticPrinter> printer =
      std::make_unique<CommandPrinter>();
  applyDiagnosticStyle(*printer);
  printer->setSubject(path);
  printer->setFiles(std::move(files));
  options.configure(*printer);
  return printer;
}

LoadedPlan loadPlan(const std::string &path, const CompileOptions &options,
                    DiagnosticSink &diags, std::shared_ptr<SourceFiles> files) {
  LoadedPlan out;
  const passes::TargetLimits *target =
      passes::findTarget(options.pipeline.target);
  if (!files)
    files = std::make_shared<SourceFiles>();
  out.files = files;
  // The front end's thread frees what the evaluation and Clang leave while
  // the passes run; it is waited for before this returns, so that all it
  // may report comes before the caller's summary.
  std::shared_ptr<frontend::FrontendTeardown> frontendTeardown;
  if (classifyInput(path) == InputKind::Plan) {
    support::PhaseTimer readTime("read plan");
    auto plan = json::readPlanFile(path, diags, files);
    readTime.stop();
    if (!plan)
      return out;
    if (!passes::checkPlan(*plan, *target, diags, passes::PlanOrigin::JsonFile))
      return out;
    out.plan = std::move(plan);
    return out;
  }
  if (classifyInput(path) == InputKind::ChunkIR) {
    support::PhaseTimer readTime("read chunk IR");
    out.program = loadChunkIR(path, diags, files);
    readTime.stop();
    if (!out.program)
      return out;
  } else {
    frontend::FrontendResult fe = runFrontend(options.frontend, diags, files);
    frontendTeardown = std::move(fe.teardown);
    if (!fe.program || diags.errorCount() > 0)
      return out;
    out.program = std::move(fe.program);
  }
  if (options.printVersions)
    chunk::assignVersions(*out.program);
  // Chunk IR read from text is the user's: its problems are not mscclc's.
  auto plan = passes::runPipeline(*out.program, options.pipeline, diags,
                                  classifyInput(path) == InputKind::ChunkIR
                                      ? passes::PlanOrigin::External
                                      : passes::PlanOrigin::Compiled);
  unsigned errors = diags.errorCount();
  frontendTeardown.reset();
  if (!plan || diags.errorCount() > errors)
    return out;
  out.plan = std::move(plan);
  return out;
}

std::string defaultOutputName(const std::string &name,
                              std::string_view extension) {
  std::string out;
  for (char c : name)
    out += std::isalnum(static_cast<unsigned char>(c)) || c == '-' ||
                   c == '_' || c == '.'
               ? c
               : '_';
  size_t first = out.find_first_not_of('.');
  out = first == std::string::npos ? std::string() : out.substr(first);
  if (out.size() > 200)
    out.resize(200);
  return (out.empty() ? std::string("plan") : out) + std::string(extension);
}

bool writeOutput(const std::string &requested, std::string_view text,
                 const std::string &input, std::string_view option) {
  return writeOutput(
      requested, [&](const support::ContentSink &sink) { return sink(text); },
      input, option);
}

bool writePlanOutput(const std::string &path, const plan::Plan &plan,
                     const std::string &input) {
  return writeOutput(
      path,
      [&](const support::ContentSink &sink) {
        return json::writePlanJson(plan, sink);
      },
      input);
}

bool writeOutput(const std::string &requested,
                 const support::ContentProducer &produce,
                 const std::string &input, std::string_view option) {
  // /dev/stdout names an open file, not a path to replace: it is "-"
  // (writeFileAtomically writes /dev/stderr to stderr likewise).
  const std::string path = requested == "/dev/stdout" ? "-" : requested;
  struct stat in, out;
  if (path != "-" && ::stat(path.c_str(), &out) == 0) {
    // Never overwrite the input (-o algo.cpp would replace the source).
    if (!input.empty() && ::stat(input.c_str(), &in) == 0 &&
        in.st_dev == out.st_dev && in.st_ino == out.st_ino) {
      usageError(diag::err_write_input, {path, std::string(option)});
      return false;
    }
    // Nor a header the compile included (-o helper.h).
    if (support::wasFileRead(uint64_t(out.st_dev), uint64_t(out.st_ino))) {
      usageError(diag::err_write_file_read, {path, std::string(option)});
      return false;
    }
  }
  support::WriteFailure f;
  support::PhaseTimer writeTime("write output");
  bool written = support::writeFileAtomically(path, produce, f);
  writeTime.stop();
  if (written)
    return true;
  diag::ID id = diag::err_write;
  switch (f.step) {
  case support::WriteFailure::Stdout:
    id = diag::err_write_stdout;
    break;
  case support::WriteFailure::Resolve:
    id = diag::err_write_resolve;
    break;
  case support::WriteFailure::NotRegular:
    id = diag::err_write_not_regular;
    break;
  case support::WriteFailure::NoReader:
    id = diag::err_write_fifo_no_reader;
    break;
  case support::WriteFailure::InPlace:
    id = diag::err_write_in_place;
    break;
  case support::WriteFailure::CreateTemp:
    id = diag::err_write_create_temp;
    break;
  case support::WriteFailure::Write:
    break;
  case support::WriteFailure::Rename:
    id = diag::err_write_rename;
    break;
  }
  // About the output, not the input: "mscclc: error: ...".
  // A failed write names the output the user asked for, not the temporary
  // that was being written (and is gone).
  usageError(id, {id == diag::err_write ? path : f.path, std::strerror(f.error),
                  std::string(option)});
  return false;
}

} // namespace mscclc::driver
