//===- JsonWriter.h - plan IR to MSCCL++ JSON text -----------------------===//
//
// Serialises a plan in the exact text layout of the reference DSL (Python
// `json.dumps(obj, indent=2)` plus the newline `print` adds), so output can
// be compared byte for byte with upstream plans.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/PlanIR.h"

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
// The same text handed to `sink` in pieces of about a megabyte, so a large
// plan never sits in memory whole. False when the sink failed.
bool writePlanJson(const mscclc::plan::Plan &plan, const PlanTextSink &sink);

} // namespace mscclc::json
