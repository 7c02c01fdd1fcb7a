//===- Replication.cpp - instances ---------------------------------------===//
#include "mscclc/passes/Replication.h"

#include <string>

namespace mscclc::passes {
namespace {

using namespace chunk;

constexpr uint64_t MaxReplicatedThreadBlocks = 4096;
constexpr uint64_t MaxReplicatedOps = uint64_t(1) << 24;

// The first op of `ops` (pipeline bodies included) that writes a buffer.
const Op *firstWriter(const std::vector<Op> &ops) {
  for (const Op &op : ops) {
    if (!op.localDst.empty() || !op.remoteDst.empty() ||
        !op.details().pktDst.empty() || op.details().switchChunk ||
        !op.details().switchDstOffsets.empty())
      return &op;
    if (const Op *inner = firstWriter(op.details().body))
      return inner;
  }
  return nullptr;
}

// Under ReplicationPolicy::none every instance runs each op on the same
// chunks, in its own thread blocks with no order between them: one that
// writes races with its copies in the other instances. Reported once, at
// the first such op.
void warnUnreplicatedWrites(const Program &program, DiagnosticSink &diags) {
  for (const Rank &rank : program.ranks)
    for (const ThreadBlock &tb : rank.tbs)
      if (const Op *op = firstWriter(tb.ops)) {
        diags
            .report(diag::warn_replication_none_overlap, op->reportLoc(),
                    {program.instances})
            .note(diag::note_replication_none_program, program.loc,
                  {program.instances});
        return;
      }
}

class ReplicationPass : public Pass {
public:
  std::string_view name() const override { return "replication"; }
  bool run(Program &program, DiagnosticSink &diags) override {
    // Replicating twice would multiply every id by instances again.
    if (program.replicated) {
      diags.report(diag::err_already_replicated, program.loc);
      return false;
    }
    const int32_t n = program.instances;
    // The builder caps thread blocks and instances separately; their
    // product is what the plan holds, so it is capped too (a 7-line program
    // must not become a 500 MB plan).
    uint64_t ops = 0;
    for (size_t r = 0; r < program.ranks.size(); ++r) {
      const Rank &rank = program.ranks[r];
      uint64_t tbs = uint64_t(rank.tbs.size()) * uint64_t(n);
      if (tbs > MaxReplicatedThreadBlocks) {
        diags.report(diag::err_replicated_threadblocks, program.loc,
                     {n, rank.tbs.size(), r, tbs, MaxReplicatedThreadBlocks});
        return false;
      }
      for (const auto &tb : rank.tbs)
        ops += tb.ops.size();
      // The executor stores chunk counts in 32 bits.
      // (In 128 bits: chunk counts read from chunk IR text can be near
      // 2^63, and a wrapped product passed this check.)
      for (int64_t chunks :
           {rank.inputChunks, rank.outputChunks, rank.scratchChunks}) {
        unsigned __int128 total =
            (unsigned __int128)uint64_t(chunks) * uint64_t(n);
        if (total > UINT32_MAX) {
          std::string digits;
          do
            digits.insert(digits.begin(), char('0' + int(total % 10)));
          while ((total /= 10) != 0);
          diags.report(diag::err_replicated_chunks, program.loc,
                       {n, r, digits});
          return false;
        }
      }
    }
    if (ops * uint64_t(n) > MaxReplicatedOps) {
      diags.report(diag::err_replicated_ops, program.loc,
                   {ops * uint64_t(n), n, MaxReplicatedOps});
      return false;
    }
    const bool interleave =
        program.replicationPolicy == ReplicationPolicy::Interleaved;
    if (!interleave && n > 1)
      warnUnreplicatedWrites(program, diags);
    for (auto &rank : program.ranks) {
      rank.inputChunks *= n;
      rank.outputChunks *= n;
      rank.scratchChunks *= n;
      for (auto &g : rank.channelGroups) {
        std::vector<int32_t> peers;
        std::vector<SourceLocation> locs;
        for (size_t i = 0; i < g.connectedTo.size(); ++i)
          for (int32_t k = 0; k < n; ++k) {
            peers.push_back(g.connectedTo[i]);
            locs.push_back(g.createdAt[i]);
          }
        g.connectedTo = std::move(peers);
        g.createdAt = std::move(locs);
      }
      std::vector<SwitchDecl> sw;
      for (const auto &s : rank.switchChannels)
        for (int32_t k = 0; k < n; ++k)
          sw.push_back(s);
      rank.switchChannels = std::move(sw);
      std::vector<int64_t> sems;
      for (int64_t v : rank.semaphores)
        for (int32_t k = 0; k < n; ++k)
          sems.push_back(v);
      rank.semaphores = std::move(sems);

      std::vector<ThreadBlock> tbs;
      tbs.reserve(rank.tbs.size() * size_t(n));
      for (const auto &tb : rank.tbs)
        for (int32_t k = 0; k < n; ++k) {
          ThreadBlock copy = tb;
          for (auto &op : copy.ops)
            shift(op, n, k, interleave);
          tbs.push_back(std::move(copy));
        }
      rank.tbs = std::move(tbs);
    }
    program.replicated = true;
    return true;
  }

private:
  static int64_t index(int64_t i, int64_t size, int32_t n, int32_t k,
                       bool interleave) {
    return interleave ? i * n + k * size : i;
  }
  static void shift(Op &op, int32_t n, int32_t k, bool interleave) {
    for (auto &ch : op.channels)
      ch.globalId = ch.globalId * n + k;
    for (auto *list :
         {&op.localSrc, &op.remoteSrc, &op.localDst, &op.remoteDst})
      for (auto &c : *list)
        c.index = index(c.index, c.size, n, k, interleave);
    if (!op.hasDetails())
      return;
    OpDetails &d = op.mutableDetails();
    for (auto &c : d.pktDst)
      c.index = index(c.index, c.size, n, k, interleave);
    for (auto &s : d.semaphoreIds)
      s = s * n + k;
    if (op.kind == OpKind::Barrier) {
      d.barrierId = d.barrierId * n + k;
      // The barrier now synchronises this instance's copies of the tbs.
      for (auto &tb : d.barrierTbs)
        tb = tb * n + k;
    }
    for (auto &o : d.switchSrcOffsets)
      o = index(o, d.switchSize, n, k, interleave);
    for (auto &o : d.switchDstOffsets)
      o = index(o, d.switchSize, n, k, interleave);
    if (d.switchChunk)
      d.switchChunk->index =
          index(d.switchChunk->index, d.switchChunk->size, n, k, interleave);
    for (auto &inner : d.body)
      shift(inner, n, k, interleave);
  }
};

} // namespace

std::unique_ptr<Pass> createReplicationPass() {
  return std::make_unique<ReplicationPass>();
}

} // namespace mscclc::passes
