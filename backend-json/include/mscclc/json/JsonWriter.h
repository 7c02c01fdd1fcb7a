//===- JsonWriter.h - plan IR to MSCCL++ JSON text -----------------------===//
//
// Serialises a plan in the exact text layout of the reference DSL (Python
// `json.dumps(obj, indent=2)` plus the newline `print` adds), so output can
// be compared byte for byte with upstream plans.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/PlanIR.h"

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace mscclc::json {

// The whole plan as JSON text ending in exactly one "\n". Keys appear in the
// reference DSL's order. Which optional keys an op carries, and the form of
// each src_buff/dst_buff entry, follow from its kind (OpKinds.def);
// `reduce_op` and `tbg_info` are written when set.
std::string writePlanJson(const mscclc::plan::Plan &plan);

// Receives the text in order, piece by piece; returns false to report a
// failed write.
using PlanTextSink = std::function<bool(std::string_view)>;
// Plans of at least this many op entries (plan::countOpEntries: ops and
// their operand and channel entries, about 2 MB of text) have every second
// gpu's text made on a helper thread, unless MSCCLC_THREADS=1 or there is
// one gpu. The text is the same either way.
constexpr size_t DefaultHelperFromEntries = 16384;

// The same text handed to `sink` in pieces of at most about a megabyte, so
// a large plan never sits in memory whole. False when the sink failed.
// `helperFromEntries` sets the helper's threshold in op entries (tests: 0
// always, SIZE_MAX never).
bool writePlanJson(const mscclc::plan::Plan &plan, const PlanTextSink &sink,
                   size_t helperFromEntries = DefaultHelperFromEntries);

} // namespace mscclc::json
