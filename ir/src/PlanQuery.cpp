//===- PlanQuery.cpp - resolving a plan's ids -----------------------------===//
#include "mscclc/ir/PlanQuery.h"
#include "mscclc/support/Parallel.h"

#include <algorithm>
#include <climits>

namespace mscclc::plan {

const std::vector<int32_t> PlanQuery::Empty;

namespace {

// Index of a channel type in the per-type arrays; None has no slot.
int slotOf(ChannelType t) {
  switch (t) {
  case ChannelType::Memory:
    return 0;
  case ChannelType::Port:
    return 1;
  case ChannelType::Switch:
    return 2;
  case ChannelType::None:
    break;
  }
  return -1;
}

int32_t at(const std::vector<int32_t> &v, int32_t i) {
  return i >= 0 && size_t(i) < v.size() ? v[size_t(i)] : -1;
}

} // namespace

int64_t bufferChunks(const Gpu &gpu, BufferType t) {
  switch (t) {
  case BufferType::Input:
    return gpu.inputChunks;
  case BufferType::Output:
    return gpu.outputChunks;
  case BufferType::Scratch:
    return gpu.scratchChunks;
  }
  return 0;
}

uint64_t reuseScratchSlotBytes(const Plan &plan, const Gpu &gpu) {
  if (!plan.reuseResources || gpu.scratchChunks <= 0)
    return 0;
  const uint64_t logical =
      (uint64_t(64) << 20) / (plan.useDoubleScratchBuffer ? 2 : 1);
  const uint64_t align = uint64_t(std::max<int64_t>(plan.bufferAlignment, 1));
  const uint64_t chunks = uint64_t(gpu.scratchChunks);
  const uint64_t perChunk = (logical + chunks - 1) / chunks;
  return (perChunk + align - 1) / align * align;
}

std::vector<uint32_t> peerOffsets(const std::vector<int32_t> &peers,
                                  size_t ranks, uint32_t base) {
  std::vector<uint32_t> offsets(ranks + 1, 0);
  for (int32_t peer : peers) {
    if (peer < 0 || size_t(peer) >= ranks)
      return {};
    ++offsets[size_t(peer) + 1];
  }
  offsets[0] = base;
  for (size_t p = 0; p < ranks; ++p)
    offsets[p + 1] += offsets[p];
  return offsets;
}

PlanQuery::PlanQuery(const Plan &plan) : plan_(plan) {
  gpus_.resize(plan.gpus.size());
  // Each gpu's index is built on its own (on worker threads when there are
  // many channel ends to sort).
  size_t ends = 0;
  for (const Gpu &gpu : plan.gpus)
    for (const ChannelDecl &d : gpu.channels)
      ends += d.connectedTo.size();
  support::parallelFor(plan.gpus.size(), ends, [&](size_t r) {
    const Gpu &gpu = plan.gpus[r];
    GpuIndex &g = gpus_[r];
    for (size_t c = 0; c < gpu.channels.size(); ++c) {
      const ChannelDecl &d = gpu.channels[c];
      if (d.type == ChannelType::Switch)
        g.channels[2].push_back(int32_t(c));
      else if (int s = slotOf(d.type); s >= 0)
        for (int32_t peer : d.connectedTo)
          g.channels[size_t(s)].push_back(peer);
    }
    for (size_t s = 0; s < 2; ++s) {
      const std::vector<int32_t> &peers = g.channels[s];
      PeerRuns &runs = g.byPeer[s];
      for (size_t c = 0; c < peers.size(); ++c)
        runs.push_back({peers[c], int32_t(c)});
      std::sort(runs.begin(), runs.end());
      g.occurrence[s].assign(peers.size(), 0);
      for (size_t i = 1; i < runs.size(); ++i)
        if (runs[i].first == runs[i - 1].first)
          g.occurrence[s][size_t(runs[i].second)] =
              g.occurrence[s][size_t(runs[i - 1].second)] + 1;
      if (!peers.empty() && peerOffsetsPayOff(peers.size(), plan.gpus.size()))
        g.runStart[s] = peerOffsets(peers, plan.gpus.size());
    }
    g.tbs.resize(gpu.threadblocks.size());
    for (size_t t = 0; t < gpu.threadblocks.size(); ++t) {
      const ThreadBlock &tb = gpu.threadblocks[t];
      TbIndex &ti = g.tbs[t];
      for (const ChannelRefs &refs : tb.channels)
        if (int s = slotOf(refs.type); s >= 0)
          ti.channels[size_t(s)].insert(ti.channels[size_t(s)].end(),
                                        refs.ids.begin(), refs.ids.end());
      for (const RemoteBufferRefs &refs : tb.remoteBufferRefs)
        if (int s = slotOf(refs.accessType); s >= 0 && s < 2)
          ti.remote[size_t(s)].insert(ti.remote[size_t(s)].end(),
                                      refs.ids.begin(), refs.ids.end());
    }
  });
}

const std::vector<int32_t> &PlanQuery::gpuChannels(int32_t rank,
                                                   ChannelType t) const {
  int s = slotOf(t);
  if (rank < 0 || size_t(rank) >= gpus_.size() || s < 0)
    return Empty;
  return gpus_[size_t(rank)].channels[size_t(s)];
}

int32_t PlanQuery::peerOf(int32_t rank, ChannelType t,
                          int32_t gpuChannel) const {
  if (t != ChannelType::Memory && t != ChannelType::Port)
    return -1;
  return at(gpuChannels(rank, t), gpuChannel);
}

int32_t PlanQuery::occurrence(int32_t rank, ChannelType t,
                              int32_t gpuChannel) const {
  int s = slotOf(t);
  if (rank < 0 || size_t(rank) >= gpus_.size() || s < 0 || s > 1)
    return -1;
  return at(gpus_[size_t(rank)].occurrence[size_t(s)], gpuChannel);
}

std::pair<PlanQuery::PeerRuns::const_iterator,
          PlanQuery::PeerRuns::const_iterator>
PlanQuery::runTo(int32_t rank, ChannelType t, int32_t peer) const {
  int s = slotOf(t);
  static const PeerRuns none;
  if (rank < 0 || size_t(rank) >= gpus_.size() || s < 0 || s > 1)
    return {none.begin(), none.end()};
  const GpuIndex &g = gpus_[size_t(rank)];
  const PeerRuns &runs = g.byPeer[size_t(s)];
  if (const std::vector<uint32_t> &start = g.runStart[size_t(s)];
      !start.empty()) {
    if (peer < 0 || size_t(peer) + 1 >= start.size())
      return {runs.end(), runs.end()};
    return {runs.begin() + start[size_t(peer)],
            runs.begin() + start[size_t(peer) + 1]};
  }
  auto begin = std::lower_bound(runs.begin(), runs.end(),
                                std::make_pair(peer, INT32_MIN));
  auto end =
      std::lower_bound(begin, runs.end(), std::make_pair(peer, INT32_MAX));
  return {begin, end};
}

int32_t PlanQuery::channelsTo(int32_t rank, ChannelType t, int32_t peer) const {
  auto [begin, end] = runTo(rank, t, peer);
  return int32_t(end - begin);
}

int32_t PlanQuery::pairedChannel(int32_t rank, ChannelType t,
                                 int32_t gpuChannel) const {
  int32_t k = occurrence(rank, t, gpuChannel);
  if (k < 0)
    return -1;
  int32_t peer = peerOf(rank, t, gpuChannel);
  auto [begin, end] = runTo(peer, t, rank);
  return end - begin > k ? begin[k].second : -1;
}

const ChannelDecl *PlanQuery::switchDecl(int32_t rank,
                                         int32_t gpuChannel) const {
  int32_t decl = at(gpuChannels(rank, ChannelType::Switch), gpuChannel);
  return decl < 0 ? nullptr : &plan_.gpus[size_t(rank)].channels[size_t(decl)];
}

const std::vector<int32_t> &PlanQuery::tbChannels(int32_t rank, int32_t tb,
                                                  ChannelType t) const {
  int s = slotOf(t);
  if (rank < 0 || size_t(rank) >= gpus_.size() || s < 0)
    return Empty;
  const auto &tbs = gpus_[size_t(rank)].tbs;
  if (tb < 0 || size_t(tb) >= tbs.size())
    return Empty;
  return tbs[size_t(tb)].channels[size_t(s)];
}

const std::vector<int32_t> &
PlanQuery::tbRemoteBuffers(int32_t rank, int32_t tb, ChannelType access) const {
  int s = slotOf(access);
  if (rank < 0 || size_t(rank) >= gpus_.size() || s < 0 || s > 1)
    return Empty;
  const auto &tbs = gpus_[size_t(rank)].tbs;
  if (tb < 0 || size_t(tb) >= tbs.size())
    return Empty;
  return tbs[size_t(tb)].remote[size_t(s)];
}

int32_t PlanQuery::gpuChannel(int32_t rank, int32_t tb, ChannelType t,
                              int32_t local) const {
  return at(tbChannels(rank, tb, t), local);
}

int32_t PlanQuery::gpuRemoteBuffer(int32_t rank, int32_t tb, ChannelType access,
                                   int32_t local) const {
  return at(tbRemoteBuffers(rank, tb, access), local);
}

std::vector<ChannelEnd> PlanQuery::channelsOf(int32_t rank, int32_t tb,
                                              const Op &op) const {
  std::vector<ChannelEnd> ends;
  ends.reserve(op.channelIds.size());
  for (int32_t local : op.channelIds) {
    ChannelEnd e;
    e.type = op.channelType;
    e.local = local;
    e.gpuChannel = gpuChannel(rank, tb, op.channelType, local);
    e.peer = peerOf(rank, op.channelType, e.gpuChannel);
    ends.push_back(e);
  }
  return ends;
}

std::vector<ChannelEnd> PlanQuery::memoryPutSignals(int32_t rank, int32_t tb,
                                                    const Op &op) const {
  std::vector<ChannelEnd> ends;
  const std::vector<int32_t> &local = tbChannels(rank, tb, ChannelType::Memory);
  for (size_t i = 0; i < op.dst.size(); ++i) {
    ChannelEnd e;
    e.type = ChannelType::Memory;
    if (auto b = operand(rank, tb, op, Operand::Dst, i))
      e.peer = b->rank;
    for (size_t k = 0; e.peer >= 0 && k < local.size(); ++k)
      if (peerOf(rank, ChannelType::Memory, local[k]) == e.peer) {
        e.local = int32_t(k);
        e.gpuChannel = local[k];
        break;
      }
    ends.push_back(e);
  }
  return ends;
}

int64_t PlanQuery::bufferChunks(int32_t rank, BufferType t) const {
  if (rank < 0 || size_t(rank) >= plan_.gpus.size())
    return -1;
  return plan::bufferChunks(plan_.gpus[size_t(rank)], t);
}

std::optional<ResolvedBuffer> PlanQuery::operand(int32_t rank, int32_t tb,
                                                 const Op &op, Operand which,
                                                 size_t i) const {
  const std::vector<BufferRef> &list = which == Operand::Src ? op.src : op.dst;
  if (i >= list.size() || rank < 0 || size_t(rank) >= plan_.gpus.size())
    return std::nullopt;
  const OpInfo &info = opInfo(op.kind);
  const OperandLayout &layout = which == Operand::Src ? info.src : info.dst;
  const BufferRef &ref = list[i];
  ResolvedBuffer b;
  b.role = layout.roleAt(i);
  b.index = ref.index;
  b.size = ref.size;
  if (isLocalRole(b.role)) {
    b.rank = rank;
    b.type = ref.type;
    return b;
  }
  if (b.role == OperandRole::Switch) {
    b.gpuSwitchChannel = gpuChannel(rank, tb, ChannelType::Switch, ref.id);
    const ChannelDecl *d = switchDecl(rank, b.gpuSwitchChannel);
    if (!d)
      return std::nullopt;
    b.rank = rank;
    b.type = d->bufferType;
    b.switchRanks = &d->groupRanks;
    return b;
  }
  b.gpuRemoteBuffer = gpuRemoteBuffer(rank, tb, op.channelType, ref.id);
  const auto &decls = plan_.gpus[size_t(rank)].remoteBuffers;
  if (b.gpuRemoteBuffer < 0 || size_t(b.gpuRemoteBuffer) >= decls.size())
    return std::nullopt;
  const RemoteBufferDecl &d = decls[size_t(b.gpuRemoteBuffer)];
  b.rank = d.rank;
  b.type = d.type;
  return b;
}

} // namespace mscclc::plan
