//===- JsonWriter.h - plan IR to MSCCL++ JSON text -----------------------===//
//
// Serialises a plan in the exact text layout of the reference DSL (Python
// `json.dumps(obj, indent=2)` plus the newline `print` adds), so output can
// be compared byte for byte with upstream plans.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/PlanIR.h"

#include <string>
#include <string_view>

namespace mscclc::json {

// The whole plan as JSON text ending in exactly one "\n". Keys appear in the
// reference DSL's order. Optional op fields follow the op's flags:
// `channel_ids` iff hasChannelIds, `channel_type` iff hasChannelType,
// `reduce_op` / `tbg_info` iff set. `src_buff`/`dst_buff` are always written
// for data-moving ops and, for other kinds, only when non-empty.
std::string writePlanJson(const mscclc::plan::Plan &plan);

// Writes `content` to `path` through a temporary file in the same directory
// and a rename, so readers never see a partial file and a failure leaves any
// previous file untouched. Path "-" writes to stdout. On failure returns
// false and sets `error` (which names the path).
bool writeFileAtomically(const std::string &path, std::string_view content,
                         std::string &error);

} // namespace mscclc::json
