//===- ChunkIRVerifier.cpp - internal consistency of chunk IR -------------===//
#include "mscclc/ir/ChunkIRVerifier.h"

#include <algorithm>

namespace mscclc::chunk {

namespace {

struct Verifier {
  const Program &p;
  std::vector<std::string> problems;

  void fail(size_t rank, size_t tb, const Op &op, const std::string &what) {
    if (problems.size() < 20)
      problems.push_back("rank " + std::to_string(rank) + " tb " +
                         std::to_string(tb) + " op '" +
                         std::string(plan::toString(op.kind)) + "': " + what);
  }
  void chunk(size_t r, size_t t, const Op &op, const Chunk &c) {
    if (c.rank < 0 || size_t(c.rank) >= p.ranks.size()) {
      fail(r, t, op, "chunk on nonexistent rank " + std::to_string(c.rank));
      return;
    }
    int64_t avail = p.ranks[c.rank].bufferChunks(c.type);
    if (c.index < 0 || c.size < 0 || c.index + c.size > avail)
      fail(r, t, op, "chunk out of bounds");
  }
  void remote(size_t r, size_t t, const Op &op, const Chunk &c) {
    chunk(r, t, op, c);
    for (const auto &rb : p.ranks[r].remoteBuffers)
      if (rb.rank == c.rank && rb.type == c.type) {
        // It is reached through the op's channel kind, which the
        // declaration must list.
        ChannelType kind =
            op.channels.empty() ? ChannelType::None : op.channels[0].kind;
        if (kind != ChannelType::None &&
            std::find(rb.accessKinds.begin(), rb.accessKinds.end(), kind) ==
                rb.accessKinds.end())
          fail(r, t, op,
               "remote buffer r" + std::to_string(c.rank) + "." +
                   std::string(plan::toString(c.type)) +
                   " is not declared for " + std::string(plan::toString(kind)) +
                   " access");
        return;
      }
    fail(r, t, op, "remote chunk without a remote buffer declaration");
  }
  // The operands lower into src_buff/dst_buff lists that must fit the
  // op's layout in OpKinds.def: 'l' local, 'r' remote, 's' multicast.
  void shape(size_t r, size_t t, const Op &o) {
    const plan::OpInfo &info = plan::opInfo(o.kind);
    std::string src, dst;
    bool store = o.kind == OpKind::Gstore || o.kind == OpKind::Gstorepkt;
    src.append(o.localSrc.size(), 'l').append(o.remoteSrc.size(), 'r');
    if (store && o.switchChunk)
      src += 'l';
    if (o.kind == OpKind::Glres && !o.switchSrcOffsets.empty())
      src += 's';
    dst.append(o.localDst.size() + o.pktDst.size(), 'l')
        .append(o.remoteDst.size(), 'r');
    if ((store || o.kind == OpKind::Glres) && !o.switchDstOffsets.empty())
      dst += 's';
    auto fits = [&](const std::string &kinds, const plan::OperandLayout &l,
                    size_t other) {
      if (!l.accepts(kinds.size(), other))
        return false;
      for (size_t i = 0; i < kinds.size(); ++i) {
        plan::OperandRole role = l.roleAt(i);
        char want = plan::isLocalRole(role)    ? 'l'
                    : plan::isRemoteRole(role) ? 'r'
                                               : 's';
        if (kinds[i] != want)
          return false;
      }
      return true;
    };
    if ((!info.src.empty() || !src.empty()) && !fits(src, info.src, dst.size()))
      fail(r, t, o,
           "sources do not fit its layout (" + plan::describeLayout(info.src) +
               ")");
    if ((!info.dst.empty() || !dst.empty()) && !fits(dst, info.dst, src.size()))
      fail(r, t, o,
           "destinations do not fit its layout (" +
               plan::describeLayout(info.dst) + ")");
    if (o.kind == OpKind::Glre &&
        (!o.switchChunk || o.switchSrcOffsets.empty()))
      fail(r, t, o, "needs a local chunk and a multicast range");
    // Whatever reaches a peer or a switch names the channel it goes through.
    bool reaches = !o.remoteSrc.empty() || !o.remoteDst.empty() ||
                   info.is(plan::opfamily::Switch);
    if ((reaches || info.channelIds == plan::ChannelIdsRule::Always) &&
        o.channels.empty())
      fail(r, t, o, "needs a channel");
  }

  void op(size_t r, size_t t, const Op &o, bool inPipeline) {
    const Rank &rank = p.ranks[r];
    for (const auto &c : o.localSrc)
      chunk(r, t, o, c);
    for (const auto &c : o.localDst)
      chunk(r, t, o, c);
    for (const auto &c : o.pktDst)
      chunk(r, t, o, c);
    for (const auto &c : o.remoteSrc)
      remote(r, t, o, c);
    for (const auto &c : o.remoteDst)
      remote(r, t, o, c);
    // Each remote operand travels over its own channel (remote sources,
    // then remote destinations, in channel order), which leads to the rank
    // that holds the chunk.
    size_t nRemote = o.remoteSrc.size() + o.remoteDst.size();
    if (nRemote > 0 && o.channels.size() == nRemote)
      for (size_t k = 0; k < nRemote; ++k) {
        const Chunk &c = k < o.remoteSrc.size()
                             ? o.remoteSrc[k]
                             : o.remoteDst[k - o.remoteSrc.size()];
        const ChannelRef &ch = o.channels[k];
        const ChannelGroup *g = rank.group(ch.kind);
        if (g && ch.globalId >= 0 &&
            size_t(ch.globalId) < g->connectedTo.size() &&
            g->connectedTo[size_t(ch.globalId)] != c.rank)
          fail(r, t, o,
               std::string(plan::toString(ch.kind)) + " channel " +
                   std::to_string(ch.globalId) + " leads to rank " +
                   std::to_string(g->connectedTo[size_t(ch.globalId)]) +
                   " but its remote chunk is on rank " +
                   std::to_string(c.rank));
      }
    for (const auto &ch : o.channels) {
      if (ch.kind == ChannelType::Switch) {
        if (ch.globalId < 0 ||
            size_t(ch.globalId) >= rank.switchChannels.size())
          fail(r, t, o, "nonexistent switch channel");
        continue;
      }
      const ChannelGroup *g = rank.group(ch.kind);
      if (!g || ch.globalId < 0 || size_t(ch.globalId) >= g->connectedTo.size())
        fail(r, t, o, "nonexistent channel");
    }
    for (auto s : o.semaphoreIds)
      if (s < 0 || size_t(s) >= rank.semaphores.size())
        fail(r, t, o, "nonexistent semaphore");
    if (o.kind == OpKind::Barrier) {
      if (std::find(o.barrierTbs.begin(), o.barrierTbs.end(), int32_t(t)) ==
          o.barrierTbs.end())
        fail(r, t, o, "barrier does not list its own thread block");
      for (int32_t b : o.barrierTbs)
        if (b < 0 || size_t(b) >= rank.tbs.size())
          fail(r, t, o,
               "barrier over nonexistent thread block " + std::to_string(b));
    }
    if (o.kind == OpKind::Pipeline) {
      if (inPipeline)
        fail(r, t, o, "pipelines do not nest");
      for (const auto &inner : o.body)
        op(r, t, inner, true);
      return;
    }
    shape(r, t, o);
  }
};

} // namespace

std::vector<std::string> verify(const Program &program) {
  Verifier v{program, {}};
  // The settings the DSL range-checks when a program is built.
  if (program.instances < 1 || program.instances > 1024)
    v.problems.push_back("instances must be in 1..1024, got " +
                         std::to_string(program.instances));
  if (program.numThreadsPerBlock < 1 || program.numThreadsPerBlock > 1024)
    v.problems.push_back("num_threads_per_block must be in 1..1024, got " +
                         std::to_string(program.numThreadsPerBlock));
  if (program.bufferAlignment <= 0)
    v.problems.push_back("buffer_alignment must be positive");
  if (program.minMessageSize > program.maxMessageSize)
    v.problems.push_back("min_message_size exceeds max_message_size");
  if (!v.problems.empty())
    return v.problems;
  for (size_t r = 0; r < program.ranks.size(); ++r)
    for (size_t t = 0; t < program.ranks[r].tbs.size(); ++t)
      for (const auto &op : program.ranks[r].tbs[t].ops)
        v.op(r, t, op, false);
  return v.problems;
}

} // namespace mscclc::chunk
