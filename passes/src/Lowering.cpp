//===- Lowering.cpp - chunk IR → plan IR ----------------------------------===//
#include "mscclc/passes/Lowering.h"
#include "mscclc/ir/PythonSetOrder.h"
#include "mscclc/support/Parallel.h"

#include <algorithm>
#include <unordered_map>

namespace mscclc::passes {
namespace {

using namespace chunk;
using plan::BufferRef;

// A (channel or buffer type, id) pair as one hash key.
uint64_t typedKey(int type, int32_t id) {
  return uint64_t(uint8_t(type)) << 32 | uint32_t(id);
}

// Per-thread-block first-use tables: ids in the order the thread block
// first uses them (the reference's order), with a hash index beside each
// list so a lookup is not a scan (a thread block of a 256-rank plan talks
// to hundreds of peers; an ordered map cost a tree search and a node per
// entry).
struct TbTables {
  plan::ThreadBlock *tb;
  std::unordered_map<uint64_t, int32_t> channelIndex, remoteIndex;

  int32_t channel(ChannelType kind, int32_t globalId) {
    auto [it, inserted] =
        channelIndex.try_emplace(typedKey(int(kind), globalId), 0);
    if (!inserted)
      return it->second;
    for (auto &refs : tb->channels)
      if (refs.type == kind) {
        refs.ids.push_back(globalId);
        return it->second = int32_t(refs.ids.size() - 1);
      }
    tb->channels.push_back({kind, {globalId}});
    return it->second = 0;
  }
  int32_t remote(ChannelType access, int32_t gpuId) {
    auto [it, inserted] =
        remoteIndex.try_emplace(typedKey(int(access), gpuId), 0);
    if (!inserted)
      return it->second;
    for (auto &refs : tb->remoteBufferRefs)
      if (refs.accessType == access) {
        refs.ids.push_back(gpuId);
        return it->second = int32_t(refs.ids.size() - 1);
      }
    tb->remoteBufferRefs.push_back({access, {gpuId}});
    return it->second = 0;
  }
};

class Lowerer {
public:
  explicit Lowerer(const Rank &rank) : rank_(rank) {
    for (size_t i = 0; i < rank.remoteBuffers.size(); ++i)
      remoteIds_.try_emplace(
          typedKey(int(rank.remoteBuffers[i].type), rank.remoteBuffers[i].rank),
          int32_t(i));
  }

  plan::Op lower(const Op &op, TbTables &t) {
    ChannelType kind =
        op.channels.empty() ? ChannelType::None : op.channels[0].kind;
    // Registration order of the reference: remote buffers, then channels.
    std::vector<int32_t> remoteSrcIds, remoteDstIds;
    for (const auto &c : op.remoteSrc)
      remoteSrcIds.push_back(t.remote(kind, gpuRemoteId(c)));
    for (const auto &c : op.remoteDst)
      remoteDstIds.push_back(t.remote(kind, gpuRemoteId(c)));
    std::vector<int32_t> chIds;
    for (const auto &ch : op.channels)
      chIds.push_back(t.channel(ch.kind, ch.globalId));

    const plan::OpInfo &info = plan::opInfo(op.kind);
    plan::Op p;
    p.kind = op.kind;
    p.loc = op.reportLoc();
    p.tbg = op.details().tbg;
    if (info.is(plan::opfamily::Reducing))
      p.reduceOp = op.reduceOp;
    // The operand lists follow the layouts of OpKinds.def: local operands
    // first, then (reduce family) the packet copy, then remote ones.
    auto local = [](const Chunk &c) {
      return BufferRef::local(c.type, c.index, c.size);
    };
    for (const auto &c : op.localSrc)
      p.src.push_back(local(c));
    for (size_t i = 0; i < op.remoteSrc.size(); ++i)
      p.src.push_back(BufferRef::remote(remoteSrcIds[i], op.remoteSrc[i].index,
                                        op.remoteSrc[i].size));
    for (const auto &c : op.localDst)
      p.dst.push_back(local(c));
    for (const auto &c : op.details().pktDst)
      p.dst.push_back(local(c));
    for (size_t i = 0; i < op.remoteDst.size(); ++i)
      p.dst.push_back(BufferRef::remote(remoteDstIds[i], op.remoteDst[i].index,
                                        op.remoteDst[i].size));
    switch (info.channelIds) {
    case plan::ChannelIdsRule::Never:
      break;
    case plan::ChannelIdsRule::PortOnly:
      if (kind == ChannelType::Port)
        p.channelIds = chIds;
      break;
    case plan::ChannelIdsRule::Always:
    case plan::ChannelIdsRule::One:
      p.channelIds = chIds;
      break;
    }
    if (info.channelType != plan::ChannelTypeRule::Never)
      p.channelType = kind;
    // A set in the reference, written in CPython's iteration order: thread
    // k of the op takes the k-th channel, so the order is the reference's
    // to the byte (PythonSetOrder.h).
    if (info.is(plan::opfamily::DataSync))
      p.channelIds = plan::pythonSetOrder(p.channelIds);

    switch (op.kind) {
    case OpKind::Barrier:
      p.barrierId = op.details().barrierId;
      p.numThreadblocks = int32_t(op.details().barrierTbs.size());
      break;
    case OpKind::SemAcquire:
    case OpKind::SemRelease:
      p.semaphoreIds = op.details().semaphoreIds;
      break;
    case OpKind::Glre:
      p.bufferType = op.details().switchBuffer;
      p.bufferOffset = op.details().switchSrcOffsets[0];
      p.size = op.details().switchSize;
      p.dstChunk = local(*op.details().switchChunk);
      break;
    case OpKind::Gstore:
    case OpKind::Gstorepkt:
      p.src.push_back(local(*op.details().switchChunk));
      p.dst.push_back(BufferRef::switchRef(
          chIds[0], op.details().switchDstOffsets[0], op.details().switchSize));
      break;
    case OpKind::Glres:
      p.src.push_back(BufferRef::switchRef(
          chIds[0], op.details().switchSrcOffsets[0], op.details().switchSize));
      p.dst.push_back(BufferRef::switchRef(
          chIds[0], op.details().switchDstOffsets[0], op.details().switchSize));
      break;
    case OpKind::Pipeline:
      p.unitSize = op.details().unitSize;
      p.numChunks = op.details().numChunks;
      for (const auto &inner : op.details().body)
        p.ops.push_back(lower(inner, t));
      break;
    default:
      break;
    }
    return p;
  }

private:
  int32_t gpuRemoteId(const Chunk &c) const {
    auto it = remoteIds_.find(typedKey(int(c.type), c.rank));
    return it == remoteIds_.end() ? -1 // the verifier rejects this
                                  : it->second;
  }
  const Rank &rank_;
  // (buffer type, rank) → the first remote buffer declared for it.
  std::unordered_map<uint64_t, int32_t> remoteIds_;
};

} // namespace

plan::Plan lowerToPlan(const Program &program) {
  plan::Plan out;
  static_cast<plan::PlanSettings &>(out) = program;
  out.files = program.files;
  out.loc = program.loc;
  out.sourceInstances = program.replicated ? program.instances : 1;
  // Ranks lower independently (each its own tables): in parallel, each
  // into its own slot.
  out.gpus.resize(program.ranks.size());
  // The work is in op entries: after fusion one op may name 64 peers.
  size_t entries = 0;
  for (const Rank &rank : program.ranks)
    for (const auto &tb : rank.tbs)
      for (const auto &op : tb.ops)
        entries += 1 + op.channels.size() + op.localSrc.size() +
                   op.remoteSrc.size() + op.localDst.size() +
                   op.remoteDst.size();
  support::parallelFor(program.ranks.size(), entries, [&](size_t r) {
    const Rank &rank = program.ranks[r];
    plan::Gpu &gpu = out.gpus[r];
    gpu.id = int32_t(r);
    gpu.loc = rank.loc;
    gpu.inputChunks = rank.inputChunks;
    gpu.outputChunks = rank.outputChunks;
    gpu.scratchChunks = rank.scratchChunks;
    for (const auto &g : rank.channelGroups) {
      plan::ChannelDecl d;
      d.type = g.kind;
      d.connectedTo = g.connectedTo;
      gpu.channels.push_back(std::move(d));
    }
    for (const auto &s : rank.switchChannels) {
      plan::ChannelDecl d;
      d.type = ChannelType::Switch;
      d.bufferType = s.bufferType;
      d.groupRanks = s.ranks;
      gpu.channels.push_back(std::move(d));
    }
    for (const auto &rb : rank.remoteBuffers)
      gpu.remoteBuffers.push_back({rb.rank, rb.type, rb.accessKinds});
    gpu.semaphores = rank.semaphores;
    Lowerer lowerer(rank);
    gpu.threadblocks.reserve(rank.tbs.size());
    for (size_t t = 0; t < rank.tbs.size(); ++t) {
      plan::ThreadBlock tb;
      tb.id = int32_t(t);
      TbTables tables{&tb, {}, {}};
      tb.ops.reserve(rank.tbs[t].ops.size());
      for (const auto &op : rank.tbs[t].ops)
        tb.ops.push_back(lowerer.lower(op, tables));
      gpu.threadblocks.push_back(std::move(tb));
    }
  });
  return out;
}

} // namespace mscclc::passes
