//===- TargetChecks.cpp - limits of the target executor ------------------===//
#include "mscclc/passes/TargetChecks.h"

namespace mscclc::passes {

const std::vector<TargetLimits> &knownTargets() {
  // executor-semantics.md §1.10 for MSCCL++ 0.9.0.
  static const std::vector<TargetLimits> targets = {
      {"mscclpp-0.9", 64, 16, 16, 8, 10, 16, 16},
  };
  return targets;
}

const TargetLimits *findTarget(const std::string &name) {
  for (const auto &t : knownTargets())
    if (t.name == name)
      return &t;
  return nullptr;
}

namespace {

std::string where(const plan::Gpu &gpu, const plan::ThreadBlock &tb) {
  return "rank " + std::to_string(gpu.id) + " thread block " +
         std::to_string(tb.id);
}

void countOps(const std::vector<plan::Op> &ops, int64_t &n,
              const plan::Op *&nth, int64_t limit) {
  for (const auto &op : ops) {
    ++n;
    if (n == limit + 1)
      nth = &op;
    countOps(op.ops, n, nth, limit);
  }
}

} // namespace

bool checkTargetLimits(const plan::Plan &plan, const TargetLimits &t,
                       DiagnosticSink &diags, bool asWarnings) {
  bool ok = true;
  // Report the first few violations in full; a plan that breaks a limit
  // usually breaks it on every rank, and thousands of lines help nobody.
  const size_t maxReported = 8;
  size_t violations = 0;
  auto fail = [&](SourceLocation loc, const std::string &msg) {
    ok = ok && asWarnings;
    if (++violations > maxReported)
      return;
    if (asWarnings)
      diags.warning(loc, msg);
    else
      diags.error(loc, msg);
  };
  for (const auto &gpu : plan.gpus) {
    for (const auto &tb : gpu.threadblocks) {
      int64_t n = 0;
      const plan::Op *nth = nullptr;
      countOps(tb.ops, n, nth, t.maxOpsPerThreadBlock);
      if (n > t.maxOpsPerThreadBlock)
        fail(nth ? nth->loc : SourceLocation{},
             where(gpu, tb) + " has " + std::to_string(n) +
                 " ops, more than the " +
                 std::to_string(t.maxOpsPerThreadBlock) + " the " + t.name +
                 " executor allows per thread block (pipeline bodies and the "
                 "nop syncs inserted for data dependencies count); spread "
                 "the work over more thread blocks");
      for (const auto &ch : tb.channels)
        if (int64_t(ch.ids.size()) > t.maxChannelsPerKind)
          fail(tb.ops.empty() ? SourceLocation{} : tb.ops.front().loc,
               where(gpu, tb) + " uses " + std::to_string(ch.ids.size()) + " " +
                   std::string(plan::toString(ch.type)) +
                   " channels, more than the " +
                   std::to_string(t.maxChannelsPerKind) + " the " + t.name +
                   " executor allows per thread block");
      for (const auto &rb : tb.remoteBufferRefs)
        if (int64_t(rb.ids.size()) > t.maxRemoteBuffersPerKind)
          fail(tb.ops.empty() ? SourceLocation{} : tb.ops.front().loc,
               where(gpu, tb) + " references " + std::to_string(rb.ids.size()) +
                   " remote buffers through " +
                   std::string(plan::toString(rb.accessType)) +
                   " channels, more than the " +
                   std::to_string(t.maxRemoteBuffersPerKind) + " allowed");
      std::vector<const plan::Op *> stack;
      for (const auto &op : tb.ops)
        stack.push_back(&op);
      while (!stack.empty()) {
        const plan::Op *op = stack.back();
        stack.pop_back();
        for (const auto &inner : op->ops)
          stack.push_back(&inner);
        std::string name(plan::toString(op->kind));
        if (int64_t(op->channelIds.size()) > t.maxChannelIdsPerOp)
          fail(op->loc, "'" + name + "' on " + where(gpu, tb) + " uses " +
                            std::to_string(op->channelIds.size()) +
                            " channels, more than the " +
                            std::to_string(t.maxChannelIdsPerOp) +
                            " the executor allows per op (after fusion); "
                            "split the peers over several thread blocks");
        if (int64_t(op->src.size()) > t.maxBuffersPerOp ||
            int64_t(op->dst.size()) > t.maxBuffersPerOp)
          fail(op->loc,
               "'" + name + "' on " + where(gpu, tb) + " has " +
                   std::to_string(std::max(op->src.size(), op->dst.size())) +
                   " source or destination buffers, more than the " +
                   std::to_string(t.maxBuffersPerOp) +
                   " the executor allows per op (after fusion)");
        if (int64_t(op->semaphoreIds.size()) > t.maxSemaphoreIdsPerOp)
          fail(op->loc, "'" + name + "' on " + where(gpu, tb) + " uses " +
                            std::to_string(op->semaphoreIds.size()) +
                            " semaphores, more than the " +
                            std::to_string(t.maxSemaphoreIdsPerOp) +
                            " allowed per op");
        if (op->kind == plan::OpKind::Barrier &&
            op->barrierId >= t.maxBarrierId)
          fail(op->loc, "barrier id " + std::to_string(op->barrierId) + " on " +
                            where(gpu, tb) + " exceeds the " +
                            std::to_string(t.maxBarrierId) +
                            " barriers the executor supports per rank");
      }
    }
  }
  if (violations > maxReported) {
    std::string msg = std::to_string(violations - maxReported) +
                      " more violation(s) of the " + t.name +
                      " executor's limits not shown";
    if (asWarnings)
      diags.warning(SourceLocation{}, msg);
    else
      diags.error(SourceLocation{}, msg);
  }
  return ok;
}

} // namespace mscclc::passes
