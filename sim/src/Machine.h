//===- Machine.h - one simulated schedule of a plan -----------------------===//
//
// The state of every rank (memories, semaphores, packets, barriers, the
// port-channel proxy), one agent per thread block, and a seeded scheduler
// that runs one agent step at a time until every rank has executed the
// plan `runs` times, or nothing can run. Machine.cpp holds the op-by-op
// semantics (executor-semantics §3) and the happens-before edges of §6.3.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Layout.h"

#include <functional>
#include <memory>
#include <string>

namespace mscclc::sim {

struct ScheduleResult {
  uint64_t steps = 0;
  uint64_t bytesMoved = 0;
  std::string trace;      // Chrome trace JSON, when options.tracePath is set
  double hostSeconds = 0; // spent filling inputs and checking outputs
};

using FindingSink = std::function<void(Finding)>;

// Runs one schedule. `dump`/`tracePath` in `options` are honoured when
// set (the caller passes them for the first schedule only).
ScheduleResult runSchedule(const plan::Plan &plan, const PlanLayout &layout,
                           const SimOptions &options, uint64_t seed,
                           int32_t schedule, const FindingSink &sink);

} // namespace mscclc::sim
