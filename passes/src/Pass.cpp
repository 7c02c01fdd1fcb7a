//===- Pass.cpp -----------------------------------------------------------===//
#include "mscclc/passes/Pass.h"

#include <algorithm>

namespace mscclc::passes {
Pass::~Pass() = default;

bool pipelineRunsOnce(const chunk::Program &p, const chunk::Rank &rank,
                      const chunk::OpDetails &pd) {
  int64_t chunks =
      p.collective == "allgather" ? rank.outputChunks : rank.inputChunks;
  if (chunks <= 0)
    chunks = rank.inputChunks > 0 ? rank.inputChunks : rank.outputChunks;
  chunks *= std::max<int64_t>(p.instances, 1);
  // The executor keeps the unit in 32 bits (-Wpipeline-unit-too-large).
  uint64_t unit = uint32_t(pd.unitSize);
  if (p.maxMessageSize == UINT64_MAX || unit == 0 || chunks <= 0)
    return false;
  return double(p.maxMessageSize) / double(chunks) * double(pd.numChunks) <=
         double(unit);
}
} // namespace mscclc::passes
