//===- Diagnostics.cpp - catalog lookup, formatting, warning options ------===//
#include "mscclc/ir/Diagnostics.h"

#include <algorithm>

namespace mscclc {

namespace {

constexpr DiagInfo Catalog[] = {
#define DIAG(Id, Sev, Group, Format)                                           \
  DiagInfo{diag::Id, #Id, Severity::Sev, Group, Format},
#include "mscclc/ir/Diagnostics.def"
};

constexpr bool catalogIsIndexed() {
  for (size_t i = 0; i < diag::NumDiagnostics; ++i)
    if (static_cast<size_t>(Catalog[i].id) != i)
      return false;
  return true;
}
static_assert(catalogIsIndexed());

// A warning must belong to a group (so -Wno-GROUP can silence it). An error
// with a group is an error by default that -Wno-error=GROUP demotes to a
// warning (the executor limits). Notes and remarks have no group.
constexpr bool groupsAreConsistent() {
  for (const DiagInfo &d : Catalog) {
    if (d.severity == Severity::Warning && d.group.empty())
      return false;
    if ((d.severity == Severity::Note || d.severity == Severity::Remark) &&
        !d.group.empty())
      return false;
  }
  return true;
}
static_assert(groupsAreConsistent(),
              "every warning needs a group; notes and remarks have none");

} // namespace

const DiagInfo &diagInfo(diag::ID id) { return Catalog[size_t(id)]; }

const DiagInfo *findDiagGroup(std::string_view group) {
  for (const DiagInfo &d : Catalog)
    if (!group.empty() && d.group == group)
      return &d;
  return nullptr;
}

std::vector<std::string_view> diagGroups() {
  std::vector<std::string_view> groups;
  for (const DiagInfo &d : Catalog)
    if (!d.group.empty() &&
        std::find(groups.begin(), groups.end(), d.group) == groups.end())
      groups.push_back(d.group);
  return groups;
}

std::string formatDiagnostic(std::string_view format,
                             const std::vector<DiagArg> &args) {
  std::string out;
  out.reserve(format.size() + 32);
  for (size_t i = 0; i < format.size(); ++i) {
    char c = format[i];
    if (c == '%' && i + 1 < format.size()) {
      char n = format[i + 1];
      if (n == '%') {
        out += '%';
        ++i;
        continue;
      }
      if (n >= '0' && n <= '9') {
        size_t k = size_t(n - '0');
        out += k < args.size() ? args[k].text : std::string("<?>");
        ++i;
        continue;
      }
    }
    out += c;
  }
  return out;
}

Diagnostic makeDiagnostic(diag::ID id, SourceLocation loc,
                          std::initializer_list<DiagArg> args) {
  const DiagInfo &info = diagInfo(id);
  Diagnostic d;
  d.id = id;
  d.severity = info.severity;
  d.loc = loc;
  d.message = formatDiagnostic(info.format, args);
  return d;
}

DiagNote makeNote(diag::ID id, SourceLocation loc,
                  std::initializer_list<DiagArg> args) {
  return {loc, formatDiagnostic(diagInfo(id).format, args), {}};
}

void throwDiagnostic(diag::ID id, SourceLocation loc,
                     std::initializer_list<DiagArg> args,
                     std::vector<DiagNote> notes) {
  Diagnostic d = makeDiagnostic(id, loc, args);
  d.notes = std::move(notes);
  throw DiagnosticError{std::move(d)};
}

DiagnosticBuilder::~DiagnosticBuilder() {
  if (sink_)
    sink_->emit(std::move(diag_));
}

DiagnosticBuilder &
DiagnosticBuilder::note(diag::ID id, SourceLocation loc,
                        std::initializer_list<DiagArg> args) {
  diag_.notes.push_back(makeNote(id, loc, args));
  return *this;
}

DiagnosticBuilder &DiagnosticBuilder::note(DiagNote n) {
  diag_.notes.push_back(std::move(n));
  return *this;
}

DiagnosticBuilder &DiagnosticBuilder::notes(std::vector<DiagNote> ns) {
  for (auto &n : ns)
    diag_.notes.push_back(std::move(n));
  return *this;
}

DiagnosticSink::~DiagnosticSink() = default;

bool DiagnosticSink::isIgnored(diag::ID id) const {
  std::string_view group = diagInfo(id).group;
  return diagInfo(id).severity == Severity::Warning &&
         (ignoreAllWarnings_ || (!group.empty() && ignored_.count(group)));
}

void DiagnosticSink::enableGroup(std::string_view group) {
  auto it = ignored_.find(group);
  if (it != ignored_.end())
    ignored_.erase(it);
}

void DiagnosticSink::emit(Diagnostic d) {
  std::string_view group =
      d.id < diag::NumDiagnostics ? diagInfo(d.id).group : std::string_view();
  if (d.severity == Severity::Error && !group.empty() && demoted_.count(group))
    d.severity = Severity::Warning;
  // -Wno-GROUP does not touch an error by default (a plan past the
  // executor's limits can break it): say so once, or the flag looks broken.
  if (d.severity == Severity::Error && !group.empty() &&
      ignored_.count(group) && explainedErrors_.emplace(group).second)
    d.notes.push_back(
        makeNote(diag::note_wno_group_error, {}, {std::string(group)}));
  if (d.severity == Severity::Warning && ignoreAllWarnings_)
    return;
  if (d.severity == Severity::Warning && !group.empty()) {
    if (ignored_.count(group))
      return;
    // -Werror=GROUP always promotes; -Werror does, unless
    // -Wno-error=GROUP exempted the group (as in clang).
    if (promoted_.count(group) ||
        (warningsAsErrors_ && !demoted_.count(group))) {
      d.severity = Severity::Error;
      d.werrorGroup = group;
    }
  }
  if (d.severity == Severity::Ignored)
    return;
  if (d.severity == Severity::Error)
    ++errorCount_;
  else if (d.severity == Severity::Warning)
    ++warningCount_;
  handle(d);
}

void InternalErrorSink::handle(const Diagnostic &d) {
  Diagnostic ice = d;
  if (ice.severity == Severity::Error)
    ice.message = formatDiagnostic(diagInfo(diag::err_internal_wrapper).format,
                                   {d.message});
  if (context_)
    ice.notes.push_back(*context_);
  ice.notes.push_back(makeNote(diag::note_internal_bug, {}));
  next_.emit(std::move(ice));
}

} // namespace mscclc
