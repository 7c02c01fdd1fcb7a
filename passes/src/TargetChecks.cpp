//===- TargetChecks.cpp - limits of the target executor ------------------===//
#include "mscclc/passes/TargetChecks.h"

#include <algorithm>

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

std::string where(const plan::Plan &plan, const plan::Gpu &gpu,
                  const plan::ThreadBlock &tb) {
  return plan::threadBlockName(plan, gpu.id, tb.id);
}

// Ops that act once per entry give entry k to thread k (executor-semantics
// §3.1, §3.3, §3.4): signal and wait their channel_ids (switch ones do
// nothing), semaphore ops their semaphore_ids, port puts and packet pushes
// their dst_buff. Threads past the block's size never come, so the rest
// are skipped without a trace. (flush takes its count from dst_buff, which
// is empty: a no-op the defect check reports.)
struct EntriesPerThread {
  size_t count = 0;
  const char *key = "";
  const char *skipped = "";
};
EntriesPerThread entriesPerThread(const plan::Op &op) {
  using plan::ChannelType;
  using plan::OpKind;
  const plan::OpInfo &info = plan::opInfo(op.kind);
  bool port = op.channelType == ChannelType::Port;
  if ((info.is(plan::opfamily::Signal) || info.is(plan::opfamily::Wait)) &&
      !info.is(plan::opfamily::Put) &&
      (port || op.channelType == ChannelType::Memory))
    return {op.channelIds.size(), "channel_ids",
            info.is(plan::opfamily::Signal) ? "signalled" : "waited on"};
  if (op.kind == OpKind::SemAcquire || op.kind == OpKind::SemRelease)
    return {op.semaphoreIds.size(), "semaphore_ids",
            op.kind == OpKind::SemAcquire ? "acquired" : "released"};
  if (port && (op.kind == OpKind::Put || op.kind == OpKind::Pws ||
               op.kind == OpKind::Pwsf || op.kind == OpKind::Ppkt ||
               op.kind == OpKind::Rppkt))
    return {op.dst.size(), "dst_buff", "pushed to the proxy"};
  return {};
}

// The first op, in plan order (a pipeline's body right after it), for
// which `pred` holds, or null.
template <class Pred>
const plan::Op *firstOp(const std::vector<plan::Op> &ops, Pred &&pred) {
  for (const auto &op : ops) {
    if (pred(op))
      return &op;
    if (const plan::Op *inner = firstOp(op.ops, pred))
      return inner;
  }
  return nullptr;
}

// Where a thread block's list of channels (or remote buffers) grows past
// the limit: `first`, the first op that names an entry at the limit or
// beyond (the lists are in first-use order), else the block's first op.
SourceLocation beyondLimit(const plan::ThreadBlock &tb, const plan::Op *first) {
  if (first)
    return first->loc;
  return tb.ops.empty() ? SourceLocation{} : tb.ops.front().loc;
}

bool namesRemoteBufferFrom(const plan::Op &op, plan::ChannelType type,
                           int64_t limit) {
  if (op.channelType != type)
    return false;
  const plan::OpInfo &info = plan::opInfo(op.kind);
  auto beyond = [&](const std::vector<plan::BufferRef> &refs,
                    const plan::OperandLayout &layout) {
    for (size_t i = 0; i < refs.size(); ++i)
      if (plan::isRemoteRole(layout.roleAt(i)) && refs[i].id >= limit)
        return true;
    return false;
  };
  return beyond(op.src, info.src) || beyond(op.dst, info.dst);
}

// Whether `op` uses a channel of `type` at index `limit` or beyond: one it
// names, or for an op that names none (a memory put), the one its remote
// buffer at such an index goes through.
bool namesChannelFrom(const plan::Op &op, plan::ChannelType type,
                      int64_t limit) {
  if (op.channelType != type)
    return false;
  if (op.channelIds.empty())
    return namesRemoteBufferFrom(op, type, limit);
  return std::any_of(op.channelIds.begin(), op.channelIds.end(),
                     [&](int32_t id) { return id >= limit; });
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
                       DiagnosticSink &diags) {
  // Errors by default; --allow-limit-violations demotes the group to
  // warnings, and then the plan counts as acceptable.
  unsigned errorsBefore = diags.errorCount();
  // Report the first few violations in full; a plan that breaks a limit
  // usually breaks it on every rank, and thousands of lines help nobody.
  const size_t maxReported = 8;
  size_t violations = 0;
  // The first violation not shown: the summary line points there.
  SourceLocation nextLoc;
  std::string nextPath;
  auto fail = [&](diag::ID id, SourceLocation loc, const std::string &path,
                  std::initializer_list<DiagArg> args) {
    if (++violations > maxReported) {
      if (violations == maxReported + 1) {
        nextLoc = loc;
        nextPath = path;
      }
      return;
    }
    diags.report(id, loc, args).at(path);
  };
  // The executor reads these two with an int default (nlohmann's
  // value(key, 0) returns the default's type) into a uint32_t
  // (buffer_alignment) and a size_t (min_message_size, sign-extended): a
  // value that does not survive the trip changes, and a min_message_size
  // that turns negative refuses every call. The baked runtime keeps both
  // in 64 bits.
  if (plan.bufferAlignment > int64_t(UINT32_MAX))
    fail(diag::err_limit_int_setting, plan.loc, "buffer_alignment",
         {"buffer_alignment", plan.bufferAlignment,
          uint64_t(uint32_t(uint64_t(plan.bufferAlignment))), "4294967296"});
  if (uint64_t seen = uint64_t(int64_t(int32_t(uint32_t(plan.minMessageSize))));
      seen != plan.minMessageSize)
    fail(diag::err_limit_int_setting, plan.loc, "min_message_size",
         {"min_message_size", plan.minMessageSize, seen, "2147483648"});
  for (const auto &gpu : plan.gpus) {
    for (const auto &tb : gpu.threadblocks) {
      std::string tbPath = "gpus[" + std::to_string(gpu.id) +
                           "].threadblocks[" + std::to_string(tb.id) + "]";
      int64_t n = 0;
      const plan::Op *nth = nullptr;
      countOps(tb.ops, n, nth, t.maxOpsPerThreadBlock);
      if (n > t.maxOpsPerThreadBlock)
        fail(diag::err_limit_ops_per_tb, nth ? nth->loc : SourceLocation{},
             tbPath + ".ops",
             {where(plan, gpu, tb), n, t.maxOpsPerThreadBlock, t.name});
      // The executor joins a thread block's entries of one kind into one
      // list (a plan may give a kind several entries), so the limits count
      // per kind, in the order the kinds first appear.
      auto perKind = [](const auto &entries, auto kindOf) {
        std::vector<std::pair<plan::ChannelType, size_t>> counts;
        for (const auto &e : entries) {
          auto found =
              std::find_if(counts.begin(), counts.end(),
                           [&](const auto &c) { return c.first == kindOf(e); });
          if (found == counts.end())
            counts.push_back({kindOf(e), e.ids.size()});
          else
            found->second += e.ids.size();
        }
        return counts;
      };
      for (auto [type, count] : perKind(
               tb.channels, [](const plan::ChannelRefs &c) { return c.type; }))
        if (int64_t(count) > t.maxChannelsPerKind)
          fail(diag::err_limit_channels_per_tb,
               beyondLimit(tb, firstOp(tb.ops,
                                       [&](const plan::Op &op) {
                                         return namesChannelFrom(
                                             op, type, t.maxChannelsPerKind);
                                       })),
               tbPath + ".channels",
               {where(plan, gpu, tb), count, plan::toString(type),
                t.maxChannelsPerKind, t.name});
      for (auto [type, count] :
           perKind(tb.remoteBufferRefs, [](const plan::RemoteBufferRefs &r) {
             return r.accessType;
           }))
        if (int64_t(count) > t.maxRemoteBuffersPerKind)
          fail(diag::err_limit_remote_buffers_per_tb,
               beyondLimit(tb, firstOp(tb.ops,
                                       [&](const plan::Op &op) {
                                         return namesRemoteBufferFrom(
                                             op, type,
                                             t.maxRemoteBuffersPerKind);
                                       })),
               tbPath + ".remote_buffer_refs",
               {where(plan, gpu, tb), count, plan::toString(type),
                t.maxRemoteBuffersPerKind});
      // Pushed last to first, so that ops are checked (and reported) in
      // plan order, a pipeline's body right after the pipeline.
      std::vector<std::pair<const plan::Op *, std::string>> stack;
      for (size_t i = tb.ops.size(); i-- > 0;)
        stack.push_back(
            {&tb.ops[i], tbPath + ".ops[" + std::to_string(i) + "]"});
      while (!stack.empty()) {
        auto [op, path] = std::move(stack.back());
        stack.pop_back();
        for (size_t i = op->ops.size(); i-- > 0;)
          stack.push_back(
              {&op->ops[i], path + ".ops[" + std::to_string(i) + "]"});
        std::string name(plan::toString(op->kind));
        if (int64_t(op->channelIds.size()) > t.maxChannelIdsPerOp)
          fail(diag::err_limit_channels_per_op, op->loc, path,
               {name, where(plan, gpu, tb), op->channelIds.size(),
                t.maxChannelIdsPerOp});
        if (int64_t(op->src.size()) > t.maxBuffersPerOp ||
            int64_t(op->dst.size()) > t.maxBuffersPerOp)
          fail(diag::err_limit_buffers_per_op, op->loc, path,
               {name, where(plan, gpu, tb),
                std::max(op->src.size(), op->dst.size()), t.maxBuffersPerOp});
        if (int64_t(op->semaphoreIds.size()) > t.maxSemaphoreIdsPerOp)
          fail(diag::err_limit_semaphores_per_op, op->loc, path,
               {name, where(plan, gpu, tb), op->semaphoreIds.size(),
                t.maxSemaphoreIdsPerOp});
        if (EntriesPerThread e = entriesPerThread(*op);
            int64_t(e.count) > plan.numThreadsPerBlock &&
            plan.numThreadsPerBlock >= 1)
          fail(diag::err_limit_entries_per_thread, op->loc,
               path + "." + e.key + "[" +
                   std::to_string(plan.numThreadsPerBlock) + "]",
               {name, where(plan, gpu, tb), e.count, e.key,
                plan.numThreadsPerBlock, e.skipped});
        if (op->kind == plan::OpKind::Barrier &&
            op->barrierId >= t.maxBarrierId)
          fail(diag::err_limit_barrier_id, op->loc, path,
               {op->barrierId, where(plan, gpu, tb), t.maxBarrierId});
      }
    }
  }
  if (violations > maxReported)
    diags
        .report(diag::err_limit_more, nextLoc,
                {violations - maxReported, t.name})
        .at(nextPath);
  return diags.errorCount() == errorsBefore;
}

} // namespace mscclc::passes
