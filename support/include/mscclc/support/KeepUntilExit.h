//===- KeepUntilExit.h - large structures left for the process's exit ----===//
//
// The mscclc command compiles once (or twice) and exits. Freeing what a
// large compile built (a 128-rank plan's chunk IR and plan IR: about a
// million operand lists) block by block costs tens of milliseconds that
// the kernel does at once when the process ends, as clang's -disable-free
// does for its AST. A command hands such structures here instead of
// destroying them. They stay reachable from a global, so a leak checker
// does not report them; sanitizer builds free everything as usual (the
// callers check support::SanitizerBuild), so that their leak check still
// covers these structures.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <memory>

namespace mscclc::support {

// Keeps `object` alive until the process exits; its destructor never runs.
// Safe to call from any thread. Only for a process that exits soon after,
// and not in a sanitizer build (check support::SanitizerBuild first): what
// is kept here is out of LeakSanitizer's sight.
void keepUntilExit(std::shared_ptr<const void> object);

// The same for an owned object; returns it (null for null).
template <typename T> T *keepUntilExit(std::unique_ptr<T> object) {
  T *kept = object.get();
  if (kept)
    keepUntilExit(std::shared_ptr<const void>(std::move(object)));
  return kept;
}

} // namespace mscclc::support
