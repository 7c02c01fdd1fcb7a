//===- ResourceLimits.cpp - a memory ceiling that ends in a clean error --===//
//
// See ResourceLimits.h. The emergency reserve is what lets the reporter
// format a located message after malloc has started failing.
//
//===----------------------------------------------------------------------===//
#include "mscclc/support/ResourceLimits.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <malloc.h>
#include <new>
#include <sys/resource.h>
#include <unistd.h>

#ifdef MSCCLC_SANITIZED
#include <sanitizer/allocator_interface.h>
#endif

namespace mscclc::support {

namespace {

thread_local bool recoverable = false;
void *reserve = nullptr;
uint64_t limitBytes = 0;
OutOfMemoryReporter reporter = nullptr;
void *reporterContext = nullptr;

// Set by the first thread to run out for good; lowering's workers can run
// out at the same time, and only one of them may free the reserve and
// report.
std::atomic<bool> reporting{false};
thread_local bool thisThreadReports = false;
int inputErrorStatus = 1;

void outOfMemory() {
  if (recoverable && !reporting.load())
    throw std::bad_alloc();
  outOfMemoryNow();
}

} // namespace

void outOfMemoryNow() {
  if (thisThreadReports) // the reporter itself ran out: say the least
    exitNow("mscclc: error: out of memory\n", 1);
  if (reporting.exchange(true)) {
    // Another thread is reporting and will end the process; two reports,
    // or two frees of the reserve, would be worse than waiting for it.
    for (;;)
      pause();
  }
  thisThreadReports = true;
  std::free(reserve);
  reserve = nullptr;
  if (reporter)
    reporter(reporterContext);
  else
    std::fputs("mscclc: error: out of memory (raise the limit with "
               "--max-memory=MiB)\n",
               stderr);
  exitNow("", 1);
}

bool limitProcessMemory(uint64_t bytes) {
  std::set_new_handler(outOfMemory);
  if (!reserve)
    reserve = std::malloc(32u << 20);
#ifdef MSCCLC_SANITIZED
  (void)bytes;
  return false;
#else
  struct rlimit rl;
  if (getrlimit(RLIMIT_DATA, &rl) != 0)
    return false;
  // RLIMIT_DATA also counts reserved address space that is mostly never
  // touched: the front end thread's 512 MiB stack and the emergency
  // reserve. They come on top of the ceiling.
  rlim_t want = rlim_t(bytes + (uint64_t(576) << 20));
  if (rl.rlim_max != RLIM_INFINITY && want > rl.rlim_max)
    want = rl.rlim_max; // never raise what the parent capped
  rl.rlim_cur = want;
  if (setrlimit(RLIMIT_DATA, &rl) != 0)
    return false;
  // What the user asked for: the reserves on top are ours, not theirs.
  limitBytes = std::min<uint64_t>(bytes, uint64_t(want));
  return true;
#endif
}

uint64_t processMemoryLimit() { return limitBytes; }

HeapUsage heapUsage() {
#ifdef MSCCLC_SANITIZED
  return {__sanitizer_get_current_allocated_bytes(), 0};
#else
  struct mallinfo2 mi = mallinfo2();
  // ordblks counts the free blocks in the bins, smblks those in fastbins:
  // the blocks mallinfo2 just walked.
  return {uint64_t(mi.uordblks) + uint64_t(mi.hblkhd),
          uint64_t(mi.ordblks) + uint64_t(mi.smblks)};
#endif
}

void setOutOfMemoryReporter(OutOfMemoryReporter r, void *context) {
  reporter = r;
  reporterContext = context;
}

RecoverableAllocations::RecoverableAllocations() : previous_(recoverable) {
  recoverable = true;
}

RecoverableAllocations::~RecoverableAllocations() { recoverable = previous_; }

void setInputErrorExitStatus(int status) { inputErrorStatus = status; }

void exitNow(const char *message, int status) {
  // Callers deep inside Clang cannot know which command runs them.
  if (status == 1)
    status = inputErrorStatus;
  if (message && *message) {
    ssize_t ignored = ::write(2, message, std::strlen(message));
    (void)ignored;
  }
  removeTemporaries();
  std::fflush(stdout);
  std::fflush(stderr);
  ::_exit(status);
}

} // namespace mscclc::support
