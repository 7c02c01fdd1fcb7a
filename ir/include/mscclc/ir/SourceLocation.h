//===- SourceLocation.h - user source positions carried through the IR ---===//
//
// A plain file:line:col triple. The IR never depends on Clang; the front end
// converts clang::SourceLocation into this, and diagnostics produced after
// the front end (passes, target checks) map it back for Clang-style output.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>

namespace mscclc {

struct SourceLocation {
  // Index into the owning program's file table; -1 when unknown.
  int32_t fileId = -1;
  uint32_t line = 0;
  uint32_t column = 0;
  // Opaque encoding of the Clang location, so the front end can re-emit
  // notes with carets. 0 when unknown.
  uint32_t rawClangLoc = 0;

  bool isValid() const { return fileId >= 0 && line > 0; }
};

} // namespace mscclc
