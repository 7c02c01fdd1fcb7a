//===- TargetDefects.cpp - known defects of the target executor ----------===//
#include "mscclc/passes/TargetDefects.h"

#include "mscclc/ir/PlanQuery.h"

#include "InPlaceAliases.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <set>

namespace mscclc::passes {

using plan::BufferRef;
using plan::ChannelType;
using plan::OpKind;

const std::vector<DefectCheck> &defectChecks() {
  static const std::vector<DefectCheck> table = {
      {diag::err_defect_glre_unfused, diag::note_fix_glre_unfused},
      {diag::warn_defect_get_unequal_offsets,
       diag::note_fix_get_unequal_offsets},
      {diag::warn_defect_flush_noop, diag::note_fix_flush_noop},
      {diag::warn_defect_switch_sync_noop, diag::note_fix_switch_sync_noop},
      {diag::warn_port_push_order, diag::note_fix_port_push_order},
      {diag::warn_defect_memory_put_with_signal,
       diag::note_fix_memory_put_with_signal},
      {diag::warn_defect_put_mixed_sources, diag::note_fix_put_mixed_sources},
      {diag::warn_defect_port_put_packets, diag::note_fix_port_put_packets},
      {diag::warn_defect_port_put_packets_source,
       diag::note_fix_port_put_packets},
      {diag::warn_defect_packets_under_simple,
       diag::note_fix_packets_under_simple},
      {diag::warn_defect_double_scratch_non_packet,
       diag::note_fix_double_scratch_non_packet},
      {diag::warn_defect_double_scratch_asymmetric,
       diag::note_fix_double_scratch_asymmetric},
      {diag::warn_defect_double_scratch_port_source,
       diag::note_fix_double_scratch_port_source},
      {diag::warn_defect_non_sum_reduce, diag::note_fix_non_sum_reduce},
      {diag::warn_defect_pipeline_unit_unaligned,
       diag::note_fix_pipeline_unit_unaligned},
      {diag::warn_defect_pipeline_iterations,
       diag::note_fix_pipeline_iterations},
      {diag::warn_defect_pipeline_packet_reduce,
       diag::note_fix_pipeline_packet_reduce},
      {diag::warn_defect_pipeline_packet_reduce_source_written,
       diag::note_fix_pipeline_packet_reduce_source_written},
      {diag::warn_defect_pipeline_packet_source_written,
       diag::note_fix_pipeline_packet_source_written},
      {diag::warn_defect_pipeline_tbg_slice, diag::note_fix_pipeline_tbg_slice},
      {diag::warn_defect_overlapping_operands,
       diag::note_fix_overlapping_operands},
      {diag::warn_defect_rank_without_threadblocks,
       diag::note_fix_rank_without_threadblocks},
      {diag::warn_defect_zero_chunk_count, diag::note_fix_zero_chunk_count},
      {diag::warn_defect_packet_alignment, diag::note_fix_packet_alignment},
      {diag::warn_defect_copy_alignment, diag::note_fix_copy_alignment},
      {diag::warn_defect_scratch_packet_overlap,
       diag::note_fix_scratch_packet_overlap},
      {diag::warn_defect_reuse_remote_buffer,
       diag::note_fix_reuse_remote_buffer},
      {diag::warn_defect_reuse_pipeline_offset,
       diag::note_fix_reuse_pipeline_offset},
      {diag::warn_defect_reuse_slot_overflow,
       diag::note_fix_reuse_slot_overflow},
      {diag::warn_defect_reuse_slot_straddle,
       diag::note_fix_reuse_slot_straddle},
      {diag::warn_defect_reuse_peer_slot, diag::note_fix_reuse_peer_slot},
      {diag::warn_defect_pipeline_unit_too_large,
       diag::note_fix_pipeline_unit_too_large},
      {diag::warn_defect_inplace_port_source, diag::note_fix_inplace_offset},
      {diag::warn_defect_inplace_remote_offset, diag::note_fix_inplace_offset},
  };
  return table;
}

namespace {
// The first local operand outside scratch (packets live only in scratch).
const plan::BufferRef *firstNonScratch(const std::vector<BufferRef> &refs) {
  for (const BufferRef &b : refs)
    if (b.type != plan::BufferType::Scratch)
      return &b;
  return nullptr;
}

// Two local ranges of the same buffer that share a chunk.
bool overlaps(const BufferRef &a, const BufferRef &b) {
  return a.type == b.type && a.index < b.index + b.size &&
         b.index < a.index + a.size;
}

std::string describeRange(const BufferRef &b) {
  return plan::describeRange(b.type, b.index, b.size);
}

// Local ranges, sorted, answering "which one overlaps this range" in
// O(log n): a hostile plan may give one op 200,000 operands, or a pipeline
// as many ops, and a pairwise scan would not finish.
class RangeIndex {
public:
  // `tag`: the caller's own index of the entry, given back by
  // overlapping().
  void add(const BufferRef &r, const plan::Op *op, size_t tag = 0) {
    if (r.size > 0)
      entries_.push_back({r, op, tag});
  }
  void finish() {
    std::sort(entries_.begin(), entries_.end(),
              [](const Entry &a, const Entry &b) {
                return std::pair(int(a.ref.type), a.ref.index) <
                       std::pair(int(b.ref.type), b.ref.index);
              });
    // For each position, the entry of its buffer reaching furthest among
    // those up to it.
    furthest_.resize(entries_.size());
    for (size_t i = 0; i < entries_.size(); ++i)
      furthest_[i] = i > 0 &&
                             entries_[i - 1].ref.type == entries_[i].ref.type &&
                             end(furthest_[i - 1]) > end(i)
                         ? furthest_[i - 1]
                         : i;
  }
  // An entry overlapping `r`; with `shifted`, only one at another index.
  const plan::Op *overlapping(const BufferRef &r, bool shifted,
                              BufferRef *found = nullptr,
                              size_t *tag = nullptr) const {
    if (r.size <= 0)
      return nullptr;
    auto at = [&](int64_t index) {
      return size_t(
          std::lower_bound(entries_.begin(), entries_.end(),
                           std::pair(int(r.type), index),
                           [](const Entry &e, std::pair<int, int64_t> k) {
                             return std::pair(int(e.ref.type), e.ref.index) < k;
                           }) -
          entries_.begin());
    };
    auto hit = [&](size_t k) {
      if (found)
        *found = entries_[k].ref;
      if (tag)
        *tag = entries_[k].tag;
      return entries_[k].op;
    };
    size_t first = at(r.index); // the first starting at r.index or later
    if (first > 0 && entries_[first - 1].ref.type == r.type &&
        end(furthest_[first - 1]) > r.index)
      return hit(furthest_[first - 1]);
    size_t after = at(r.index + 1); // the first starting after r.index
    if (!shifted && first < after)
      return hit(first);
    if (after < entries_.size() && entries_[after].ref.type == r.type &&
        entries_[after].ref.index < r.index + r.size)
      return hit(after);
    return nullptr;
  }

private:
  struct Entry {
    BufferRef ref;
    const plan::Op *op;
    size_t tag;
  };
  int64_t end(size_t i) const {
    return entries_[i].ref.index + entries_[i].ref.size;
  }
  std::vector<Entry> entries_;
  std::vector<size_t> furthest_;
};

bool plainLocal(plan::OperandRole r) {
  return plan::isLocalRole(r) && !plan::isPacketRole(r);
}

// A local source and a local destination of a data op (not a packet op:
// those convert between formats) that overlap at different offsets, as
// " (copy reads X and writes Y)"; empty when there is none. In place, they
// are compared where their bytes are (`aliases`): an in-place AllReduce's
// copy of i[1:3] to o[0:2] overlaps too.
std::string shiftedOverlap(const plan::Op &op, const InPlaceAliases &aliases,
                           std::string_view collective) {
  if (plan::isPacketOp(op.kind) || !plan::movesData(op.kind) ||
      op.kind == plan::OpKind::Pipeline)
    return "";
  const plan::OpInfo &info = plan::opInfo(op.kind);
  // Ops write one local destination at most, in practice; a plan with more
  // takes the index.
  auto placed = [&](BufferRef b) {
    aliases.place(b.type, b.index, b.size);
    return b;
  };
  const BufferRef *onlyDst = nullptr;
  size_t localDsts = 0;
  for (size_t j = 0; j < op.dst.size(); ++j)
    if (plainLocal(info.dst.roleAt(j)) && op.dst[j].size > 0) {
      onlyDst = &op.dst[j];
      ++localDsts;
    }
  if (localDsts == 0)
    return "";
  RangeIndex index;
  if (localDsts > 1) {
    for (size_t j = 0; j < op.dst.size(); ++j)
      if (plainLocal(info.dst.roleAt(j)))
        index.add(placed(op.dst[j]), &op, j);
    index.finish();
  }
  for (size_t i = 0; i < op.src.size(); ++i) {
    if (!plainLocal(info.src.roleAt(i)))
      continue;
    const BufferRef src = placed(op.src[i]);
    const BufferRef *written = nullptr;
    if (localDsts == 1) {
      const BufferRef dst = placed(*onlyDst);
      if (src.index != dst.index && overlaps(src, dst))
        written = onlyDst;
    } else if (size_t tag;
               index.overlapping(src, /*shifted=*/true, nullptr, &tag)) {
      written = &op.dst[tag];
    }
    if (written)
      return " (" + std::string(plan::toString(op.kind)) + " reads " +
             describeRange(op.src[i]) + " and writes " +
             describeRange(*written) +
             (op.src[i].type != written->type
                  ? ", the same buffer in this in-place " +
                        std::string(collective)
                  : std::string()) +
             ")";
  }
  return "";
}

// The local chunks written by the ops of a pipeline's body that move with
// the iteration offset (not packet ops).
RangeIndex movingWrites(const std::vector<plan::Op> &body) {
  RangeIndex index;
  for (const plan::Op &op : body) {
    if (plan::isPacketOp(op.kind) || !plan::movesData(op.kind))
      continue;
    const plan::OperandLayout &layout = plan::opInfo(op.kind).dst;
    for (size_t i = 0; i < op.dst.size(); ++i)
      if (plan::isLocalRole(layout.roleAt(i)))
        index.add(op.dst[i], &op);
  }
  index.finish();
  return index;
}

// One op's use of a rank's scratch, in plain-space chunks: a packet chunk
// j takes the bytes of plain chunks 2j and 2j+1 (executor-semantics §2.4,
// LL doubling).
struct ScratchUse {
  int64_t begin = 0, end = 0;  // plain-space chunks [begin, end)
  int64_t index = 0, size = 0; // the chunks as the op names them
  bool packets = false;
  const plan::Op *op = nullptr;
  int32_t gpu = -1, tb = -1;
  int32_t top = -1, inner = -1; // ops[top](.ops[inner]) of the thread block
};

// For each packet use of a rank's scratch, a plain use sharing bytes
// with it (RangeIndex over the plain uses, in plain-space chunks).
std::vector<std::pair<const ScratchUse *, const ScratchUse *>>
packetPlainOverlaps(const std::vector<ScratchUse> &uses) {
  auto inPlainSpace = [](const ScratchUse &u) {
    return BufferRef::local(plan::BufferType::Scratch, u.begin,
                            u.end - u.begin);
  };
  RangeIndex plain;
  for (size_t i = 0; i < uses.size(); ++i)
    if (!uses[i].packets)
      plain.add(inPlainSpace(uses[i]), uses[i].op, i);
  plain.finish();
  std::vector<std::pair<const ScratchUse *, const ScratchUse *>> found;
  for (const ScratchUse &u : uses) {
    size_t k = 0;
    if (u.packets &&
        plain.overlapping(inPlainSpace(u), /*shifted=*/false, nullptr, &k))
      found.push_back({&u, &uses[k]});
  }
  return found;
}

// Packets and plain data that share bytes of a rank's scratch (rule 7 of
// executor-semantics' advice): packet ops address scratch at twice the
// offset, so a packet chunk and the plain chunks at twice its index are
// the same memory, and each kind of op overwrites the other's data.
template <typename Report>
void checkScratchPacketOverlap(const plan::Plan &plan,
                               const plan::PlanQuery &query, Report &report,
                               std::string &path) {
  if (!std::any_of(plan.gpus.begin(), plan.gpus.end(),
                   [](const auto &gpu) { return gpu.scratchChunks > 0; }))
    return;
  std::vector<std::vector<ScratchUse>> uses(plan.gpus.size());
  bool anyPackets = false;
  auto collect = [&](const plan::Gpu &gpu, const plan::ThreadBlock &tb,
                     const plan::Op &op, int32_t top, int32_t inner) {
    for (plan::Operand which : {plan::Operand::Src, plan::Operand::Dst}) {
      size_t n = (which == plan::Operand::Src ? op.src : op.dst).size();
      for (size_t i = 0; i < n; ++i) {
        auto b = query.operand(gpu.id, tb.id, op, which, i);
        // Multicast addresses are another mapping; ranks outside the plan
        // are plan::verify's to report.
        if (!b || b->type != plan::BufferType::Scratch || b->size <= 0 ||
            b->role == plan::OperandRole::Switch || b->rank < 0 ||
            size_t(b->rank) >= uses.size())
          continue;
        // A port channel's put_packets copies packet space raw: its
        // source holds packets already (from copy_packets).
        bool packets =
            plan::isPacketRole(b->role) ||
            (op.kind == OpKind::Ppkt && op.channelType == ChannelType::Port &&
             which == plan::Operand::Src);
        anyPackets |= packets;
        int64_t scale = packets ? 2 : 1;
        uses[size_t(b->rank)].push_back(
            {b->index * scale, (b->index + b->size) * scale, b->index, b->size,
             packets, &op, gpu.id, tb.id, top, inner});
      }
    }
  };
  for (const auto &gpu : plan.gpus)
    for (const auto &tb : gpu.threadblocks)
      for (size_t i = 0; i < tb.ops.size(); ++i) {
        collect(gpu, tb, tb.ops[i], int32_t(i), -1);
        for (size_t j = 0; j < tb.ops[i].ops.size(); ++j)
          collect(gpu, tb, tb.ops[i].ops[j], int32_t(i), int32_t(j));
      }
  if (!anyPackets)
    return;
  auto whereOf = [&plan](const ScratchUse &u) {
    return plan::threadBlockName(plan, u.gpu, u.tb);
  };
  // One mistake usually shows twice, at the op writing the packets and at
  // the one reading them: one report per plain use (its source location,
  // or the op itself in a plan read from JSON).
  std::set<SourceLocation> plainSeenAt;
  std::set<const plan::Op *> plainSeen;
  for (size_t rank = 0; rank < uses.size(); ++rank)
    for (const auto &[packet, plain] : packetPlainOverlaps(uses[rank])) {
      if (plain->op->loc.isValid() ? !plainSeenAt.insert(plain->op->loc).second
                                   : !plainSeen.insert(plain->op).second)
        continue;
      path = "gpus[" + std::to_string(packet->gpu) + "].threadblocks[" +
             std::to_string(packet->tb) + "].ops[" +
             std::to_string(packet->top) + "]" +
             (packet->inner >= 0 ? ".ops[" + std::to_string(packet->inner) + "]"
                                 : std::string());
      std::string detail =
          " (rank " + std::to_string(rank) + ": the packets in " +
          plan::describeRange(plan::BufferType::Scratch, packet->index,
                              packet->size) +
          " take the bytes of plain " +
          plan::describeRange(plan::BufferType::Scratch, packet->begin,
                              packet->end - packet->begin) +
          ", and " +
          (plain->op == packet->op
               ? std::string("the same op")
               : whereOf(*plain) + "'s " +
                     std::string(plan::toString(plain->op->kind))) +
          " keeps plain data in " +
          plan::describeRange(plan::BufferType::Scratch, plain->index,
                              plain->size) +
          ")";
      report(diag::warn_defect_scratch_packet_overlap, *packet->op,
             whereOf(*packet), detail);
    }
}
} // namespace

bool checkTargetDefects(const plan::Plan &plan, DiagnosticSink &diags) {
  unsigned errorsBefore = diags.errorCount();
  plan::PlanQuery query(plan);
  auto fixOf = [](diag::ID id) {
    for (const DefectCheck &c : defectChecks())
      if (c.diag == id)
        return c.fix;
    return diag::note_fix_flush_noop; // unreachable: every check is listed
  };
  // One report per (check, source location): a program usually makes the
  // same mistake on every rank. Ops without a location (plans read from
  // JSON) are reported up to the same per-check limit.
  std::set<std::pair<diag::ID, SourceLocation>> seen;
  std::map<diag::ID, size_t> counts;
  std::string path; // of the op being visited
  auto report = [&](diag::ID id, const plan::Op &op, const std::string &where,
                    const std::string &detail = "") {
    if (diags.isIgnored(id) ||
        (op.loc.isValid() && !seen.insert({id, op.loc}).second))
      return;
    if (++counts[id] > 4)
      return;
    diags.report(id, op.loc, {where, detail}).at(path).note(fixOf(id), op.loc);
  };

  // Per-chunk byte size at max_message_size, for the iteration check.
  // The chunk count a message size is divided by.
  auto messageChunks = [&](const plan::Gpu &gpu) -> int64_t {
    int64_t chunks =
        plan.collective == "allgather" ? gpu.outputChunks : gpu.inputChunks;
    if (chunks <= 0)
      chunks = gpu.inputChunks > 0 ? gpu.inputChunks : gpu.outputChunks;
    return chunks;
  };
  auto chunkBytes = [&](const plan::Gpu &gpu) -> double {
    if (plan.maxMessageSize == UINT64_MAX)
      return 0;
    const int64_t chunks = messageChunks(gpu);
    return chunks > 0 ? double(plan.maxMessageSize) / double(chunks) : 0;
  };

  bool packetAlignmentReported = false;

  // Per-rank defects, located at the rank's `rank N` line in chunk IR
  // text, else at the program (the plan path names the rank or field).
  for (const auto &gpu : plan.gpus) {
    SourceLocation at = gpu.loc.isValid() ? gpu.loc : plan.loc;
    std::string rankPath = "gpus[" + std::to_string(gpu.id) + "]";
    // A rank without thread blocks (executor-semantics §5.1): no op to
    // locate it by.
    diag::ID id = diag::warn_defect_rank_without_threadblocks;
    if (gpu.threadblocks.empty() && !diags.isIgnored(id) && ++counts[id] <= 4)
      diags.report(id, at, {gpu.id}).at(rankPath).note(fixOf(id), at);
    // A chunk count of zero (executor-semantics §1.2, Q9): the executor's
    // size check divides by both counts before anything runs. Each zero
    // count is its own finding, at its own field.
    id = diag::warn_defect_zero_chunk_count;
    for (auto [key, count] : {std::pair{"input_chunks", gpu.inputChunks},
                              std::pair{"output_chunks", gpu.outputChunks}})
      if (count == 0 && !diags.isIgnored(id) && ++counts[id] <= 4)
        diags.report(id, at, {gpu.id, key})
            .at(rankPath + "." + key)
            .note(fixOf(id), at);
  }

  // The buffer that an in-place collective places inside the other one's
  // allocation, per rank (none for the other collectives: an in-place
  // allreduce's buffers are one).
  std::optional<plan::BufferType> inplaceOffset;
  if (plan.inplace && plan.collective == "allgather")
    inplaceOffset = plan::BufferType::Input;
  else if (plan.inplace && plan.collective == "reducescatter")
    inplaceOffset = plan::BufferType::Output;
  // The buffer whose allocation holds it: the other of the two.
  auto inplaceSpanName = [&] {
    return std::string(plan::bufferName(
        *inplaceOffset == plan::BufferType::Input ? plan::BufferType::Output
                                                  : plan::BufferType::Input));
  };

  for (const auto &gpu : plan.gpus)
    for (const auto &tb : gpu.threadblocks) {
      const InPlaceAliases aliases(plan.inplace, plan.collective, gpu.id,
                                   gpu.inputChunks, gpu.outputChunks);
      // The first non-empty text `describe(which, operand)` gives for the
      // op's operands, resolved through the tb's refs: sources first.
      auto firstOperandText = [&](const plan::Op &op, auto &&describe) {
        for (plan::Operand which : {plan::Operand::Src, plan::Operand::Dst}) {
          size_t n = (which == plan::Operand::Src ? op.src : op.dst).size();
          for (size_t i = 0; i < n; ++i)
            if (auto b = query.operand(gpu.id, tb.id, op, which, i))
              if (std::string text = describe(which, *b); !text.empty())
                return text;
        }
        return std::string();
      };
      // A remote or multicast reference to scratch, resolved through the
      // tb's refs.
      auto touchesRemoteScratch = [&](const plan::Op &op) {
        for (plan::Operand which : {plan::Operand::Src, plan::Operand::Dst}) {
          size_t n = (which == plan::Operand::Src ? op.src : op.dst).size();
          for (size_t i = 0; i < n; ++i) {
            auto b = query.operand(gpu.id, tb.id, op, which, i);
            // Multicast addresses get no half offset either (§2.5).
            if (b &&
                (plan::isRemoteRole(b->role) ||
                 b->role == plan::OperandRole::Switch) &&
                b->type == plan::BufferType::Scratch)
              return true;
          }
        }
        return false;
      };
      // The executor's copy (copyHelper, executor-semantics §3.4) handles
      // the leading and trailing 4-byte words of a range only when its
      // source and destination are equally misaligned, and copies whole
      // words; gstore stores whole words (§3.9). Chunks are multiples of
      // buffer_alignment A bytes (an odd multiple at some sizes), so with A
      // off 4 any range can be off a word, and with A off 16 two ranges
      // whose chunk offsets differ by d start d * A bytes apart modulo 16.
      // Scratch can move further (§2.5): double buffering shifts local
      // scratch by half its size every second launch, and reuse_resources
      // places scratch chunks in slots; both are multiples of A only.
      // Thread-block-group slices and pipeline iterations shift both ends
      // alike. In place, chunks are placed where their bytes are (Q5 for
      // peers').
      auto copyMisalignment = [&](const plan::Op &op) -> std::string {
        const int64_t a = plan.bufferAlignment;
        if (a <= 0 || a % 16 == 0)
          return "";
        const bool memoryCopy =
            op.kind == OpKind::Copy ||
            ((op.kind == OpKind::Put || op.kind == OpKind::Pws ||
              op.kind == OpKind::Pwsf || op.kind == OpKind::Get) &&
             op.channelType == ChannelType::Memory);
        if (!memoryCopy && op.kind != OpKind::Gstore)
          return "";
        if (a % 4 != 0)
          return "is " + std::to_string(a) +
                 " (a chunk need not start or end on a 4-byte boundary)";
        if (!memoryCopy)
          return "";
        for (size_t i = 0; i < op.src.size() && i < op.dst.size(); ++i) {
          auto s = query.operand(gpu.id, tb.id, op, plan::Operand::Src, i);
          auto d = query.operand(gpu.id, tb.id, op, plan::Operand::Dst, i);
          if (!s || !d || s->size <= 0)
            continue;
          plan::BufferType sType = s->type, dType = d->type;
          int64_t sIndex = s->index, dIndex = d->index;
          const bool sPlaced = aliases.place(sType, sIndex, s->size);
          const bool dPlaced = aliases.place(dType, dIndex, d->size);
          auto name = [&](const plan::ResolvedBuffer &b, bool placed,
                          plan::BufferType type, int64_t index) {
            std::string text = (plan::isRemoteRole(b.role)
                                    ? "rank " + std::to_string(b.rank) + "'s "
                                    : std::string()) +
                               plan::describeRange(b.type, b.index, b.size);
            if (placed)
              text += " (in place, " +
                      plan::describeRange(type, index, b.size) + ")";
            return text;
          };
          auto pair = [&] {
            return std::string(plan::toString(op.kind)) + " from " +
                   name(*s, sPlaced, sType, sIndex) + " to " +
                   name(*d, dPlaced, dType, dIndex);
          };
          const bool sScratch = sType == plan::BufferType::Scratch,
                     dScratch = dType == plan::BufferType::Scratch;
          auto halfShifted = [](const plan::ResolvedBuffer &b) {
            return plan::isLocalRole(b.role) &&
                   b.type == plan::BufferType::Scratch;
          };
          if (plan.useDoubleScratchBuffer && halfShifted(*s) != halfShifted(*d))
            return "is " + std::to_string(a) + " (" + pair() +
                   ": use_double_scratch_buffer moves local scratch by half "
                   "its size every second launch, a multiple of " +
                   std::to_string(a) + " bytes but not always of 16)";
          // Two scratch ends k chunks apart are k slots or k chunks apart,
          // both multiples of A: the rule below judges them. Only a scratch
          // end against another buffer's can differ by a slot's residue.
          if (plan.reuseResources && sScratch != dScratch &&
              (sIndex != 0 || dIndex != 0))
            return "is " + std::to_string(a) + " (" + pair() +
                   ": with reuse_resources, scratch chunks sit in slots of a "
                   "multiple of " +
                   std::to_string(a) + " bytes but not always of 16)";
          __int128 apart = (__int128(sIndex) - dIndex) * a;
          if (apart % 16 == 0)
            continue;
          return "is " + std::to_string(a) + " (" + pair() + ": at " +
                 std::to_string(a) + "-byte chunks they start " +
                 std::to_string(int64_t((apart < 0 ? -apart : apart) % 16)) +
                 " bytes apart modulo 16)";
        }
        return "";
      };
      // Which end of an op the 0.9.0 executor wraps at the reuse_resources
      // slot differently from its buffer type: re and res (handleReduceSend)
      // wrap local source j >= 1 by destination j's type byte (for res a
      // peer's buffer id read as a type, past the last destination an empty
      // entry: input), and get swaps its ends' offsets, pipeline parts
      // included (Q2).
      auto reuseSlotMismatch = [&](const plan::Op &op) -> std::string {
        const auto isScratch = [](plan::BufferType t) {
          return t == plan::BufferType::Scratch;
        };
        if (op.kind == OpKind::Re || op.kind == OpKind::Res) {
          for (size_t j = 1; j < op.src.size(); ++j) {
            uint8_t typeByte = 0;
            std::string byWhat = "an empty entry, read as the input buffer";
            if (j < op.dst.size()) {
              const bool remote = op.kind == OpKind::Res;
              typeByte =
                  remote ? uint8_t(op.dst[j].id) : uint8_t(op.dst[j].type);
              byWhat = remote ? "its remote buffer id " +
                                    std::to_string(op.dst[j].id) +
                                    " read as a buffer type"
                              : describeRange(op.dst[j]);
            }
            const bool wrapsAsScratch =
                typeByte == uint8_t(plan::BufferType::Scratch);
            if (wrapsAsScratch == isScratch(op.src[j].type))
              continue;
            return std::string(plan::toString(op.kind)) + " wraps source " +
                   std::to_string(j) + " (" + describeRange(op.src[j]) +
                   ") by the buffer type of destination " + std::to_string(j) +
                   " (" + byWhat + "), not its own";
          }
          return "";
        }
        if (op.kind != OpKind::Get || op.channelType != ChannelType::Memory)
          return "";
        for (size_t i = 0; i < op.src.size() && i < op.dst.size(); ++i) {
          auto s = query.operand(gpu.id, tb.id, op, plan::Operand::Src, i);
          if (!s || isScratch(s->type) == isScratch(op.dst[i].type))
            continue;
          return "get reads the peer at its destination's offset and writes "
                 "at its source's, pipeline parts included, and only " +
                 std::string(isScratch(s->type) ? "its source (the peer's "
                                                : "its destination (") +
                 (isScratch(s->type)
                      ? plan::describeRange(s->type, s->index, s->size)
                      : describeRange(op.dst[i])) +
                 ") is in scratch";
        }
        return "";
      };
      // Double scratch (executor-semantics §2.5): the proxy's plain
      // transfers (put, pws, pwsf over a port channel) read their local
      // source without the half offset every local write to scratch adds.
      auto proxyReadsLocalScratch = [&](const plan::Op &op) {
        if (op.channelType != ChannelType::Port || plan::isPacketOp(op.kind))
          return false;
        for (size_t i = 0; i < op.src.size(); ++i) {
          auto b = query.operand(gpu.id, tb.id, op, plan::Operand::Src, i);
          if (b && plan::isLocalRole(b->role) &&
              b->type == plan::BufferType::Scratch)
            return true;
        }
        return false;
      };
      // Double scratch (executor-semantics §2.5): remote packet writes add
      // this rank's half offset, right only when the peer's scratch has
      // the same size (reuse_resources gives every rank the same).
      auto asymmetricPacketPeer = [&](const plan::Op &op) -> std::string {
        for (size_t i = 0; i < op.dst.size(); ++i) {
          auto b = query.operand(gpu.id, tb.id, op, plan::Operand::Dst, i);
          if (!b || !plan::isRemoteRole(b->role) ||
              !plan::isPacketRole(b->role) || b->rank < 0 ||
              size_t(b->rank) >= plan.gpus.size())
            continue;
          int64_t theirs = plan.gpus[size_t(b->rank)].scratchChunks;
          if (theirs != gpu.scratchChunks)
            return " (rank " + std::to_string(b->rank) + "'s scratch has " +
                   std::to_string(theirs) + " chunk(s), this rank's " +
                   std::to_string(gpu.scratchChunks) + ")";
        }
        return "";
      };
      // reuse_resources (executor-semantics §2.5, §5.4, Q14): the cached
      // context keeps the first call's registrations, so only scratch,
      // which every call shares, may be reached remotely, through a
      // switch, or by the port proxy (which reads a put's source through
      // the local registration, §3.4, §4.3).
      auto registeredNonScratch = [&](const plan::Op &op) {
        return firstOperandText(
            op, [&](plan::Operand which, const auto &b) -> std::string {
              if (b.type == plan::BufferType::Scratch)
                return "";
              std::string buffer =
                  std::string(plan::bufferName(b.type)) + " buffer";
              if (b.role == plan::OperandRole::Switch)
                return "the " + buffer + " through a switch channel";
              if (plan::isRemoteRole(b.role))
                return "the " + buffer + " of rank " + std::to_string(b.rank);
              if (which == plan::Operand::Src &&
                  op.channelType == ChannelType::Port &&
                  plan::isLocalRole(b.role))
                return "this rank's " + buffer + " through the port proxy";
              return "";
            });
      };
      // In-place allgather and reducescatter (executor-semantics §2.2,
      // Q4, Q5): a rank's input (allgather) or output (reducescatter)
      // buffer is its own chunk range of the other buffer's allocation.
      // The port proxy reads local sources from the allocation's start,
      // and remote and switch offsets add this rank's place for every
      // peer: both wrong wherever that place is not the one meant.
      auto placeOf = [&](int64_t rank) -> int64_t {
        if (!inplaceOffset || rank < 0 || size_t(rank) >= plan.gpus.size())
          return -1;
        const plan::Gpu &g = plan.gpus[size_t(rank)];
        return rank * (*inplaceOffset == plan::BufferType::Input
                           ? g.inputChunks
                           : g.outputChunks);
      };
      // A local range by the other name of the same memory, where an
      // in-place collective gives it one: an in-place allgather's input
      // (reducescatter's output) is this rank's chunks of its output
      // (input), and those chunks of the output (input) are it; the other
      // in-place collectives' two buffers are one.
      auto aliasOf = [&](const BufferRef &b) -> std::optional<BufferRef> {
        if (!plan.inplace || (b.type != plan::BufferType::Input &&
                              b.type != plan::BufferType::Output))
          return std::nullopt;
        BufferRef other = b;
        other.type = b.type == plan::BufferType::Input
                         ? plan::BufferType::Output
                         : plan::BufferType::Input;
        if (!inplaceOffset)
          return other;
        const int64_t place = placeOf(gpu.id);
        if (place < 0)
          return std::nullopt;
        if (b.type == *inplaceOffset) {
          other.index += place;
          return other;
        }
        // The holding buffer: only its chunks at this rank's place.
        const plan::Gpu &g = plan.gpus[size_t(gpu.id)];
        const int64_t chunks = *inplaceOffset == plan::BufferType::Input
                                   ? g.inputChunks
                                   : g.outputChunks;
        const int64_t from = std::max<int64_t>(b.index, place),
                      to = std::min<int64_t>(b.index + b.size, place + chunks);
        if (from >= to)
          return std::nullopt;
        other.index = from - place;
        other.size = to - from;
        return other;
      };
      auto placeText = [&](int64_t rank) {
        return "rank " + std::to_string(rank) + "'s " +
               std::string(plan::bufferName(*inplaceOffset)) +
               " buffer starts at chunk " + std::to_string(placeOf(rank)) +
               " of its " + inplaceSpanName() + " buffer";
      };
      auto portSourceOffset = [&](const plan::Op &op) -> std::string {
        if (op.channelType != ChannelType::Port ||
            (op.kind != OpKind::Put && op.kind != OpKind::Pws &&
             op.kind != OpKind::Pwsf && op.kind != OpKind::Ppkt) ||
            placeOf(gpu.id) == 0)
          return "";
        for (size_t i = 0; i < op.src.size(); ++i) {
          auto b = query.operand(gpu.id, tb.id, op, plan::Operand::Src, i);
          if (b && plan::isLocalRole(b->role) && b->type == *inplaceOffset)
            return " (in an in-place " + plan.collective + ", " +
                   placeText(gpu.id) + ")";
        }
        return "";
      };
      auto remoteOffset = [&](const plan::Op &op) {
        return firstOperandText(
            op, [&](plan::Operand, const auto &b) -> std::string {
              if (b.type != *inplaceOffset)
                return "";
              if (b.role == plan::OperandRole::Switch)
                return " (in an in-place " + plan.collective + " each rank's " +
                       std::string(plan::bufferName(*inplaceOffset)) +
                       " buffer starts at its own chunk of its " +
                       inplaceSpanName() +
                       " buffer, and a switch channel's multicast address "
                       "takes this rank's, chunk " +
                       std::to_string(placeOf(gpu.id)) + ", for every rank)";
              if (plan::isRemoteRole(b.role) &&
                  placeOf(b.rank) != placeOf(gpu.id))
                return " (in an in-place " + plan.collective + ", " +
                       placeText(b.rank) + ", but " + placeText(gpu.id) + ")";
              return "";
            });
      };
      std::string where = plan::threadBlockName(plan, gpu.id, tb.id);
      std::string tbPath = "gpus[" + std::to_string(gpu.id) +
                           "].threadblocks[" + std::to_string(tb.id) + "]";
      // Port transfers pushed since the block's last __syncthreads: per
      // channel id, the thread that pushed each and its op. Thread i of a
      // port op pushes its i-th entry, and nothing orders two threads'
      // pushes of different ops but a nop (executor-semantics §3.1, §3.4):
      // a signal pushed by one thread can overtake another thread's
      // transfer on the same connection.
      std::map<int64_t, std::vector<std::pair<size_t, const plan::Op *>>>
          portTransfers;
      auto checkPortPushes = [&](const plan::Op &op) {
        if (op.kind == OpKind::Nop || op.kind == OpKind::Barrier) {
          portTransfers.clear();
          return;
        }
        if (op.channelType != ChannelType::Port)
          return;
        bool signals = plan::pushesPortSignal(op.kind);
        bool transfers = plan::pushesPortTransfer(op.kind);
        if (op.kind == OpKind::Rppkt) // its own __syncthreads first (§3.1)
          portTransfers.clear();
        size_t threads = transfers ? op.dst.size() : op.channelIds.size();
        threads = std::min(threads, op.channelIds.size());
        bool reported = false;
        for (size_t t = 0; signals && !reported && t < threads; ++t)
          for (const auto &[other, earlier] : portTransfers[op.channelIds[t]])
            if (other != t && !reported) {
              reported = true;
              report(diag::warn_port_push_order, op, where,
                     " ('" + std::string(plan::toString(op.kind)) +
                         "' of thread " + std::to_string(t) + " on channel " +
                         std::to_string(op.channelIds[t]) + ", after a '" +
                         std::string(plan::toString(earlier->kind)) +
                         "' whose thread " + std::to_string(other) +
                         " pushes to the same channel)");
            }
        if (transfers)
          for (size_t t = 0; t < threads; ++t)
            portTransfers[op.channelIds[t]].push_back({t, &op});
      };
      // reuse_resources outside pipelines (executor-semantics §2.5): once a
      // chunk outgrows the slot, scratch chunk k starts at k slots but an
      // op still spans whole chunks. Reported when max_message_size allows
      // such chunks, with the message size from which they come.
      bool inPipeline = false;
      double pipelineSpan = 0; // the enclosing pipeline's bytes (0: unbounded)
      uint64_t pipelineUnit = 0; // and the unit the executor runs it with
      std::string slotOverflow;
      if (const uint64_t slot = plan::reuseScratchSlotBytes(plan, gpu);
          slot > 0) {
        const double maxChunk = chunkBytes(gpu);
        if (maxChunk == 0 || maxChunk > double(slot)) {
          const __int128 from = __int128(slot) * messageChunks(gpu);
          slotOverflow =
              " (the slot is " + std::to_string(slot) +
              " bytes: chunks outgrow it at message sizes above " +
              (from > __int128(UINT64_MAX) ? std::string("2^64")
                                           : std::to_string(uint64_t(from))) +
              " bytes, which max_message_size " +
              (plan.maxMessageSize == UINT64_MAX
                   ? std::string("leaves unbounded")
                   : std::to_string(plan.maxMessageSize) + " allows");
        }
      }
      // The first scratch operand of `op`, local, remote or multicast.
      auto scratchOperand = [&](const plan::Op &op) {
        return firstOperandText(
            op, [&](plan::Operand, const plan::ResolvedBuffer &b) {
              if (b.type != plan::BufferType::Scratch || b.size <= 0)
                return std::string();
              return (plan::isRemoteRole(b.role)
                          ? "rank " + std::to_string(b.rank) + "'s "
                      : plan::isLocalRole(b.role)
                          ? std::string()
                          : std::string("the switch channel's ")) +
                     plan::describeRange(b.type, b.index, b.size);
            });
      };
      // reuse_resources (executor-semantics §2.5): the executor places a
      // peer's scratch chunk k at k times the slot of the rank running the
      // op once chunks outgrow that slot, and wraps pipeline offsets by it
      // (the kernel has one slot size); the peer uses its own slot. A rank
      // without scratch has slot 0: every peer chunk starts at byte 0.
      auto peerSlotMismatch = [&](const plan::Op &op) {
        const uint64_t mine = plan::reuseScratchSlotBytes(plan, gpu);
        return firstOperandText(
            op,
            [&](plan::Operand, const plan::ResolvedBuffer &b) -> std::string {
              if (!plan::isRemoteRole(b.role) ||
                  b.type != plan::BufferType::Scratch || b.size <= 0 ||
                  b.rank < 0 || size_t(b.rank) >= plan.gpus.size())
                return "";
              const uint64_t theirs =
                  plan::reuseScratchSlotBytes(plan, plan.gpus[size_t(b.rank)]);
              if (theirs == 0 || theirs == mine)
                return "";
              const std::string peer = "rank " + std::to_string(b.rank);
              const std::string reaches =
                  "; this op reaches " + peer + "'s " +
                  plan::describeRange(b.type, b.index, b.size) + ")";
              const bool streams = inPipeline && !plan::isPacketOp(op.kind);
              // The kernel takes every scratch offset of a non-packet op
              // modulo its slot, outside pipelines too (offset 0); packet
              // ops take theirs without it. The host places chunk k at
              // k times the slot for every op.
              if (mine == 0) {
                const bool modulo = !plan::isPacketOp(op.kind);
                if (b.index == 0 && !modulo)
                  return "";
                std::string what;
                if (b.index > 0)
                  what =
                      "every chunk of " + peer + "'s scratch starts at byte 0";
                if (modulo)
                  what += (what.empty() ? "" : ", and ") +
                          std::string("the kernel takes every offset into ") +
                          peer + "'s scratch modulo 0, which is undefined";
                return " (this rank has no scratch chunks, so its slot is 0: " +
                       what + reaches;
              }
              const uint64_t smaller = std::min(mine, theirs);
              const std::string slots = " (this rank's slot is " +
                                        std::to_string(mine) + " bytes, " +
                                        peer + "'s " + std::to_string(theirs);
              // Chunk 0 starts at byte 0 in either slot layout.
              const double maxChunk = chunkBytes(gpu);
              if (b.index > 0 &&
                  (maxChunk == 0 || maxChunk > double(smaller))) {
                const __int128 from = __int128(smaller) * messageChunks(gpu);
                return slots +
                       ": they place chunks differently at message "
                       "sizes above " +
                       (from > __int128(UINT64_MAX)
                            ? std::string("2^64")
                            : std::to_string(uint64_t(from))) +
                       " bytes, which max_message_size " +
                       (plan.maxMessageSize == UINT64_MAX
                            ? std::string("leaves unbounded")
                            : std::to_string(plan.maxMessageSize) + " allows") +
                       reaches;
              }
              // The first iteration whose offset the two slots wrap
              // differently (none when the unit is a multiple of both),
              // among the 65535 the executor's 16-bit count allows; a unit
              // of 0 is reported on its own.
              if (!streams || pipelineUnit == 0)
                return "";
              for (uint64_t k = 1; k <= 65535; ++k) {
                const uint64_t o = k * pipelineUnit;
                if (pipelineSpan != 0 && double(o) >= pipelineSpan)
                  break;
                if (o % mine != o % theirs)
                  return slots +
                         ": they wrap this pipeline's iteration offsets "
                         "differently from its iteration at byte " +
                         std::to_string(o) + reaches;
              }
              return "";
            });
      };
      // `next`: the op after `op` in its list, if any.
      std::function<void(const plan::Op &, const std::string &,
                         const plan::Op *)>
          visit = [&](const plan::Op &op, const std::string &opPath,
                      const plan::Op *next) {
            path = opPath;
            checkPortPushes(op);
            // A memory-channel put reads source i at the first source's
            // buffer plus source i's offset (executor-semantics §3.4, §3.8).
            if ((op.kind == OpKind::Put || op.kind == OpKind::Pws ||
                 op.kind == OpKind::Pwsf || op.kind == OpKind::Ppkt) &&
                op.channelType == ChannelType::Memory)
              for (const plan::BufferRef &b : op.src)
                if (b.type != op.src[0].type) {
                  report(diag::warn_defect_put_mixed_sources, op, where,
                         " ('" + std::string(plan::toString(op.kind)) +
                             "': the first is in the " +
                             std::string(plan::bufferName(op.src[0].type)) +
                             " buffer, another in the " +
                             std::string(plan::bufferName(b.type)) +
                             " buffer)");
                  break;
                }
            switch (op.kind) {
            case OpKind::Glre: {
              // A broadcast right after it that did not fuse: say which
              // condition of fusion it misses.
              std::string detail;
              // (gstore names its switch channel in its destination.)
              if (next && next->kind == OpKind::Gstore && !next->dst.empty() &&
                  !next->src.empty() && !op.channelIds.empty()) {
                // The glre's result chunk is the broadcast's source: the pair
                // met every condition but fusion itself (-O0, or
                // instr_fusion = false in a plan read from JSON).
                const plan::BufferRef &from = next->src[0];
                bool sameChunk = from.type == op.dstChunk.type &&
                                 from.index == op.dstChunk.index &&
                                 from.size == op.dstChunk.size &&
                                 next->dst[0].size == op.size;
                detail = next->dst[0].id != op.channelIds[0]
                             ? " (the broadcast after it goes through another "
                               "switch channel; a reduce and a broadcast fuse "
                               "only through the same one)"
                         : sameChunk
                             ? " (the broadcast after it would fuse with it, "
                               "but instruction fusion is off: -O0, or "
                               "instr_fusion = false)"
                             : " (the broadcast after it is of another chunk)";
              }
              report(diag::err_defect_glre_unfused, op, where, detail);
              break;
            }
            case OpKind::Get:
              for (size_t i = 0; i < op.src.size() && i < op.dst.size(); ++i)
                if (op.src[i].index != op.dst[i].index) {
                  report(diag::warn_defect_get_unequal_offsets, op, where);
                  break;
                }
              break;
            case OpKind::Flush:
              report(diag::warn_defect_flush_noop, op, where);
              break;
            case OpKind::Signal:
            case OpKind::Wait:
            case OpKind::RlxSignal:
            case OpKind::RlxWait:
              if (op.channelType == ChannelType::Switch)
                report(diag::warn_defect_switch_sync_noop, op, where,
                       std::string(plan::toString(op.kind)));
              break;
            case OpKind::Pws:
            case OpKind::Pwsf:
              if (op.channelType == ChannelType::Memory)
                report(diag::warn_defect_memory_put_with_signal, op, where);
              break;
            case OpKind::Ppkt:
              if (op.channelType != ChannelType::Port)
                break;
              // The port form is a raw copy of packet space: only packets
              // already in scratch (from copy_packets) are a valid source;
              // from there it still has the proxy defect (Q3).
              if (const plan::BufferRef *plain = firstNonScratch(op.src))
                report(diag::warn_defect_port_put_packets_source, op, where,
                       std::string(" (it is in the ") +
                           std::string(plan::bufferName(plain->type)) +
                           " buffer)");
              else
                report(diag::warn_defect_port_put_packets, op, where);
              break;
            case OpKind::Pipeline: {
              // The executor keeps the unit in 32 bits
              // (execution_common.hpp): 2^32 becomes 0, and the host
              // divides the message size by it.
              if (op.unitSize > UINT32_MAX) {
                uint32_t kept = uint32_t(op.unitSize);
                report(diag::warn_defect_pipeline_unit_too_large, op, where,
                       " (unit_size = " + std::to_string(op.unitSize) +
                           " is read as " + std::to_string(kept) +
                           (kept == 0 ? ", and the host divides the message "
                                        "size by it)"
                                      : ")"));
              }
              if (op.unitSize % 16 != 0)
                report(diag::warn_defect_pipeline_unit_unaligned, op, where,
                       " (unit_size = " + std::to_string(op.unitSize) + ")");
              // The iteration checks take the unit the executor runs with.
              const uint64_t unit = uint32_t(op.unitSize);
              double bytes = chunkBytes(gpu) * double(op.numChunks);
              if (unit > 0 && bytes / double(unit) > 65535.0) {
                char detail[160];
                snprintf(detail, sizeof(detail),
                         " (%.0f iterations = %lld chunks x %.0f bytes / %llu "
                         "bytes)",
                         std::ceil(bytes / double(unit)),
                         (long long)op.numChunks, chunkBytes(gpu),
                         (unsigned long long)unit);
                report(diag::warn_defect_pipeline_iterations, op, where,
                       detail);
              }
              // A group's slices shrink the operand per thread block, not the
              // iteration stride (executor-semantics §3.11): one iteration
              // (bounded by max_message_size) is the only safe count.
              bool oneIteration =
                  unit > 0 && bytes > 0 && bytes <= double(unit);
              std::optional<RangeIndex> writes; // built when first needed
              // The op of the pipeline that moves with the iteration and
              // writes `source` (or its in-place alias), if any.
              auto writerOf = [&](const BufferRef &source) -> const plan::Op * {
                if (!writes)
                  writes = movingWrites(op.ops);
                if (const plan::Op *w =
                        writes->overlapping(source, /*shifted=*/false))
                  return w;
                const std::optional<BufferRef> alias = aliasOf(source);
                return alias ? writes->overlapping(*alias, /*shifted=*/false)
                             : nullptr;
              };
              // " (K reads R, which 'W' writes)" for the two warnings.
              auto readsWritten = [&](const plan::Op &reader,
                                      const BufferRef &source,
                                      const plan::Op &writer) {
                return " (" + std::string(plan::toString(reader.kind)) +
                       " reads " + describeRange(source) + ", which '" +
                       std::string(plan::toString(writer.kind)) + "' writes)";
              };
              // reuse_resources (executor-semantics §2.5): the iteration's
              // offset into scratch wraps at the slot, so an op whose ends
              // disagree about which one is scratch goes astray once the
              // pipeline spans more than a slot (at some size when
              // max_message_size is unbounded).
              // The first iteration that wraps starts at the least multiple
              // of the unit at or past the slot: a unit as large as the
              // span runs one iteration, which never wraps.
              std::optional<uint64_t> slot;
              const uint64_t ownSlot = plan::reuseScratchSlotBytes(plan, gpu);
              if (ownSlot > 0) {
                const uint64_t firstWrap =
                    unit == 0 ? ownSlot : (ownSlot + unit - 1) / unit * unit;
                if (bytes == 0 || bytes > double(firstWrap))
                  slot = ownSlot;
              }
              // Once chunks outgrow the slot, an iteration at offset o
              // streams through the slot at o modulo the slot: a unit
              // that does not divide it crosses the slot's end.
              const bool straddles =
                  !slotOverflow.empty() && unit > 0 && ownSlot % unit != 0;
              inPipeline = true;
              pipelineSpan = bytes;
              pipelineUnit = unit;
              for (size_t i = 0; i < op.ops.size(); ++i) {
                std::string innerPath =
                    opPath + ".ops[" + std::to_string(i) + "]";
                const plan::Op &inner = op.ops[i];
                if (straddles && !plan::isPacketOp(inner.kind))
                  if (std::string what = scratchOperand(inner); !what.empty()) {
                    path = innerPath;
                    report(diag::warn_defect_reuse_slot_straddle, inner, where,
                           slotOverflow + "; unit_size " +
                               std::to_string(unit) +
                               " does not divide it; this op reaches " + what +
                               ")");
                  }
                if (slot)
                  if (std::string what = reuseSlotMismatch(inner);
                      !what.empty()) {
                    path = innerPath;
                    report(
                        diag::warn_defect_reuse_pipeline_offset, inner, where,
                        " (" + std::to_string(*slot) + " bytes), but " + what);
                  }
                // Packet ops ignore the iteration offset (§3.11).
                if (inner.tbg && inner.tbg->tbgSize > 1 && !oneIteration &&
                    !plan::isPacketOp(inner.kind)) {
                  path = innerPath;
                  report(diag::warn_defect_pipeline_tbg_slice, inner, where,
                         " (a group of " + std::to_string(inner.tbg->tbgSize) +
                             " thread blocks)");
                }
                // Nor do packet reductions move with it: one that adds
                // into its own source adds the packets again in every
                // iteration; one writing elsewhere recomputes the same,
                // unless an op that does move (not a packet op) writes its
                // source a unit at a time.
                if (!oneIteration && plan::isPacketOp(inner.kind) &&
                    plan::isReduceFamily(inner.kind) && !inner.src.empty() &&
                    !inner.dst.empty()) {
                  const plan::Op *writer = nullptr;
                  const std::optional<BufferRef> dstAlias =
                      aliasOf(inner.dst[0]);
                  if (overlaps(inner.src[0], inner.dst[0]) ||
                      (dstAlias && overlaps(inner.src[0], *dstAlias))) {
                    path = innerPath;
                    std::string into = describeRange(inner.dst[0]);
                    if (!overlaps(inner.src[0], inner.dst[0]))
                      into += ", which is " + describeRange(*dstAlias) +
                              " in this in-place " + plan.collective;
                    report(diag::warn_defect_pipeline_packet_reduce, inner,
                           where,
                           " (" + std::string(plan::toString(inner.kind)) +
                               " into " + into + ")");
                  } else {
                    writer = writerOf(inner.src[0]);
                  }
                  if (writer) {
                    path = innerPath;
                    report(
                        diag::warn_defect_pipeline_packet_reduce_source_written,
                        inner, where,
                        readsWritten(inner, inner.src[0], *writer));
                  }
                }
                // A packet op that reads plain data (copy_packets,
                // put_packets, fused ones too) sends its whole source in
                // every iteration, with the run's flag: while an op that
                // does move writes that source a unit at a time, the first
                // iterations send data not written yet, and the reader
                // may take those packets.
                if (!oneIteration && plan::isPacketOp(inner.kind) &&
                    !plan::isReduceFamily(inner.kind)) {
                  const plan::OpInfo &info = plan::opInfo(inner.kind);
                  for (size_t k = 0; k < inner.src.size(); ++k) {
                    if (!plainLocal(info.src.roleAt(k)))
                      continue;
                    const plan::Op *writer = writerOf(inner.src[k]);
                    if (!writer)
                      continue;
                    path = innerPath;
                    report(diag::warn_defect_pipeline_packet_source_written,
                           inner, where,
                           readsWritten(inner, inner.src[k], *writer));
                    break; // one report per op
                  }
                }
                visit(inner, innerPath,
                      i + 1 < op.ops.size() ? &op.ops[i + 1] : nullptr);
              }
              inPipeline = false;
              pipelineSpan = 0;
              path = opPath;
              break;
            }
            default:
              break;
            }
            if (plan.protocol == plan::Protocol::Simple &&
                plan::isPacketOp(op.kind))
              report(diag::warn_defect_packets_under_simple, op, where);
            // Once per plan: the alignment is the plan's (§2.1, §3.8).
            if (plan::isPacketOp(op.kind) && plan.bufferAlignment % 8 != 0 &&
                !packetAlignmentReported) {
              packetAlignmentReported = true;
              report(diag::warn_defect_packet_alignment, op, where,
                     std::to_string(plan.bufferAlignment));
            }
            if (std::string detail = copyMisalignment(op); !detail.empty())
              report(diag::warn_defect_copy_alignment, op, where, detail);
            if (std::string overlap =
                    shiftedOverlap(op, aliases, plan.collective);
                !overlap.empty())
              report(diag::warn_defect_overlapping_operands, op, where,
                     overlap);
            if (op.reduceOp && *op.reduceOp != plan::ReduceOp::Sum)
              report(diag::warn_defect_non_sum_reduce, op, where);
            if (plan.useDoubleScratchBuffer && !plan::isPacketOp(op.kind) &&
                touchesRemoteScratch(op))
              report(diag::warn_defect_double_scratch_non_packet, op, where,
                     op.channelType == ChannelType::Switch
                         ? " (a switch channel's multicast addresses)"
                         : "");
            if (inplaceOffset) {
              if (std::string at = portSourceOffset(op); !at.empty())
                report(diag::warn_defect_inplace_port_source, op, where, at);
              if (std::string at = remoteOffset(op); !at.empty())
                report(diag::warn_defect_inplace_remote_offset, op, where, at);
            }
            if (plan.reuseResources)
              if (std::string what = registeredNonScratch(op); !what.empty())
                report(diag::warn_defect_reuse_remote_buffer, op, where, what);
            if (plan.reuseResources)
              if (std::string what = peerSlotMismatch(op); !what.empty())
                report(diag::warn_defect_reuse_peer_slot, op, where, what);
            // Packet ops take no iteration offset (§3.11): in a pipeline
            // too they move whole chunks.
            if (!slotOverflow.empty() && op.kind != OpKind::Pipeline &&
                (!inPipeline || plan::isPacketOp(op.kind)))
              if (std::string what = scratchOperand(op); !what.empty())
                report(diag::warn_defect_reuse_slot_overflow, op, where,
                       slotOverflow + "; this op reaches " + what + ")");
            if (plan.useDoubleScratchBuffer && proxyReadsLocalScratch(op))
              report(diag::warn_defect_double_scratch_port_source, op, where);
            if (plan.useDoubleScratchBuffer && !plan.reuseResources &&
                plan::isPacketOp(op.kind))
              if (std::string peer = asymmetricPacketPeer(op); !peer.empty())
                report(diag::warn_defect_double_scratch_asymmetric, op, where,
                       peer);
          };
      for (size_t i = 0; i < tb.ops.size(); ++i)
        visit(tb.ops[i], tbPath + ".ops[" + std::to_string(i) + "]",
              i + 1 < tb.ops.size() ? &tb.ops[i + 1] : nullptr);
    }
  checkScratchPacketOverlap(plan, query, report, path);
  for (const auto &[id, n] : counts)
    if (n > 4)
      diags.report(diag::remark_defect_more, {}, {n - 4, diagInfo(id).group});
  return diags.errorCount() == errorsBefore;
}

} // namespace mscclc::passes
