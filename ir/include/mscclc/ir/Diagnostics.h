//===- Diagnostics.h - how passes report to the user ---------------------===//
//
// Passes and lowering know nothing of Clang. They report through this sink;
// the front end implements it on top of Clang's DiagnosticsEngine, so every
// message is `file:line:col: error: ...` with a caret, and `mscclc -verify`
// checks pass errors like any other.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/SourceLocation.h"

#include <string>
#include <vector>

namespace mscclc {

enum class Severity { Error, Warning, Note, Remark };

struct DiagNote {
  SourceLocation loc;
  std::string message;
};

class DiagnosticSink {
public:
  virtual ~DiagnosticSink();
  virtual void report(Severity severity, SourceLocation loc,
                      const std::string &message,
                      const std::vector<DiagNote> &notes = {}) = 0;
  void error(SourceLocation loc, const std::string &message,
             const std::vector<DiagNote> &notes = {}) {
    ++errorCount_;
    report(Severity::Error, loc, message, notes);
  }
  void warning(SourceLocation loc, const std::string &message,
               const std::vector<DiagNote> &notes = {}) {
    if (warningsAsErrors_)
      error(loc, message + " [-Werror]", notes);
    else
      report(Severity::Warning, loc, message, notes);
  }
  unsigned errorCount() const { return errorCount_; }
  // -Werror: every later warning is reported (and counted) as an error.
  void setWarningsAsErrors(bool on) { warningsAsErrors_ = on; }

private:
  unsigned errorCount_ = 0;
  bool warningsAsErrors_ = false;
};

// Collects diagnostics in memory (unit tests, plans read from JSON).
class CollectingDiagnosticSink : public DiagnosticSink {
public:
  struct Entry {
    Severity severity;
    SourceLocation loc;
    std::string message;
    std::vector<DiagNote> notes;
  };
  void report(Severity severity, SourceLocation loc, const std::string &message,
              const std::vector<DiagNote> &notes) override {
    entries.push_back({severity, loc, message, notes});
  }
  std::vector<Entry> entries;
};

} // namespace mscclc
