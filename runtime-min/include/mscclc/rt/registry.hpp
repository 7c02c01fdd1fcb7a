//===- registry.hpp - runtime-min: baked plans and a selector -------------===//
//
// The C++ face of the Python `mscclpp` plan registry: baked plans are
// registered with the constraints they were made for (collective, world
// size, ranks per node, message-size range, tags), and a selector picks
// the plan for each collective call.
//
//   mscclc::rt::Registry registry;
//   registry.add({&allgather::plan_info, &allgather::kernels_for<>,
//                 "allgather", 8, 8, 0, 1 << 20, {"nvlink"}});
//   const mscclc::rt::BakedPlan *plan =
//       registry.select({"allgather", 8, 8, bytes, {}});
//   const mscclc::rt::KernelFn *kernels =
//       plan->kernels(mscclc::rt::DType::F32, mscclc::rt::PacketType::LL16);
//
// Selection: of the plans whose collective, world size and ranks per node
// equal the request's, whose [minBytes, maxBytes] holds its size, which
// take that size (layout::acceptsSize: within the plan's own
// min/max_message_size, a multiple of its chunk sizes) and whose tags
// include all of the request's, the custom selector (when one is set)
// chooses; otherwise the plan with the narrowest size range, the first
// registered on a tie. No match: nullptr.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/rt/device.hpp"
#include "mscclc/rt/layout.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace mscclc::rt {

struct BakedPlan {
  const PlanInfo *info = nullptr;
  // The baked file's kernels_for<>: a rank's kernels per element type and
  // packet format (null where the file was not baked for them).
  const KernelFn *(*kernels)(DType, PacketType) = nullptr;
  std::string collective;
  int worldSize = 0;
  int ranksPerNode = 0;
  uint64_t minBytes = 0;
  uint64_t maxBytes = UINT64_MAX;
  std::vector<std::string> tags;
};

struct Request {
  std::string collective;
  int worldSize = 0;
  int ranksPerNode = 0;
  uint64_t bytes = 0;
  std::vector<std::string> tags; // every one must be on the plan
};

class Registry {
public:
  using Selector = std::function<const BakedPlan *(
      const std::vector<const BakedPlan *> &candidates, const Request &)>;

  // Registers a plan; false (nothing registered) when it is incomplete or
  // contradicts its own plan_info (collective, world size).
  bool add(BakedPlan plan) {
    if (!plan.info || !plan.kernels || plan.minBytes > plan.maxBytes ||
        plan.worldSize != plan.info->ranks || plan.ranksPerNode <= 0 ||
        plan.collective != plan.info->collective)
      return false;
    plans_.push_back(std::move(plan));
    return true;
  }

  void setSelector(Selector selector) { selector_ = std::move(selector); }

  const BakedPlan *select(const Request &request) const {
    std::vector<const BakedPlan *> candidates;
    for (const BakedPlan &p : plans_)
      if (matches(p, request))
        candidates.push_back(&p);
    if (candidates.empty())
      return nullptr;
    if (selector_)
      return selector_(candidates, request);
    return *std::min_element(candidates.begin(), candidates.end(),
                             [](const BakedPlan *a, const BakedPlan *b) {
                               return a->maxBytes - a->minBytes <
                                      b->maxBytes - b->minBytes;
                             });
  }

  const std::vector<BakedPlan> &plans() const { return plans_; }

private:
  static bool matches(const BakedPlan &p, const Request &r) {
    if (p.collective != r.collective || p.worldSize != r.worldSize ||
        p.ranksPerNode != r.ranksPerNode || r.bytes < p.minBytes ||
        r.bytes > p.maxBytes || !layout::acceptsSize(*p.info, r.bytes))
      return false;
    for (const std::string &tag : r.tags)
      if (std::find(p.tags.begin(), p.tags.end(), tag) == p.tags.end())
        return false;
    return true;
  }

  std::vector<BakedPlan> plans_;
  Selector selector_;
};

} // namespace mscclc::rt
