//===- fuzz_plan.cpp - libFuzzer target: plan reader and checks ----------===//
//
// Any bytes as a plan file: the JSON reader, then the plan verifier, the
// target's limits and defect checks (what `mscclc check-plan` runs). Every
// outcome is a plan or diagnostics; a crash, a sanitizer report or a leak
// is a finding.
//
//===----------------------------------------------------------------------===//
#include "mscclc/json/JsonReader.h"
#include "mscclc/passes/CheckPlan.h"
#include "mscclc/passes/TargetChecks.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mscclc::CollectingDiagnosticSink diags;
  std::string_view text(reinterpret_cast<const char *>(data), size);
  auto plan = mscclc::json::readPlanJson(text, diags);
  if (plan)
    mscclc::passes::checkPlan(*plan, *mscclc::passes::findTarget("mscclpp-0.9"),
                              diags, mscclc::passes::PlanOrigin::JsonFile);
  return 0;
}
