//===- fuzz_sim.cpp - libFuzzer target: plan reader and simulator --------===//
//
// Any bytes as a plan file: read, checked as `mscclc sim` checks it, then
// simulated at the smallest message size it accepts (two runs, one
// schedule, races on, a step limit so a livelock ends). Every outcome is a
// report or diagnostics; a crash, a sanitizer report, a leak or a timeout
// is a finding.
//
//===----------------------------------------------------------------------===//
#include "mscclc/json/JsonReader.h"
#include "mscclc/passes/CheckPlan.h"
#include "mscclc/passes/TargetChecks.h"
#include "mscclc/sim/Simulator.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mscclc::CollectingDiagnosticSink diags;
  std::string_view text(reinterpret_cast<const char *>(data), size);
  auto plan = mscclc::json::readPlanJson(text, diags);
  if (!plan)
    return 0;
  mscclc::passes::checkPlan(*plan, *mscclc::passes::findTarget("mscclpp-0.9"),
                            diags, mscclc::passes::PlanOrigin::JsonFile);
  if (diags.errorCount() != 0)
    return 0;
  mscclc::sim::SizeRange sizes = mscclc::sim::validSizes(*plan);
  // Small sizes keep one input to milliseconds; memory is what the sizes
  // and the plan's ranks make it.
  if (sizes.empty() || sizes.min > (uint64_t(1) << 16) ||
      plan->gpus.size() > 64)
    return 0;
  if (mscclc::sim::simulatedBytes(*plan, sizes.min) > (uint64_t(256) << 20))
    return 0;
  mscclc::sim::SimOptions o;
  o.size = sizes.min;
  o.runs = 2;
  o.schedules = 1;
  o.maxSteps = 200'000;
  mscclc::sim::simulate(*plan, o);
  return 0;
}
