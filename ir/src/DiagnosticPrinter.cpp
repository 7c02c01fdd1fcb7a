//===- DiagnosticPrinter.cpp - text rendering and expectation checks -----===//
#include "mscclc/ir/DiagnosticPrinter.h"
#include "mscclc/ir/PlanIR.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>

namespace mscclc {

std::string_view severityName(Severity s) {
  switch (s) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  case Severity::Remark:
    return "remark";
  case Severity::Ignored:
    break;
  }
  return "ignored";
}

std::string displayedMessage(const Diagnostic &d) {
  if (d.id >= diag::NumDiagnostics)
    return d.message;
  std::string_view group = diagInfo(d.id).group;
  if (group.empty())
    return d.message;
  if (!d.werrorGroup.empty())
    return d.message + " [-Werror,-W" + std::string(group) + "]";
  return d.message + " [-W" + std::string(group) + "]";
}

// ------------------------------------------------------------ SourceFiles

int32_t SourceFiles::add(std::string path, std::string text) {
  File file{std::move(path), std::move(text), {}};
  if (file.text.size() < UINT32_MAX)
    for (size_t pos = file.text.find('\n'); pos != std::string::npos;
         pos = file.text.find('\n', pos + 1))
      file.lineStarts.push_back(uint32_t(pos + 1));
  files_.push_back(std::move(file));
  return int32_t(files_.size() - 1);
}

int32_t SourceFiles::find(std::string_view path) const {
  for (size_t i = 0; i < files_.size(); ++i)
    if (files_[i].path == path)
      return int32_t(i);
  return -1;
}

std::string_view SourceFiles::lineText(SourceLocation loc) const {
  if (!loc.isValid() || size_t(loc.fileId) >= files_.size())
    return {};
  const File &file = files_[size_t(loc.fileId)];
  std::string_view text = file.text;
  size_t pos = 0;
  if (loc.line > 1 && !file.lineStarts.empty()) {
    if (loc.line - 2 >= file.lineStarts.size())
      return {};
    pos = file.lineStarts[loc.line - 2];
  } else {
    for (uint32_t l = 1; l < loc.line; ++l) {
      pos = text.find('\n', pos);
      if (pos == std::string_view::npos)
        return {};
      ++pos;
    }
  }
  size_t end = text.find('\n', pos);
  std::string_view line = text.substr(
      pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
  if (!line.empty() && line.back() == '\r')
    line.remove_suffix(1);
  return line;
}

std::string SourceFiles::describe(SourceLocation loc) const {
  if (!loc.isValid() || size_t(loc.fileId) >= files_.size())
    return "";
  return files_[size_t(loc.fileId)].path + ":" + std::to_string(loc.line) +
         ":" + std::to_string(loc.column);
}

// ------------------------------------------------------------ printing

namespace {

// Clang's palette: bold white for locations and messages, bold red errors,
// bold magenta warnings, bold black (grey) notes, bold blue remarks, bold
// green carets.
const char *const Reset = "\033[0m";
const char *const Bold = "\033[1m";
const char *const Green = "\033[1;32m";

const char *severityColor(Severity s) {
  switch (s) {
  case Severity::Error:
    return "\033[1;31m";
  case Severity::Warning:
    return "\033[1;35m";
  case Severity::Remark:
    return "\033[1;34m";
  case Severity::Note:
  case Severity::Ignored:
    break;
  }
  return "\033[1;30m";
}

// How many terminal cells one UTF-8 character takes, near enough to how
// terminals (and Clang's caret) count them: two for the wide and fullwidth
// characters of East Asian scripts and the emoji blocks, none for the
// common combining marks, zero-width characters and a byte order mark,
// one for the rest (this table is shorter than Unicode's: a wide symbol
// outside these blocks counts one).
size_t terminalCells(std::string_view character) {
  if (character.empty())
    return 0;
  const auto byte = [&](size_t k) {
    return static_cast<unsigned char>(character[k]);
  };
  uint32_t cp = byte(0);
  if (cp < 0x80 || character.size() < 2)
    return 1;
  if (cp >= 0xF0 && character.size() >= 4)
    cp = (cp & 0x07) << 18 | (byte(1) & 0x3F) << 12 | (byte(2) & 0x3F) << 6 |
         (byte(3) & 0x3F);
  else if (cp >= 0xE0 && character.size() >= 3)
    cp = (cp & 0x0F) << 12 | (byte(1) & 0x3F) << 6 | (byte(2) & 0x3F);
  else
    cp = (cp & 0x1F) << 6 | (byte(1) & 0x3F);
  if ((cp >= 0x0300 && cp <= 0x036F) || (cp >= 0x1AB0 && cp <= 0x1AFF) ||
      (cp >= 0x1DC0 && cp <= 0x1DFF) || (cp >= 0x200B && cp <= 0x200F) ||
      (cp >= 0x20D0 && cp <= 0x20FF) || (cp >= 0xFE00 && cp <= 0xFE0F) ||
      (cp >= 0xFE20 && cp <= 0xFE2F) || cp == 0xFEFF)
    return 0;
  static const std::pair<uint32_t, uint32_t> Wide[] = {
      {0x1100, 0x115F},   {0x2E80, 0x303E},   {0x3041, 0x33FF},
      {0x3400, 0x4DBF},   {0x4E00, 0x9FFF},   {0xA000, 0xA4CF},
      {0xAC00, 0xD7A3},   {0xF900, 0xFAFF},   {0xFE30, 0xFE4F},
      {0xFF00, 0xFF60},   {0xFFE0, 0xFFE6},   {0x1F300, 0x1F64F},
      {0x1F680, 0x1F6FF}, {0x1F900, 0x1F9FF}, {0x1FA70, 0x1FAFF},
      {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD}};
  for (const auto &[first, last] : Wide)
    if (cp >= first && cp <= last)
      return 2;
  return 1;
}

} // namespace

void DiagnosticPrinter::line(Severity sev, SourceLocation loc,
                             const std::string &planPath,
                             const std::string &message) {
  std::string where;
  if (files_ && loc.isValid())
    where = files_->describe(loc);
  if (where.empty()) {
    where = subject_.empty() ? "mscclc" : subject_;
    if (!planPath.empty())
      where += ": " + planPath;
  }
  // Text from the input (a file name, a token a message quotes) must not
  // drive the terminal either.
  const std::string shownWhere = plan::visibleText(where),
                    shownMessage = plan::visibleText(message);
  if (color_)
    os_ << Bold << shownWhere << ": " << severityColor(sev) << severityName(sev)
        << ": " << Reset << Bold << shownMessage << Reset << "\n";
  else
    os_ << shownWhere << ": " << severityName(sev) << ": " << shownMessage
        << "\n";
  if (!files_ || !loc.isValid())
    return;
  std::string_view text = files_->lineText(loc);
  if (text.empty())
    return;
  // A long line (a minified plan is one line) is shown as a window around
  // the column, so the caret stays on screen.
  const size_t Window = 160;
  size_t col = loc.column > 0 ? loc.column - 1 : 0;
  std::string prefix;
  if (text.size() > Window) {
    size_t from = col > Window / 2 ? col - Window / 2 : 0;
    from = std::min(from, text.size() - Window);
    // Whole UTF-8 characters at both ends of the window.
    auto continuation = [&](size_t i) {
      return i < text.size() &&
             (static_cast<unsigned char>(text[i]) & 0xc0) == 0x80;
    };
    size_t to = from + Window;
    while (from > 0 && continuation(from))
      --from;
    while (continuation(to))
      ++to;
    prefix = from > 0 ? "..." : "";
    text = text.substr(from, to - from);
    col = col - from + prefix.size();
  }
  // The line as plan text is shown (control bytes, C1 controls and bidi
  // marks escaped: an input must not drive the terminal), with the caret
  // under the character of the column: a tab under a tab, one space under
  // any other character, as many as an escape takes.
  std::string raw = prefix + std::string(text), shown, under;
  for (size_t i = 0; i < raw.size();) {
    const size_t before = shown.size();
    if (raw[i] == '\t') {
      shown += '\t';
      if (i < col)
        under += '\t';
      ++i;
      continue;
    }
    bool escaped = false;
    const size_t length = plan::appendVisibleCharacter(shown, raw, i, &escaped);
    if (i < col)
      under.append(escaped
                       ? shown.size() - before
                       : terminalCells(std::string_view(raw).substr(i, length)),
                   ' ');
    i += length;
  }
  std::string number = std::to_string(loc.line);
  os_ << " " << number << " | " << shown << "\n";
  os_ << " " << std::string(number.size(), ' ') << " | " << under;
  if (color_)
    os_ << Green << "^" << Reset << "\n";
  else
    os_ << "^\n";
}

void DiagnosticPrinter::handle(const Diagnostic &d) {
  if (log_) {
    log_->add(logEntry(d, files_.get(), subject_));
    return;
  }
  line(d.severity, d.loc, d.planPath, displayedMessage(d));
  // A note without a place of its own belongs where its diagnostic is: in
  // the plan it checks (its path), or, for a diagnostic located in the
  // source, with no place named (a plan path after a source file's name
  // reads as a place in that file).
  for (const DiagNote &n : d.notes)
    line(Severity::Note, n.loc,
         n.planPath.empty() && !n.loc.isValid() && !d.loc.isValid()
             ? d.planPath
             : n.planPath,
         n.message);
  os_.flush();
}

void DiagnosticPrinter::printSummary() {
  summaryPrinted_ = true;
  if (log_)
    return;
  auto count = [](unsigned n, const char *what) {
    return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
  };
  unsigned w = warningCount(), e = errorCount();
  if (w && e)
    os_ << count(w, "warning") << " and " << count(e, "error")
        << " generated.\n";
  else if (w || e)
    os_ << (w ? count(w, "warning") : count(e, "error")) << " generated.\n";
}

// ------------------------------------------------------------ -verify

namespace {

struct Expectation {
  Severity severity;
  uint32_t line; // 0: matches diagnostics without a location
  std::string text;
  unsigned min = 1; // how many must match
  unsigned max = 1; // UINT_MAX for "N+"
  unsigned seen = 0;
  uint32_t writtenAt; // the line the directive is on
  // `expected-note@*`: at a line of another file (a library header).
  bool elsewhere = false;
  // `expected-error-re`: `text` with its {{...}} parts as regular
  // expressions, searched for in the message.
  std::unique_ptr<TextPattern> pattern;
};

// The pattern of an `-re` directive's text: the parts in {{...}} are
// regular expressions (POSIX extended), the rest literal, as in clang
// -verify. Sets `problem` when the text does not make one.
std::unique_ptr<TextPattern> directivePattern(std::string_view text,
                                              const RegexCompiler &compile,
                                              std::string &problem) {
  std::string re;
  size_t at = 0;
  while (at < text.size()) {
    size_t open = text.find("{{", at);
    std::string_view literal =
        text.substr(at, open == std::string_view::npos ? std::string_view::npos
                                                       : open - at);
    for (char c : literal) {
      if (std::string_view("\\^$.|?*+()[]{}").find(c) != std::string_view::npos)
        re += '\\';
      re += c;
    }
    if (open == std::string_view::npos)
      break;
    size_t close = text.find("}}", open + 2);
    if (close == std::string_view::npos) {
      problem = "a '{{' has no '}}'";
      return nullptr;
    }
    re += "(";
    re += text.substr(open + 2, close - open - 2);
    re += ")";
    at = close + 2;
  }
  return compile(re, problem);
}

struct Seen {
  Severity severity;
  SourceLocation loc;
  std::string text;
  bool matched = false;
};

bool parseExpectations(std::string_view text, std::vector<Expectation> &out,
                       DiagnosticSink &report, const RegexCompiler &compile,
                       std::optional<SourceLocation> &noDiagnostics) {
  static const std::pair<std::string_view, Severity> Kinds[] = {
      {"expected-error", Severity::Error},
      {"expected-warning", Severity::Warning},
      {"expected-note", Severity::Note},
      {"expected-remark", Severity::Remark}};
  bool ok = true;
  uint32_t line = 1;
  size_t lineStart = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      lineStart = i + 1;
      continue;
    }
    if (text[i] != 'e' || text.compare(i, 9, "expected-") != 0)
      continue;
    // Only inside a // comment on this line.
    std::string_view before = text.substr(lineStart, i - lineStart);
    if (before.find("//") == std::string_view::npos)
      continue;
    if (text.compare(i, 23, "expected-no-diagnostics") == 0) {
      if (!noDiagnostics)
        noDiagnostics = SourceLocation{0, line, uint32_t(i - lineStart + 1)};
      i += 22;
      continue;
    }
    const std::pair<std::string_view, Severity> *kind = nullptr;
    for (const auto &k : Kinds)
      if (text.compare(i, k.first.size(), k.first) == 0)
        kind = &k;
    if (!kind)
      continue;
    size_t p = i + kind->first.size();
    bool regex = text.compare(p, 3, "-re") == 0;
    if (regex)
      p += 3;
    Expectation e;
    e.severity = kind->second;
    e.line = line;
    e.writtenAt = line;
    auto bad = [&](diag::ID id, std::initializer_list<DiagArg> args = {}) {
      report.report(id, SourceLocation{0, line, uint32_t(i - lineStart + 1)},
                    args);
      ok = false;
    };
    auto wordChar = [](char c) {
      return std::isalnum((unsigned char)c) || c == '_' || c == '-';
    };
    if (p < text.size() && wordChar(text[p])) {
      // "expected-errors", "expected-error-regex": not a directive.
      size_t end = p;
      while (end < text.size() && wordChar(text[end]))
        ++end;
      bad(diag::err_verify_unknown_directive, {text.substr(i, end - i)});
      i = end - 1;
      continue;
    }
    if (p + 1 < text.size() && text[p] == '@' && text[p + 1] == '*') {
      p += 2;
      e.elsewhere = true;
    } else if (p < text.size() && text[p] == '@') {
      ++p;
      bool rel = p < text.size() && (text[p] == '+' || text[p] == '-');
      bool neg = rel && text[p] == '-';
      if (rel)
        ++p;
      size_t start = p;
      while (p < text.size() && std::isdigit((unsigned char)text[p]))
        ++p;
      if (p == start) {
        bad(diag::err_verify_line_number);
        continue;
      }
      // More digits than any file has lines: clamp before the arithmetic
      // (a huge offset must not wrap around to a plausible line).
      std::string_view digits = text.substr(start, p - start);
      int64_t n = digits.size() > 10
                      ? int64_t(1) << 40
                      : std::strtoll(std::string(digits).c_str(), nullptr, 10);
      int64_t target = rel ? (neg ? int64_t(line) - n : int64_t(line) + n) : n;
      if (target <= 0) {
        bad(diag::err_verify_offset);
        continue;
      }
      int64_t lines = std::count(text.begin(), text.end(), '\n') +
                      (text.empty() || text.back() != '\n' ? 1 : 0);
      if (target > lines) {
        bad(diag::err_verify_offset_past_end, {lines});
        continue;
      }
      e.line = uint32_t(target);
    }
    while (p < text.size() && text[p] == ' ')
      ++p;
    if (p < text.size() && std::isdigit((unsigned char)text[p])) {
      size_t start = p;
      while (p < text.size() && std::isdigit((unsigned char)text[p]))
        ++p;
      e.min = e.max = unsigned(std::strtoul(
          std::string(text.substr(start, p - start)).c_str(), nullptr, 10));
      if (p < text.size() && text[p] == '+') {
        e.max = ~0u;
        ++p;
      }
      while (p < text.size() && text[p] == ' ')
        ++p;
    }
    if (text.compare(p, 2, "{{") != 0) {
      bad(diag::err_verify_open,
          {std::string(kind->first) + (regex ? "-re" : "")});
      continue;
    }
    size_t eol = text.find('\n', p);
    size_t close = std::string_view::npos;
    if (!regex) {
      close = text.find("}}", p + 2);
    } else {
      // The regular expressions' own {{...}} nest inside the text's.
      int depth = 1;
      for (size_t k = p + 2; k + 1 < text.size() && k < eol; ++k) {
        if (text.compare(k, 2, "{{") == 0) {
          ++depth;
          ++k;
        } else if (text.compare(k, 2, "}}") == 0) {
          if (--depth == 0) {
            close = k;
            break;
          }
          ++k;
        }
      }
    }
    if (close == std::string_view::npos || close > eol) {
      bad(diag::err_verify_close);
      continue;
    }
    e.text = std::string(text.substr(p + 2, close - p - 2));
    if (regex) {
      std::string problem;
      e.pattern = directivePattern(e.text, compile, problem);
      if (!e.pattern) {
        bad(diag::err_verify_regex, {e.text, problem});
        continue;
      }
    }
    out.push_back(std::move(e));
    i = close + 1;
  }
  return ok;
}

} // namespace

bool verifyExpectations(const SourceFiles &files,
                        const std::vector<Diagnostic> &diags,
                        DiagnosticSink &report,
                        const RegexCompiler &compileRegex) {
  if (files.size() == 0) {
    report.report(diag::err_verify_no_source);
    return false;
  }
  std::vector<Expectation> expected;
  std::optional<SourceLocation> noDiagnostics;
  bool ok = parseExpectations(files.text(0), expected, report, compileRegex,
                              noDiagnostics);
  // As clang -verify: a file with no directive at all is a mistake (a
  // misspelt directive, or the wrong file), not a pass.
  if (noDiagnostics && !expected.empty()) {
    report.report(diag::err_verify_no_diagnostics_and_directives,
                  *noDiagnostics);
    ok = false;
  } else if (!noDiagnostics && expected.empty() && ok) {
    report.report(diag::err_verify_no_directives, SourceLocation{0, 1, 1});
    ok = false;
  }

  std::vector<Seen> seen;
  for (const Diagnostic &d : diags) {
    seen.push_back({d.severity, d.loc, displayedMessage(d)});
    for (const DiagNote &n : d.notes)
      seen.push_back({Severity::Note, n.loc, n.message});
  }
  // Each expectation takes up to `max` matching diagnostics on its line.
  for (Expectation &e : expected)
    for (Seen &s : seen) {
      if (s.matched || s.severity != e.severity || e.seen >= e.max)
        continue;
      bool here = !s.loc.isValid() ? false
                  : e.elsewhere    ? s.loc.fileId != 0
                                   : s.loc.fileId == 0 && s.loc.line == e.line;
      bool says = e.pattern ? e.pattern->search(s.text)
                            : s.text.find(e.text) != std::string::npos;
      if (here && says) {
        s.matched = true;
        ++e.seen;
      }
    }

  // What was expected and not seen, at the line it was expected on; what
  // was seen and not expected, where it was reported.
  for (const Expectation &e : expected)
    if (e.seen < e.min) {
      report.report(diag::err_verify_not_seen, SourceLocation{0, e.line, 1},
                    {severityName(e.severity), e.text, e.writtenAt});
      ok = false;
    }
  for (const Seen &s : seen)
    if (!s.matched) {
      report.report(diag::err_verify_unexpected, s.loc,
                    {severityName(s.severity), s.text});
      ok = false;
    }
  return ok;
}

} // namespace mscclc
