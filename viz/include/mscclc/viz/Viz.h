//===- Viz.h - a plan as one self-contained HTML page (mscclc viz) -------===//
//
// The page (viz/assets/viewer.html, compiled in) draws a lane per (rank,
// thread block), the ops as boxes in order, coloured by kind, and arrows
// between ranks. What it draws is a model built here from plan IR:
//
//   lanes   one per thread block, ordered by rank then thread block; each
//           op (a pipeline is one box) with its kind, its words from
//           `mscclc diff` (ids resolved to peers and buffers) and its
//           source line when the plan was compiled here;
//   edges   "signal": the k-th signal a rank sends on a channel (counted
//           in thread-block order, then op order) to the k-th wait on the
//           paired channel of the peer, as the executor pairs channels;
//           "data": an op that writes a peer's memory to the op on that
//           peer that reads those chunks after the wait the write's
//           signal releases (plain data), or that reads the packets it
//           wrote (packet data).
//
// Arrows are matched statically, from the plan alone: where several thread
// blocks share one channel, the k-th pairing stands for one possible run.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/PlanIR.h"

#include <nlohmann/json.hpp>

#include <string>

namespace mscclc::viz {

// The model the page draws ("format": "mscclc-viz-1"). `source` names the
// algorithm file, or is empty for a plan read from JSON.
nlohmann::ordered_json buildModel(const plan::Plan &plan,
                                  const std::string &source);

// The page with `model` embedded (escaped so that no text of the plan can
// end the script element; non-ASCII as \u escapes).
std::string renderHtml(const nlohmann::ordered_json &model);

} // namespace mscclc::viz
