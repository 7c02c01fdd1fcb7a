//===- JsonReader.h - MSCCL++ JSON plan to plan IR -----------------------===//
//
// Reads any MSCCL++ 0.9.0 execution plan (ours or upstream's) into plan IR so
// it can be simulated, diffed or re-emitted. The reader is strict: unknown or
// misplaced keys, wrong types and unknown enum spellings are errors that name
// the JSON path, because a typo in a hand-edited plan would otherwise be
// silently ignored by the executor.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/PlanIR.h"

#include <optional>
#include <string>
#include <string_view>

namespace mscclc::json {

// Parses `text`. On failure returns nullopt and sets `error` to either
// "LINE:COL: <syntax problem>" or "<json path>: <problem>", e.g.
// `gpus[1].threadblocks[3].ops[7]: unknown op "foo"`.
std::optional<mscclc::plan::Plan> readPlanJson(std::string_view text,
                                               std::string &error);

// Reads and parses a file; errors are prefixed with "<path>: ".
std::optional<mscclc::plan::Plan> readPlanFile(const std::string &path,
                                               std::string &error);

} // namespace mscclc::json
