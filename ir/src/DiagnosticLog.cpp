//===- DiagnosticLog.cpp - diagnostics as JSON and SARIF 2.1.0 -----------===//
//
// -fdiagnostics-format=json|sarif. The ir library has no JSON dependency,
// and both documents are flat enough to write by hand; keys come out in a
// fixed order so the output is byte-stable.
//
//===----------------------------------------------------------------------===//
#include "mscclc/ir/DiagnosticPrinter.h"
#include "mscclc/ir/Utf8.h"

#include <map>
#include <sstream>

namespace mscclc {

namespace {

// Byte column → code-point column on `line` (SARIF's default column kind
// counts Unicode code points; ours count bytes, as clang's text does).
uint32_t codePoints(std::string_view line, uint32_t byteColumn) {
  if (byteColumn == 0)
    return 0;
  uint32_t n = 1;
  for (size_t i = 0; i + 1 < byteColumn && i < line.size(); ++i)
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80)
      ++n;
  // Past the end of the known text, count the rest as single bytes.
  if (byteColumn > line.size() + 1)
    n += uint32_t(byteColumn - 1 - line.size());
  return n;
}

void resolve(LoggedDiagnostic &out, SourceLocation loc,
             const std::string &planPath, const SourceFiles *files,
             const std::string &subject) {
  if (files && loc.isValid() && size_t(loc.fileId) < files->size()) {
    out.file = files->path(loc.fileId);
    out.line = loc.line;
    out.column = loc.column;
    out.codePointColumn = codePoints(files->lineText(loc), loc.column);
    return;
  }
  out.file = subject;
  out.planPath = planPath;
}

std::string_view sarifLevel(Severity s) {
  switch (s) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  default:
    return "note";
  }
}

// A relative path or an absolute one as a URI reference: percent-encode
// everything but RFC 3986's unreserved characters and '/'.
std::string uriOf(const std::string &path) {
  std::string out = path.size() > 0 && path[0] == '/' ? "file://" : "";
  static const char Hex[] = "0123456789ABCDEF";
  for (unsigned char c : path) {
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
        (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
        c == '~' || c == '/') {
      out += char(c);
    } else {
      out += '%';
      out += Hex[c >> 4];
      out += Hex[c & 15];
    }
  }
  return out;
}

} // namespace

LoggedDiagnostic logEntry(const Diagnostic &d, const SourceFiles *files,
                          const std::string &subject) {
  LoggedDiagnostic out;
  out.id = d.id;
  if (d.id < diag::NumDiagnostics) {
    out.rule = std::string(diagInfo(d.id).name);
    out.group = std::string(diagInfo(d.id).group);
  }
  out.severity = d.severity;
  out.message = displayedMessage(d);
  resolve(out, d.loc, d.planPath, files, subject);
  for (const DiagNote &n : d.notes) {
    LoggedDiagnostic note;
    note.severity = Severity::Note;
    note.message = n.message;
    // A note without a place of its own belongs where its diagnostic is.
    resolve(note, n.loc,
            n.planPath.empty() && !n.loc.isValid() ? d.planPath : n.planPath,
            files, subject);
    out.notes.push_back(std::move(note));
  }
  return out;
}

void DiagnosticLog::add(LoggedDiagnostic d) {
  if (d.id == diag::note_clang && !entries_.empty() && d.notes.empty()) {
    // As the notes a diagnostic carries: no rule of their own.
    d.id = diag::NumDiagnostics;
    d.rule.clear();
    d.group.clear();
    entries_.back().notes.push_back(std::move(d));
    return;
  }
  entries_.push_back(std::move(d));
}

namespace {

void jsonEntry(std::ostringstream &os, const LoggedDiagnostic &d,
               bool withNotes) {
  os << "{\"severity\":" << quotedString(severityName(d.severity))
     << ",\"rule\":" << quotedString(d.rule)
     << ",\"group\":" << quotedString(d.group)
     << ",\"message\":" << quotedString(d.message)
     << ",\"file\":" << quotedString(d.file) << ",\"line\":" << d.line
     << ",\"column\":" << d.column
     << ",\"planPath\":" << quotedString(d.planPath);
  if (withNotes) {
    os << ",\"notes\":[";
    for (size_t i = 0; i < d.notes.size(); ++i) {
      os << (i ? "," : "");
      jsonEntry(os, d.notes[i], false);
    }
    os << "]";
  }
  os << "}";
}

} // namespace

std::string DiagnosticLog::json() const {
  std::ostringstream os;
  unsigned errors = 0, warnings = 0;
  os << "{\"version\":1,\"diagnostics\":[";
  for (size_t i = 0; i < entries_.size(); ++i) {
    os << (i ? ",\n" : "\n");
    jsonEntry(os, entries_[i], true);
    errors += entries_[i].severity == Severity::Error;
    warnings += entries_[i].severity == Severity::Warning;
  }
  os << "\n],\"errors\":" << errors << ",\"warnings\":" << warnings << "}\n";
  return os.str();
}

namespace {

void sarifLocation(std::ostringstream &os, const LoggedDiagnostic &d,
                   const std::map<std::string, size_t> &artifacts) {
  os << "{";
  bool any = false;
  if (!d.file.empty()) {
    os << "\"physicalLocation\":{\"artifactLocation\":{\"uri\":"
       << quotedString(uriOf(d.file)) << ",\"index\":" << artifacts.at(d.file)
       << "}";
    if (d.line > 0) {
      os << ",\"region\":{\"startLine\":" << d.line;
      if (d.codePointColumn > 0)
        os << ",\"startColumn\":" << d.codePointColumn;
      os << "}";
    }
    os << "}";
    any = true;
  }
  if (!d.planPath.empty()) {
    // A place inside a JSON plan: SARIF's logical location, as a path.
    os << (any ? "," : "") << "\"logicalLocations\":[{\"fullyQualifiedName\":"
       << quotedString(d.planPath) << ",\"kind\":\"element\"}]";
    any = true;
  }
  if (d.severity == Severity::Note)
    os << (any ? "," : "")
       << "\"message\":{\"text\":" << quotedString(d.message) << "}";
  os << "}";
}

bool hasPlace(const LoggedDiagnostic &d) {
  return !d.file.empty() || !d.planPath.empty();
}

} // namespace

std::string DiagnosticLog::sarif(std::string_view toolName,
                                 std::string_view toolVersion) const {
  // Rules and artifacts in order of first appearance: stable indices.
  std::vector<const LoggedDiagnostic *> rules;
  std::map<std::string, size_t> ruleIndex, artifactIndex;
  std::vector<std::string> artifacts;
  auto addArtifact = [&](const LoggedDiagnostic &d) {
    if (!d.file.empty() && !artifactIndex.count(d.file)) {
      artifactIndex[d.file] = artifacts.size();
      artifacts.push_back(d.file);
    }
  };
  for (const LoggedDiagnostic &d : entries_) {
    std::string id = d.rule.empty() ? "mscclc" : d.rule;
    if (!ruleIndex.count(id)) {
      ruleIndex[id] = rules.size();
      rules.push_back(&d);
    }
    addArtifact(d);
    for (const LoggedDiagnostic &n : d.notes)
      addArtifact(n);
  }

  std::ostringstream os;
  os << "{\"$schema\":\"https://docs.oasis-open.org/sarif/sarif/v2.1.0/"
        "errata01/os/schemas/sarif-schema-2.1.0.json\","
        "\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{\"name\":"
     << quotedString(toolName) << ",\"version\":" << quotedString(toolVersion)
     << ",\"rules\":[";
  for (size_t i = 0; i < rules.size(); ++i) {
    const LoggedDiagnostic &r = *rules[i];
    std::string id = r.rule.empty() ? "mscclc" : r.rule;
    os << (i ? "," : "") << "\n{\"id\":" << quotedString(id);
    Severity level = r.severity;
    if (r.id < diag::NumDiagnostics) {
      os << ",\"shortDescription\":{\"text\":"
         << quotedString(diagInfo(r.id).format) << "}";
      // The rule's level as the catalog has it, not as -W flags made this
      // occurrence.
      level = diagInfo(r.id).severity;
    }
    os << ",\"defaultConfiguration\":{\"level\":"
       << quotedString(sarifLevel(level)) << "}";
    if (!r.group.empty())
      os << ",\"properties\":{\"tags\":[" << quotedString("-W" + r.group)
         << "]}";
    os << "}";
  }
  os << "\n]}},\"columnKind\":\"unicodeCodePoints\",\"artifacts\":[";
  for (size_t i = 0; i < artifacts.size(); ++i)
    os << (i ? "," : "")
       << "{\"location\":{\"uri\":" << quotedString(uriOf(artifacts[i]))
       << "}}";
  os << "],\"results\":[";
  for (size_t i = 0; i < entries_.size(); ++i) {
    const LoggedDiagnostic &d = entries_[i];
    std::string id = d.rule.empty() ? "mscclc" : d.rule;
    os << (i ? "," : "") << "\n{\"ruleId\":" << quotedString(id)
       << ",\"ruleIndex\":" << ruleIndex[id]
       << ",\"level\":" << quotedString(sarifLevel(d.severity))
       << ",\"message\":{\"text\":" << quotedString(d.message) << "}";
    if (hasPlace(d)) {
      os << ",\"locations\":[";
      sarifLocation(os, d, artifactIndex);
      os << "]";
    }
    bool first = true;
    for (const LoggedDiagnostic &n : d.notes) {
      os << (first ? ",\"relatedLocations\":[" : ",");
      first = false;
      sarifLocation(os, n, artifactIndex);
    }
    if (!first)
      os << "]";
    os << "}";
  }
  os << "\n]}]}\n";
  return os.str();
}

} // namespace mscclc
