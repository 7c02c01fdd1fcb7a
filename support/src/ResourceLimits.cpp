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
#include <mutex>
#include <new>
#include <string>
#include <sys/resource.h>
#include <unistd.h>
#include <vector>

#ifdef MSCCLC_SANITIZED
#include <sanitizer/allocator_interface.h>
#endif

namespace mscclc::support {

namespace {

thread_local bool recoverable = false;
void *reserve = nullptr;
uint64_t limitBytes = 0;
uint64_t requestedBytes = 0;
// A limit the parent process set below the ceiling --max-memory asks for
// (its value plus the reserves on top; the soft or hard RLIMIT_DATA, or
// RLIMIT_AS): 0 when there is none.
uint64_t parentLimitBytes = 0;
const char *parentLimitName = "";
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

MemoryRoom memoryRoom() {
  MemoryRoom room;
  unsigned long sizePages = 0, resident = 0, shared = 0, text = 0, lib = 0,
                dataPages = 0;
  FILE *statm = std::fopen("/proc/self/statm", "r");
  if (!statm)
    return room;
  const int read = std::fscanf(statm, "%lu %lu %lu %lu %lu %lu", &sizePages,
                               &resident, &shared, &text, &lib, &dataPages);
  std::fclose(statm);
  if (read != 6)
    return room;
  room.known = true;
  const uint64_t page = uint64_t(sysconf(_SC_PAGESIZE));
  auto fill = [&](int resource, uint64_t usedPages, LimitRoom &out) {
    struct rlimit rl;
    if (getrlimit(resource, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
      return;
    const uint64_t used = usedPages * page;
    out.set = true;
    out.limitBytes = uint64_t(rl.rlim_cur);
    out.roomBytes = out.limitBytes > used ? out.limitBytes - used : 0;
  };
  fill(RLIMIT_AS, sizePages, room.addressSpace);
  fill(RLIMIT_DATA, dataPages, room.data);
  return room;
}

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
    std::fprintf(stderr, "mscclc: error: out of memory (%s)\n",
                 memoryLimitText().raise.c_str());
  exitNow("", 1);
}

bool limitProcessMemory(uint64_t bytes) {
  std::set_new_handler(outOfMemory);
  if (!reserve)
    reserve = std::malloc(32u << 20);
  requestedBytes = bytes;
#ifdef MSCCLC_SANITIZED
  return false;
#else
  struct rlimit rl;
  if (getrlimit(RLIMIT_DATA, &rl) != 0)
    return false;
  // The limits the parent process set, read before the first call changes
  // the soft one (the driver sets a default, then the user's --max-memory).
  static const struct rlimit parentData = rl;
  static const struct rlimit parentAs = [] {
    struct rlimit as;
    if (getrlimit(RLIMIT_AS, &as) != 0)
      as.rlim_cur = as.rlim_max = RLIM_INFINITY;
    return as;
  }();
  // RLIMIT_DATA also counts reserved address space that is mostly never
  // touched: the front end thread's 512 MiB stack and the emergency
  // reserve. They come on top of the ceiling.
  const rlim_t wanted = rlim_t(bytes + (uint64_t(576) << 20));
  rlim_t want = wanted;
  parentLimitBytes = 0;
  // Never raise what the parent capped, softly (ulimit -S -d) or hard.
  for (rlim_t cap : {parentData.rlim_max, parentData.rlim_cur})
    if (cap != RLIM_INFINITY && want > cap) {
      want = cap;
      parentLimitBytes = uint64_t(cap);
      parentLimitName = "ulimit -d";
    }
  // RLIMIT_AS (ulimit -v) is not ours to change; it only names the limit.
  if (parentAs.rlim_cur != RLIM_INFINITY && parentAs.rlim_cur < wanted &&
      (parentLimitBytes == 0 ||
       uint64_t(parentAs.rlim_cur) < parentLimitBytes)) {
    parentLimitBytes = uint64_t(parentAs.rlim_cur);
    parentLimitName = "ulimit -v";
  }
  rl.rlim_cur = want;
  if (setrlimit(RLIMIT_DATA, &rl) != 0)
    return false;
  // What the user asked for: the reserves on top are ours, not theirs.
  limitBytes = std::min<uint64_t>(bytes, uint64_t(want));
  return true;
#endif
}

uint64_t processMemoryLimit() { return limitBytes; }

MemoryLimitText memoryLimitText(uint64_t ownLimitBytes) {
  if (parentLimitBytes)
    return {parentLimitBytes >> 20, parentLimitName,
            std::string("raise the limit with ") + parentLimitName +
                " (in KiB) in the shell that runs mscclc"};
  return maxMemoryText(ownLimitBytes    ? ownLimitBytes
                       : requestedBytes ? requestedBytes
                                        : limitBytes);
}

MemoryLimitText maxMemoryText(uint64_t bytes) {
  return {bytes >> 20, "--max-memory", "raise the limit with --max-memory=MiB"};
}

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

namespace {
// Recursive: an action may register another (a printer it makes) while the
// actions run.
std::recursive_mutex &exitActionsMutex() {
  static std::recursive_mutex m;
  return m;
}
std::vector<ExitNowAction *> &exitActions() {
  static std::vector<ExitNowAction *> actions;
  return actions;
}
} // namespace

ExitNowAction::ExitNowAction(std::function<void(int &status)> action)
    : action_(std::move(action)) {
  std::lock_guard lock(exitActionsMutex());
  exitActions().push_back(this);
}

ExitNowAction::~ExitNowAction() {
  std::lock_guard lock(exitActionsMutex());
  auto &actions = exitActions();
  actions.erase(std::remove(actions.begin(), actions.end(), this),
                actions.end());
}

void runExitNowActions(int &status) {
  std::lock_guard lock(exitActionsMutex());
  auto &actions = exitActions();
  // Each leaves the list before it runs: one that ends the process again
  // (out of memory while printing) does not run twice.
  while (!actions.empty()) {
    ExitNowAction *next = actions.back();
    actions.pop_back();
    next->action_(status);
  }
}

void exitNow(const char *message, int status) {
  // Callers deep inside Clang cannot know which command runs them.
  if (status == 1)
    status = inputErrorStatus;
  if (message && *message) {
    ssize_t ignored = ::write(2, message, std::strlen(message));
    (void)ignored;
  }
  runExitNowActions(status);
  removeTemporaries();
  std::fflush(stdout);
  std::fflush(stderr);
  ::_exit(status);
}

} // namespace mscclc::support
