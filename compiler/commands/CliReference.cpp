//===- CliReference.cpp - mscclc cli-reference --markdown|--man -----------===//
//
// The command-line reference, generated from the same CLI11 definitions the
// driver parses with: every subcommand's setup() registers its options on
// a fresh CLI::App, and this walks them. The build writes docs/cli.md's
// text and the mscclc(1) man page with it; a test fails when docs/cli.md
// is stale, so the two cannot drift from the code.
//
//===----------------------------------------------------------------------===//
#include "../Driver.h"
#include "Commands.h"

#include <iostream>
#include <sstream>

namespace mscclc::driver {

namespace {

struct OptionDoc {
  std::string names; // "-o, --output" or "input"
  std::string value; // "TEXT", "INT", "" for a flag
  std::string text;  // the description, with its default
};

std::vector<OptionDoc> optionsOf(Command &c) {
  CLI::App app;
  c.setup(app);
  std::vector<OptionDoc> out;
  for (const CLI::Option *o : app.get_options()) {
    if (o->get_name() == "--help" || o->get_name() == "-h,--help")
      continue;
    // Hidden: accepted only to be refused with a reason.
    if (o->get_group().empty())
      continue;
    OptionDoc d;
    if (o->get_positional()) {
      d.names = o->get_name();
    } else {
      std::string names;
      for (const std::string &s : o->get_snames())
        names += (names.empty() ? "-" : ", -") + s;
      for (const std::string &l : o->get_lnames())
        names += (names.empty() ? "--" : ", --") + l;
      d.names = names;
    }
    if (o->get_type_size() != 0 || o->get_positional())
      d.value = o->get_type_name();
    d.text = o->get_description();
    if (!o->get_default_str().empty())
      d.text += " (default: " + o->get_default_str() + ")";
    if (o->get_required())
      d.text += " (required)";
    out.push_back(std::move(d));
  }
  return out;
}

std::string synopsis(Command &c, bool isDefault) {
  CLI::App app;
  c.setup(app);
  std::string out = isDefault ? "mscclc" : "mscclc " + std::string(c.name());
  out += " [OPTIONS]";
  for (const CLI::Option *o : app.get_options())
    if (o->get_positional()) {
      std::string name = o->get_name();
      for (char &ch : name)
        ch = char(std::toupper(static_cast<unsigned char>(ch)));
      out += " " + name;
    }
  return out;
}

// Markdown table cells: '|' would end the cell.
std::string cell(std::string s) {
  std::string out;
  for (char ch : s)
    out += ch == '|' ? std::string("\\|") : std::string(1, ch);
  return out;
}

// roff: a leading '.' or '\'' starts a request; backslashes escape.
std::string roff(const std::string &s) {
  std::string out;
  for (char ch : s) {
    if (ch == '\\')
      out += "\\e";
    else if (ch == '-')
      out += "\\-";
    else
      out += ch;
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\''))
    out = "\\&" + out;
  return out;
}

class CliReferenceCommand : public Command {
public:
  explicit CliReferenceCommand(const std::vector<std::unique_ptr<Command>> *all)
      : all_(all) {}
  const char *name() const override { return "cli-reference"; }
  const char *summary() const override {
    return "print this command-line reference as Markdown (docs/cli.md) or "
           "as the mscclc(1) man page";
  }
  void setup(CLI::App &app) override {
    app.add_flag("--markdown", markdown_, "print Markdown (docs/cli.md)");
    app.add_flag("--man", man_, "print the roff man page, mscclc(1)");
  }
  int run() override {
    if (markdown_ == man_) {
      usageError(
          diag::err_usage_command_line,
          {"give exactly one of --markdown and --man", "mscclc cli-reference"});
      return UsageError;
    }
    std::cout << (markdown_ ? markdown() : manPage());
    return Success;
  }

private:
  // The variables a user may set, with what each changes.
  static const std::vector<std::pair<std::string, std::string>> &environment() {
    static const std::vector<std::pair<std::string, std::string>> vars = {
        {"MSCCLC_THREADS",
         "threads for the work that splits by rank (lowering, the plan "
         "verifier; the JSON writer uses one helper when this is above 1): "
         "a whole number from 1 to 4096, at most 8 used; 1 runs everything "
         "on one "
         "thread. Unset or empty: the cores the process may run on, at "
         "most 8. Any other value is a usage error of every command. The "
         "plan is the same for every count"},
        {"MSCCLC_CACHE_DIR",
         "where the precompiled <mscclpp/dsl.hpp> is kept (default: "
         "$XDG_CACHE_HOME/mscclc, else ~/.cache/mscclc); entries unused for "
         "30 days are removed when a new one is built; where it cannot be "
         "written (no room, a file-size limit, read-only), compiles go on "
         "without it"},
        {"MSCCLC_NO_PCH",
         "when set, parse <mscclpp/dsl.hpp> every time instead of using the "
         "precompiled header: slower, and a program compiles, or fails, the "
         "same (the header's function bodies are skipped, as in the PCH), "
         "unless -D, -U or -I change what the header itself reads (they "
         "apply to the header here, not to the PCH)"},
        {"MSCCLC_NO_FAST_INTEGERS",
         "when set, the evaluator computes integer expressions node by "
         "node instead of running their compiled code; for testing: the "
         "output, diagnostics and step counts are the same"},
        {"MSCCLC_NO_FAST_ROUTES",
         "when set, the evaluator reaches elements of nested containers "
         "and the constant fields of braced struct lists through its "
         "general path; for testing: the output, diagnostics and step "
         "counts are the same"},
        {"MSCCLC_NO_HEAP_RESERVATION",
         "when set (not empty), a compile does not reserve its heap up "
         "front or advise it to use transparent huge pages (see "
         "docs/performance.md): slower on most machines, for one where "
         "huge-page faults stall; the output is the same. `--time-phases` "
         "says on its `reserve heap` line what was reserved, or why nothing "
         "was"},
        {"MSCCLC_INCLUDE_DIR",
         "the directory holding mscclpp/dsl.hpp (default: the installed "
         "include directory next to the executable, else the source tree)"},
        {"MSCCLC_DEFAULTS_DIR", "install-defaults: the directory of bundled "
                                "default algorithms to compile"},
        {"MSCCLPP_CACHE_DIR", "install-defaults: plans go to its default/ "
                              "directory (default: ~/.cache/mscclpp)"},
        {"NO_COLOR", "when set, no colours in diagnostics unless "
                     "-fcolor-diagnostics is given"},
    };
    return vars;
  }

  std::string markdown() {
    std::ostringstream os;
    os << "# mscclc command line\n\n"
          "Generated from the option definitions by `mscclc cli-reference "
          "--markdown`\n(the build does it; a test fails when this file is "
          "stale). The same text\nis the man page, `man mscclc`.\n\n"
       << "Exit status: 0 success, 1 errors in the input, 2 usage error, 3 "
          "internal\nerror (`mscclc diff`: 0 equal, 1 different, 2 bad "
          "input; `mscclc sim`: 0\nevery check passed, 1 a check failed, 2 "
          "it could not simulate: a usage\nerror, an input with errors, an "
          "output it cannot write, memory running\nout). An output that "
          "cannot be written (-o FILE, or -o - for stdout) is\nexit status "
          "1, and nothing is left behind (a device or FIFO, written in "
          "place,\nkeeps what reached it); a report or listing that cannot "
          "be\nwritten to stdout (a full disk) is exit status 2. A closed "
          "pipe ends mscclc by\nSIGPIPE, as it does cat (exit status 2 or "
          "1 as above when SIGPIPE is ignored).\n\n"
          "An option of one value given twice takes the last (-O2 -O0 is "
          "-O0), except\nthe ones that name a file or an algorithm (-o, "
          "--algo, --trace, ...), which are\na usage error then. `mscclc "
          "help COMMAND` prints a command's options.\n\n"
       << "## Flags of every command\n\n"
       << "(`mscclc diagnostics`, which lists the warning groups, takes no "
          "`-W` flags.)\n\n"
       << commonFlagsMarkdown() << "\n";
    for (size_t i = 0; i < all_->size(); ++i) {
      Command &c = *(*all_)[i];
      os << "## "
         << (i == 0 ? std::string("mscclc") : "mscclc " + std::string(c.name()))
         << "\n\n"
         << c.summary() << ".\n\n```\n"
         << synopsis(c, i == 0)
         << "\n```\n\n| option | value | meaning |\n|---|---|---|\n";
      for (const OptionDoc &d : optionsOf(c))
        os << "| `" << cell(d.names) << "` | " << cell(d.value) << " | "
           << cell(d.text) << " |\n";
      os << "\n";
    }
    os << "## Environment\n\n| variable | meaning |\n|---|---|\n";
    for (const auto &[name, text] : environment())
      os << "| `" << cell(name) << "` | " << cell(text) << " |\n";
    return os.str();
  }

  std::string manPage() {
    std::ostringstream os;
    os << ".TH MSCCLC 1 \"\" \"mscclc " << MSCCLC_VERSION
       << "\" \"User Commands\"\n"
          ".SH NAME\nmscclc \\- ahead\\-of\\-time compiler for MSCCL++ "
          "collective algorithms written in a C++ dialect\n"
          ".SH SYNOPSIS\n";
    for (size_t i = 0; i < all_->size(); ++i)
      os << ".B " << roff(synopsis(*(*all_)[i], i == 0)) << "\n.br\n";
    os << ".SH DESCRIPTION\nmscclc compiles an algorithm written with "
          "<mscclpp/dsl.hpp> to an MSCCL++ execution plan (JSON), checks, "
          "simulates, compares and draws plans, and bakes them into CUDA "
          "kernels (\\-\\-emit\\-cuda).\n"
          ".SH EXIT STATUS\n0 success, 1 errors in the input, 2 usage "
          "error, 3 internal error (diff: 0 equal, 1 different, 2 bad "
          "input; sim: 0 every check passed, 1 a check failed, 2 it could "
          "not simulate: a usage error, an input with errors, an output it "
          "cannot write, memory running out).\n"
          ".SH FLAGS OF EVERY COMMAND\n(mscclc diagnostics takes no "
          "\\-W flags.)\n";
    for (const auto &[flag, text] : commonFlags())
      os << ".TP\n.B " << roff(flag) << "\n" << roff(text) << "\n";
    for (size_t i = 0; i < all_->size(); ++i) {
      Command &c = *(*all_)[i];
      os << ".SH "
         << roff(i == 0 ? std::string("MSCCLC") : "MSCCLC " + upper(c.name()))
         << "\n"
         << roff(c.summary()) << ".\n";
      for (const OptionDoc &d : optionsOf(c))
        os << ".TP\n.B " << roff(d.names)
           << (d.value.empty() ? "" : " \\fI" + roff(d.value) + "\\fR") << "\n"
           << roff(d.text) << "\n";
    }
    os << ".SH ENVIRONMENT\n";
    for (const auto &[name, text] : environment())
      os << ".TP\n.B " << roff(name) << "\n" << roff(text) << "\n";
    os << ".SH SEE ALSO\nThe documentation in the source tree: "
          "docs/dialect.md, docs/cli.md, docs/diagnostics.md, docs/sim.md, "
          "docs/diff.md, docs/viz.md, docs/ci.md, docs/cuda.md.\n";
    return os.str();
  }

  static std::string upper(std::string s) {
    for (char &c : s)
      c = char(std::toupper(static_cast<unsigned char>(c)));
    return s;
  }

  std::string commonFlagsMarkdown() {
    std::string s = "| flag | meaning |\n|---|---|\n";
    for (const auto &[flag, text] : commonFlags())
      s += "| `" + cell(flag) + "` | " + cell(text) + " |\n";
    return s;
  }

  const std::vector<std::unique_ptr<Command>> *all_;
  bool markdown_ = false, man_ = false;
};

} // namespace

std::vector<std::pair<std::string, std::string>> commonFlags() {
  return {
      {"-Werror", "every warning is an error"},
      {"-w", "no warnings at all (whatever the other -W flags say)"},
      {"-WGROUP, -Wno-GROUP", "enable or silence a warning group (see "
                              "`mscclc diagnostics`)"},
      {"-Werror=GROUP, -Wno-error=GROUP",
       "make a group's warnings errors; demote a group's errors to warnings"},
      {"-fcolor-diagnostics, -fno-color-diagnostics",
       "colours in diagnostics (default: on when stderr is a terminal, TERM "
       "is not dumb and NO_COLOR is unset; the last flag wins)"},
      {"-fdiagnostics-format=text|json|sarif",
       "diagnostics as text (default), or one JSON or SARIF 2.1.0 document "
       "on stderr for the whole run"},
  };
}

std::unique_ptr<Command>
makeCliReferenceCommand(const std::vector<std::unique_ptr<Command>> *all) {
  return std::make_unique<CliReferenceCommand>(all);
}

} // namespace mscclc::driver
