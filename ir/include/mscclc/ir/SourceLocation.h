//===- SourceLocation.h - user source positions carried through the IR ---===//
//
// A location is a (file, line, column) triple whose file is an index into a
// SourceFiles table. The table owns each file's name and text, so anything
// holding a program or plan can print `file:line:col` with the source line
// and a caret long after Clang is gone: the simulator, the CUDA backend and
// the driver all render diagnostics the same way. The IR never depends on
// Clang; the front end fills the table while it maps Clang's locations.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace mscclc {

struct SourceLocation {
  // Index into the owning SourceFiles table; -1 when unknown.
  int32_t fileId = -1;
  uint32_t line = 0;
  uint32_t column = 0;

  bool isValid() const { return fileId >= 0 && line > 0; }
  bool operator==(const SourceLocation &) const = default;
  bool operator<(const SourceLocation &o) const {
    if (fileId != o.fileId)
      return fileId < o.fileId;
    if (line != o.line)
      return line < o.line;
    return column < o.column;
  }
};

// The files a program's locations point into: the algorithm file first,
// then any header a location or diagnostic mentions.
class SourceFiles {
public:
  // Adds a file and returns its id.
  int32_t add(std::string path, std::string text);
  // The id of a file added under `path`, or -1.
  int32_t find(std::string_view path) const;
  size_t size() const { return files_.size(); }
  const std::string &path(int32_t id) const {
    return files_.at(size_t(id)).path;
  }
  std::string_view text(int32_t id) const { return files_.at(size_t(id)).text; }
  // The text of `loc`'s line without its newline ("" when unknown).
  std::string_view lineText(SourceLocation loc) const;
  // Frees a file's text (its name stays): for large inputs that are no
  // longer needed for carets.
  void dropText(int32_t id) {
    File &f = files_.at(size_t(id));
    std::string().swap(f.text);
    std::vector<uint32_t>().swap(f.lineStarts);
  }
  // "path:line:col", or "" for an invalid location.
  std::string describe(SourceLocation loc) const;

private:
  struct File {
    std::string path;
    std::string text;
    // Where each line after the first starts, built when the file is
    // added: a diagnostic per op of a large input would otherwise scan the
    // file from its start each time. Empty for a file of 4 GB or more.
    std::vector<uint32_t> lineStarts;
  };
  // A deque: adding a file must not move the others, whose texts callers
  // hold views of (a short text lives inside its std::string, and moving
  // the string moved it: a 12-byte .cir was read after it had moved).
  std::deque<File> files_;
};

} // namespace mscclc
