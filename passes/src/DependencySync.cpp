//===- DependencySync.cpp - nops for intra-thread-block hazards ----------===//
//
// Tracks, per buffer space, the intervals touched since the last sync and
// which op touched them. An access that overlaps an interval of another op
// where either side writes is a hazard: a nop goes before the op and the
// tracker restarts from the op's own accesses.
//
//===----------------------------------------------------------------------===//
#include "mscclc/passes/DependencySync.h"

#include <algorithm>
#include <array>

namespace mscclc::passes {
namespace {

using namespace chunk;

struct Access {
  int space;      // BufferType
  int64_t lo, hi; // inclusive
  bool write;
  uint64_t op;
};

class Tracker {
public:
  // Returns true on a hazard (and leaves the tracker cleared, holding only
  // `acc`).
  bool insert(const Access &acc) {
    auto &list = spaces_[acc.space];
    bool conflict = false;
    // Visit overlapping intervals lowest start first.
    std::sort(list.begin(), list.end(),
              [](const Access &x, const Access &y) { return x.lo < y.lo; });
    std::vector<Access> kept;
    kept.reserve(list.size() + 2);
    for (size_t i = 0; i < list.size(); ++i) {
      const Access &x = list[i];
      bool overlap = x.lo <= acc.hi && acc.lo <= x.hi;
      if (!overlap) {
        kept.push_back(x);
        continue;
      }
      if (x.op != acc.op && (x.write || acc.write)) {
        conflict = true;
        break;
      }
      if (x.op != acc.op) {
        // Two ops reading the same bytes: both reads stay, or a later
        // write would be checked against the newer read only and the
        // older reader's write-after-read hazard lost. (The reference
        // replaces the older read; with its Q-PKTREAD rule that never
        // mattered, with ours it dropped a needed nop.)
        kept.push_back(x);
        continue;
      }
      if (x.lo < acc.lo)
        kept.push_back({x.space, x.lo, acc.lo - 1, x.write, x.op});
      if (x.hi > acc.hi)
        kept.push_back({x.space, acc.hi + 1, x.hi, x.write, x.op});
    }
    if (conflict) {
      clear();
      spaces_[acc.space].push_back(acc);
      return true;
    }
    kept.push_back(acc);
    list = std::move(kept);
    return false;
  }
  void clear() {
    for (auto &s : spaces_)
      s.clear();
  }

private:
  std::array<std::vector<Access>, 3> spaces_;
};

void addChunk(std::vector<Access> &out, const Chunk &c, bool write,
              uint64_t op) {
  if (c.size <= 0)
    return;
  out.push_back({int(c.type), c.index, c.index + c.size - 1, write, op});
}

// Local accesses of one op, reads before writes (dsl-semantics.md §3.6):
// the operands whose role in the op's layout (OpKinds.def) is a plain local
// buffer, and a packet reduction's packet sources. Packets are synchronised
// with their writers by their flags, but a packet op's own lanes still
// read them (hence the Q-PKTREAD fix tracks both of a packet reduce's
// kinds of source); remote and multicast operands are another
// rank's memory; switch ops are not tracked at all, as in the reference
// (Q-SWITCHNOSYNC), which their local operand's role (F, G) says.
void accessesOf(const Op &op, uint64_t id, std::vector<Access> &out) {
  if (op.kind == OpKind::Pipeline) {
    for (const auto &inner : op.details().body)
      accessesOf(inner, id, out);
    return;
  }
  const plan::OpInfo &info = plan::opInfo(op.kind);
  // Local sources come first in the src layout, then remote ones; local
  // destinations, then the packet copy, then remote ones.
  // A packet reduction's lanes also read its packet sources: a later op
  // that overwrites that scratch must wait for them (write-after-read).
  bool packetReduce =
      plan::isPacketOp(op.kind) && plan::isReduceFamily(op.kind);
  for (size_t i = 0; i < op.localSrc.size(); ++i) {
    plan::OperandRole role = info.src.roleAt(i);
    if (role == plan::OperandRole::Local ||
        (packetReduce && role == plan::OperandRole::LocalPacket))
      addChunk(out, op.localSrc[i], false, id);
  }
  size_t pos = 0;
  for (const auto *list : {&op.localDst, &op.details().pktDst})
    for (const Chunk &c : *list)
      if (info.dst.roleAt(pos++) == plan::OperandRole::Local)
        addChunk(out, c, true, id);
}

std::vector<Op> resolve(std::vector<Op> ops, uint64_t &nextId) {
  Tracker tracker;
  std::vector<Op> out;
  out.reserve(ops.size() + 4);
  std::vector<Access> accs;
  for (auto &op : ops) {
    if (op.isSyncLike()) {
      tracker.clear();
      out.push_back(std::move(op));
      continue;
    }
    if (op.kind == OpKind::Pipeline)
      op.mutableDetails().body =
          resolve(std::move(op.mutableDetails().body), nextId);
    uint64_t id = nextId++;
    accs.clear();
    accessesOf(op, id, accs);
    bool added = false;
    for (size_t i = 0; i < accs.size(); ++i) {
      if (tracker.insert(accs[i])) {
        // Q-LOSTDEP fix: the tracker restarts from this op's accesses so
        // far, re-recorded in their original order (a write recorded after
        // a read of the same bytes must win).
        tracker.clear();
        for (size_t k = 0; k <= i; ++k)
          tracker.insert(accs[k]);
        if (!added) {
          Op nop;
          nop.kind = OpKind::Nop;
          nop.loc = op.loc;
          nop.seq = op.seq;
          out.push_back(std::move(nop));
          added = true;
        }
      }
    }
    out.push_back(std::move(op));
  }
  return out;
}

class DependencySyncPass : public Pass {
public:
  std::string_view name() const override { return "dependency-sync"; }
  bool run(Program &program, DiagnosticSink &) override {
    uint64_t nextId = 1;
    for (auto &rank : program.ranks)
      for (auto &tb : rank.tbs)
        tb.ops = resolve(std::move(tb.ops), nextId);
    return true;
  }
};

} // namespace

std::unique_ptr<Pass> createDependencySyncPass() {
  return std::make_unique<DependencySyncPass>();
}

} // namespace mscclc::passes
