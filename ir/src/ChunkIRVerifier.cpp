//===- ChunkIRVerifier.cpp - internal consistency of chunk IR -------------===//
#include "mscclc/ir/ChunkIRVerifier.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

namespace mscclc::chunk {

namespace {

struct Verifier {
  const Program &p;
  DiagnosticSink &diags;
  unsigned problems = 0;

  // Reported at the op's source line, with where it sits in the IR.
  void fail(size_t rank, size_t tb, const Op &op, diag::ID id,
            std::initializer_list<DiagArg> args = {}) {
    if (++problems > 20)
      return;
    diags
        .report(id,
                op.details().textLoc.isValid() ? op.details().textLoc : op.loc,
                args)
        .at("rank " + std::to_string(rank) + " tb " + std::to_string(tb) +
            " op '" + std::string(plan::toString(op.kind)) + "'");
  }
  void chunk(size_t r, size_t t, const Op &op, const Chunk &c) {
    if (c.rank < 0 || size_t(c.rank) >= p.ranks.size()) {
      fail(r, t, op, diag::err_cir_chunk_rank, {c.rank});
      return;
    }
    int64_t avail = p.ranks[c.rank].bufferChunks(c.type);
    if (!plan::rangeFits(c.index, c.size, avail))
      fail(r, t, op, diag::err_cir_chunk_bounds,
           {plan::bufferName(c.type), c.rank,
            "[" + std::to_string(c.index) + ":" +
                std::to_string(c.index + c.size) + "]",
            avail});
  }
  // Per rank, on first use: (peer, buffer type) -> the first remote buffer
  // declared for it (a scan of the declarations per remote chunk made the
  // check quadratic in the peers).
  std::vector<std::unordered_map<uint64_t, size_t>> remoteIndex = {};
  std::vector<bool> remoteIndexed = {};
  static uint64_t remoteKey(int32_t rank, BufferType type) {
    return uint64_t(uint32_t(rank)) << 8 | uint8_t(type);
  }
  const RemoteBufferDecl *declaredRemote(size_t r, const Chunk &c) {
    if (remoteIndex.empty()) {
      remoteIndex.resize(p.ranks.size());
      remoteIndexed.resize(p.ranks.size());
    }
    const auto &decls = p.ranks[r].remoteBuffers;
    if (!remoteIndexed[r]) {
      for (size_t i = 0; i < decls.size(); ++i)
        remoteIndex[r].try_emplace(remoteKey(decls[i].rank, decls[i].type), i);
      remoteIndexed[r] = true;
    }
    auto it = remoteIndex[r].find(remoteKey(c.rank, c.type));
    return it == remoteIndex[r].end() ? nullptr : &decls[it->second];
  }
  void remote(size_t r, size_t t, const Op &op, const Chunk &c) {
    chunk(r, t, op, c);
    if (const RemoteBufferDecl *rb = declaredRemote(r, c)) {
      // It is reached through the op's channel kind, which the
      // declaration must list.
      ChannelType kind =
          op.channels.empty() ? ChannelType::None : op.channels[0].kind;
      if (kind != ChannelType::None &&
          std::find(rb->accessKinds.begin(), rb->accessKinds.end(), kind) ==
              rb->accessKinds.end())
        fail(r, t, op, diag::err_cir_remote_access,
             {c.rank, plan::toString(c.type), plan::toString(kind)});
      return;
    }
    fail(r, t, op, diag::err_cir_remote_undeclared,
         {c.rank, plan::toString(c.type)});
  }
  // The operands lower into src_buff/dst_buff lists that must fit the
  // op's layout in OpKinds.def: 'l' local, 'r' remote, 's' multicast.
  void shape(size_t r, size_t t, const Op &o) {
    const plan::OpInfo &info = plan::opInfo(o.kind);
    std::string src, dst;
    bool store = o.kind == OpKind::Gstore || o.kind == OpKind::Gstorepkt;
    src.append(o.localSrc.size(), 'l').append(o.remoteSrc.size(), 'r');
    if (store && o.details().switchChunk)
      src += 'l';
    if (o.kind == OpKind::Glres && !o.details().switchSrcOffsets.empty())
      src += 's';
    dst.append(o.localDst.size() + o.details().pktDst.size(), 'l')
        .append(o.remoteDst.size(), 'r');
    if ((store || o.kind == OpKind::Glres) &&
        !o.details().switchDstOffsets.empty())
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
      fail(r, t, o, diag::err_cir_layout,
           {"sources", plan::describeLayout(info.src)});
    if ((!info.dst.empty() || !dst.empty()) && !fits(dst, info.dst, src.size()))
      fail(r, t, o, diag::err_cir_layout,
           {"destinations", plan::describeLayout(info.dst)});
    if (o.kind == OpKind::Glre &&
        (!o.details().switchChunk || o.details().switchSrcOffsets.empty()))
      fail(r, t, o, diag::err_cir_glre_operands);
    // Whatever reaches a peer or a switch names the channel it goes through.
    bool reaches = !o.remoteSrc.empty() || !o.remoteDst.empty() ||
                   info.is(plan::opfamily::Switch);
    if ((reaches || info.channelIds == plan::ChannelIdsRule::Always) &&
        o.channels.empty())
      fail(r, t, o, diag::err_cir_needs_channel);
  }

  void op(size_t r, size_t t, const Op &o, bool inPipeline) {
    const Rank &rank = p.ranks[r];
    for (const auto &c : o.localSrc)
      chunk(r, t, o, c);
    for (const auto &c : o.localDst)
      chunk(r, t, o, c);
    for (const auto &c : o.details().pktDst)
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
          fail(r, t, o, diag::err_cir_channel_peer,
               {plan::toString(ch.kind), ch.globalId,
                g->connectedTo[size_t(ch.globalId)], c.rank});
      }
    for (const auto &ch : o.channels) {
      if (ch.kind == ChannelType::Switch) {
        if (ch.globalId < 0 ||
            size_t(ch.globalId) >= rank.switchChannels.size())
          fail(r, t, o, diag::err_cir_channel, {"switch", ch.globalId});
        continue;
      }
      const ChannelGroup *g = rank.group(ch.kind);
      if (!g || ch.globalId < 0 || size_t(ch.globalId) >= g->connectedTo.size())
        fail(r, t, o, diag::err_cir_channel,
             {plan::toString(ch.kind), ch.globalId});
    }
    for (auto s : o.details().semaphoreIds)
      if (s < 0 || size_t(s) >= rank.semaphores.size())
        fail(r, t, o, diag::err_cir_semaphore, {s});
    if (o.kind == OpKind::Barrier) {
      if (std::find(o.details().barrierTbs.begin(),
                    o.details().barrierTbs.end(),
                    int32_t(t)) == o.details().barrierTbs.end())
        fail(r, t, o, diag::err_cir_barrier_self);
      for (int32_t b : o.details().barrierTbs)
        if (b < 0 || size_t(b) >= rank.tbs.size())
          fail(r, t, o, diag::err_cir_barrier_tb, {b});
    }
    if (o.details().tbg &&
        (o.details().tbg->tbgSize < 1 || o.details().tbg->tbId < 0 ||
         o.details().tbg->tbId >= o.details().tbg->tbgSize))
      fail(r, t, o, diag::err_cir_tbg,
           {o.details().tbg->tbId, o.details().tbg->tbgSize});
    if (o.kind == OpKind::Pipeline) {
      if (inPipeline)
        fail(r, t, o, diag::err_cir_pipeline_nested);
      if (o.details().unitSize < 1 || o.details().numChunks < 1)
        fail(r, t, o, diag::err_cir_pipeline_shape,
             {o.details().unitSize, o.details().numChunks});
      for (const auto &inner : o.details().body)
        op(r, t, inner, true);
      return;
    }
    shape(r, t, o);
  }
};

} // namespace

bool verify(const Program &program, DiagnosticSink &diags) {
  Verifier v{program, diags};
  // The settings the DSL range-checks when a program is built.
  auto setting = [&](bool ok, const char *name, const char *range,
                     int64_t value) {
    if (!ok) {
      ++v.problems;
      diags.report(diag::err_cir_setting, program.loc, {name, range, value});
    }
  };
  setting(program.instances >= 1 && program.instances <= 1024, "instances",
          "1..1024", program.instances);
  setting(program.numThreadsPerBlock >= 1 && program.numThreadsPerBlock <= 1024,
          "num_threads_per_block", "1..1024", program.numThreadsPerBlock);
  setting(program.bufferAlignment > 0, "buffer_alignment", "1 or more",
          program.bufferAlignment);
  if (program.minMessageSize > program.maxMessageSize) {
    ++v.problems;
    diags.report(diag::err_cir_message_sizes, program.loc);
  }
  for (size_t r = 0; r < program.ranks.size(); ++r) {
    const Rank &rank = program.ranks[r];
    for (size_t k = 0; k < rank.semaphores.size(); ++k)
      if (rank.semaphores[k] < 0) {
        ++v.problems;
        diags.report(diag::err_cir_semaphore_initial,
                     rank.loc.isValid() ? rank.loc : program.loc,
                     {r, k, rank.semaphores[k]});
      }
    for (BufferType t :
         {BufferType::Input, BufferType::Output, BufferType::Scratch})
      if (rank.bufferChunks(t) < 0) {
        ++v.problems;
        diags.report(diag::err_cir_negative_buffer,
                     rank.loc.isValid() ? rank.loc : program.loc,
                     {r, plan::bufferName(t), rank.bufferChunks(t)});
      }
  }
  if (v.problems)
    return false;
  for (size_t r = 0; r < program.ranks.size(); ++r)
    for (size_t t = 0; t < program.ranks[r].tbs.size(); ++t)
      for (const auto &op : program.ranks[r].tbs[t].ops)
        v.op(r, t, op, false);
  if (v.problems > 20)
    diags.report(diag::note_cir_more_problems, {}, {v.problems - 20});
  return v.problems == 0;
}

} // namespace mscclc::chunk
