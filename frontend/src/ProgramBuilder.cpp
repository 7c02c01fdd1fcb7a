//===- ProgramBuilder.cpp - recording semantics of the DSL ---------------===//
//
// Mirrors the reference's eager recording (dsl-semantics.md §1, §3.1–3.2):
// every call validates, registers resources in first-use order, and appends
// ops. Validation is stricter than the reference where the reference accepts
// nonsense silently (Q-NOVALID), never where a shipped example relies on it.
//
//===----------------------------------------------------------------------===//
#include "mscclc/frontend/ProgramBuilder.h"
#include "mscclc/ir/Utf8.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <set>

namespace mscclc::frontend {

using chunk::BufferType;
using chunk::ChannelType;
using chunk::Chunk;
using chunk::Op;
using chunk::OpKind;

std::string describe(const Chunk &c) {
  return "rank " + std::to_string(c.rank) + " " +
         std::string(plan::bufferName(c.type)) + "[" + std::to_string(c.index) +
         ":" + std::to_string(c.index + c.size) + "]";
}

// A misuse of the DSL: a diagnostic without a location, which the evaluator
// places at the DSL call.
[[noreturn]] static void fail(diag::ID id,
                              std::initializer_list<DiagArg> args = {},
                              std::vector<DiagNote> notes = {}) {
  throwDiagnostic(id, SourceLocation(), args, std::move(notes));
}

// ------------------------------------------------------------ program --

void ProgramBuilder::beginProgram(const ProgramSettings &s,
                                  SourceLocation loc) {
  if (!namespaceScopeInitialiser_.empty())
    fail(diag::err_dsl_namespace_scope_object, {namespaceScopeInitialiser_});
  if (active_)
    fail(diag::err_dsl_program_active, {},
         {makeNote(diag::note_dsl_active_program, program_.loc)});
  if (started_)
    fail(diag::err_dsl_program_twice, {},
         {makeNote(diag::note_dsl_first_program, program_.loc)});
  if (s.numRanks <= 0)
    fail(diag::err_dsl_num_ranks, {s.numRanks});
  if (s.numRanks > limits_.maxRanks)
    fail(diag::err_dsl_num_ranks_max, {s.numRanks, limits_.maxRanks});
  if (s.collective.numRanks != s.numRanks)
    fail(diag::err_dsl_rank_count_mismatch,
         {s.collective.numRanks, s.numRanks});
  if (s.instances <= 0)
    fail(diag::err_dsl_instances, {s.instances});
  if (s.instances > limits_.maxInstances)
    fail(diag::err_dsl_instances_max, {s.instances, limits_.maxInstances});
  const chunk::ProgramSettings &ps = s.program;
  if (ps.numThreadsPerBlock <= 0 || ps.numThreadsPerBlock > 1024)
    fail(diag::err_dsl_threads_per_block, {ps.numThreadsPerBlock});
  if (ps.bufferAlignment <= 0)
    fail(diag::err_dsl_buffer_alignment, {ps.bufferAlignment});
  if (ps.minMessageSize > ps.maxMessageSize)
    fail(diag::err_dsl_message_size_range,
         {ps.minMessageSize, ps.maxMessageSize});
  // The name goes into the plan's JSON as it is; the writer would have to
  // replace a byte that is not UTF-8 (a Latin-1 source's "é").
  std::optional<size_t> bad;
  if (ps.name && (bad = firstInvalidUtf8(*ps.name))) {
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02X",
                  unsigned(static_cast<unsigned char>((*ps.name)[*bad])));
    fail(diag::err_dsl_program_name_utf8, {byte, int64_t(*bad)});
  }

  started_ = active_ = true;
  program_ = chunk::Program{};
  remoteSlots_.clear();
  static_cast<chunk::ProgramSettings &>(program_) = ps;
  program_.collective = s.collective.name;
  program_.inplace = s.collective.inplace;
  program_.instances = int32_t(s.instances);
  program_.loc = loc;
  program_.ranks.resize(size_t(s.numRanks));
  for (auto &r : program_.ranks) {
    r.inputChunks = s.collective.inputSize;
    r.outputChunks = s.collective.outputSize;
  }
  if (barrierIds_->size() < size_t(s.numRanks))
    barrierIds_->resize(size_t(s.numRanks));
}

void ProgramBuilder::endProgram() {
  if (loop_)
    endLoop();
  active_ = false;
}

chunk::Program ProgramBuilder::takeProgram() { return std::move(program_); }

void ProgramBuilder::requireProgram() const {
  if (!namespaceScopeInitialiser_.empty()) [[unlikely]]
    fail(diag::err_dsl_namespace_scope_object, {namespaceScopeInitialiser_});
  if (!active_) {
    if (started_)
      fail(diag::err_dsl_program_out_of_scope, {},
           {makeNote(diag::note_dsl_program_created, program_.loc)});
    fail(diag::err_dsl_no_program);
  }
}

// ------------------------------------------------------ ranks, buffers --

void ProgramBuilder::checkRank(int64_t rank, const char *what) const {
  requireProgram();
  if (rank >= 0 && rank < int64_t(program_.ranks.size()))
    return;
  size_t n = program_.ranks.size();
  if (n == 1)
    fail(diag::err_dsl_rank_range_one, {what, rank});
  fail(diag::err_dsl_rank_range, {what, rank, n, n - 1});
}

BufferDesc ProgramBuilder::inputBuffer(int64_t rank) const {
  checkRank(rank, "rank");
  return {int32_t(rank), BufferType::Input, 0,
          program_.ranks[rank].inputChunks};
}

BufferDesc ProgramBuilder::outputBuffer(int64_t rank) const {
  checkRank(rank, "rank");
  return {int32_t(rank), BufferType::Output, 0,
          program_.ranks[rank].outputChunks};
}

BufferDesc ProgramBuilder::allocScratch(int64_t rank, int64_t size) {
  checkRank(rank, "scratch buffer rank");
  if (size < 0)
    fail(diag::err_dsl_scratch_size, {size});
  auto &r = rankState(rank);
  // The executor stores chunk counts in 32 bits.
  if (r.scratchChunks + size > int64_t(UINT32_MAX))
    fail(diag::err_dsl_scratch_total,
         {rank, r.scratchChunks + size, uint64_t(UINT32_MAX)});
  BufferDesc d{int32_t(rank), BufferType::Scratch, r.scratchChunks,
               r.scratchChunks + size};
  r.scratchChunks += size;
  return d;
}

Chunk ProgramBuilder::slice(const BufferDesc &buf, std::optional<int64_t> start,
                            std::optional<int64_t> stop) const {
  int64_t length = buf.end - buf.offset;
  int64_t b = start.value_or(0);
  int64_t e = stop.value_or(length);
  if (b < 0 || e < 0)
    fail(diag::err_dsl_slice_negative, {b, e});
  if (b > e)
    fail(diag::err_dsl_slice_reversed, {b, e});
  if (buf.offset + e > buf.end) {
    // A bound equal to size() of a buffer that does not start at 0: the
    // Python meaning of size (the end) taken for a length.
    std::vector<DiagNote> notes;
    if (buf.offset > 0 && (e == buf.end || b == buf.end))
      notes.push_back(makeNote(diag::note_dsl_size_is_end, SourceLocation(),
                               {buf.end, buf.offset, length}));
    // A buffer that does not start at chunk 0 (a second scratch buffer):
    // the slice as written and where the buffer lies, not the absolute
    // chunks against its length.
    if (buf.offset > 0)
      fail(diag::err_dsl_slice_range_offset,
           {b, e, buf.rank, plan::bufferName(buf.type), buf.offset, buf.end,
            length},
           std::move(notes));
    fail(length == 1 ? diag::err_dsl_slice_range_one
                     : diag::err_dsl_slice_range,
         {buf.offset + b, buf.offset + e, buf.rank, plan::bufferName(buf.type),
          length},
         std::move(notes));
  }
  Chunk c;
  c.rank = buf.rank;
  c.type = buf.type;
  c.index = buf.offset + b;
  c.size = e - b;
  return c;
}

// ---------------------------------------------------------- resources --

int32_t ProgramBuilder::newPeerChannel(ChannelType kind, int64_t dstRank,
                                       int64_t srcRank, SourceLocation loc) {
  checkRank(srcRank, "channel source rank");
  checkRank(dstRank, "channel destination rank");
  auto &r = rankState(srcRank);
  chunk::ChannelGroup *g = nullptr;
  for (auto &grp : r.channelGroups)
    if (grp.kind == kind)
      g = &grp;
  if (!g) {
    // Groups are listed in the order their kind was first constructed.
    r.channelGroups.push_back({kind, {}, {}});
    g = &r.channelGroups.back();
  }
  int32_t id = int32_t(g->connectedTo.size());
  g->connectedTo.push_back(int32_t(dstRank));
  g->createdAt.push_back(loc);
  peerChannels_.push_back({kind, int32_t(srcRank), int32_t(dstRank), id, loc});
  return int32_t(peerChannels_.size() - 1);
}

int32_t ProgramBuilder::newMemoryChannel(int64_t dstRank, int64_t srcRank,
                                         SourceLocation loc) {
  return newPeerChannel(ChannelType::Memory, dstRank, srcRank, loc);
}

int32_t ProgramBuilder::newPortChannel(int64_t dstRank, int64_t srcRank,
                                       SourceLocation loc) {
  return newPeerChannel(ChannelType::Port, dstRank, srcRank, loc);
}

int32_t ProgramBuilder::newSwitchChannel(const std::vector<int64_t> &ranks,
                                         BufferType bufferType,
                                         SourceLocation loc) {
  requireProgram();
  if (ranks.empty())
    fail(diag::err_dsl_switch_no_ranks);
  std::set<int64_t> seen;
  for (int64_t r : ranks) {
    checkRank(r, "switch channel rank");
    if (!seen.insert(r).second)
      fail(diag::err_dsl_switch_duplicate_rank, {r});
  }
  SwitchChannelState st;
  st.ranks = ranks;
  st.bufferType = bufferType;
  st.createdAt = loc;
  std::vector<int32_t> group(ranks.begin(), ranks.end());
  for (int64_t r : ranks) {
    auto &rs = rankState(r);
    st.idOnRank[r] = int32_t(rs.switchChannels.size());
    rs.switchChannels.push_back({bufferType, group});
  }
  switchChannels_.push_back(std::move(st));
  return int32_t(switchChannels_.size() - 1);
}

int32_t ProgramBuilder::newSemaphore(int64_t rank, int64_t initialValue,
                                     SourceLocation) {
  checkRank(rank, "semaphore rank");
  if (initialValue < 0)
    fail(diag::err_dsl_semaphore_initial, {initialValue});
  auto &rs = rankState(rank);
  int32_t id = int32_t(rs.semaphores.size());
  rs.semaphores.push_back(initialValue);
  semaphores_.push_back({int32_t(rank), id});
  return int32_t(semaphores_.size() - 1);
}

void ProgramBuilder::checkThreadBlockGroup(
    const std::vector<int64_t> &tbs) const {
  if (tbs.empty())
    fail(diag::err_dsl_tbg_empty);
  std::set<int64_t> seen;
  for (int64_t tb : tbs) {
    if (tb < 0)
      fail(diag::err_dsl_tbg_negative, {tb});
    if (!seen.insert(tb).second)
      fail(diag::err_dsl_tbg_duplicate, {tb});
  }
}

// ------------------------------------------------------------ helpers --

int32_t ProgramBuilder::checkTb(std::optional<int64_t> tb,
                                const char *method) const {
  if (!tb)
    fail(diag::err_dsl_tb_missing, {method});
  if (*tb < 0)
    fail(diag::err_dsl_tb_negative, {*tb});
  if (*tb >= limits_.maxThreadBlocks)
    fail(diag::err_dsl_tb_max, {*tb, limits_.maxThreadBlocks - 1});
  return int32_t(*tb);
}

const std::vector<std::pair<int32_t, std::optional<chunk::TbgInfo>>> &
ProgramBuilder::selectTbs(const TbSelection &sel, const char *method) const {
  auto &out = selectedTbs_;
  out.clear();
  if (sel.tb && sel.group) {
    // As the reference DSL does: the op on `tb` alone, with its share of
    // the group's split. A program gives each of the group's thread blocks
    // its own channel this way; the validate pass warns when some of the
    // group never records the op.
    int32_t tb = checkTb(sel.tb, method);
    const std::vector<int64_t> &group = *sel.group;
    auto at = std::find(group.begin(), group.end(), *sel.tb);
    if (at == group.end())
      fail(diag::err_dsl_tb_outside_group, {method, tb});
    out.push_back({tb, chunk::TbgInfo{int32_t(at - group.begin()),
                                      int32_t(group.size())}});
    return out;
  }
  if (sel.tb) {
    out.push_back({checkTb(sel.tb, method), std::nullopt});
    return out;
  }
  if (sel.group) {
    int32_t n = int32_t(sel.group->size());
    for (int32_t i = 0; i < n; ++i)
      out.push_back({checkTb((*sel.group)[i], method), chunk::TbgInfo{i, n}});
    return out;
  }
  fail(sel.groupAllowed ? diag::err_dsl_tb_or_group_missing
                        : diag::err_dsl_tb_missing,
       {method});
}

void ProgramBuilder::ensureTb(int32_t rank, int32_t tb) {
  auto &tbs = rankState(rank).tbs;
  if (int32_t(tbs.size()) <= tb)
    tbs.resize(size_t(tb) + 1);
}

void ProgramBuilder::registerRemote(int32_t rank, const Chunk &remote,
                                    ChannelType access) {
  // Found by (remote rank, buffer type) in a table per rank: a rank of an
  // all-pairs program names every other rank's buffer, and a scan per
  // recorded op grew with the rank count.
  auto &rbs = rankState(rank).remoteBuffers;
  if (remoteSlots_.size() <= size_t(rank))
    remoteSlots_.resize(size_t(rank) + 1);
  auto &slots = remoteSlots_[size_t(rank)];
  const size_t at = size_t(remote.rank) * 3 + size_t(remote.type);
  if (slots.size() <= at)
    slots.resize(at + 1);
  if (slots[at] == 0) {
    rbs.push_back({remote.rank, remote.type, {access}});
    slots[at] = uint32_t(rbs.size());
    return;
  }
  auto &kinds = rbs[slots[at] - 1].accessKinds;
  if (std::find(kinds.begin(), kinds.end(), access) == kinds.end())
    kinds.push_back(access);
}

void ProgramBuilder::appendOp(int32_t rank, int32_t tb, Op &&op) {
  ensureTb(rank, tb);
  op.seq = nextSeq_++;
  if (loop_) {
    loop_->ops.push_back({rank, tb, std::move(op)});
    return;
  }
  rankState(rank).tbs[tb].ops.push_back(std::move(op));
}

void ProgramBuilder::checkSameSize(const Chunk &a, const Chunk &b,
                                   const char *what) const {
  if (a.size != b.size)
    fail(diag::err_dsl_size_mismatch,
         {what, describe(a), a.size, describe(b), b.size});
}

void ProgramBuilder::checkOnRank(const Chunk &c, int64_t rank,
                                 const char *what) const {
  if (c.rank != rank)
    fail(diag::err_dsl_chunk_wrong_rank, {what, describe(c), rank});
}

void ProgramBuilder::checkScratch(const Chunk &c, const char *what) const {
  if (c.type != BufferType::Scratch)
    fail(diag::err_dsl_chunk_not_scratch, {what, describe(c)});
}

// ----------------------------------------------------------- rank ops --

void ProgramBuilder::copy(int64_t rank, const Chunk &dst, const Chunk &src,
                          const TbSelection &sel, OpKind kind,
                          SourceLocation loc) {
  checkRank(rank, "rank");
  const char *method = kind == OpKind::Copy   ? "copy"
                       : kind == OpKind::Cpkt ? "copy_packets"
                                              : "unpack_packets";
  checkOnRank(dst, rank, "destination chunk");
  checkOnRank(src, rank, "source chunk");
  checkSameSize(dst, src, method);
  if (kind == OpKind::Cpkt)
    checkScratch(dst, "copy_packets destination");
  if (kind == OpKind::Upkt)
    checkScratch(src, "unpack_packets source");
  for (const auto &[tb, tbg] : selectTbs(sel, method)) {
    Op op;
    op.kind = kind;
    op.localSrc = {src};
    op.localDst = {dst};
    if (tbg)
      op.mutableDetails().tbg = tbg;
    op.loc = loc;
    appendOp(int32_t(rank), tb, std::move(op));
  }
}

void ProgramBuilder::reduce(int64_t rank, const Chunk &src,
                            const std::vector<Chunk> &others,
                            const TbSelection &sel, std::optional<Chunk> dst,
                            chunk::ReduceOp rop, bool packet,
                            SourceLocation loc) {
  checkRank(rank, "rank");
  Chunk d = dst.value_or(src);
  // The source first: without a dst it is also where the result goes, and
  // the user passed no "destination" to be told about.
  checkOnRank(src, rank, "reduce source chunk");
  if (dst)
    checkOnRank(d, rank, "reduce destination chunk");
  checkSameSize(d, src, "reduce");
  if (others.empty())
    fail(diag::err_dsl_reduce_no_operands);
  for (const auto &o : others) {
    checkOnRank(o, rank, "reduce operand");
    checkSameSize(src, o, "reduce");
    if (packet)
      checkScratch(o, "packet reduce operand");
  }
  for (const auto &[tb, tbg] : selectTbs(sel, "reduce")) {
    Op op;
    op.kind = packet ? OpKind::Repkt : OpKind::Re;
    op.localSrc.push_back(src);
    op.localSrc.insert(op.localSrc.end(), others.begin(), others.end());
    op.localDst = {d};
    op.reduceOp = rop;
    if (tbg)
      op.mutableDetails().tbg = tbg;
    op.loc = loc;
    appendOp(int32_t(rank), tb, std::move(op));
  }
}

void ProgramBuilder::barrier(int64_t rank, const std::vector<int64_t> &tbs,
                             SourceLocation loc) {
  checkRank(rank, "rank");
  if (tbs.empty())
    fail(diag::err_dsl_barrier_empty);
  std::set<int64_t> seen;
  for (int64_t tb : tbs) {
    checkTb(tb, "barrier");
    if (!seen.insert(tb).second)
      fail(diag::err_dsl_barrier_duplicate_tb, {tb});
  }
  if (tbs.size() == 1) {
    Op op;
    op.kind = OpKind::Nop;
    op.loc = loc;
    appendOp(int32_t(rank), int32_t(tbs[0]), std::move(op));
    return;
  }
  auto &registry = (*barrierIds_)[rank];
  auto it = registry.find(tbs);
  int32_t id;
  if (it == registry.end()) {
    id = int32_t(registry.size());
    registry.emplace(tbs, id);
  } else {
    id = it->second;
  }
  for (int64_t tb : tbs) {
    Op op;
    op.kind = OpKind::Barrier;
    op.mutableDetails().barrierId = id;
    op.mutableDetails().barrierTbs.assign(tbs.begin(), tbs.end());
    op.loc = loc;
    appendOp(int32_t(rank), int32_t(tb), std::move(op));
  }
}

// ------------------------------------------------- memory / port ops --

void ProgramBuilder::signalOrWait(int32_t channel, std::optional<int64_t> tb,
                                  uint8_t dataSync, bool relaxed, bool isSignal,
                                  SourceLocation loc) {
  requireProgram();
  const PeerChannel ch = peerChannels_[channel];
  int32_t t = checkTb(tb, isSignal ? "signal" : "wait");
  Op op;
  op.kind = isSignal ? (relaxed ? OpKind::RlxSignal : OpKind::Signal)
                     : (relaxed ? OpKind::RlxWait : OpKind::Wait);
  op.dataSync = dataSync;
  op.channels = {{ch.kind, ch.globalId}};
  op.loc = loc;
  appendOp(ch.src, t, std::move(op));
}

void ProgramBuilder::flush(int32_t channel, std::optional<int64_t> tb,
                           uint8_t dataSync, SourceLocation loc) {
  requireProgram();
  const PeerChannel ch = peerChannels_[channel];
  int32_t t = checkTb(tb, "flush");
  Op op;
  op.kind = OpKind::Flush;
  op.dataSync = dataSync;
  op.channels = {{ch.kind, ch.globalId}};
  op.loc = loc;
  appendOp(ch.src, t, std::move(op));
}

void ProgramBuilder::transfer(int32_t channel, OpKind kind, const Chunk &dst,
                              const Chunk &src, const TbSelection &sel,
                              SourceLocation loc) {
  requireProgram();
  const PeerChannel ch = peerChannels_[channel];
  const char *method = kind == OpKind::Put     ? "put"
                       : kind == OpKind::Pws   ? "put_with_signal"
                       : kind == OpKind::Pwsf  ? "put_with_signal_and_flush"
                       : kind == OpKind::Ppkt  ? "put_packets"
                       : kind == OpKind::Rppkt ? "read_put_packets"
                                               : "get";
  // Formatted only when an error needs it: these run once per recorded op.
  auto chNote = [&ch] {
    return std::vector<DiagNote>{makeNote(diag::note_dsl_channel_created,
                                          ch.createdAt, {ch.src, ch.dst})};
  };
  bool isGet = kind == OpKind::Get;
  const Chunk &local = isGet ? dst : src;
  const Chunk &remote = isGet ? src : dst;
  if (local.rank != ch.src)
    fail(diag::err_dsl_chunk_not_on_channel_source,
         {method, isGet ? "destination" : "source", describe(local), ch.src},
         chNote());
  if (remote.rank != ch.dst)
    fail(diag::err_dsl_chunk_not_on_channel_destination,
         {method, isGet ? "source" : "destination", describe(remote), ch.dst},
         chNote());
  checkSameSize(dst, src, method);
  if (kind == OpKind::Ppkt || kind == OpKind::Rppkt)
    checkScratch(dst, (std::string(method) + " destination").c_str());
  if (kind == OpKind::Rppkt)
    checkScratch(src, "read_put_packets source");
  for (const auto &[tb, tbg] : selectTbs(sel, method)) {
    ensureTb(ch.src, tb);
    registerRemote(ch.src, remote, ch.kind);
    Op op;
    op.kind = kind;
    op.channels = {{ch.kind, ch.globalId}};
    if (isGet) {
      op.remoteSrc = {remote};
      op.localDst = {local};
    } else {
      op.localSrc = {local};
      op.remoteDst = {remote};
    }
    if (tbg)
      op.mutableDetails().tbg = tbg;
    op.loc = loc;
    appendOp(ch.src, tb, std::move(op));
  }
}

void ProgramBuilder::channelReduce(int32_t channel, const Chunk &localSrc,
                                   const std::vector<Chunk> &remoteSrcs,
                                   const TbSelection &sel,
                                   std::optional<Chunk> localDst,
                                   chunk::ReduceOp rop, SourceLocation loc) {
  requireProgram();
  const PeerChannel ch = peerChannels_[channel];
  // Formatted only when an error needs it: these run once per recorded op.
  auto chNote = [&ch] {
    return std::vector<DiagNote>{makeNote(diag::note_dsl_channel_created,
                                          ch.createdAt, {ch.src, ch.dst})};
  };
  Chunk d = localDst.value_or(localSrc);
  if (localSrc.rank != ch.src)
    fail(diag::err_dsl_chunk_not_on_channel_source,
         {"reduce", "local source", describe(localSrc), ch.src}, chNote());
  if (d.rank != ch.src)
    fail(diag::err_dsl_chunk_not_on_channel_source,
         {"reduce", "local destination", describe(d), ch.src}, chNote());
  checkSameSize(d, localSrc, "reduce");
  if (remoteSrcs.empty())
    fail(diag::err_dsl_reduce_no_remote);
  for (const auto &r : remoteSrcs) {
    if (r.rank != ch.dst)
      fail(diag::err_dsl_chunk_not_on_channel_destination,
           {"reduce", "remote source", describe(r), ch.dst}, chNote());
    checkSameSize(localSrc, r, "reduce");
  }
  for (const auto &[tb, tbg] : selectTbs(sel, "reduce")) {
    ensureTb(ch.src, tb);
    for (const auto &r : remoteSrcs)
      registerRemote(ch.src, r, ch.kind);
    Op op;
    op.kind = OpKind::Rre;
    op.channels = {{ch.kind, ch.globalId}};
    op.localSrc = {localSrc};
    op.remoteSrc = remoteSrcs;
    op.localDst = {d};
    op.reduceOp = rop;
    if (tbg)
      op.mutableDetails().tbg = tbg;
    op.loc = loc;
    appendOp(ch.src, tb, std::move(op));
  }
}

// ----------------------------------------------------------- switch ops --

void ProgramBuilder::checkSwitchMember(int32_t channel, int64_t rank) const {
  requireProgram();
  const auto &st = switchChannels_[channel];
  if (!st.idOnRank.count(rank)) {
    std::string list;
    for (auto r : st.ranks)
      list += (list.empty() ? "" : ", ") + std::to_string(r);
    fail(diag::err_dsl_switch_not_member, {rank, list},
         {makeNote(diag::note_dsl_switch_created, st.createdAt)});
  }
}

void ProgramBuilder::switchReduce(int32_t channel, int64_t rank,
                                  int64_t bufferOffset, int64_t size,
                                  const Chunk &dst, std::optional<int64_t> tb,
                                  chunk::ReduceOp rop, SourceLocation loc) {
  checkSwitchMember(channel, rank);
  const auto &st = switchChannels_[channel];
  int32_t t = checkTb(tb, "switch reduce");
  if (!st.idOnRank.count(dst.rank))
    fail(diag::err_dsl_switch_chunk_outside_group,
         {"switch reduce", "destination", describe(dst)},
         {makeNote(diag::note_dsl_switch_created, st.createdAt)});
  // The Python DSL records another member's chunk here, which the executor
  // takes for the running rank's own (its plan does something else).
  if (dst.rank != rank)
    fail(diag::err_dsl_switch_chunk_not_at_rank,
         {"switch reduce", rank, "destination", describe(dst), dst.rank});
  if (bufferOffset < 0 || size < 0)
    fail(diag::err_dsl_switch_negative, {"switch reduce"});
  if (dst.size != size)
    fail(diag::err_dsl_switch_reduce_size, {describe(dst), dst.size, size});
  for (int64_t r : st.ranks) {
    int64_t avail = program_.ranks[r].bufferChunks(st.bufferType);
    if (avail < bufferOffset + size)
      fail(diag::err_dsl_switch_buffer_range,
           {"switch reduce", bufferOffset, bufferOffset + size, r,
            plan::bufferName(st.bufferType), avail},
           {makeNote(diag::note_dsl_switch_created, st.createdAt)});
  }
  Op op;
  op.kind = OpKind::Glre;
  op.channels = {{ChannelType::Switch, st.idOnRank.at(rank)}};
  op.mutableDetails().switchBuffer = st.bufferType;
  op.mutableDetails().switchSrcOffsets = {bufferOffset};
  op.mutableDetails().switchSize = size;
  op.mutableDetails().switchChunk = dst;
  op.reduceOp = rop;
  op.loc = loc;
  appendOp(int32_t(rank), t, std::move(op));
}

void ProgramBuilder::switchBroadcast(int32_t channel, int64_t rank,
                                     const Chunk &src, int64_t bufferOffset,
                                     int64_t size, std::optional<int64_t> tb,
                                     bool packets, SourceLocation loc) {
  checkSwitchMember(channel, rank);
  const auto &st = switchChannels_[channel];
  const char *method = packets ? "broadcast_packets" : "broadcast";
  int32_t t = checkTb(tb, method);
  if (!st.idOnRank.count(src.rank))
    fail(diag::err_dsl_switch_chunk_outside_group,
         {method, "source", describe(src)},
         {makeNote(diag::note_dsl_switch_created, st.createdAt)});
  if (src.rank != rank) // as in switchReduce
    fail(diag::err_dsl_switch_chunk_not_at_rank,
         {std::string("switch ") + method, rank, "source", describe(src),
          src.rank});
  if (bufferOffset < 0 || size < 0)
    fail(diag::err_dsl_switch_negative, {method});
  if (packets) {
    checkScratch(src, "broadcast_packets source");
    if (st.bufferType != BufferType::Scratch)
      fail(diag::err_dsl_broadcast_packets_buffer, {},
           {makeNote(diag::note_dsl_switch_created, st.createdAt)});
  }
  if (src.size != size)
    fail(diag::err_dsl_switch_broadcast_size,
         {method, describe(src), src.size, size});
  for (int64_t r : st.ranks) {
    int64_t avail = program_.ranks[r].bufferChunks(st.bufferType);
    if (avail < bufferOffset + size)
      fail(diag::err_dsl_switch_buffer_range,
           {method, bufferOffset, bufferOffset + size, r,
            plan::bufferName(st.bufferType), avail},
           {makeNote(diag::note_dsl_switch_created, st.createdAt)});
  }
  Op op;
  op.kind = packets ? OpKind::Gstorepkt : OpKind::Gstore;
  op.channels = {{ChannelType::Switch, st.idOnRank.at(rank)}};
  op.mutableDetails().switchBuffer = st.bufferType;
  op.mutableDetails().switchDstOffsets = {bufferOffset};
  op.mutableDetails().switchSize = size;
  op.mutableDetails().switchChunk = src;
  op.loc = loc;
  appendOp(int32_t(rank), t, std::move(op));
}

// ----------------------------------------------------------- semaphores --

void ProgramBuilder::semaphoreOp(int32_t semaphore, std::optional<int64_t> tb,
                                 uint8_t dataSync, bool acquire,
                                 SourceLocation loc) {
  requireProgram();
  const auto &s = semaphores_[semaphore];
  int32_t t = checkTb(tb, acquire ? "acquire" : "release");
  Op op;
  op.kind = acquire ? OpKind::SemAcquire : OpKind::SemRelease;
  op.dataSync = dataSync;
  op.mutableDetails().semaphoreIds = {s.id};
  op.loc = loc;
  appendOp(s.rank, t, std::move(op));
}

// ------------------------------------------------------------ pipelines --

void ProgramBuilder::beginLoop(uint64_t unit, int64_t numChunks,
                               SourceLocation loc) {
  requireProgram();
  if (loop_)
    fail(diag::err_dsl_pipeline_nested, {},
         {makeNote(diag::note_dsl_enclosing_pipeline, loop_->loc)});
  if (unit == 0)
    fail(diag::err_dsl_pipeline_unit);
  if (numChunks <= 0)
    fail(diag::err_dsl_pipeline_num_chunks, {numChunks});
  loop_ = LoopState{unit, numChunks, loc, {}};
}

void ProgramBuilder::endLoop() {
  if (!loop_)
    return;
  LoopState st = std::move(*loop_);
  loop_.reset();
  // Group per (rank, tb) in order of first appearance.
  std::vector<std::pair<std::pair<int32_t, int32_t>, Op>> groups;
  std::map<std::pair<int32_t, int32_t>, size_t> index;
  for (auto &c : st.ops) {
    auto key = std::make_pair(c.rank, c.tb);
    auto it = index.find(key);
    if (it == index.end()) {
      Op p;
      p.kind = OpKind::Pipeline;
      p.mutableDetails().unitSize = st.unit;
      p.mutableDetails().numChunks = st.numChunks;
      p.loc = st.loc;
      p.seq = c.op.seq;
      index[key] = groups.size();
      groups.push_back({key, std::move(p)});
      it = index.find(key);
    }
    groups[it->second].second.mutableDetails().body.push_back(std::move(c.op));
  }
  for (auto &[key, op] : groups)
    rankState(key.first).tbs[key.second].ops.push_back(std::move(op));
}

} // namespace mscclc::frontend
