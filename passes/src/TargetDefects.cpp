//===- TargetDefects.cpp - known defects of the target executor ----------===//
#include "mscclc/passes/TargetDefects.h"

#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <set>

namespace mscclc::passes {

using plan::BufferRef;
using plan::ChannelType;
using plan::OpKind;

namespace {

// A remote reference to scratch, resolved through the tb's refs.
bool touchesRemoteScratch(const plan::Gpu &gpu, const plan::ThreadBlock &tb,
                          const plan::Op &op) {
  auto remoteType = [&](const BufferRef &r) {
    for (const auto &refs : tb.remoteBufferRefs)
      if (refs.accessType == op.channelType && r.id >= 0 &&
          size_t(r.id) < refs.ids.size()) {
        int32_t gid = refs.ids[size_t(r.id)];
        if (gid >= 0 && size_t(gid) < gpu.remoteBuffers.size())
          return gpu.remoteBuffers[size_t(gid)].type;
      }
    return plan::BufferType::Input;
  };
  for (const auto *list : {&op.src, &op.dst})
    for (const auto &r : *list)
      if (r.form == BufferRef::Form::Remote &&
          remoteType(r) == plan::BufferType::Scratch)
        return true;
  return false;
}

} // namespace

const std::vector<DefectCheck> &defectChecks() {
  static const std::vector<DefectCheck> table = {
      {"glre-unfused", true,
       "an unfused switch reduce (glre) is rejected by the executor",
       "follow the switch reduce with a broadcast of the same chunk on the "
       "same thread block so they fuse into glres"},
      {"get-unequal-offsets", false,
       "'get' with different source and destination offsets reads and "
       "writes the wrong bytes on the 0.9 executor (it swaps the offsets)",
       "get into a destination chunk at the same index as the source, or "
       "have the peer put the data instead"},
      {"flush-noop", false, "'flush' does nothing on the 0.9 executor",
       "use put_with_signal_and_flush for the last put instead"},
      {"memory-put-with-signal", false,
       "put_with_signal over a memory channel sends no signal on the 0.9 "
       "executor",
       "use put followed by signal, or a port channel"},
      {"port-put-packets", false,
       "put_packets over a port channel reads from the wrong memory on the "
       "0.9 executor when more than one plan uses its proxy",
       "copy_packets into scratch, then read_put_packets over the port "
       "channel"},
      {"packets-under-simple", false,
       "packet ops in a plan with protocol Simple get a scratch buffer half "
       "the size they need",
       "set .protocol = Protocol::LL"},
      {"double-scratch-non-packet", false,
       "use_double_scratch_buffer is only coherent for packet traffic; this "
       "op exchanges plain data through remote scratch",
       "use packet ops for scratch exchange, or disable "
       "use_double_scratch_buffer"},
      {"non-sum-reduce", false,
       "the 0.9 executor ignores reduce_op and always sums",
       "use ReduceOperationType::sum"},
      {"pipeline-unit-unaligned", false,
       "pipeline unit_size is not a multiple of 16 bytes; the executor's "
       "vector paths and tails mishandle it",
       "make the unit size a multiple of 16"},
      {"pipeline-iterations", false,
       "the pipeline would run more than 65535 iterations at "
       "max_message_size, but the executor counts them in 16 bits",
       "raise the unit size or lower max_message_size"},
  };
  return table;
}

bool checkTargetDefects(const plan::Plan &plan, DiagnosticSink &diags,
                        bool allowViolations) {
  const auto &table = defectChecks();
  auto find = [&](const char *id) -> const DefectCheck & {
    for (const auto &c : table)
      if (std::string(c.id) == id)
        return c;
    return table.front();
  };
  // One report per (check, source line): a program usually makes the same
  // mistake on every rank.
  std::set<std::pair<std::string, uint64_t>> seen;
  uint64_t unlocated = uint64_t(1) << 32; // keys for ops without a location
  std::map<std::string, size_t> counts;
  bool ok = true;
  auto report = [&](const char *id, const plan::Op &op,
                    const std::string &where, const std::string &detail = "") {
    const DefectCheck &c = find(id);
    uint64_t key = op.loc.rawClangLoc ? op.loc.rawClangLoc : unlocated++;
    if (!seen.insert({id, key}).second)
      return;
    if (++counts[id] > 4)
      return;
    std::string msg = where + ": " + c.problem + detail + " [" + id + "]";
    std::vector<DiagNote> notes = {{op.loc, std::string("fix: ") + c.fix}};
    if (c.isError && !allowViolations) {
      diags.error(op.loc, msg, notes);
      ok = false;
    } else {
      diags.warning(op.loc, msg, notes);
    }
  };

  // Per-chunk byte size at max_message_size, for the iteration check.
  auto chunkBytes = [&](const plan::Gpu &gpu) -> double {
    if (plan.maxMessageSize == UINT64_MAX)
      return 0;
    int64_t chunks =
        plan.collective == "allgather" ? gpu.outputChunks : gpu.inputChunks;
    if (chunks <= 0)
      chunks = gpu.inputChunks > 0 ? gpu.inputChunks : gpu.outputChunks;
    return chunks > 0 ? double(plan.maxMessageSize) / double(chunks) : 0;
  };

  for (const auto &gpu : plan.gpus)
    for (const auto &tb : gpu.threadblocks) {
      std::string where = "rank " + std::to_string(gpu.id) + " thread block " +
                          std::to_string(tb.id);
      std::function<void(const plan::Op &)> visit = [&](const plan::Op &op) {
        switch (op.kind) {
        case OpKind::Glre:
          report("glre-unfused", op, where);
          break;
        case OpKind::Get:
          for (size_t i = 0; i < op.src.size() && i < op.dst.size(); ++i)
            if (op.src[i].index != op.dst[i].index) {
              report("get-unequal-offsets", op, where);
              break;
            }
          break;
        case OpKind::Flush:
          report("flush-noop", op, where);
          break;
        case OpKind::Pws:
        case OpKind::Pwsf:
          if (op.channelType == ChannelType::Memory)
            report("memory-put-with-signal", op, where);
          break;
        case OpKind::Ppkt:
          if (op.channelType == ChannelType::Port)
            report("port-put-packets", op, where);
          break;
        case OpKind::Pipeline: {
          if (op.unitSize % 16 != 0)
            report("pipeline-unit-unaligned", op, where,
                   " (unit_size = " + std::to_string(op.unitSize) + ")");
          double bytes = chunkBytes(gpu) * double(op.numChunks);
          if (op.unitSize > 0 && bytes / double(op.unitSize) > 65535.0) {
            char detail[160];
            snprintf(detail, sizeof(detail),
                     " (%.0f iterations = %lld chunks x %.0f bytes / %llu "
                     "bytes)",
                     std::ceil(bytes / double(op.unitSize)),
                     (long long)op.numChunks, chunkBytes(gpu),
                     (unsigned long long)op.unitSize);
            report("pipeline-iterations", op, where, detail);
          }
          for (const auto &inner : op.ops)
            visit(inner);
          break;
        }
        default:
          break;
        }
        if (plan.protocol == plan::Protocol::Simple &&
            plan::isPacketOp(op.kind))
          report("packets-under-simple", op, where);
        if (op.reduceOp && *op.reduceOp != plan::ReduceOp::Sum)
          report("non-sum-reduce", op, where);
        if (plan.useDoubleScratchBuffer && !plan::isPacketOp(op.kind) &&
            touchesRemoteScratch(gpu, tb, op))
          report("double-scratch-non-packet", op, where);
      };
      for (const auto &op : tb.ops)
        visit(op);
    }
  for (const auto &[id, n] : counts)
    if (n > 4)
      diags.warning(SourceLocation{}, std::to_string(n - 4) +
                                          " more place(s) with [" + id +
                                          "] not shown");
  return ok;
}

} // namespace mscclc::passes
