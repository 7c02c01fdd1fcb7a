//===- DiagnosticPrinter.h - diagnostics as text, JSON, SARIF; -verify ---===//
//
// Renders diagnostics the way clang does, without Clang:
//
//   algo.cpp:12:5: error: chunk input[4:5] of rank 0 is out of range ...
//      12 |     ch.put(dst, src.slice(4, 5), {.tb = 0});
//         |     ^
//   plan.json: gpus[1].threadblocks[0].ops[3]: error: channel id 2 ...
//
// in clang's colours when asked (-fcolor-diagnostics). For CI and editors
// (-fdiagnostics-format=json|sarif) a printer instead records each
// diagnostic, its location already resolved, in a DiagnosticLog, which
// prints one document for the whole run: a run can have several printers
// (one per input), and a SARIF consumer wants a single log.
//
// and checks `// expected-error {{...}}` comments against what was
// reported (mscclc --verify), with clang's -verify syntax: -error, -warning,
// -note, -remark; @+N, @-N, @N line offsets; a count (N or N+) before the
// braces; the text in braces must be a substring of the message.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/Diagnostics.h"

#include <functional>
#include <memory>
#include <ostream>
#include <string>

namespace mscclc {

// The message as shown, with the warning flag that controls it:
// "... [-Wflush-noop]", or "... [-Werror,-Wflush-noop]" when promoted.
std::string displayedMessage(const Diagnostic &d);

std::string_view severityName(Severity s);

// A diagnostic with its location resolved to a file name, line and column
// (so it outlives the SourceFiles it pointed into).
struct LoggedDiagnostic {
  diag::ID id = diag::NumDiagnostics;
  std::string rule;  // the catalog name, "err_plan_channel_id"
  std::string group; // its warning group, "" for none
  Severity severity = Severity::Error;
  std::string message;           // as displayed, with its [-Wgroup]
  std::string file;              // "" when it has no place in a file
  uint32_t line = 0, column = 0; // column in bytes, 1-based (0: unknown)
  uint32_t codePointColumn = 0;  // the same column counted in code points
  std::string planPath;          // JSON path in a plan, "" otherwise
  std::vector<LoggedDiagnostic> notes;
};

class DiagnosticLog {
public:
  // A Clang note (Clang reports each of its notes as a diagnostic after
  // the one it explains) joins the entry before it; mscclc's own notes
  // that stand alone ("N more problems not shown") stay entries.
  void add(LoggedDiagnostic d);
  const std::vector<LoggedDiagnostic> &entries() const { return entries_; }
  // {"version":1,"diagnostics":[{severity, rule, group, message, file,
  // line, column, planPath, notes}...],"errors":N,"warnings":N}
  std::string json() const;
  // A SARIF 2.1.0 log: one run of tool `toolName` `toolVersion`, a rule per
  // catalog id that occurs, a result per diagnostic with its notes as
  // related locations.
  std::string sarif(std::string_view toolName,
                    std::string_view toolVersion) const;

private:
  std::vector<LoggedDiagnostic> entries_;
};

// Resolves `d` (and its notes) for a log. `subject` names the file of
// diagnostics without a source location (a plan's path).
LoggedDiagnostic logEntry(const Diagnostic &d, const SourceFiles *files,
                          const std::string &subject);

class DiagnosticPrinter : public DiagnosticSink {
public:
  explicit DiagnosticPrinter(std::ostream &os) : os_(os) {}
  // Clang's colours (bold locations, red errors, magenta warnings, green
  // carets) for a terminal.
  void setColor(bool on) { color_ = on; }
  // Record into `log` instead of printing text (json and sarif formats).
  void setLog(DiagnosticLog *log) { log_ = log; }
  // Where locations point; may be set after construction.
  void setFiles(std::shared_ptr<const SourceFiles> files) {
    files_ = std::move(files);
  }
  // The file named in front of diagnostics without a source location (a
  // plan's path); "mscclc" when empty.
  void setSubject(std::string subject) { subject_ = std::move(subject); }
  // "2 warnings and 1 error generated." (as clang), when there were any;
  // nothing when recording into a log (the log's document has the counts).
  void printSummary();
  // Whether printSummary() has been called.
  bool summaryPrinted() const { return summaryPrinted_; }

protected:
  void handle(const Diagnostic &d) override;

private:
  void line(Severity sev, SourceLocation loc, const std::string &planPath,
            const std::string &message);
  std::ostream &os_;
  std::shared_ptr<const SourceFiles> files_;
  std::string subject_;
  bool color_ = false;
  DiagnosticLog *log_ = nullptr;
  bool summaryPrinted_ = false;
};

// A compiled regular expression of an `expected-error-re` directive.
class TextPattern {
public:
  virtual ~TextPattern() = default;
  // Whether the pattern matches anywhere in `text`.
  virtual bool search(const std::string &text) const = 0;
};
// Compiles a directive's regular expression (POSIX extended, as clang
// -verify's llvm::Regex), or returns null and sets `problem` when it does
// not compile. The front end supplies it (frontend/VerifyRegex.h), so that
// ir/ stays free of LLVM. Its matcher must not backtrack: a directive is
// user input, and no pattern may hang the compiler.
using RegexCompiler = std::function<std::unique_ptr<TextPattern>(
    const std::string &regex, std::string &problem)>;

// Checks the expectations written in file 0 of `files` against `diags`
// (notes included). Reports each mismatch to `report` (an expectation not
// met, at its line; a diagnostic nobody expected, where it was reported)
// and returns whether every expectation was met and nothing else was
// reported. `-re` directives are compiled by `compileRegex`.
bool verifyExpectations(const SourceFiles &files,
                        const std::vector<Diagnostic> &diags,
                        DiagnosticSink &report,
                        const RegexCompiler &compileRegex);

} // namespace mscclc
