//===- PhaseTimes.cpp - --time-phases -------------------------------------===//
#include "mscclc/support/PhaseTimes.h"

#include <atomic>
#include <cstdio>
#include <sys/resource.h>
#include <unistd.h>

namespace mscclc::support {

namespace {
bool enabled = false;
std::chrono::steady_clock::time_point processStart;
// Atomic: phases start on the front end's thread too.
std::atomic<PhaseStartHook> phaseStartHook{nullptr};

// The second field of /proc/self/statm, or -1 where there is none.
long residentPages() {
  std::FILE *f = std::fopen("/proc/self/statm", "r");
  if (!f)
    return -1;
  long size = 0, resident = -1;
  if (std::fscanf(f, "%ld %ld", &size, &resident) != 2)
    resident = -1;
  std::fclose(f);
  return resident;
}

double millisecondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - t)
      .count();
}
} // namespace

void enablePhaseTimes() {
  if (!enabled)
    processStart = std::chrono::steady_clock::now();
  enabled = true;
}

bool phaseTimesEnabled() { return enabled; }

void setPhaseStartHook(PhaseStartHook hook) {
  phaseStartHook.store(hook, std::memory_order_relaxed);
}

void runPhaseStartHook() {
  if (PhaseStartHook hook = phaseStartHook.load(std::memory_order_relaxed))
    hook();
}

void reportPhase(std::string_view phase, double milliseconds,
                 std::string_view detail) {
  if (!enabled)
    return;
  // One write per line: stderr is unbuffered, and diagnostics printed in
  // between must not split a line.
  std::string line = "time: " + std::string(phase);
  if (line.size() < 32)
    line.resize(32, ' ');
  char number[64];
  std::snprintf(number, sizeof number, " %9.1f ms", milliseconds);
  line += number;
  // Resident memory as the phase ends: where the peak builds up.
  if (long pages = residentPages(); pages >= 0) {
    std::snprintf(number, sizeof number, "  rss %5ld MB",
                  (pages * ::sysconf(_SC_PAGESIZE) + (1 << 19)) >> 20);
    line += number;
  }
  if (!detail.empty())
    line += " (" + std::string(detail) + ")";
  line += '\n';
  std::fputs(line.c_str(), stderr);
}

void reportPhaseTotal() {
  if (!enabled)
    return;
  struct rusage usage {};
  std::string detail;
  if (::getrusage(RUSAGE_SELF, &usage) == 0)
    detail =
        "peak RSS " + std::to_string((usage.ru_maxrss + 512) / 1024) + " MB";
  reportPhase("total", millisecondsSince(processStart), detail);
}

void PhaseTimer::stop(std::string_view detail) {
  if (!enabled_)
    return;
  enabled_ = false;
  reportPhase(phase_, millisecondsSince(start_), detail);
}

} // namespace mscclc::support
