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

namespace {

// The chunks an op reads, then those it writes, as versions are assigned.
template <typename Read, typename Write>
void forEachVersionedChunk(Op &op, Read &&read, Write &&write) {
  for (auto &c : op.localSrc)
    read(c);
  for (auto &c : op.remoteSrc)
    read(c);
  if (op.details().switchChunk &&
      (op.kind == OpKind::Gstore || op.kind == OpKind::Gstorepkt))
    read(*op.mutableDetails().switchChunk);
  for (auto &c : op.localDst)
    write(c);
  if (op.hasDetails())
    for (auto &c : op.mutableDetails().pktDst)
      write(c);
  for (auto &c : op.remoteDst)
    write(c);
  if (op.details().switchChunk && op.kind == OpKind::Glre)
    write(*op.mutableDetails().switchChunk);
}

// The newest write overlapping a range, over the cells between sorted
// bounds: a segment tree whose node holds the newest write covering all of
// its cells (`covering`) and the newest touching any of them (`touching`).
// No update needs pushing down: a query adds its path's `covering`.
class NewestWrites {
public:
  explicit NewestWrites(std::vector<int64_t> bounds)
      : bounds_(std::move(bounds)) {
    std::sort(bounds_.begin(), bounds_.end());
    bounds_.erase(std::unique(bounds_.begin(), bounds_.end()), bounds_.end());
    cells_ = bounds_.size() > 1 ? bounds_.size() - 1 : 1;
    covering_.assign(4 * cells_, 0);
    touching_.assign(4 * cells_, 0);
  }

  void write(int64_t begin, int64_t end, uint32_t version) {
    write(1, 0, cells_, cell(begin), cell(end), version);
  }

  uint32_t newest(int64_t begin, int64_t end) const {
    return newest(1, 0, cells_, cell(begin), cell(end));
  }

private:
  // Every bound is one the constructor was given.
  size_t cell(int64_t bound) const {
    return size_t(std::lower_bound(bounds_.begin(), bounds_.end(), bound) -
                  bounds_.begin());
  }

  void write(size_t node, size_t lo, size_t hi, size_t begin, size_t end,
             uint32_t version) {
    if (end <= lo || hi <= begin)
      return;
    touching_[node] = std::max(touching_[node], version);
    if (begin <= lo && hi <= end) {
      covering_[node] = std::max(covering_[node], version);
      return;
    }
    size_t mid = lo + (hi - lo) / 2;
    write(2 * node, lo, mid, begin, end, version);
    write(2 * node + 1, mid, hi, begin, end, version);
  }

  uint32_t newest(size_t node, size_t lo, size_t hi, size_t begin,
                  size_t end) const {
    if (end <= lo || hi <= begin)
      return 0;
    if (begin <= lo && hi <= end)
      return touching_[node];
    size_t mid = lo + (hi - lo) / 2;
    return std::max({covering_[node], newest(2 * node, lo, mid, begin, end),
                     newest(2 * node + 1, mid, hi, begin, end)});
  }

  std::vector<int64_t> bounds_;
  size_t cells_ = 1;
  std::vector<uint32_t> covering_, touching_;
};

} // namespace

void assignVersions(Program &program) {
  // Collect every op with its recording sequence number.
  std::vector<Op *> ops;
  std::function<void(std::vector<Op> &)> collect = [&](std::vector<Op> &list) {
    for (auto &op : list) {
      if (op.kind == OpKind::Pipeline)
        collect(op.mutableDetails().body);
      else
        ops.push_back(&op);
    }
  };
  for (auto &rank : program.ranks)
    for (auto &tb : rank.tbs)
      collect(tb.ops);
  std::vector<size_t> order(ops.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return ops[a]->seq < ops[b]->seq;
  });
  // A read's version is the newest version among the bytes it covers. The
  // versions of one (rank, buffer) rise with every write, so that is the
  // newest write that overlaps the read at all (a later write over some of
  // its bytes is newer still): a range maximum under range updates, kept
  // per (rank, buffer) in a tree over the cells between the chunk bounds
  // the program uses. Each read and write is logarithmic; walking the
  // spans a read covers was quadratic for wide reads over many small
  // writes.
  using Group = std::pair<int32_t, int>; // rank, buffer type
  auto groupOf = [](const Chunk &c) { return Group{c.rank, int(c.type)}; };
  std::map<Group, std::vector<int64_t>> bounds;
  auto addBounds = [&](Chunk &c) {
    if (c.size <= 0)
      return;
    auto &b = bounds[groupOf(c)];
    b.push_back(c.index);
    b.push_back(c.index + c.size);
  };
  for (size_t idx : order)
    forEachVersionedChunk(*ops[idx], addBounds, addBounds);
  std::map<Group, NewestWrites> newest;
  for (auto &[group, b] : bounds)
    newest.emplace(group, NewestWrites(std::move(b)));
  std::map<Group, uint32_t> counter;
  auto readVersion = [&](Chunk &c) {
    c.version = c.size > 0
                    ? newest.at(groupOf(c)).newest(c.index, c.index + c.size)
                    : 0;
  };
  auto writeVersion = [&](Chunk &c) {
    uint32_t v = ++counter[groupOf(c)];
    c.version = v;
    if (c.size > 0)
      newest.at(groupOf(c)).write(c.index, c.index + c.size, v);
  };
  for (size_t idx : order)
    forEachVersionedChunk(*ops[idx], readVersion, writeVersion);
}

} // namespace mscclc::chunk
