//===- ListDiagnostics.cpp - mscclc diagnostics [--markdown] --------------===//
//
// Prints the diagnostics catalog (ir/include/mscclc/ir/Diagnostics.def):
// every message mscclc can print, its severity and its warning group (the
// name -Wno-GROUP and -Werror=GROUP take). `--markdown` writes
// docs/diagnostics.md, which a test keeps in step with the catalog.
//
//===----------------------------------------------------------------------===//
#include "../Driver.h"
#include "Commands.h"

#include <iostream>

namespace mscclc::driver {

namespace {

struct Section {
  std::string_view title;
  size_t first; // index of its first diagnostic
};

std::vector<Section> sections() {
  std::vector<Section> out;
  size_t count = 0;
#define DIAG_SECTION(Title) out.push_back({Title, count});
#define DIAG(Id, Sev, Group, Format) ++count;
#include "mscclc/ir/Diagnostics.def"
  return out;
}

std::string_view severityText(const DiagInfo &d) {
  if (d.severity == Severity::Error && !d.group.empty())
    return "error (demotable)";
  return severityName(d.severity);
}

// Markdown table cells: a '|' would end the cell.
std::string cell(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '|')
      out += '\\';
    out += c;
  }
  return out;
}

void printMarkdown(std::ostream &os) {
  os << "# Diagnostics\n\n"
        "Every message mscclc can print, generated from the catalog\n"
        "`ir/include/mscclc/ir/Diagnostics.def` by `mscclc diagnostics "
        "--markdown`\n(a test fails when this file is stale). `%0`, `%1`, "
        "... stand for the\nvalues filled in.\n\n"
        "Warnings belong to a group, named at the end of the message "
        "(`[-Wflush-noop]`):\n`-Wno-GROUP` silences it, `-Werror=GROUP` "
        "makes it an error, `-Werror` makes\nevery warning one, `-w` silences "
        "every warning. Errors with a group are\nerrors by default that "
        "`-Wno-error=GROUP` demotes to warnings\n(`--allow-limit-violations` "
        "does so for `executor-limits` and `glre-unfused`);\n`-Wno-GROUP` "
        "alone leaves them errors (the first one says so in a\nnote), and "
        "`-Wno-error=GROUP -Wno-GROUP` silences them. As in clang, "
        "the flags apply in order: a later flag for a group overrides\nan "
        "earlier one, and `-Werror=GROUP` also turns on a group an earlier\n"
        "`-Wno-GROUP` turned off.\n\n"
        "## Formats\n\n"
        "Text by default, as clang prints it (`file:line:col: error: ...`, "
        "the source\nline and a caret), in clang's colours when stderr is a "
        "terminal, `TERM` is\nnot `dumb` and `NO_COLOR` is unset; "
        "`-fcolor-diagnostics` and\n`-fno-color-diagnostics` force it (the "
        "last one given wins).\n\n"
        "`-fdiagnostics-format=json` and `-fdiagnostics-format=sarif` print "
        "one document\non stderr when the run ends, holding every "
        "diagnostic of the run (usage errors\nincluded), instead of text:\n\n"
        "- `json`: `{\"version\":1,\"diagnostics\":[...],\"errors\":N,"
        "\"warnings\":N}`; each\n  diagnostic has `severity`, `rule` (the "
        "catalog id below), `group`, `message`,\n  `file`, `line`, `column` "
        "(bytes, 1-based; 0 when unknown), `planPath` (the\n  JSON path in a "
        "plan) and `notes` (the same fields).\n"
        "- `sarif`: a SARIF 2.1.0 log for code-scanning UIs: a rule per "
        "catalog id that\n  occurs (its format as the description, its "
        "`-W` group as a tag), a result per\n  diagnostic with its file, "
        "line and column (in code points) or its plan's JSON\n  path as a "
        "logical location, and its notes as related locations. A test\n  "
        "validates it against the published 2.1.0 schema.\n\n"
        "The exit status does not change. Only running out of memory "
        "(`--max-memory`)\nstill prints its one line as text, and what "
        "was asked for on stderr besides\ndiagnostics (`--time-phases`, "
        "`--print-after`) stays text before the document.\n\n"
        "## Warning groups\n\n"
        "| group | by default | message |\n|---|---|---|\n";
  for (size_t i = 0; i < diag::NumDiagnostics; ++i) {
    const DiagInfo &d = diagInfo(diag::ID(i));
    if (!d.group.empty())
      os << "| `" << d.group << "` | " << severityText(d) << " | "
         << cell(d.format) << " |\n";
  }
  std::vector<Section> secs = sections();
  for (size_t s = 0; s < secs.size(); ++s) {
    size_t end =
        s + 1 < secs.size() ? secs[s + 1].first : size_t(diag::NumDiagnostics);
    os << "\n## " << secs[s].title << "\n\n| id | severity | message |\n"
       << "|---|---|---|\n";
    for (size_t i = secs[s].first; i < end; ++i) {
      const DiagInfo &d = diagInfo(diag::ID(i));
      os << "| `" << d.name << "` | " << severityText(d) << " | "
         << cell(d.format) << " |\n";
    }
  }
}

class ListDiagnosticsCommand : public Command {
public:
  const char *name() const override { return "diagnostics"; }
  const char *summary() const override {
    return "list every diagnostic mscclc can print, with its warning group";
  }
  void setup(CLI::App &app) override {
    app.add_flag("--markdown", markdown_,
                 "print docs/diagnostics.md (the catalog as Markdown)");
  }
  int run() override {
    if (!warningFlags.empty()) {
      usageError(diag::err_usage_no_warning_options, {name()});
      return UsageError;
    }
    if (markdown_) {
      printMarkdown(std::cout);
      return Success;
    }
    for (size_t i = 0; i < diag::NumDiagnostics; ++i) {
      const DiagInfo &d = diagInfo(diag::ID(i));
      std::cout << d.name << "\t" << severityText(d) << "\t"
                << (d.group.empty() ? "-" : d.group) << "\t" << d.format
                << "\n";
    }
    return Success;
  }

private:
  bool markdown_ = false;
};

} // namespace

std::unique_ptr<Command> makeListDiagnosticsCommand() {
  return std::make_unique<ListDiagnosticsCommand>();
}

} // namespace mscclc::driver
