//===- Fusion.cpp - merge adjacent ops of a thread block -----------------===//
//
// The driver offers every adjacent pair (accumulated op, next op) to
// `combine` once, as the reference does; `combine` either returns the fused
// op or nothing, and may trim data-sync flags of either side on the way.
// Two of the reference's rules change what the program computes, and the
// pass warns of them: reduce chains fused out of place, and a switch reduce
// fused with a broadcast that does not store the reduce's destination
// chunk (glres writes only where the broadcast stores).
//
// Given the executor's per-op limits, a fusion that would pass one is not
// made (Q-FUSELIMIT): the run is split there. Split syncs share the run's
// nops; when no later pass would add the nops a split needs
// (auto_sync = false), a split run gets them around it, and split
// transfers and reductions between their parts too.
//
//===----------------------------------------------------------------------===//
#include "mscclc/passes/Fusion.h"
#include "mscclc/passes/SyncInsertion.h"

#include "InPlaceAliases.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace mscclc::passes {
namespace {

using namespace chunk;

bool isPacketReduce(OpKind k) {
  return plan::isReduceFamily(k) && plan::isPacketOp(k);
}

bool isReduce(OpKind k) { return plan::isReduceFamily(k); }

ChannelType opChannelKind(const Op &op) {
  return op.channels.empty() ? ChannelType::None : op.channels[0].kind;
}

// Re-derives a reduce op's name from which operand lists are non-empty.
OpKind reduceName(const Op &op, bool packet) {
  if (packet) {
    if (op.remoteDst.empty())
      return op.details().pktDst.empty() ? OpKind::Repkt : OpKind::Recpkt;
    return op.details().pktDst.empty() ? OpKind::Respkt : OpKind::Recspkt;
  }
  bool rs = !op.remoteSrc.empty(), rd = !op.remoteDst.empty();
  if (rs && rd)
    return OpKind::Rres;
  if (rs)
    return OpKind::Rre;
  if (rd)
    return OpKind::Res;
  return OpKind::Re;
}

bool sameChunks(const ChunkList &a, const ChunkList &b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!a[i].sameCoords(b[i]))
      return false;
  return true;
}

// The channels of the op being grown by a run of fusions, for constant-time
// membership: a fused signal or wait gathers one channel per peer, and
// scanning its list for every new one made long runs quadratic (at 256
// ranks, 255 channels per op). Valid for the op whose list it mirrors; the
// driver resets it when that op is replaced.
//
// A channel id is its position in the rank's channel list, so membership is
// a stamp per (type, id): the stamp of the current run marks a member, and a
// reset starts a new run without touching the stamps. (A hash set, with a
// heap node per member freed at every reset, made half of the pass malloc
// and free.)
class ChannelIndex {
public:
  void reset() {
    mirrored_ = 0;
    negative_.clear();
    if (++run_ == 0) { // wrapped: no stale stamp may equal a new run's
      for (auto &stamps : stamps_)
        std::fill(stamps.begin(), stamps.end(), 0);
      run_ = 1;
    }
  }
  // Brings the index up to `list`, which only ever grows at its end while
  // the index is valid for it.
  void sync(const ChannelList &list) {
    if (list.size() < mirrored_)
      reset();
    for (size_t i = mirrored_; i < list.size(); ++i)
      mark(list[i]);
    mirrored_ = list.size();
  }
  bool contains(const ChannelRef &c) const {
    if (c.globalId < 0)
      return std::find(negative_.begin(), negative_.end(), c) !=
             negative_.end();
    const std::vector<uint32_t> &stamps = stamps_[typeIndex(c)];
    return size_t(c.globalId) < stamps.size() &&
           stamps[size_t(c.globalId)] == run_;
  }

private:
  static size_t typeIndex(const ChannelRef &c) {
    return std::min<size_t>(size_t(c.kind), NumTypes - 1);
  }
  void mark(const ChannelRef &c) {
    // Validated programs have no negative ids; a list keeps any other
    // input exact.
    if (c.globalId < 0) {
      negative_.push_back(c);
      return;
    }
    std::vector<uint32_t> &stamps = stamps_[typeIndex(c)];
    if (size_t(c.globalId) >= stamps.size())
      stamps.resize(size_t(c.globalId) + 1, 0);
    stamps[size_t(c.globalId)] = run_;
  }
  static constexpr size_t NumTypes = size_t(ChannelType::None) + 1;
  std::vector<uint32_t> stamps_[NumTypes];
  std::vector<ChannelRef> negative_;
  uint32_t run_ = 1;
  size_t mirrored_ = 0;
};

bool disjoint(const ChannelList &a, const ChannelList &b, ChannelIndex &index) {
  index.sync(a);
  for (const auto &y : b)
    if (index.contains(y))
      return false;
  return true;
}

void unionInto(ChannelList &a, const ChannelList &b, ChannelIndex &index) {
  index.sync(a);
  for (const auto &y : b)
    if (!index.contains(y)) {
      a.push_back(y);
      index.sync(a);
    }
}

// What the op being grown by a run of fusions reads and writes, per rank
// and buffer, to refuse a fusion that would make one op access bytes
// through two different chunks, one of them written. The executor's
// threads share each of an op's transfers with no order between them, so
// two destinations overlapping at another offset, or a destination
// overlapping a source at another offset, race inside the op; run apart,
// dependency sync puts a nop between them (fusing away that nop is the
// reference's miscompile). Equal chunks are fine: each byte of both goes to
// one thread, in order, which a reduce-then-put (rres) relies on; but not
// packet slots stored twice, which a reader may take either store of.
//
// In place, input and output chunks are compared where their bytes are
// (InPlaceAliases): `get -> i[0:2]` and `get -> o[1:3]` of an in-place
// AllReduce overlap at another offset.
//
// Most (rank, buffer) pairs of a run hold one chunk (the all-pairs rres: a
// peer's chunk, read and written), kept in a stamped slot per pair at no
// allocation; a second, different chunk of the pair moves its chunks to an
// ordered map of disjoint segments. Like ChannelIndex, valid for the op its
// lists mirror; the driver resets it when that op is replaced.
class AccessIndex {
public:
  // For the ops of one rank; holds until the next call.
  void setAliases(const InPlaceAliases &aliases) {
    aliases_ = aliases;
    reset();
  }
  const InPlaceAliases &aliases() const { return aliases_; }
  void reset() {
    mirrored_.fill(0);
    segments_.clear();
    if (++run_ == 0) { // wrapped: no stale stamp may equal a new run's
      for (Slot &slot : slots_)
        slot.run = 0;
      run_ = 1;
    }
  }
  // Brings the index up to `op`'s operand lists, which only grow at their
  // ends while the index is valid for them.
  void sync(const Op &op) {
    const ListSizes sizes = listSizes(op);
    for (size_t k = 0; k < sizes.size(); ++k)
      if (sizes[k] < mirrored_[k]) {
        reset();
        break;
      }
    forEachOperand(op, mirrored_,
                   [&](const Chunk &c, bool written, bool packet) {
                     add(c, written, packet);
                   });
    mirrored_ = sizes;
  }
  // Whether accessing `c` (writing it if `write`) in the same op as what
  // the index holds would overlap one of its chunks at another offset,
  // with one of the two written.
  bool conflicts(const Chunk &operand, bool write, bool packet) const {
    const Chunk c = placed(operand, packet);
    if (c.size <= 0 || c.rank < 0)
      return false;
    const size_t at = slotOf(c, packet);
    if (at >= slots_.size() || slots_[at].run != run_)
      return false;
    const Slot &slot = slots_[at];
    // Packet slots stored twice in one op: a reader may take either store
    // (and both carry the run's flag), so equal ones conflict too.
    const bool storedTwice = packet && write;
    if (!slot.split)
      return slot.first.sameCoords(c)
                 ? storedTwice && slot.written
                 : slot.first.overlaps(c) && (write || slot.written);
    bool conflict = false;
    forOverlapping(c, packet, [&](const Key &key, const Segment &s) {
      bool same = s.single && key.begin == c.index && s.end == c.index + c.size;
      if (same ? storedTwice && s.written : write || s.written)
        conflict = true;
    });
    return conflict;
  }

private:
  // The operand lists in forEachOperand's order.
  using ListSizes = std::array<size_t, 5>;
  struct Key {
    int32_t rank;
    uint8_t space; // spaceOf
    int64_t begin;
    auto operator<=>(const Key &) const = default;
  };
  // Disjoint within a (rank, buffer); `single`: made of one chunk only
  // (accessed one or more times), else the union of overlapping chunks.
  struct Segment {
    int64_t end;
    bool written;
    bool single;
  };
  struct Slot {
    uint32_t run = 0;
    bool split = false; // its chunks are in segments_
    bool written = false;
    Chunk first;
  };
  static constexpr size_t NumBufferTypes = 3;

  // Packet slots of a buffer are laid out at other offsets than its plain
  // chunks of the same index, so they are compared only with each other
  // (-Wscratch-packet-overlap covers packets against plain data).
  static uint8_t spaceOf(const Chunk &c, bool packet) {
    return uint8_t(std::min<size_t>(size_t(c.type), NumBufferTypes - 1) * 2 +
                   (packet ? 1 : 0));
  }
  static size_t slotOf(const Chunk &c, bool packet) {
    return size_t(c.rank) * NumBufferTypes * 2 + spaceOf(c, packet);
  }
  static ListSizes listSizes(const Op &op) {
    return {op.localSrc.size(), op.remoteSrc.size(), op.localDst.size(),
            op.details().pktDst.size(), op.remoteDst.size()};
  }
  template <typename F>
  void forOverlapping(const Chunk &c, bool packet, F f) const {
    const uint8_t space = spaceOf(c, packet);
    auto it = segments_.upper_bound(Key{c.rank, space, c.index});
    if (it != segments_.begin()) {
      auto before = std::prev(it);
      if (before->first.rank == c.rank && before->first.space == space &&
          before->second.end > c.index)
        it = before;
    }
    for (; it != segments_.end() && it->first.rank == c.rank &&
           it->first.space == space && it->first.begin < c.index + c.size;
         ++it)
      f(it->first, it->second);
  }
  // Packet slots are laid out apart from the plain chunks (see spaceOf).
  Chunk placed(const Chunk &c, bool packet) const {
    return packet ? c : aliases_.canonical(c);
  }
  void add(const Chunk &operand, bool written, bool packet) {
    const Chunk c = placed(operand, packet);
    if (c.size <= 0 || c.rank < 0)
      return;
    const uint8_t space = spaceOf(c, packet);
    const size_t at = slotOf(c, packet);
    if (at >= slots_.size())
      slots_.resize(at + 1);
    Slot &slot = slots_[at];
    if (slot.run != run_) {
      slot = Slot{run_, false, written, c};
      return;
    }
    if (!slot.split) {
      if (slot.first.sameCoords(c)) {
        slot.written |= written;
        return;
      }
      slot.split = true;
      segments_.emplace(
          Key{c.rank, space, slot.first.index},
          Segment{slot.first.index + slot.first.size, slot.written, true});
    }
    // Merge `c` with the segments it overlaps (none: a segment of its own;
    // one of equal bounds made of one chunk: still one chunk).
    int64_t begin = c.index, end = c.index + c.size;
    bool anyWritten = written, single = true;
    size_t overlapping = 0;
    forOverlapping(c, packet, [&](const Key &key, const Segment &s) {
      ++overlapping;
      single = single && s.single && key.begin == c.index && s.end == end;
      begin = std::min(begin, key.begin);
      anyWritten = anyWritten || s.written;
    });
    if (overlapping > 0) {
      int64_t mergedEnd = end;
      forOverlapping(c, packet, [&](const Key &, const Segment &s) {
        mergedEnd = std::max(mergedEnd, s.end);
      });
      auto first = segments_.lower_bound(Key{c.rank, space, begin});
      auto last = segments_.lower_bound(Key{c.rank, space, end});
      segments_.erase(first, last);
      end = mergedEnd;
    }
    segments_.emplace(Key{c.rank, space, begin},
                      Segment{end, anyWritten, single});
  }

  InPlaceAliases aliases_;
  std::vector<Slot> slots_;
  std::map<Key, Segment> segments_;
  ListSizes mirrored_{};
  uint32_t run_ = 1;

public:
  // Calls f(chunk, written, packet) for each chunk operand of `op`, from
  // entry from[k] of each list on. The roles (OperandRole) follow the
  // plan's layout: local sources, then remote ones; local destinations,
  // then the packet copy, then remote ones.
  template <typename F>
  static void forEachOperand(const Op &op, const ListSizes &from, F f) {
    const plan::OpInfo &info = plan::opInfo(op.kind);
    const ChunkList *srcs[] = {&op.localSrc, &op.remoteSrc};
    const ChunkList *dsts[] = {&op.localDst, &op.details().pktDst,
                               &op.remoteDst};
    size_t position = 0;
    for (size_t k = 0; k < 2; ++k) {
      for (size_t i = from[k]; i < srcs[k]->size(); ++i)
        f((*srcs[k])[i], false,
          plan::isPacketRole(info.src.roleAt(position + i)));
      position += srcs[k]->size();
    }
    position = 0;
    for (size_t k = 0; k < 3; ++k) {
      for (size_t i = from[2 + k]; i < dsts[k]->size(); ++i)
        f((*dsts[k])[i], true,
          plan::isPacketRole(info.dst.roleAt(position + i)));
      position += dsts[k]->size();
    }
  }
};

// The indexes of the op a run of fusions grows.
struct RunIndex {
  ChannelIndex channels;
  AccessIndex accesses;
  void reset() {
    channels.reset();
    accesses.reset();
  }
};

// Whether fusing `b` into `a` keeps every byte the fused op accesses
// through one chunk wherever one of its accesses writes (see AccessIndex).
bool accessesCompatible(const Op &a, const Op &b, AccessIndex &index) {
  index.sync(a);
  bool compatible = true;
  AccessIndex::forEachOperand(
      b, {}, [&](const Chunk &c, bool written, bool packet) {
        compatible = compatible && !index.conflicts(c, written, packet);
      });
  return compatible;
}

// Summary data-sync of a pipeline from its first and last inner ops.
uint8_t pipelineSync(const Op &p) {
  if (p.details().body.empty())
    return SyncNone;
  uint8_t s = SyncNone;
  const Op &first = p.details().body.front();
  if (first.isSyncLike())
    s |= SyncBefore;
  else if (first.isDataSync())
    s |= SyncBefore & first.dataSync;
  const Op &last = p.details().body.back();
  // Q-PIPESYNC fix: a trailing sync makes the pipeline end synchronised.
  if (last.isSyncLike())
    s |= SyncAfter;
  else if (last.isDataSync())
    s |= SyncAfter & last.dataSync;
  return s;
}

bool hasBefore(const Op &b) {
  if (b.isDataSync())
    return b.dataSync & SyncBefore;
  if (b.kind == OpKind::Pipeline)
    return pipelineSync(b) & SyncBefore;
  return false;
}

// What fusion changes in what the program computes, for the warnings.
struct Findings {
  // A reduction fused into a reduce chain whose destination is not its
  // first operand: run in order, it would overwrite the chain's result;
  // fused, it adds its operands to it. (first, absorbed) source locations.
  std::vector<std::pair<SourceLocation, SourceLocation>> chainMerges;
  // A reduction fused into a reduce chain that reads, as another operand,
  // the chain's destination: run in order it would read the first one's
  // result; fused, it reads the value from before. (first, absorbed).
  std::vector<std::pair<SourceLocation, SourceLocation>> chainReadsResult;
  // A switch reduce fused with a broadcast into glres, whose destination
  // chunk the broadcast does not write on its rank: the executor's glres
  // never writes it (it loads from the switch and stores to it).
  struct DroppedResult {
    Chunk chunk;
    uint64_t seq; // the reduce's
    SourceLocation reduce, broadcast;
    // Where the broadcast stores: the switch's buffer, at this offset.
    BufferType stored;
    int64_t storedAt;
  };
  std::vector<DroppedResult> droppedResults;
};

struct FuseOptions {
  // The executor's per-op limits fusion stays within (Q-FUSELIMIT), if any.
  std::optional<OpLimits> limits;
  // Whether a run split at a limit gets nops of its own: around it, and
  // between the parts of a transfer or reduction. auto_sync = false,
  // where no later pass adds the ones the split needs.
  bool nopsAroundSplitRuns = false;
  // Of the rank whose ops are fused.
  InPlaceAliases aliases;
};

// `body`: the list is a pipeline's body, which the next iteration's ops
// follow and the previous one's precede.
std::vector<Op> fuseList(std::vector<Op> ops, Findings &found,
                         const FuseOptions &options, bool body = false);

// Calls f(list of a, the same list of b) for each of the operand lists a
// fusion grows: the channels and the four chunk lists.
template <typename F> void forEachOperandList(Op &a, const Op &b, F f) {
  f(a.channels, b.channels);
  f(a.localSrc, b.localSrc);
  f(a.remoteSrc, b.remoteSrc);
  f(a.localDst, b.localDst);
  f(a.remoteDst, b.remoteDst);
}

void concatTransfer(Op &a, const Op &b) {
  forEachOperandList(a, b, [](auto &to, const auto &from) {
    to.insert(to.end(), from.begin(), from.end());
  });
}

// The F rules of dsl-semantics.md §3.4.4. Fuses `b` into `a` in place
// (every rule checks its conditions before touching `a`), so a long chain
// costs linear time.
bool tryFuse(Op &a, const Op &b, RunIndex &index, Findings &found) {
  OpKind ak = a.kind, bk = b.kind;
  switch (ak) {
  case OpKind::Signal:
  case OpKind::RlxSignal:
  case OpKind::Wait:
  case OpKind::RlxWait:
    if (bk == ak && opChannelKind(a) == opChannelKind(b) &&
        disjoint(a.channels, b.channels, index.channels)) {
      Op &r = a;
      unionInto(r.channels, b.channels, index.channels);
      r.dataSync = a.dataSync | b.dataSync;
      return true;
    }
    return false;
  case OpKind::Flush:
    if (bk == OpKind::Flush && opChannelKind(a) == opChannelKind(b)) {
      Op &r = a;
      unionInto(r.channels, b.channels, index.channels);
      r.dataSync = a.dataSync | b.dataSync;
      return true;
    }
    return false;
  case OpKind::SemAcquire:
  case OpKind::SemRelease:
    if (bk == ak) {
      Op &r = a;
      r.mutableDetails().semaphoreIds.insert(
          r.mutableDetails().semaphoreIds.end(),
          b.details().semaphoreIds.begin(), b.details().semaphoreIds.end());
      r.dataSync = a.dataSync | b.dataSync;
      return true;
    }
    return false;
  case OpKind::Get:
    if (bk == OpKind::Get && a.remoteSrc[0].size == b.remoteSrc[0].size &&
        opChannelKind(a) == opChannelKind(b) &&
        a.details().tbg == b.details().tbg &&
        accessesCompatible(a, b, index.accesses)) {
      concatTransfer(a, b);
      return true;
    }
    return false;
  case OpKind::Put:
  case OpKind::Ppkt:
  case OpKind::Pws:
  case OpKind::Pwsf:
    // Q-PUTSRC fix: the executor's memory-channel put and put_packets read
    // every source through the buffer of the first (executor-semantics
    // §3.4), so sources in different buffers stay in separate ops; the
    // reference fuses them into an op that reads the wrong memory.
    if (bk == ak && a.localSrc[0].size == b.localSrc[0].size &&
        opChannelKind(a) == opChannelKind(b) &&
        (opChannelKind(a) != ChannelType::Memory ||
         a.localSrc[0].type == b.localSrc[0].type) &&
        a.details().tbg == b.details().tbg &&
        accessesCompatible(a, b, index.accesses)) {
      concatTransfer(a, b);
      return true;
    }
    return false;
  case OpKind::Rppkt:
    if (bk == OpKind::Rppkt && sameChunks(a.localSrc, b.localSrc) &&
        opChannelKind(a) == opChannelKind(b) &&
        a.details().tbg == b.details().tbg &&
        accessesCompatible(a, b, index.accesses)) {
      Op &r = a;
      r.remoteDst.insert(r.remoteDst.end(), b.remoteDst.begin(),
                         b.remoteDst.end());
      r.channels.insert(r.channels.end(), b.channels.begin(), b.channels.end());
      return true;
    }
    return false;
  default:
    break;
  }
  if (isReduce(ak)) {
    bool packet = isPacketReduce(ak);
    // Reduce chains: re+re, repkt+repkt, rre+rre.
    if (bk == ak &&
        (ak == OpKind::Re || ak == OpKind::Repkt || ak == OpKind::Rre) &&
        a.localSrc[0].sameCoords(b.localSrc[0]) &&
        sameChunks(a.localDst, b.localDst) &&
        opChannelKind(a) == opChannelKind(b) && a.reduceOp == b.reduceOp &&
        a.details().tbg == b.details().tbg) {
      // In place, where the bytes are: o[0] of an in-place AllReduce is
      // its i[0].
      const InPlaceAliases &aliases = index.accesses.aliases();
      const Chunk written = aliases.canonical(a.localDst[0]);
      if (!written.sameCoords(aliases.canonical(a.localSrc[0])))
        found.chainMerges.push_back({a.reportLoc(), b.reportLoc()});
      // A packet reduction's other operands are packet slots, laid out at
      // other offsets than the plain destination: -Wscratch-packet-overlap
      // covers their overlaps.
      for (size_t k = 1; !packet && k < b.localSrc.size(); ++k)
        if (aliases.canonical(b.localSrc[k]).overlaps(written)) {
          found.chainReadsResult.push_back({a.reportLoc(), b.reportLoc()});
          break;
        }
      Op &r = a;
      r.localSrc.insert(r.localSrc.end(), b.localSrc.begin() + 1,
                        b.localSrc.end());
      r.remoteSrc.insert(r.remoteSrc.end(), b.remoteSrc.begin(),
                         b.remoteSrc.end());
      r.channels.insert(r.channels.end(), b.channels.begin(), b.channels.end());
      r.kind = reduceName(r, packet);
      return true;
    }
    // Reduce then send the result.
    if (!packet && bk == OpKind::Put &&
        opChannelKind(b) == ChannelType::Memory &&
        a.localDst[0].sameCoords(b.localSrc[0]) &&
        a.details().tbg == b.details().tbg &&
        accessesCompatible(a, b, index.accesses)) {
      Op &r = a;
      r.remoteDst.insert(r.remoteDst.end(), b.remoteDst.begin(),
                         b.remoteDst.end());
      r.channels.insert(r.channels.end(), b.channels.begin(), b.channels.end());
      r.kind = reduceName(r, false);
      return true;
    }
    if ((ak == OpKind::Repkt || ak == OpKind::Respkt) && bk == OpKind::Ppkt &&
        opChannelKind(b) == ChannelType::Memory &&
        a.localDst[0].sameCoords(b.localSrc[0]) &&
        a.details().tbg == b.details().tbg &&
        accessesCompatible(a, b, index.accesses)) {
      Op &r = a;
      r.remoteDst.insert(r.remoteDst.end(), b.remoteDst.begin(),
                         b.remoteDst.end());
      r.channels.insert(r.channels.end(), b.channels.begin(), b.channels.end());
      r.kind = reduceName(r, true);
      return true;
    }
    if (ak == OpKind::Repkt && bk == OpKind::Cpkt &&
        a.localDst[0].sameCoords(b.localSrc[0]) &&
        a.details().tbg == b.details().tbg &&
        accessesCompatible(a, b, index.accesses)) {
      Op &r = a;
      r.mutableDetails().pktDst = b.localDst;
      r.kind = reduceName(r, true);
      return true;
    }
    if ((ak == OpKind::Recpkt || ak == OpKind::Recspkt) &&
        opChannelKind(b) == ChannelType::Memory &&
        a.details().tbg == b.details().tbg &&
        ((bk == OpKind::Ppkt && a.localDst[0].sameCoords(b.localSrc[0])) ||
         (bk == OpKind::Rppkt &&
          a.details().pktDst[0].sameCoords(b.localSrc[0]))) &&
        accessesCompatible(a, b, index.accesses)) {
      Op &r = a;
      r.remoteDst.insert(r.remoteDst.end(), b.remoteDst.begin(),
                         b.remoteDst.end());
      r.channels.insert(r.channels.end(), b.channels.begin(), b.channels.end());
      r.kind = reduceName(r, true);
      return true;
    }
    return false;
  }
  if (ak == OpKind::Glre && bk == OpKind::Gstore &&
      a.details().switchBuffer == b.details().switchBuffer &&
      a.details().switchSize == b.details().switchSize &&
      a.details().switchChunk && b.details().switchChunk &&
      a.details().switchChunk->sameCoords(*b.details().switchChunk) &&
      a.channels == b.channels) {
    Op &r = a;
    // The broadcast's store writes the reduced chunk only when it is this
    // rank's part of the switch's range.
    const Chunk &reduced = *a.details().switchChunk;
    if (reduced.type != a.details().switchBuffer ||
        reduced.index != b.details().switchDstOffsets[0])
      found.droppedResults.push_back({reduced, a.seq, a.reportLoc(),
                                      b.reportLoc(), a.details().switchBuffer,
                                      b.details().switchDstOffsets[0]});
    r.kind = OpKind::Glres;
    r.mutableDetails().switchDstOffsets =
        b.details().switchDstOffsets; // Q-GLRES fix
    r.mutableDetails().switchChunk.reset();
    return true;
  }
  return false;
}

// An op's entries per list as lowering will write them (Lowering.cpp and
// TargetChecks' entriesPerThread): what the executor's per-op limits count.
struct LoweredSize {
  size_t channelIds = 0, src = 0, dst = 0, semaphoreIds = 0;
  size_t perThread = 0; // entries handed one to a thread
};

LoweredSize loweredSize(const Op &op) {
  const plan::OpInfo &info = plan::opInfo(op.kind);
  const ChannelType kind = opChannelKind(op);
  LoweredSize s;
  switch (info.channelIds) {
  case plan::ChannelIdsRule::Never:
    break;
  case plan::ChannelIdsRule::PortOnly:
    if (kind == ChannelType::Port)
      s.channelIds = op.channels.size();
    break;
  case plan::ChannelIdsRule::Always:
  case plan::ChannelIdsRule::One:
    s.channelIds = op.channels.size();
    break;
  }
  s.src = op.localSrc.size() + op.remoteSrc.size();
  s.dst = op.localDst.size() + op.details().pktDst.size() + op.remoteDst.size();
  if (op.kind == OpKind::Gstore || op.kind == OpKind::Gstorepkt ||
      op.kind == OpKind::Glres) {
    ++s.src;
    ++s.dst;
  }
  s.semaphoreIds = op.details().semaphoreIds.size();
  const bool typed = info.channelType != plan::ChannelTypeRule::Never;
  const bool port = typed && kind == ChannelType::Port;
  if ((info.is(plan::opfamily::Signal) || info.is(plan::opfamily::Wait)) &&
      !info.is(plan::opfamily::Put) &&
      (port || (typed && kind == ChannelType::Memory)))
    s.perThread = s.channelIds;
  else if (op.kind == OpKind::SemAcquire || op.kind == OpKind::SemRelease)
    s.perThread = s.semaphoreIds;
  else if (port && (op.kind == OpKind::Put || op.kind == OpKind::Pws ||
                    op.kind == OpKind::Pwsf || op.kind == OpKind::Ppkt ||
                    op.kind == OpKind::Rppkt))
    s.perThread = s.dst;
  return s;
}

// Whether an op of size `fused`, made of ops of sizes `a` and `b`, passes
// a limit that the larger of the two kept (one already past it alone is the
// program's, and fusing into it only makes it worse).
bool passesLimit(const LoweredSize &fused, const LoweredSize &a,
                 const LoweredSize &b, const OpLimits &limits) {
  auto past = [](size_t n, size_t x, size_t y, int64_t limit) {
    return limit >= 0 && n > size_t(limit) && n > std::max(x, y);
  };
  return past(fused.channelIds, a.channelIds, b.channelIds,
              limits.channelIdsPerOp) ||
         past(fused.src, a.src, b.src, limits.buffersPerOp) ||
         past(fused.dst, a.dst, b.dst, limits.buffersPerOp) ||
         past(fused.semaphoreIds, a.semaphoreIds, b.semaphoreIds,
              limits.semaphoreIdsPerOp) ||
         past(fused.perThread, a.perThread, b.perThread,
              limits.entriesPerThread);
}

// What no op fused from `a` and `b` can exceed in any of LoweredSize's
// counts: fusion concatenates lists, but may rename the op to a kind that
// lists channel ids or hands entries to threads where neither did.
LoweredSize fusedBound(const Op &a, const LoweredSize &sa, const Op &b,
                       const LoweredSize &sb) {
  LoweredSize bound;
  bound.channelIds = a.channels.size() + b.channels.size();
  bound.src = sa.src + sb.src;
  bound.dst = sa.dst + sb.dst;
  bound.semaphoreIds = sa.semaphoreIds + sb.semaphoreIds;
  bound.perThread = std::max({bound.channelIds, bound.dst, bound.semaphoreIds});
  return bound;
}

// tryFuse, unless the fused op would pass one of the executor's per-op
// limits (Q-FUSELIMIT): then `a` stays as it was, and the run of fusions
// ends there, as if the ops could not fuse. Two ops whose bound fits need
// no check; near a limit `a` is copied first, once per run (the run ends
// at the first refusal).
enum class Fused { Yes, No, AtLimit };

Fused tryFuseWithin(Op &a, const Op &b, RunIndex &index, Findings &found,
                    const std::optional<OpLimits> &limits) {
  auto fused = [](bool yes) { return yes ? Fused::Yes : Fused::No; };
  if (!limits)
    return fused(tryFuse(a, b, index, found));
  const LoweredSize sa = loweredSize(a), sb = loweredSize(b);
  if (!passesLimit(fusedBound(a, sa, b, sb), LoweredSize{}, LoweredSize{},
                   *limits))
    return fused(tryFuse(a, b, index, found));
  Op before = a;
  const size_t merges = found.chainMerges.size(),
               reads = found.chainReadsResult.size(),
               dropped = found.droppedResults.size();
  if (!tryFuse(a, b, index, found))
    return Fused::No;
  if (!passesLimit(loweredSize(a), sa, sb, *limits))
    return Fused::Yes;
  // A reduce chain whose destination is not its first source (the
  // reduce-chain-fused warning) is not split: its next part would start
  // again from that source and overwrite the first part's sum. The op
  // stays whole, for the limit checks to report.
  if (found.chainMerges.size() > merges)
    return Fused::Yes;
  a = std::move(before);
  auto keepFirst = [](auto &list, size_t n) {
    list.erase(list.begin() + ptrdiff_t(n), list.end());
  };
  keepFirst(found.chainMerges, merges);
  keepFirst(found.chainReadsResult, reads);
  keepFirst(found.droppedResults, dropped);
  return Fused::AtLimit;
}

// Combines `b` into `a` (returning true), or returns false after possibly
// trimming data-sync flags of either side. `splitAtLimit` is set when only
// a limit kept two syncs that move no data apart, `splitData` when only a
// limit kept two transfers or reductions apart.
bool combine(Op &a, Op &b, RunIndex &index, Findings &found,
             const FuseOptions &options, bool &splitAtLimit, bool &splitData) {
  const std::optional<OpLimits> &limits = options.limits;
  if (a.isDataSync()) {
    Fused fused = tryFuseWithin(a, b, index, found, limits);
    if (fused == Fused::Yes)
      return true;
    // Parts of what the reference makes one op, none moving data (the
    // data-sync family: signals, waits, flushes, semaphore ops): their
    // syncs are the fused op's, before the first part and after the last,
    // and none between them (nothing there for one to order). `a`'s after
    // goes to `b` here; fuseList moves each later part's before to the
    // first part once that part's own run is done.
    if (fused == Fused::AtLimit && b.isDataSync()) {
      b.dataSync |= a.dataSync & SyncAfter;
      a.dataSync &= ~SyncAfter;
      splitAtLimit = true;
      return false;
    }
    if (hasBefore(b) || b.isSyncLike())
      a.dataSync &= ~SyncAfter;
    return false;
  }
  if (a.kind == OpKind::Nop) {
    if (b.kind == OpKind::Nop)
      return true; // two syncs are one
    if (b.kind == OpKind::Barrier) {
      a = std::move(b);
      index.reset();
      return true;
    }
    if (b.kind == OpKind::Pipeline && hasBefore(b)) {
      a = std::move(b);
      index.reset();
      a.mutableDetails().body =
          fuseList(std::move(a.mutableDetails().body), found, options,
                   true); // Q-PIPEFUSE fix
      return true;
    }
    if (b.isDataSync())
      b.dataSync &= ~SyncBefore;
    return false;
  }
  if (a.kind == OpKind::Barrier) {
    if (b.kind == OpKind::Nop)
      return true;
    if (b.isDataSync())
      b.dataSync &= ~SyncBefore;
    return false;
  }
  if (a.kind == OpKind::Pipeline) {
    if (pipelineSync(a) & SyncAfter) {
      if (b.kind == OpKind::Nop)
        return true;
      if (b.isDataSync())
        b.dataSync &= ~SyncBefore;
    }
    return false;
  }
  Fused fused = tryFuseWithin(a, b, index, found, limits);
  if (fused == Fused::AtLimit)
    splitData = true;
  return fused == Fused::Yes;
}

// The kinds whose fusions with their own kind append the absorbed op's
// operands (tryFuse): a run of them is one op per peer.
bool appendsWhenFused(OpKind k) {
  switch (k) {
  case OpKind::Signal:
  case OpKind::RlxSignal:
  case OpKind::Wait:
  case OpKind::RlxWait:
  case OpKind::Flush:
  case OpKind::Get:
  case OpKind::Put:
  case OpKind::Ppkt:
  case OpKind::Pws:
  case OpKind::Pwsf:
  case OpKind::Rppkt:
  case OpKind::Re:
  case OpKind::Repkt:
  case OpKind::Rre:
    return true;
  default:
    return false;
  }
}

// Where the current run of ops of one kind ends, found once per run: ops
// that never fuse (a signal on the same channel, again and again) start a
// chain each, and a scan from every one of them would be quadratic.
struct SameKindRun {
  size_t end = 0;
  OpKind kind = OpKind::Nop;
};

// A run of fusions (a signal per peer, a reduce per peer) grew the fused
// op's lists one step at a time: each growth moved a list, and the small
// blocks the moves freed made malloc consolidate its free lists at the next
// larger request, a fifth of the pass's instructions at 64 ranks. Before a
// run of at least three ops of one such kind, the op about to absorb them
// gets room for as many more operands as the next op has, once per op of
// the run (at most MaxRunReserve ops), and at most MaxReservedOperands more
// per list: the next op's count is a guess, and one op of a million
// operands must not make the pass ask for billions. The run may stop
// early, and fitOperands then gives back what it did not use.
constexpr size_t MaxRunReserve = 4096;
constexpr size_t MaxReservedOperands = 16384;

bool reserveForRun(Op &op, const std::vector<Op> &ops, size_t next,
                   SameKindRun &run) {
  if (!appendsWhenFused(op.kind) || next >= ops.size())
    return false;
  // `next` only grows, so a run found earlier that reaches past it, of this
  // kind, is of this kind from `next` on.
  if (run.kind != op.kind || run.end <= next) {
    run = {next, op.kind};
    while (run.end < ops.size() && ops[run.end].kind == op.kind)
      ++run.end;
  }
  const size_t count = std::min(run.end - next, MaxRunReserve);
  if (count < 2)
    return false; // a pair at most: growing in place is as cheap
  forEachOperandList(op, ops[next], [count](auto &list, const auto &first) {
    const size_t each = first.size();
    const size_t more =
        each > MaxReservedOperands / count ? MaxReservedOperands : each * count;
    // Lists hold at most 2^32 - 1 operands (their own limit): room beyond
    // that is not asked for; the fusions then fail as they would have.
    if (more && list.size() <= std::numeric_limits<uint32_t>::max() - more)
      list.reserve(list.size() + more);
  });
  return true;
}

void fitOperands(Op &op) {
  forEachOperandList(op, op,
                     [](auto &list, const auto &) { list.shrinkToFit(); });
}

// Whether a sync comes right after `op`, fused: it is one or ends in one.
bool endsSynced(const Op &op) {
  return op.isSyncLike() || (op.isDataSync() && (op.dataSync & SyncAfter)) ||
         (op.kind == OpKind::Pipeline && (pipelineSync(op) & SyncAfter));
}

// Whether a sync comes right before ops[k], fused: its own before, or
// the op before it is a sync or ends in one.
bool syncedBefore(const std::vector<Op> &ops, size_t k) {
  if (ops[k].isDataSync() && (ops[k].dataSync & SyncBefore))
    return true;
  return k > 0 && endsSynced(ops[k - 1]);
}

std::vector<Op> fuseList(std::vector<Op> ops, Findings &found,
                         const FuseOptions &options, bool body) {
  // Compacts in place: the list only shrinks, and the write position never
  // passes the read position, so no second list is allocated (at 128 ranks
  // this lowered the peak memory by 7 MB).
  size_t write = 0, i = 0, n = ops.size();
  RunIndex index;
  index.accesses.setAliases(options.aliases);
  SameKindRun run;
  // The first part of a run of syncs that a limit split (combine), if the
  // last run was split.
  constexpr size_t NoSplit = SIZE_MAX;
  size_t splitHead = NoSplit;
  // Positions in the compacted list a nop goes before (see below), and
  // whether the last run was a transfer or reduction split at a limit.
  std::vector<size_t> nopsBefore;
  bool lastSplitData = false;
  while (i < n) {
    Op cur = std::move(ops[i]);
    index.reset();
    size_t j = i + 1;
    if (cur.kind == OpKind::Pipeline)
      cur.mutableDetails().body =
          fuseList(std::move(cur.mutableDetails().body), found, options, true);
    const bool reserved = reserveForRun(cur, ops, j, run);
    bool splitAtLimit = false, splitData = false;
    while (j < n &&
           combine(cur, ops[j], index, found, options, splitAtLimit, splitData))
      ++j;
    if (reserved)
      fitOperands(cur);
    // Under auto_sync = false the program may rely on what Python's one op
    // orders: its threads take the same channels and bytes as those of the
    // ops beside it (thread k signals after its own port put), and it
    // reads its operands before it writes (a reduce chain's running sum).
    // The parts of a split run hand them to other threads, so nops order
    // the run with the ops before and after it, and the parts of a
    // transfer or reduction with each other. (With auto_sync the
    // dependency-sync pass adds the nops the hazards need.) A list's ends
    // need none, but a pipeline body's: its iterations follow each other.
    const bool isolate = options.nopsAroundSplitRuns;
    const bool prevSynced =
        isolate &&
        (write == 0 ? !body
                    : endsSynced(ops[write - 1]) ||
                          (!nopsBefore.empty() && nopsBefore.back() == write));
    const bool nextSynced =
        isolate && (j == n ? !body : ops[j].isSyncLike() || hasBefore(ops[j]));
    if (splitHead != NoSplit) {
      if ((cur.dataSync & SyncBefore) && !syncedBefore(ops, splitHead))
        ops[splitHead].dataSync |= SyncBefore;
      cur.dataSync &= ~SyncBefore;
      if (isolate && !splitAtLimit && !nextSynced)
        cur.dataSync |= SyncAfter; // the last part of a split run of syncs
    } else if (isolate && splitAtLimit && !prevSynced) {
      cur.dataSync |= SyncBefore; // the first part
    }
    if (!splitAtLimit)
      splitHead = NoSplit;
    else if (splitHead == NoSplit)
      splitHead = write;
    if (isolate) {
      if (splitData && !lastSplitData && !prevSynced)
        nopsBefore.push_back(write); // before the first part
      if (splitData || (lastSplitData && !nextSynced))
        nopsBefore.push_back(write + 1); // after each part
    }
    lastSplitData = splitData;
    ops[write++] = std::move(cur);
    i = j;
  }
  ops.erase(ops.begin() + ptrdiff_t(write), ops.end());
  if (nopsBefore.empty())
    return ops;
  // Rare (a split under auto_sync = false): the list grows, so it is built
  // again rather than compacted in place.
  std::vector<Op> withNops;
  withNops.reserve(ops.size() + nopsBefore.size());
  size_t next = 0;
  for (size_t k = 0; k <= ops.size(); ++k) {
    if (next < nopsBefore.size() && nopsBefore[next] == k) {
      while (next < nopsBefore.size() && nopsBefore[next] == k)
        ++next;
      withNops.push_back(makeNop(k < ops.size() ? ops[k] : withNops.back()));
    }
    if (k < ops.size())
      withNops.push_back(std::move(ops[k]));
  }
  return withNops;
}

class FusionPass : public Pass {
public:
  explicit FusionPass(std::optional<OpLimits> limits) : limits_(limits) {}
  std::string_view name() const override { return "fusion"; }
  bool run(Program &program, DiagnosticSink &diags) override {
    FuseOptions options;
    options.limits = limits_;
    if (options.limits && program.numThreadsPerBlock >= 1)
      options.limits->entriesPerThread = program.numThreadsPerBlock;
    options.nopsAroundSplitRuns = !program.autoSync;
    // Serial on purpose: each thread block's list could fuse on its own
    // thread, but the merged ops free and grow their operand lists, and
    // with the plan built by another thread (read from chunk IR) the
    // frees contend for that thread's malloc arena: fusion at 192 ranks
    // took 300 ms on 2 threads against 170 ms on one.
    Findings found;
    for (size_t r = 0; r < program.ranks.size(); ++r) {
      options.aliases = InPlaceAliases::of(program, r);
      for (auto &tb : program.ranks[r].tbs)
        tb.ops = fuseList(std::move(tb.ops), found, options);
    }
    // Once per place in the source (every rank and instance repeats it).
    std::set<std::pair<SourceLocation, SourceLocation>> reported;
    for (const auto &[first, absorbed] : found.chainMerges)
      if (reported.insert({first, absorbed}).second)
        diags.report(diag::warn_reduce_chain_fused, absorbed, {})
            .note(diag::note_reduce_chain_first, first)
            .note(diag::note_fix_reduce_chain_fused, absorbed);
    for (const auto &[first, absorbed] : found.chainReadsResult)
      if (reported.insert({first, absorbed}).second)
        diags.report(diag::warn_reduce_chain_reads_result, absorbed, {})
            .note(diag::note_reduce_chain_first, first)
            .note(diag::note_fix_reduce_chain_reads_result, absorbed);
    if (!found.droppedResults.empty() &&
        !diags.isIgnored(diag::warn_glres_result_dropped))
      reportDroppedResults(program, found.droppedResults, diags);
    return true;
  }

private:
  std::optional<OpLimits> limits_;

  // Whether each dropped glre result matters. In recording order (the
  // order the program wrote its ops in), the dropped chunk is read before
  // anything writes all of it again; or nothing writes it again and it is
  // part of the collective's result. Only the ranks and buffers of dropped
  // chunks are followed: one pass over the ops, then a sort.
  static void
  reportDroppedResults(const Program &program,
                       const std::vector<Findings::DroppedResult> &dropped,
                       DiagnosticSink &diags) {
    // In place, chunks are followed where their bytes are (InPlaceAliases):
    // an in-place AllReduce's output[k] is its input[k], an AllGather's
    // input is slice r of its output. A peer's chunk is placed at the
    // executing rank's slice (Q5), as the executor addresses it.
    std::vector<InPlaceAliases> aliases(program.ranks.size());
    for (size_t r = 0; r < aliases.size(); ++r)
      aliases[r] = InPlaceAliases::of(program, r);
    auto placed = [&](const Chunk &c, size_t executing) {
      return executing < aliases.size() ? aliases[executing].canonical(c) : c;
    };
    auto key = [](int32_t rank, BufferType type) {
      return (uint64_t(uint32_t(rank)) << 8) | uint64_t(type);
    };
    std::set<uint64_t> followed;      // (rank, buffer) of the dropped chunks
    std::vector<size_t> kept;         // into dropped
    std::vector<Chunk> droppedChunks; // placed, as dropped
    droppedChunks.reserve(dropped.size());
    for (size_t k = 0; k < dropped.size(); ++k) {
      const auto &d = dropped[k];
      droppedChunks.push_back(placed(d.chunk, size_t(d.chunk.rank)));
      // The broadcast stores the chunk itself, under the other buffer's
      // name in place.
      Chunk stored = d.chunk;
      stored.type = d.stored;
      stored.index = d.storedAt;
      if (d.stored != BufferType::Scratch &&
          placed(stored, size_t(d.chunk.rank)).sameCoords(droppedChunks.back()))
        continue;
      kept.push_back(k);
      followed.insert(
          key(droppedChunks.back().rank, droppedChunks.back().type));
    }
    if (kept.empty())
      return;
    enum Access : uint8_t { Read, Write, Drop }; // their order within an op
    struct Event {
      uint64_t seq;
      Access what;
      Chunk chunk;
      size_t dropped; // Drop: the index into dropped
      SourceLocation loc;
    };
    std::vector<Event> events;
    for (size_t k : kept)
      events.push_back({dropped[k].seq, Drop, droppedChunks[k], k, {}});
    auto add = [&](size_t rank, const Op &op, const Chunk &operand,
                   Access what) {
      const Chunk c = placed(operand, rank);
      if (followed.count(key(c.rank, c.type)))
        events.push_back({op.seq, what, c, 0, op.reportLoc()});
    };
    std::function<void(size_t, const Op &)> visit = [&](size_t rank,
                                                        const Op &op) {
      for (const ChunkList *reads : {&op.localSrc, &op.remoteSrc})
        for (const Chunk &c : *reads)
          add(rank, op, c, Read);
      for (const ChunkList *writes :
           {&op.localDst, &op.remoteDst, &op.details().pktDst})
        for (const Chunk &c : *writes)
          add(rank, op, c, Write);
      const OpDetails &sw = op.details();
      if ((op.kind == OpKind::Gstore || op.kind == OpKind::Gstorepkt) &&
          sw.switchChunk)
        add(rank, op, *sw.switchChunk, Read);
      // A switch reduce loads every member's buffer at its offset; a
      // broadcast, and the store of glres, writes every member's.
      if (!op.channels.empty() && op.channels[0].kind == ChannelType::Switch &&
          size_t(op.channels[0].globalId) <
              program.ranks[rank].switchChannels.size()) {
        const SwitchDecl &decl =
            program.ranks[rank].switchChannels[size_t(op.channels[0].globalId)];
        for (int32_t member : decl.ranks) {
          Chunk c;
          c.rank = member;
          c.type = sw.switchBuffer;
          c.size = sw.switchSize;
          for (int64_t offset : sw.switchSrcOffsets) {
            c.index = offset;
            add(rank, op, c, Read);
          }
          for (int64_t offset : sw.switchDstOffsets) {
            c.index = offset;
            add(rank, op, c, Write);
          }
        }
      }
      for (const Op &inner : op.details().body)
        visit(rank, inner);
    };
    for (size_t r = 0; r < program.ranks.size(); ++r)
      for (const auto &tb : program.ranks[r].tbs)
        for (const Op &op : tb.ops)
          visit(r, op);
    std::stable_sort(
        events.begin(), events.end(), [](const Event &a, const Event &b) {
          return std::pair(a.seq, a.what) < std::pair(b.seq, b.what);
        });
    // The dropped chunks neither read nor written again yet, per (rank,
    // buffer), by index, with the largest size among them (an overlap
    // search starts that far before the chunk it is given).
    struct Open {
      std::multimap<int64_t, size_t> byIndex;
      int64_t maxSize = 0;
    };
    std::map<uint64_t, Open> open;
    // Where each dropped chunk is first read, if it is.
    std::vector<std::optional<SourceLocation>> readAt(dropped.size());
    // Calls erase(k) for each open dropped chunk k overlapping `c`,
    // removing it when that returns true.
    auto forOverlapping = [&](const Chunk &c, auto erase) {
      auto found = open.find(key(c.rank, c.type));
      if (found == open.end())
        return;
      auto &within = found->second.byIndex;
      for (auto it = within.upper_bound(c.index - found->second.maxSize);
           it != within.end() && it->first < c.index + c.size;) {
        const Chunk &d = droppedChunks[it->second];
        if (d.index + d.size > c.index && erase(it->second))
          it = within.erase(it);
        else
          ++it;
      }
    };
    for (const Event &e : events) {
      const Chunk &c = e.chunk;
      auto covered = [&](size_t k) {
        const Chunk &d = droppedChunks[k];
        return c.index <= d.index && d.index + d.size <= c.index + c.size;
      };
      switch (e.what) {
      case Read:
        forOverlapping(c, [&](size_t k) {
          readAt[k] = e.loc;
          return true;
        });
        break;
      case Write:
        forOverlapping(c, covered);
        break;
      case Drop: // a later drop of the same bytes supersedes this one
        forOverlapping(c, covered);
        Open &here = open[key(c.rank, c.type)];
        here.byIndex.emplace(c.index, e.dropped);
        here.maxSize = std::max(here.maxSize, c.size);
        break;
      }
    }
    std::vector<bool> unwritten(dropped.size());
    for (const auto &[where, within] : open)
      for (const auto &[index, k] : within.byIndex)
        unwritten[k] = true;
    // Placed chunks: in place, the result is the output, which is the
    // whole buffer in an AllGather, rank r's slice of the input in a
    // ReduceScatter, and the input itself otherwise.
    auto inResult = [&](const Chunk &c) {
      if (!program.inplace || program.collective == "allgather")
        return c.type == BufferType::Output;
      if (c.type != BufferType::Input)
        return false;
      if (program.collective != "reducescatter")
        return true;
      if (c.rank < 0 || size_t(c.rank) >= program.ranks.size())
        return false;
      Chunk slice;
      slice.rank = c.rank;
      slice.type = BufferType::Output;
      slice.size = program.ranks[size_t(c.rank)].outputChunks;
      return placed(slice, size_t(c.rank)).overlaps(c);
    };
    std::set<std::pair<SourceLocation, SourceLocation>> reported;
    for (size_t k : kept) {
      const auto &d = dropped[k];
      bool read = readAt[k].has_value();
      if (!read && !(unwritten[k] && inResult(droppedChunks[k])))
        continue;
      if (!reported.insert({d.reduce, d.broadcast}).second)
        continue;
      auto report = diags.report(
          diag::warn_glres_result_dropped, d.reduce,
          {read ? "is read later" : "is part of the collective's result"});
      report.note(diag::note_glres_broadcast, d.broadcast);
      if (read)
        report.note(diag::note_glres_result_read, *readAt[k]);
      report.note(diag::note_fix_glres_result_dropped, d.reduce);
    }
  }
};

} // namespace

std::unique_ptr<Pass> createFusionPass(std::optional<OpLimits> limits) {
  return std::make_unique<FusionPass>(limits);
}

} // namespace mscclc::passes
