//===- PhaseTimes.h - --time-phases: wall time of each compile phase ------===//
//
// `mscclc --time-phases` prints one line per phase on stderr as the phase
// ends, in the order the phases run, with the resident memory at its end:
//
//   time: <phase, padded>  <milliseconds> ms  rss <MB> MB[ (<detail>)]
//
// The phases are timed where they run (the front end, each pass, lowering,
// the checks, the writer) through a process-wide switch, so that code deep in
// a library needs no extra parameter to take part. Off by default: a
// disabled PhaseTimer reads no clock.
//
// Phase starts are also where a command may do process-wide housekeeping
// that should follow the compile's progress (compile advises the heap it
// grew, see HeapReservation.h): it installs a hook, called at every phase
// start whether or not phases are timed.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace mscclc::support {

void enablePhaseTimes();
bool phaseTimesEnabled();

// Calls `hook` at the start of every phase from now on, on the thread that
// starts it (so it must be thread-safe); null removes it. Set once, before
// any other thread starts a phase.
using PhaseStartHook = void (*)();
void setPhaseStartHook(PhaseStartHook hook);
// Calls the hook, if one is set.
void runPhaseStartHook();

// Prints one phase line (when enabled).
void reportPhase(std::string_view phase, double milliseconds,
                 std::string_view detail = {});

// Prints the closing line: wall time since the process called
// enablePhaseTimes() and the peak resident set size so far.
void reportPhaseTotal();

// Times one phase from construction to stop() or destruction.
class PhaseTimer {
public:
  explicit PhaseTimer(std::string phase)
      : enabled_(phaseTimesEnabled()),
        phase_(enabled_ ? std::move(phase) : std::string()) {
    runPhaseStartHook();
    if (enabled_)
      start_ = std::chrono::steady_clock::now();
  }
  ~PhaseTimer() { stop(); }
  PhaseTimer(const PhaseTimer &) = delete;
  PhaseTimer &operator=(const PhaseTimer &) = delete;

  // Ends the phase now, with an optional detail in parentheses. Later calls
  // do nothing.
  void stop(std::string_view detail = {});

private:
  bool enabled_;
  std::string phase_;
  std::chrono::steady_clock::time_point start_;
};

// Phases that follow one another (Clang set-up, parse and sema, ...):
// starting one ends the one before.
class PhaseSequence {
public:
  void start(std::string phase) {
    stop();
    // Timed, the PhaseTimer's constructor runs the hook; untimed, no timer
    // is made (to spare its string), so the hook runs here: once either way.
    if (phaseTimesEnabled())
      current_.emplace(std::move(phase));
    else
      runPhaseStartHook();
  }
  void stop(std::string_view detail = {}) {
    if (current_) {
      current_->stop(detail);
      current_.reset();
    }
  }

private:
  std::optional<PhaseTimer> current_;
};

} // namespace mscclc::support
