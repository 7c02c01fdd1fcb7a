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
                   " is not declared for " +
                   std::string(plan::toString(kind)) + " access");
        return;
      }
    fail(r, t, op, "remote chunk without a remote buffer declaration");
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
          fail(r, t, o, "barrier over nonexistent thread block " +
                            std::to_string(b));
    }
    switch (o.kind) {
    case OpKind::Copy:
    case OpKind::Cpkt:
    case OpKind::Upkt:
      if (o.localSrc.size() != 1 || o.localDst.size() != 1)
        fail(r, t, o, "needs one source and one destination");
      break;
    case OpKind::Put:
    case OpKind::Pws:
    case OpKind::Pwsf:
    case OpKind::Ppkt:
    case OpKind::Rppkt:
      if (o.localSrc.empty() || o.remoteDst.empty() || o.channels.empty())
        fail(r, t, o, "needs sources, remote destinations and channels");
      break;
    case OpKind::Get:
      if (o.remoteSrc.empty() || o.localDst.empty() || o.channels.empty())
        fail(r, t, o, "needs remote sources, destinations and channels");
      break;
    case OpKind::Glre:
    case OpKind::Gstore:
    case OpKind::Gstorepkt:
      if (!o.switchChunk || o.channels.empty())
        fail(r, t, o, "needs a local chunk and a switch channel");
      break;
    case OpKind::Pipeline:
      if (inPipeline)
        fail(r, t, o, "pipelines do not nest");
      for (const auto &inner : o.body)
        op(r, t, inner, true);
      break;
    default:
      if (plan::isReduceFamily(o.kind) &&
          (o.localSrc.empty() || o.localDst.empty()))
        fail(r, t, o, "reduction needs a source and a destination");
      break;
    }
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
