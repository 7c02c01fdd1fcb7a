//===- PlanDiff.h - what changed between two plans, in words --------------===//
//
// A semantic diff of two plans, built on the plan-IR resolvers (PlanQuery):
// every op is described with its ids resolved — channels to the peer at
// the other end (and which of the channels to that peer), buffers to
// (rank, buffer, chunk range) — so two plans whose channel, remote-buffer
// or thread-block-local ids were merely renumbered compare equal, and a
// change reads as
//
//   rank 3 tb 2 op 7: put input[4:5] -> rank 5 scratch[2:3] became
//                     put input[4:5] -> rank 5 scratch[3:4]
//
// Compared: the plan's options (name, collective, protocol, in place,
// thread count, message sizes, ...), the ranks present, per rank its chunk
// counts, semaphores' initial values, declared channels (as sorted peer
// lists) and thread blocks, and per thread block its ops in order (an
// alignment of the two op lists: ops added, removed, or changed in place).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/PlanIR.h"
#include "mscclc/ir/PlanQuery.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace mscclc::diff {

struct Difference {
  enum class Kind { Changed, Added, Removed };
  Kind kind = Kind::Changed;
  // What it is about, e.g. "option protocol", "rank 3",
  // "rank 3 tb 2", "rank 3 tb 2 op 7" (op index in B for added and
  // changed ops, in A for removed ones).
  std::string where;
  // The category counted in the summary: "option", "rank", "rank
  // attribute", "thread block", "op".
  std::string category;
  std::string before, after; // empty for added / removed respectively
};

struct PlanDiff {
  std::vector<Difference> differences;
  size_t ranks = 0, ops = 0; // of plan B, for the summary of equal plans
  bool equal() const { return differences.empty(); }
};

// Both plans must have passed plan::verify (every id resolves).
PlanDiff diffPlans(const plan::Plan &a, const plan::Plan &b);

// One op of a plan, ids resolved (the words the diff uses).
std::string describeOp(const plan::PlanQuery &q, int32_t rank, int32_t tb,
                       const plan::Op &op);

// One line per difference and a summary line; for `mscclc diff`.
std::string renderText(const PlanDiff &d);
std::string summary(const PlanDiff &d);
nlohmann::ordered_json renderJson(const PlanDiff &d);

} // namespace mscclc::diff
