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

#include "mscclc/ir/Diagnostics.h"
#include "mscclc/ir/PlanIR.h"

#include <memory>

#include <optional>
#include <string>
#include <string_view>

namespace mscclc::json {

// Parses `text`. Problems are reported to `diags`: syntax errors at a
// location in file `fileId` (when it is an id of the caller's SourceFiles),
// structural ones with the JSON path of the offending value, e.g.
// `gpus[1].threadblocks[3].ops[7]: unknown op "foo"`.
std::optional<mscclc::plan::Plan>
readPlanJson(std::string_view text, DiagnosticSink &diags, int32_t fileId = -1);

// Reads and parses a file ("-" is stdin). The file is added to `files`
// (when given), so a printer holding the table shows the line of a syntax
// error; its text is dropped again once the plan has been read.
std::optional<mscclc::plan::Plan>
readPlanFile(const std::string &path, DiagnosticSink &diags,
             std::shared_ptr<SourceFiles> files = nullptr);

} // namespace mscclc::json
