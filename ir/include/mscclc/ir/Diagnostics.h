//===- Diagnostics.h - one channel for every message mscclc prints ------===//
//
// Every diagnostic has an id in the catalog (Diagnostics.def: severity,
// warning group, format with %0, %1 ... arguments). Whoever finds a problem
// reports it to a DiagnosticSink:
//
//   diags.report(diag::err_plan_channel_id, loc, {id, count}).at(path);
//
// The sink applies -Werror and -Wno-<group>, counts errors and hands the
// finished Diagnostic to its consumer: the text printer (file:line:col with
// the source line and a caret, or a plan's file and JSON path), the -verify
// checker, or a collector in tests. Code deep inside the front end that
// must unwind throws DiagnosticError, which the front end reports at its
// boundary; nothing else is thrown for user errors.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/SourceLocation.h"

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace mscclc {

enum class Severity : uint8_t { Ignored, Note, Remark, Warning, Error };

namespace diag {
enum ID : uint16_t {
#define DIAG(Id, Sev, Group, Format) Id,
#include "mscclc/ir/Diagnostics.def"
  NumDiagnostics
};
} // namespace diag

struct DiagInfo {
  diag::ID id;
  std::string_view name; // "err_plan_channel_id"
  Severity severity;
  std::string_view group; // warning group for -W/-Wno- ("" for none)
  std::string_view format;
};
const DiagInfo &diagInfo(diag::ID id);
const DiagInfo *findDiagGroup(std::string_view group); // first of the group
std::vector<std::string_view> diagGroups();

// One argument of a diagnostic, already rendered as text.
struct DiagArg {
  std::string text;
  DiagArg(std::string s) : text(std::move(s)) {}
  DiagArg(std::string_view s) : text(s) {}
  DiagArg(const char *s) : text(s) {}
  DiagArg(char c) : text(1, c) {}
  template <typename T>
  requires std::is_integral_v<T> DiagArg(T v) : text(std::to_string(v)) {}
};

// Substitutes %0..%9 in `format`; "%%" is a literal percent sign.
std::string formatDiagnostic(std::string_view format,
                             const std::vector<DiagArg> &args);

struct DiagNote {
  SourceLocation loc;
  std::string message;
  std::string planPath;

  DiagNote() = default;
  DiagNote(SourceLocation loc, std::string message, std::string planPath = {})
      : loc(loc), message(std::move(message)), planPath(std::move(planPath)) {}
};

struct Diagnostic {
  diag::ID id = diag::NumDiagnostics;
  Severity severity = Severity::Error;
  SourceLocation loc;
  // For problems in a plan: the JSON path of the offending value
  // ("gpus[1].threadblocks[3].ops[7].src_buff[0]"), "" otherwise.
  std::string planPath;
  std::string message;
  std::vector<DiagNote> notes;
  // The warning group a promoted warning came from (-Werror), for display.
  std::string_view werrorGroup;
};

// Thrown by code that must unwind past many frames to report a user error
// (the evaluator, the recording layer); caught where a sink is at hand.
struct DiagnosticError {
  Diagnostic diag;
};

// Builds a catalog diagnostic without reporting it.
Diagnostic makeDiagnostic(diag::ID id, SourceLocation loc,
                          std::initializer_list<DiagArg> args = {});
DiagNote makeNote(diag::ID id, SourceLocation loc,
                  std::initializer_list<DiagArg> args = {});
[[noreturn]] void throwDiagnostic(diag::ID id, SourceLocation loc,
                                  std::initializer_list<DiagArg> args = {},
                                  std::vector<DiagNote> notes = {});

class DiagnosticSink;

// Returned by DiagnosticSink::report: add notes or a plan path, and the
// diagnostic is emitted when the builder goes out of scope.
class DiagnosticBuilder {
public:
  DiagnosticBuilder(DiagnosticSink &sink, Diagnostic d)
      : sink_(&sink), diag_(std::move(d)) {}
  DiagnosticBuilder(DiagnosticBuilder &&o) noexcept
      : sink_(o.sink_), diag_(std::move(o.diag_)) {
    o.sink_ = nullptr;
  }
  DiagnosticBuilder(const DiagnosticBuilder &) = delete;
  DiagnosticBuilder &operator=(const DiagnosticBuilder &) = delete;
  ~DiagnosticBuilder();

  DiagnosticBuilder &note(diag::ID id, SourceLocation loc,
                          std::initializer_list<DiagArg> args = {});
  DiagnosticBuilder &note(DiagNote n);
  DiagnosticBuilder &notes(std::vector<DiagNote> ns);
  DiagnosticBuilder &at(std::string path) {
    diag_.planPath = std::move(path);
    return *this;
  }

private:
  DiagnosticSink *sink_;
  Diagnostic diag_;
};

class DiagnosticSink {
public:
  virtual ~DiagnosticSink();

  DiagnosticBuilder report(diag::ID id, SourceLocation loc = {},
                           std::initializer_list<DiagArg> args = {}) {
    return DiagnosticBuilder(*this, makeDiagnostic(id, loc, args));
  }
  // Applies the warning options, counts, and passes `d` to handle().
  void emit(Diagnostic d);

  unsigned errorCount() const { return errorCount_; }
  unsigned warningCount() const { return warningCount_; }
  // -Werror: every warning is reported (and counted) as an error.
  void setWarningsAsErrors(bool on) { warningsAsErrors_ = on; }
  // -w: no warning is reported, whatever the other flags say (as in clang).
  void setIgnoreAllWarnings(bool on) { ignoreAllWarnings_ = on; }
  // -Wno-GROUP / -Werror=GROUP / -WGROUP.
  void ignoreGroup(std::string_view group) { ignored_.emplace(group); }
  void promoteGroup(std::string_view group) { promoted_.emplace(group); }
  // -Wno-error=GROUP: an error that belongs to GROUP becomes a warning.
  void demoteGroup(std::string_view group) { demoted_.emplace(group); }
  void enableGroup(std::string_view group);
  bool warningsAsErrors() const { return warningsAsErrors_; }
  // Whether a warning of this id would be dropped (-Wno-GROUP, -w).
  bool isIgnored(diag::ID id) const;

protected:
  virtual void handle(const Diagnostic &d) = 0;

private:
  unsigned errorCount_ = 0;
  unsigned warningCount_ = 0;
  bool warningsAsErrors_ = false;
  bool ignoreAllWarnings_ = false;
  std::set<std::string, std::less<>> ignored_;
  std::set<std::string, std::less<>> promoted_;
  std::set<std::string, std::less<>> demoted_;
  // Groups whose -Wno- an error has already explained (note_wno_group_error).
  std::set<std::string, std::less<>> explainedErrors_;
};

// Collects diagnostics in memory (unit tests, -verify).
class CollectingDiagnosticSink : public DiagnosticSink {
public:
  std::vector<Diagnostic> entries;

protected:
  void handle(const Diagnostic &d) override { entries.push_back(d); }
};

// Turns what a check finds into internal compiler errors: for checks of
// something mscclc produced (the plan it lowered, the IR after a pass),
// where a problem is mscclc's bug, not the user's. Adds `context` (when
// given) and a note asking for a report.
class InternalErrorSink : public DiagnosticSink {
public:
  explicit InternalErrorSink(DiagnosticSink &next,
                             std::optional<DiagNote> context = std::nullopt)
      : next_(next), context_(std::move(context)) {}

protected:
  void handle(const Diagnostic &d) override;

private:
  DiagnosticSink &next_;
  std::optional<DiagNote> context_;
};

} // namespace mscclc
