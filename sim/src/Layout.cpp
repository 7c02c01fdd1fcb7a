//===- Layout.cpp - where a plan's chunks are, in bytes -------------------===//
//
// See Layout.h; section numbers refer to executor-semantics.md.
//
//===----------------------------------------------------------------------===//
#include "Layout.h"

#include <algorithm>

namespace mscclc::sim {

using namespace plan;

namespace {

constexpr uint64_t MiB = uint64_t(1) << 20;

uint64_t ceilDiv(uint64_t a, uint64_t b) { return b ? (a + b - 1) / b : 0; }
uint64_t roundUp(uint64_t a, uint64_t m) { return m ? ceilDiv(a, m) * m : a; }

} // namespace

PlanLayout layoutFor(const Plan &plan, uint64_t size) {
  PlanLayout out;
  const bool allgather = plan.collective == "allgather";
  const bool reducescatter = plan.collective == "reducescatter";
  const uint64_t align = uint64_t(std::max<int64_t>(plan.bufferAlignment, 1));
  for (size_t r = 0; r < plan.gpus.size(); ++r) {
    const Gpu &g = plan.gpus[r];
    RankLayout l;
    uint64_t ci = uint64_t(std::max<int64_t>(g.inputChunks, 0));
    uint64_t co = uint64_t(std::max<int64_t>(g.outputChunks, 0));
    uint64_t cs = uint64_t(std::max<int64_t>(g.scratchChunks, 0));
    l.chunkCountZero = ci == 0 || co == 0;
    // §2.1/§2.2: the message size is O for allgather and I otherwise; the
    // chunk size follows, and the other buffer holds its chunk count.
    if (allgather || ci == 0) {
      l.outputBytes = size;
      l.chunkBytes = co ? size / co : 0;
      l.inputBytes = l.chunkBytes * ci;
    } else {
      l.inputBytes = size;
      l.chunkBytes = size / ci;
      l.outputBytes = l.chunkBytes * co;
    }
    // §6.1: in place, the buffers alias as the executor tests allocate
    // them.
    uint64_t sendRange, recvRange;
    if (!plan.inplace) {
      l.inputSpace = SendSpace;
      l.outputSpace = RecvSpace;
      l.spaceBytes[SendSpace] = l.inputBytes;
      l.spaceBytes[RecvSpace] = l.outputBytes;
      sendRange = l.inputBytes;
      recvRange = l.outputBytes;
    } else if (allgather) {
      l.inputSpace = l.outputSpace = RecvSpace;
      l.inputOffset = r * l.inputBytes;
      l.spaceBytes[RecvSpace] = std::max(l.outputBytes, (r + 1) * l.inputBytes);
      sendRange = recvRange = l.spaceBytes[RecvSpace];
    } else if (reducescatter) {
      l.inputSpace = l.outputSpace = SendSpace;
      l.outputOffset = r * l.outputBytes;
      l.spaceBytes[SendSpace] = std::max(l.inputBytes, (r + 1) * l.outputBytes);
      sendRange = recvRange = l.spaceBytes[SendSpace];
    } else {
      l.inputSpace = l.outputSpace = SendSpace;
      l.spaceBytes[SendSpace] = std::max(l.inputBytes, l.outputBytes);
      sendRange = recvRange = l.spaceBytes[SendSpace];
    }
    // §2.4 and §2.5.
    l.reuseScratch = plan.reuseResources;
    if (plan.reuseResources && cs > 0) {
      l.scratchBytes = 128 * MiB;
      l.slotBytes = reuseScratchSlotBytes(plan, g);
    } else {
      uint64_t irng = std::min<uint64_t>(sendRange, plan.maxMessageSize);
      uint64_t orng = std::min<uint64_t>(recvRange, plan.maxMessageSize);
      uint64_t perChunk = ci ? ceilDiv(irng, ci) : ceilDiv(orng, co);
      uint64_t bytes = perChunk * cs * (plan.protocol == Protocol::LL ? 2 : 1) *
                       (plan.useDoubleScratchBuffer ? 2 : 1);
      l.scratchBytes = roundUp(bytes, align);
    }
    l.spaceBytes[ScratchSpace] = l.scratchBytes;
    out.ranks.push_back(l);
  }
  return out;
}

uint64_t chunkStart(const RankLayout &l, BufferType t, int64_t index) {
  uint64_t k = uint64_t(std::max<int64_t>(index, 0));
  if (t == BufferType::Scratch && l.reuseScratch && l.slotBytes < l.chunkBytes)
    return k * l.slotBytes;
  return k * l.chunkBytes;
}

namespace {

Space spaceOf(const RankLayout &l, BufferType t) {
  switch (t) {
  case BufferType::Input:
    return l.inputSpace;
  case BufferType::Output:
    return l.outputSpace;
  case BufferType::Scratch:
    return ScratchSpace;
  }
  return SendSpace;
}

// The user pointer's offset inside its allocation (constOffset, §2.2).
uint64_t userOffset(const RankLayout &l, BufferType t) {
  switch (t) {
  case BufferType::Input:
    return l.inputOffset;
  case BufferType::Output:
    return l.outputOffset;
  case BufferType::Scratch:
    return 0;
  }
  return 0;
}

// §2.3: the tb-th of G slices at alignment granularity.
void slice(Address &a, const TbgInfo &tbg, uint64_t align) {
  uint64_t g = uint64_t(std::max(tbg.tbgSize, 1));
  uint64_t t = uint64_t(std::clamp<int64_t>(tbg.tbId, 0, int64_t(g)));
  uint64_t units = a.length / align, q = units / g, r = units % g;
  auto start = [&](uint64_t i) { return align * (i * q + std::min(i, r)); };
  uint64_t begin = start(t), end = t + 1 <= g ? start(t + 1) : begin;
  a.chunkOffset += begin;
  a.length = end - begin;
}

bool isPortSourced(const Op &op) {
  return op.channelType == ChannelType::Port &&
         (op.kind == OpKind::Put || op.kind == OpKind::Pws ||
          op.kind == OpKind::Pwsf || op.kind == OpKind::Ppkt);
}

} // namespace

Address resolve(const ResolveContext &ctx, int32_t rank, int32_t tb,
                const Op &op, Operand which, size_t i,
                std::vector<int32_t> *switchRanks) {
  const bool intended = ctx.semantics == Semantics::Intended;
  const bool dbl = ctx.plan.useDoubleScratchBuffer;
  const RankLayout &self = ctx.layout.ranks[size_t(rank)];
  const std::vector<BufferRef> &list = which == Operand::Src ? op.src : op.dst;
  const BufferRef &ref = list[i];
  const OpInfo &info = opInfo(op.kind);
  OperandRole role = (which == Operand::Src ? info.src : info.dst).roleAt(i);

  Address a;
  a.length = uint64_t(std::max<int64_t>(ref.size, 0)) * self.chunkBytes;
  switch (role) {
  case OperandRole::Local:
  case OperandRole::LocalFull: {
    a.rank = rank;
    a.space = spaceOf(self, ref.type);
    a.scratch = ref.type == BufferType::Scratch;
    a.chunkOffset = chunkStart(self, ref.type, ref.index);
    // Q4: port puts read from the allocation base, not the user pointer.
    bool portSource = which == Operand::Src && isPortSourced(op);
    a.base = portSource && !intended ? 0 : userOffset(self, ref.type);
    // L(scratch) includes H, except for what the proxy reads (§3.4).
    a.addH = a.scratch && dbl && (!portSource || op.kind == OpKind::Ppkt);
    if (op.kind == OpKind::Ppkt && portSource)
      a.scale = 2; // a packet-space memcpy (§3.8)
    break;
  }
  case OperandRole::LocalPacket:
  case OperandRole::LocalFullPacket: {
    a.rank = rank;
    a.scale = 2;
    // Packet sources are read from scratch whatever their type says
    // (upkt, the reduce-packet inputs, rppkt); packet destinations and
    // gstorepkt's source go to L(type).
    bool readsScratch =
        which == Operand::Src && role == OperandRole::LocalPacket;
    BufferType t = readsScratch ? BufferType::Scratch : ref.type;
    a.space = spaceOf(self, t);
    a.scratch = t == BufferType::Scratch;
    a.base = userOffset(self, t);
    a.chunkOffset = chunkStart(self, ref.type, ref.index);
    a.addH = a.scratch && dbl;
    break;
  }
  case OperandRole::Remote:
  case OperandRole::RemotePacket: {
    // The reduce family reaches peers through the memory table whatever
    // its channel_type says (§3.6).
    ChannelType access =
        isReduceFamily(op.kind) ? ChannelType::Memory : op.channelType;
    int32_t id = ctx.query.gpuRemoteBuffer(rank, tb, access, ref.id);
    const auto &decls = ctx.plan.gpus[size_t(rank)].remoteBuffers;
    if (id < 0 || size_t(id) >= decls.size() || decls[size_t(id)].rank < 0 ||
        size_t(decls[size_t(id)].rank) >= ctx.layout.ranks.size()) {
      a.rank = -1; // unresolvable (the op's bytes are reported missing)
      return a;
    }
    const RemoteBufferDecl &d = decls[size_t(id)];
    const RankLayout &peer = ctx.layout.ranks[size_t(d.rank)];
    a.rank = d.rank;
    a.space = spaceOf(peer, d.type);
    a.scratch = d.type == BufferType::Scratch;
    // Q5: the const offset is the local rank's; intended: the peer's.
    // Under reuse_resources the local rank's scratch slot places the
    // peer's chunks too (§2.5); intended: the peer's slot.
    const bool peerSlot = intended && a.scratch && ctx.plan.reuseResources;
    a.chunkOffset =
        chunkStart(peerSlot ? peer : self, d.type, ref.index) +
        (intended ? userOffset(peer, d.type) : userOffset(self, d.type));
    if (role == OperandRole::RemotePacket) {
      a.scale = 2;
      a.addH = dbl; // assumed to be scratch (§3.8)
    } else {
      // Q6: non-packet remote scratch gets no H in 0.9.0.
      a.addH =
          intended && a.scratch && dbl && op.channelType != ChannelType::Port;
    }
    break;
  }
  case OperandRole::Switch: {
    int32_t gpuCh = ctx.query.gpuChannel(rank, tb, ChannelType::Switch, ref.id);
    const ChannelDecl *d = ctx.query.switchDecl(rank, gpuCh);
    a.rank = rank;
    BufferType t = d ? d->bufferType : BufferType::Input;
    a.space = spaceOf(self, t);
    a.scratch = t == BufferType::Scratch;
    a.chunkOffset = chunkStart(self, t, ref.index) + userOffset(self, t);
    if (op.kind == OpKind::Gstorepkt) {
      a.scale = 2;
      a.addH = dbl;
    }
    if (switchRanks && d)
      *switchRanks = d->groupRanks;
    break;
  }
  }
  if (op.tbg)
    slice(a, *op.tbg, uint64_t(std::max<int64_t>(ctx.plan.bufferAlignment, 1)));
  return a;
}

Address resolveGroupLoadReduce(const ResolveContext &ctx, int32_t rank,
                               int32_t tb, const Op &op, Operand which,
                               std::vector<int32_t> *switchRanks) {
  const RankLayout &self = ctx.layout.ranks[size_t(rank)];
  Address a;
  a.rank = rank;
  if (which == Operand::Src) {
    int32_t gpuCh = op.channelIds.empty()
                        ? -1
                        : ctx.query.gpuChannel(rank, tb, ChannelType::Switch,
                                               op.channelIds[0]);
    const ChannelDecl *d = ctx.query.switchDecl(rank, gpuCh);
    BufferType t = op.bufferType;
    a.space = spaceOf(self, t);
    a.scratch = t == BufferType::Scratch;
    a.chunkOffset = chunkStart(self, t, op.bufferOffset) + userOffset(self, t);
    a.length = uint64_t(std::max<int64_t>(op.size, 0)) * self.chunkBytes;
    if (switchRanks && d)
      *switchRanks = d->groupRanks;
    return a;
  }
  const BufferRef &d = op.dstChunk;
  a.space = spaceOf(self, d.type);
  a.scratch = d.type == BufferType::Scratch;
  a.base = userOffset(self, d.type);
  a.chunkOffset = chunkStart(self, d.type, d.index);
  a.length = uint64_t(std::max<int64_t>(d.size, 0)) * self.chunkBytes;
  a.addH = a.scratch && ctx.plan.useDoubleScratchBuffer;
  return a;
}

} // namespace mscclc::sim
