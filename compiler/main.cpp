//===- main.cpp - the mscclc driver: a dispatcher -------------------------===//
//
//   mscclc algo.cpp -o plan.json [-P name=value]... [--algo NAME]
//   mscclc SUBCOMMAND ...        (check-plan, install-defaults, diagnostics)
//
// Picks the subcommand by the first argument (none: compile), lets it
// register its options, parses, and runs it. Exit status: 0 success,
// 1 errors in the input, 2 usage error, 3 internal error.
//
//===----------------------------------------------------------------------===//
#include "Driver.h"
#include "commands/Commands.h"
#include "mscclc/support/Parallel.h"
#include "mscclc/support/PhaseTimes.h"
#include "mscclc/support/ResourceLimits.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sys/stat.h>

using namespace mscclc::driver;

namespace mscclc::driver {
Command::~Command() = default;
} // namespace mscclc::driver

namespace {

// Clang-style single-dash spellings that CLI11 cannot express directly.
std::string normalise(std::string a) {
  if (a == "-verify")
    return "--verify";
  if (a == "-emit-ir")
    return "--emit-ir";
  if (a.rfind("-print-after", 0) == 0)
    return "-" + a;
  return a;
}

int dispatch(int argc, char **argv) {
  std::vector<std::unique_ptr<Command>> commands;
  commands.push_back(makeCompileCommand());
  commands.push_back(makeCheckPlanCommand());
  commands.push_back(makeInstallDefaultsCommand());
  commands.push_back(makeListDiagnosticsCommand());
  commands.push_back(makeSimCommand());
  commands.push_back(makeDiffCommand());
  commands.push_back(makeVizCommand());
  commands.push_back(makeCliReferenceCommand(&commands));

  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i)
    args.push_back(normalise(argv[i]));
  if (!extractDiagnosticFlags(args))
    return UsageError;
  Command *command = commands[0].get();
  std::string appName = "mscclc";
  // The command args[0] names, if any, taken off the arguments.
  auto pickCommand = [&] {
    if (!args.empty())
      for (auto &c : commands)
        if (args[0] == c->name()) {
          command = c.get();
          appName += std::string(" ") + c->name();
          args.erase(args.begin());
          return;
        }
  };
  pickCommand();
  // What reads as an input file to the default command may be a command
  // misspelt (mscclc chek-plan p.json) or `help`: no file of that name and
  // no extension.
  auto isFile = [](const std::string &path) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0;
  };
  auto looksLikeCommand = [&](const std::string &word) {
    return !word.empty() && word[0] != '-' &&
           word.find_first_of("./") == std::string::npos && !isFile(word);
  };
  if (command == commands[0].get() && !args.empty() &&
      looksLikeCommand(args[0])) {
    if (args[0] == "help") {
      // `mscclc help COMMAND`: that command's help.
      args.erase(args.begin());
      pickCommand();
      args.insert(args.begin(), "--help");
    } else {
      std::string names, closest;
      unsigned best = unsigned(args[0].size() / 3) + 1;
      for (auto &c : commands) {
        if (c.get() == commands[0].get())
          continue;
        names += std::string(" ") + c->name();
        if (unsigned d = editDistance(args[0], c->name()); d < best) {
          best = d;
          closest = c->name();
        }
      }
      if (!closest.empty()) {
        usageError(mscclc::diag::err_usage_unknown_command,
                   {args[0], closest, names});
        return UsageError;
      }
    }
  }
  extractWarningFlags(args, command->warningFlags);

  CLI::App app{command == commands[0].get()
                   ? "mscclc — ahead-of-time compiler for MSCCL++ collective "
                     "algorithms written in the C++ DSL dialect"
                   : command->summary()};
  app.name(appName);
  if (command == commands[0].get()) {
    std::string footer = "Subcommands:\n";
    for (auto &c : commands)
      if (c.get() != commands[0].get())
        footer +=
            "  mscclc " + std::string(c->name()) + "  " + c->summary() + "\n";
    footer += "\nExamples:\n"
              "  mscclc algo.cpp -o plan.json -P num_ranks=8\n"
              "  mscclc algo.cpp --emit-ir\n"
              "  mscclc plan.json            (check any MSCCL++ plan)\n"
              "  mscclc diff old.json new.json\n"
              "  mscclc viz plan.json -o plan.html\n"
              "  mscclc install-defaults\n"
              "  mscclc help sim            (a command's options)\n"
              "Flags of every command:\n";
    for (const auto &[flag, text] : commonFlags())
      footer += "  " + flag + "\n      " + text + "\n";
    footer += "Exit status: 0 success, 1 errors in the input (or an "
              "output that cannot be written), 2 usage error (or a report "
              "to stdout that cannot be written), 3 internal error; diff "
              "and sim have their own (see their --help).";
    app.footer(footer);
    app.set_version_flag("--version", std::string("mscclc ") + MSCCLC_VERSION +
                                          " (LLVM 19, target mscclpp-0.9)");
  }
  command->setup(app);
  // A setting of one value given twice (-O2 -O0): the last one counts, as
  // with Clang, since build scripts append their overrides to the flags
  // they were given. Not a file or an algorithm: which of two was meant
  // would be a guess (and a file written by mistake), so that stays an
  // error, in words (see the catch below).
  const char *const onceOnly[] = {"-o",     "--trace",         "--dump",
                                  "--algo", "--a-algo",        "--b-algo",
                                  "--dir",  "--cuda-namespace"};
  for (CLI::Option *option : app.get_options()) {
    bool once = false;
    for (const char *name : onceOnly)
      once = once || option->check_name(name);
    if (!option->get_positional() && !once &&
        option->get_items_expected_max() == 1)
      option->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  }
  const std::vector<std::string> given = args; // parse() consumes args
  std::reverse(args.begin(), args.end());      // CLI11 wants them reversed
  // What a command printed on stdout (a report, a listing, a diff, the
  // help) must have arrived: a full disk or a closed pipe is an error, not
  // success.
  auto stdoutWritten = [] {
    std::cout.flush();
    if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) {
      int error = errno ? errno : EIO;
      usageError(mscclc::diag::err_write_stdout, {"", std::strerror(error)});
      return false;
    }
    return true;
  };
  try {
    app.parse(args);
  } catch (const CLI::CallForHelp &e) {
    return app.exit(e) == 0 && stdoutWritten() ? Success : UsageError;
  } catch (const CLI::CallForAllHelp &e) {
    return app.exit(e) == 0 && stdoutWritten() ? Success : UsageError;
  } catch (const CLI::CallForVersion &e) {
    return app.exit(e) == 0 && stdoutWritten() ? Success : UsageError;
  } catch (const CLI::ParseError &e) {
    // A command named after options (mscclc -Werror check-plan p.json)
    // left its input over: say where the command goes. Only for a word
    // that stands alone, not an option's value (-o sim is a file).
    if (command == commands[0].get() &&
        dynamic_cast<const CLI::ExtrasError *>(&e))
      for (size_t i = 0; i < given.size(); ++i) {
        const std::string &a = given[i];
        const std::string &before = i ? given[i - 1] : std::string();
        const CLI::Option *takes = before.size() > 1 && before[0] == '-' &&
                                           before.find('=') == std::string::npos
                                       ? app.get_option_no_throw(before)
                                       : nullptr;
        if (takes && takes->get_type_size() != 0)
          continue;
        for (auto &c : commands)
          if (c.get() != commands[0].get() && a == c->name() && !isFile(a)) {
            usageError(mscclc::diag::err_usage_command_not_first, {a});
            return UsageError;
          }
      }
    // CLI11 says "-o: At Most 1 required but received 2".
    if (dynamic_cast<const CLI::ArgumentMismatch *>(&e)) {
      std::string text = e.what();
      size_t colon = text.find(": At Most 1 required but received");
      if (colon != std::string::npos) {
        usageError(mscclc::diag::err_usage_command_line,
                   {text.substr(0, colon) + " is given more than once; give it "
                                            "once",
                    appName});
        return UsageError;
      }
    }
    // CLI11's own words, through the same channel as every other message.
    usageError(mscclc::diag::err_usage_command_line, {e.what(), appName});
    return UsageError;
  }
  // Checked before any work: a mistyped MSCCLC_THREADS must not be
  // silently replaced by the default.
  if (auto threads = mscclc::support::threadSettingFromEnvironment();
      !threads.valid) {
    usageError(mscclc::diag::err_usage_thread_count, {threads.text});
    return UsageError;
  }
  int status = command->run();
  mscclc::support::reportPhaseTotal();
  if (!stdoutWritten())
    return UsageError;
  return status;
}

} // namespace

int main(int argc, char **argv) {
  // Every subcommand runs under the default ceiling; compiles apply
  // --max-memory once their options are parsed.
  mscclc::support::limitProcessMemory(uint64_t(4096) << 20);
  // -fdiagnostics-format=json|sarif: the document also closes a run that
  // ends without unwinding (support::exitNow).
  mscclc::support::ExitNowAction document([](int &) { finishDiagnostics(); });
  int status = InternalError;
  try {
    status = dispatch(argc, argv);
  } catch (const std::exception &e) {
    usageError(mscclc::diag::err_internal_exception, {e.what()});
  } catch (...) {
    usageError(mscclc::diag::err_internal_exception, {"unknown exception"});
  }
  // -fdiagnostics-format=json|sarif: one document for the whole run.
  finishDiagnostics();
  return status;
}
