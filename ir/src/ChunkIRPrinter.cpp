//===- ChunkIRPrinter.cpp - chunk IR as text and data versions ------------===//
#include "mscclc/ir/ChunkIRPrinter.h"

#include <algorithm>
#include <functional>
#include <map>
#include <sstream>
#include <tuple>

namespace mscclc::chunk {

namespace {

// Local operands print as `o[2:3]#4` (with their version), remote ones as
// `r1.o[2:3]` (always with the rank, even a self-channel's own).
std::string chunkText(const Chunk &c, int32_t ownRank, bool withVersion,
                      bool remote = false) {
  std::ostringstream os;
  if (remote || c.rank != ownRank)
    os << "r" << c.rank << ".";
  os << plan::toString(c.type) << "[" << c.index << ":" << c.index + c.size
     << "]";
  if (withVersion)
    os << "#" << c.version;
  return os.str();
}

std::string quoted(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

std::string syncText(uint8_t s) {
  switch (s) {
  case SyncNone:
    return "none";
  case SyncBefore:
    return "before";
  case SyncAfter:
    return "after";
  default:
    return "both";
  }
}

void printOp(const Op &op, int32_t rank, std::ostream &os, int indent,
             int32_t sourceFile) {
  std::ostringstream line;
  line << std::string(size_t(indent), ' ') << plan::toString(op.kind);
  if (op.isDataSync())
    line << "." << syncText(op.dataSync);
  // One comma-separated list per side, across the operand kinds.
  bool firstOfSide = true;
  auto list = [&](const ChunkList &cs, bool local) {
    for (const Chunk &c : cs) {
      line << (firstOfSide ? " " : ", ") << chunkText(c, rank, local, !local);
      firstOfSide = false;
    }
  };
  if (!op.localSrc.empty() || !op.remoteSrc.empty() ||
      op.details().switchChunk) {
    list(op.localSrc, true);
    list(op.remoteSrc, false);
  }
  if (op.kind == OpKind::Gstore || op.kind == OpKind::Gstorepkt) {
    line << " " << chunkText(*op.details().switchChunk, rank, true)
         << " -> switch." << plan::toString(op.details().switchBuffer) << "["
         << op.details().switchDstOffsets[0] << ":"
         << op.details().switchDstOffsets[0] + op.details().switchSize << "]";
  }
  if (op.kind == OpKind::Glre || op.kind == OpKind::Glres) {
    line << " switch." << plan::toString(op.details().switchBuffer) << "["
         << op.details().switchSrcOffsets[0] << ":"
         << op.details().switchSrcOffsets[0] + op.details().switchSize << "]";
  }
  if (!op.localDst.empty() || !op.remoteDst.empty() ||
      !op.details().pktDst.empty() || op.kind == OpKind::Glre ||
      op.kind == OpKind::Glres) {
    line << " ->";
    firstOfSide = true;
    list(op.localDst, true);
    list(op.details().pktDst, true);
    list(op.remoteDst, false);
    if (op.kind == OpKind::Glre)
      line << " " << chunkText(*op.details().switchChunk, rank, true);
    if (op.kind == OpKind::Glres)
      line << " switch." << plan::toString(op.details().switchBuffer) << "["
           << op.details().switchDstOffsets[0] << ":"
           << op.details().switchDstOffsets[0] + op.details().switchSize << "]";
  }
  if (!op.channels.empty()) {
    line << (op.isDataSync() ? " " : " via ");
    for (size_t i = 0; i < op.channels.size(); ++i)
      line << (i ? "," : "") << plan::toString(op.channels[i].kind) << "#"
           << op.channels[i].globalId;
  }
  if (!op.details().semaphoreIds.empty()) {
    line << " sem";
    for (size_t i = 0; i < op.details().semaphoreIds.size(); ++i)
      line << (i ? "," : "#") << op.details().semaphoreIds[i];
  }
  if (op.kind == OpKind::Barrier) {
    line << " id=" << op.details().barrierId << " tbs=[";
    for (size_t i = 0; i < op.details().barrierTbs.size(); ++i)
      line << (i ? "," : "") << op.details().barrierTbs[i];
    line << "]";
  }
  if (plan::isReduceFamily(op.kind) || op.kind == OpKind::Glre ||
      op.kind == OpKind::Glres)
    if (op.reduceOp != ReduceOp::Sum)
      line << " op=" << plan::toString(op.reduceOp);
  if (op.details().tbg)
    line << " tbg=" << op.details().tbg->tbId << "/"
         << op.details().tbg->tbgSize;
  if (op.kind == OpKind::Pipeline)
    line << " unit=" << op.details().unitSize
         << " chunks=" << op.details().numChunks << " {";
  std::string text = line.str();
  os << text;
  if (op.loc.isValid()) {
    size_t pad = text.size() < 56 ? 56 - text.size() : 1;
    os << std::string(pad, ' ') << "; ";
    if (op.loc.fileId != sourceFile)
      os << "file " << op.loc.fileId - sourceFile << " ";
    os << "line " << op.loc.line << ":" << op.loc.column;
  }
  os << "\n";
  if (op.kind == OpKind::Pipeline) {
    for (const auto &inner : op.details().body)
      printOp(inner, rank, os, indent + 2, sourceFile);
    os << std::string(size_t(indent), ' ') << "}\n";
  }
}

} // namespace

void print(const Program &p, std::ostream &os) {
  os << "program " << (p.name ? quoted(*p.name) : std::string("null"))
     << " collective=" << p.collective << " ranks=" << p.ranks.size()
     << " protocol=" << plan::toString(p.protocol)
     << " inplace=" << (p.inplace ? "true" : "false")
     << " instances=" << p.instances;
  // Settings other than the defaults, in the order of ProgramOptions.
  const ProgramSettings defaults;
  if (p.instrFusion != defaults.instrFusion)
    os << " instr_fusion=" << (p.instrFusion ? "true" : "false");
  if (p.autoSync != defaults.autoSync)
    os << " auto_sync=" << (p.autoSync ? "true" : "false");
  if (p.replicationPolicy != defaults.replicationPolicy)
    os << " replication_policy="
       << (p.replicationPolicy == ReplicationPolicy::None ? "none"
                                                          : "interleaved");
  if (p.reuseResources != defaults.reuseResources)
    os << " reuse_resources=" << (p.reuseResources ? "true" : "false");
  if (p.numThreadsPerBlock != defaults.numThreadsPerBlock)
    os << " num_threads_per_block=" << p.numThreadsPerBlock;
  if (p.useDoubleScratchBuffer != defaults.useDoubleScratchBuffer)
    os << " use_double_scratch_buffer="
       << (p.useDoubleScratchBuffer ? "true" : "false");
  if (p.bufferAlignment != defaults.bufferAlignment)
    os << " buffer_alignment=" << p.bufferAlignment;
  if (p.minMessageSize != defaults.minMessageSize)
    os << " min_message_size=" << p.minMessageSize;
  if (p.maxMessageSize != defaults.maxMessageSize)
    os << " max_message_size=" << p.maxMessageSize;
  os << (p.replicated ? " (replicated)" : "") << "\n";
  for (size_t r = 0; r < p.ranks.size(); ++r) {
    const Rank &rank = p.ranks[r];
    os << "rank " << r << " input=" << rank.inputChunks
       << " output=" << rank.outputChunks << " scratch=" << rank.scratchChunks
       << "\n";
    for (const auto &g : rank.channelGroups) {
      os << "  channels " << plan::toString(g.kind) << " ->";
      for (size_t i = 0; i < g.connectedTo.size(); ++i)
        os << " #" << i << ":r" << g.connectedTo[i];
      os << "\n";
    }
    for (size_t i = 0; i < rank.switchChannels.size(); ++i) {
      const auto &s = rank.switchChannels[i];
      os << "  switch #" << i << " " << plan::toString(s.bufferType)
         << " ranks=[";
      for (size_t k = 0; k < s.ranks.size(); ++k)
        os << (k ? "," : "") << s.ranks[k];
      os << "]\n";
    }
    if (!rank.remoteBuffers.empty()) {
      os << "  remote";
      for (const auto &rb : rank.remoteBuffers) {
        os << " r" << rb.rank << "." << plan::toString(rb.type) << "(";
        for (size_t k = 0; k < rb.accessKinds.size(); ++k)
          os << (k ? "," : "") << plan::toString(rb.accessKinds[k]);
        os << ")";
      }
      os << "\n";
    }
    if (!rank.semaphores.empty()) {
      os << "  semaphores";
      for (auto v : rank.semaphores)
        os << " " << v;
      os << "\n";
    }
    for (size_t t = 0; t < rank.tbs.size(); ++t) {
      os << "  tb " << t << "\n";
      for (const auto &op : rank.tbs[t].ops)
        printOp(op, int32_t(r), os, 4, p.sourceFile);
    }
  }
}

void assignVersions(Program &program) {
  // Collect every op with its recording sequence number.
  std::vector<Op *> ops;
  std::vector<int32_t> opRank;
  std::function<void(std::vector<Op> &, int32_t)> collect =
      [&](std::vector<Op> &list, int32_t rank) {
        for (auto &op : list) {
          if (op.kind == OpKind::Pipeline)
            collect(op.mutableDetails().body, rank);
          else {
            ops.push_back(&op);
            opRank.push_back(rank);
          }
        }
      };
  for (size_t r = 0; r < program.ranks.size(); ++r)
    for (auto &tb : program.ranks[r].tbs)
      collect(tb.ops, int32_t(r));
  std::vector<size_t> order(ops.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return ops[a]->seq < ops[b]->seq;
  });
  // Per (rank, buffer): the version of each written range, as disjoint
  // intervals keyed by start (linear in the ops, whatever the chunk
  // counts), and a counter of writes.
  struct Span {
    int64_t end;
    uint32_t version;
  };
  std::map<std::pair<int32_t, int>, std::map<int64_t, Span>> written;
  std::map<std::pair<int32_t, int>, uint32_t> counter;
  // The first span that may overlap [begin, ...).
  auto firstOverlap = [](std::map<int64_t, Span> &spans, int64_t begin) {
    auto it = spans.upper_bound(begin);
    if (it != spans.begin() && std::prev(it)->second.end > begin)
      --it;
    return it;
  };
  auto readVersion = [&](Chunk &c) {
    uint32_t v = 0;
    auto &spans = written[{int32_t(c.rank), int(c.type)}];
    int64_t end = c.index + c.size;
    for (auto it = firstOverlap(spans, c.index);
         it != spans.end() && it->first < end; ++it)
      v = std::max(v, it->second.version);
    c.version = c.size > 0 ? v : 0;
  };
  auto writeVersion = [&](Chunk &c) {
    uint32_t v = ++counter[{int32_t(c.rank), int(c.type)}];
    c.version = v;
    if (c.size <= 0)
      return;
    auto &spans = written[{int32_t(c.rank), int(c.type)}];
    int64_t begin = c.index, end = c.index + c.size;
    // Keep the parts of overlapped spans outside [begin, end).
    std::vector<std::pair<int64_t, Span>> kept;
    auto it = firstOverlap(spans, begin);
    while (it != spans.end() && it->first < end) {
      if (it->first < begin)
        kept.push_back({it->first, {begin, it->second.version}});
      if (it->second.end > end)
        kept.push_back({end, {it->second.end, it->second.version}});
      it = spans.erase(it);
    }
    for (auto &[start, span] : kept)
      spans.emplace(start, span);
    spans.emplace(begin, Span{end, v});
  };
  for (size_t idx : order) {
    Op &op = *ops[idx];
    for (auto &c : op.localSrc)
      readVersion(c);
    for (auto &c : op.remoteSrc)
      readVersion(c);
    if (op.details().switchChunk &&
        (op.kind == OpKind::Gstore || op.kind == OpKind::Gstorepkt))
      readVersion(*op.mutableDetails().switchChunk);
    for (auto &c : op.localDst)
      writeVersion(c);
    if (op.hasDetails())
      for (auto &c : op.mutableDetails().pktDst)
        writeVersion(c);
    for (auto &c : op.remoteDst)
      writeVersion(c);
    if (op.details().switchChunk && op.kind == OpKind::Glre)
      writeVersion(*op.mutableDetails().switchChunk);
  }
}

} // namespace mscclc::chunk
