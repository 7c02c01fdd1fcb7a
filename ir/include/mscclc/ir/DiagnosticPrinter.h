//===- DiagnosticPrinter.h - diagnostics as text, and -verify -----------===//
//
// Renders diagnostics the way clang does, without Clang:
//
//   algo.cpp:12:5: error: chunk input[4:5] of rank 0 is out of range ...
//      12 |     ch.put(dst, src.slice(4, 5), {.tb = 0});
//         |     ^
//   plan.json: gpus[1].threadblocks[0].ops[3]: error: channel id 2 ...
//
// and checks `// expected-error {{...}}` comments against what was
// reported (mscclc --verify), with clang's -verify syntax: -error, -warning,
// -note, -remark; @+N, @-N, @N line offsets; a count (N or N+) before the
// braces; the text in braces must be a substring of the message.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/Diagnostics.h"

#include <memory>
#include <ostream>
#include <string>

namespace mscclc {

// The message as shown, with the warning flag that controls it:
// "... [-Wflush-noop]", or "... [-Werror,-Wflush-noop]" when promoted.
std::string displayedMessage(const Diagnostic &d);

std::string_view severityName(Severity s);

class TextDiagnosticPrinter : public DiagnosticSink {
public:
  explicit TextDiagnosticPrinter(std::ostream &os) : os_(os) {}
  // Where locations point; may be set after construction.
  void setFiles(std::shared_ptr<const SourceFiles> files) {
    files_ = std::move(files);
  }
  // The file named in front of diagnostics without a source location (a
  // plan's path); "mscclc" when empty.
  void setSubject(std::string subject) { subject_ = std::move(subject); }
  // "2 warnings and 1 error generated." (as clang), when there were any.
  void printSummary();

protected:
  void handle(const Diagnostic &d) override;

private:
  void line(Severity sev, SourceLocation loc, const std::string &planPath,
            const std::string &message);
  std::ostream &os_;
  std::shared_ptr<const SourceFiles> files_;
  std::string subject_;
};

// Checks the expectations written in file 0 of `files` against `diags`
// (notes included). Reports each mismatch to `report` (an expectation not
// met, at its line; a diagnostic nobody expected, where it was reported)
// and returns whether every expectation was met and nothing else was
// reported.
bool verifyExpectations(const SourceFiles &files,
                        const std::vector<Diagnostic> &diags,
                        DiagnosticSink &report);

} // namespace mscclc
