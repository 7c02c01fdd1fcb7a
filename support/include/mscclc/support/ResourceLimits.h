//===- ResourceLimits.h - a memory ceiling that ends in a clean error ----===//
//
// `--max-memory` caps the memory the whole process may use (RLIMIT_DATA:
// heap and anonymous mappings), so that no input — an evaluator bomb or a
// Clang-side one such as a template or macro explosion — can exhaust the
// machine. Running out is never a crash:
//  - inside an AllocationScope marked recoverable (the evaluator) an
//    allocation failure throws std::bad_alloc to our own code, which turns
//    it into a located error;
//  - anywhere else (inside Clang, in LLVM's allocators) the registered
//    out-of-memory reporter runs on an emergency reserve released for it,
//    temporaries are removed and the process exits with status 1 (or what
//    setInputErrorExitStatus chose).
// Sanitizer builds keep their own allocator limits (RLIMIT_DATA would break
// ASan's shadow memory).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#if defined(__SANITIZE_ADDRESS__)
#define MSCCLC_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MSCCLC_SANITIZED 1
#endif
#endif

namespace mscclc::support {

// An AddressSanitizer build: no process ceiling (it would break ASan's
// shadow memory), so budgets are checked more often instead.
#ifdef MSCCLC_SANITIZED
inline constexpr bool SanitizerBuild = true;
#else
inline constexpr bool SanitizerBuild = false;
#endif

// Bytes the allocator has handed out and not taken back, and how many free
// blocks the allocator walked to count them:
// glibc's count visits every free block, so on a fragmented heap (tens of
// thousands of them) one reading takes milliseconds, and callers space
// their readings by it. A sanitizer build's count is one read (0 blocks).
struct HeapUsage {
  uint64_t bytesInUse = 0;
  uint64_t freeBlocksWalked = 0;
};
HeapUsage heapUsage();

// Applies the ceiling (bytes) and installs the out-of-memory handlers.
// Returns false when the limit could not be set (it is then not enforced).
bool limitProcessMemory(uint64_t bytes);
// The ceiling as --max-memory gave it (bytes; lower when the parent's
// limit is lower), without the reserves added on top; 0 when none was set.
uint64_t processMemoryLimit();

// What RLIMIT_AS (ulimit -v) and RLIMIT_DATA (ulimit -d, or the ceiling
// --max-memory sets) leave beyond what the process uses now (its address
// space and data, from /proc/self/statm). A limit that is not set has
// `set` false; `known` is false where the usage cannot be read.
struct LimitRoom {
  bool set = false;
  uint64_t limitBytes = 0;
  uint64_t roomBytes = 0;
};
struct MemoryRoom {
  bool known = false;
  LimitRoom addressSpace; // RLIMIT_AS
  LimitRoom data;         // RLIMIT_DATA
};
MemoryRoom memoryRoom();

// How a message names the ceiling memory ran into: --max-memory's (or
// `ownLimitBytes`, a budget of the caller's under it), or a lower limit
// the parent process set (ulimit -v or -d), which --max-memory cannot
// raise; `raise` says what to do.
struct MemoryLimitText {
  uint64_t mib = 0;
  std::string setBy; // "--max-memory", "ulimit -v", "ulimit -d"
  std::string raise; // "raise the limit with ..."
};
MemoryLimitText memoryLimitText(uint64_t ownLimitBytes = 0);
// The same for a budget of `bytes` that --max-memory set, whatever the
// parent's limits.
MemoryLimitText maxMemoryText(uint64_t bytes);

// Called once when memory runs out outside a recoverable scope; it prints
// what happened (it may allocate a little: a reserve was freed for it).
// The process exits with status 1 (see setInputErrorExitStatus) after it
// returns.
using OutOfMemoryReporter = void (*)(void *context);
void setOutOfMemoryReporter(OutOfMemoryReporter reporter, void *context);

// Memory has run out where no exception may be thrown (LLVM's own
// allocators report failure through a handler that must not return): runs
// the reporter on the emergency reserve and exits with status 1.
[[noreturn]] void outOfMemoryNow();

// While one lives on this thread, allocation failures throw std::bad_alloc.
class RecoverableAllocations {
public:
  RecoverableAllocations();
  ~RecoverableAllocations();
  RecoverableAllocations(const RecoverableAllocations &) = delete;
  RecoverableAllocations &operator=(const RecoverableAllocations &) = delete;

private:
  bool previous_;
};

// Removes the registered temporaries now (for an exit that skips
// destructors).
void removeTemporaries();

// What must still happen when exitNow() ends the process without
// unwinding: the closing words of the command that runs (its summary line,
// --verify's verdict) and of the run (the json or sarif document of
// -fdiagnostics-format). An action is registered while the object lives;
// exitNow() runs the registered ones, the newest first, once. An action may
// change the exit status.
class ExitNowAction {
public:
  explicit ExitNowAction(std::function<void(int &status)> action);
  ~ExitNowAction();
  ExitNowAction(const ExitNowAction &) = delete;
  ExitNowAction &operator=(const ExitNowAction &) = delete;

private:
  friend void runExitNowActions(int &status);
  std::function<void(int &status)> action_;
};

// Runs the registered ExitNowActions, the newest first, each once (exitNow
// calls it; for tests).
void runExitNowActions(int &status);

// Prints `message` (already formatted) to stderr, runs the ExitNowActions,
// removes temporaries and exits with `status`, without running
// destructors: for limits hit deep inside Clang, where unwinding is not
// possible. Status 1 (errors in the input, which is also how running out of
// memory ends) is replaced by the one setInputErrorExitStatus chose.
[[noreturn]] void exitNow(const char *message, int status);

// Sets the status that exitNow() and outOfMemoryNow() use for errors in the
// input; 1 unless a command whose status 1 means something else changes it
// (mscclc sim, where 1 is a failed check, uses 2).
void setInputErrorExitStatus(int status);

} // namespace mscclc::support
