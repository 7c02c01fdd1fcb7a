//===- Commands.h - the mscclc subcommands --------------------------------===//
//
// Each subcommand is one file with its own options and run():
//   compile           mscclc algo.cpp|plan.json [options]  (the default)
//   check-plan        mscclc check-plan plan.json|algo.cpp
//   install-defaults  mscclc install-defaults [--dir DIR] [--list]
//   diagnostics       mscclc diagnostics [--markdown]
//   sim               mscclc sim plan.json|algo.cpp [options]
//   diff              mscclc diff A B [--json]
// A command registers its options on a CLI11 app; main.cpp picks the
// command by its first argument.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mscclc::driver {

class Command {
public:
  virtual ~Command();
  virtual const char *name() const = 0;
  virtual const char *summary() const = 0;
  // Registers options and positionals.
  virtual void setup(CLI::App &app) = 0;
  // Runs after a successful parse; returns the exit code.
  virtual int run() = 0;
  // Extra arguments CLI11 cannot parse (the -W flags), taken out before.
  std::vector<std::string> warningFlags;
};

struct CompileOptions;

std::unique_ptr<Command> makeCompileCommand();
// What `mscclc plan.json` and `mscclc check-plan` do: read, check and, with
// an output path, write the plan back in canonical form.
int checkPlanFile(const std::string &input, const std::string &output,
                  const CompileOptions &options, bool stats = false);
std::unique_ptr<Command> makeCheckPlanCommand();
std::unique_ptr<Command> makeInstallDefaultsCommand();
std::unique_ptr<Command> makeListDiagnosticsCommand();
std::unique_ptr<Command> makeSimCommand();
std::unique_ptr<Command> makeDiffCommand();
std::unique_ptr<Command> makeVizCommand();
// `mscclc cli-reference`: the reference of every command in `all`.
std::unique_ptr<Command>
makeCliReferenceCommand(const std::vector<std::unique_ptr<Command>> *all);
// The flags every command takes that CLI11 does not parse (-W..., -f...),
// with their meaning: for --help, docs/cli.md and the man page.
std::vector<std::pair<std::string, std::string>> commonFlags();

} // namespace mscclc::driver
