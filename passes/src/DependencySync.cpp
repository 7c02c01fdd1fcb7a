//===- DependencySync.cpp - nops for intra-thread-block hazards ----------===//
//
// Tracks, per buffer space, the intervals read and written since the last
// sync. An access that overlaps an earlier op's interval where either side
// writes is a hazard: a nop goes before the op and the tracker restarts
// from the op's own accesses. In place, input and output chunks are
// compared where their bytes are (InPlaceAliases): an in-place AllReduce's
// `o[1]` is its `i[1]`, which the reference does not see. Peers' buffers
// are tracked too, through memory channels (RemoteTracker): two puts of
// one thread block to a peer's out[0:2] and out[1:3] race between the ops'
// threads as local writes do, and the reference tracks its own rank's
// buffers only.
//
// A chunk of size 0 touches no memory, but the reference still tracks its
// access as the interval [index, index - 1], which its inclusive overlap
// test finds inside any stored interval holding both index - 1 and index:
// a nop the program does not need, which byte-identical plans must still
// have. A thread block with such an access also runs the reference's own
// partition of accesses (ReferencePartition) beside the tracker, and takes
// from it what only an empty interval decides.
//
// Port channels have a hazard of their own (Q-PORTPUSH): thread i of a
// port op pushes the op's i-th transfer or signal to the proxy, and only a
// nop orders two threads' pushes. Once fusion has made one op of two puts
// on a channel, a signal on that channel pushed by another thread of a
// later op can reach the proxy first, and the peer reads before the data
// lands; a nop goes before such an op, as the port-push-order warning's
// fix says. A port put_packets has another (Q-PROXYPKT): thread 0 pushes
// it, and the proxy copies its source raw, so packets that other threads
// of the block wrote into that source (copy_packets, a reduction's packet
// copy) since the last sync may not be there yet. The reference tracks no
// packet destination (dsl-semantics §3.6); a nop goes before such an op.
//
//===----------------------------------------------------------------------===//
#include "mscclc/passes/DependencySync.h"
#include "mscclc/ir/PythonSetOrder.h"
#include "mscclc/passes/SyncInsertion.h"

#include "InPlaceAliases.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <iterator>
#include <limits>
#include <map>
#include <memory_resource>
#include <optional>
#include <vector>

namespace mscclc::passes {
namespace {

using namespace chunk;

struct Access {
  int space;      // BufferType
  int64_t lo, hi; // inclusive; hi < lo for a chunk of size 0
  bool write;
  // False for the access the reference does not track (a packet
  // reduction's first source, tracked for the Q-PKTREAD fix): the model of
  // the reference's partition never sees it.
  bool referenceTracks = true;
  // In place, where the bytes are (InPlaceAliases), as the tracker
  // compares them; the reference compares the chunk as the program named it
  // (space, lo, hi).
  int placedSpace;
  int64_t placedShift = 0;
  bool empty() const { return hi < lo; }
};

// Inclusive intervals merged into disjoint ones, keyed by their low end:
// all that a conflict check needs of the earlier ops' reads or writes.
class IntervalUnion {
public:
  explicit IntervalUnion(std::pmr::memory_resource *pool) : byLo_(pool) {}

  bool overlaps(int64_t lo, int64_t hi) const {
    auto after = byLo_.upper_bound(hi);
    return after != byLo_.begin() && std::prev(after)->second >= lo;
  }

  void add(int64_t lo, int64_t hi) {
    // The intervals starting at or below `hi` end in falling order going
    // back; merge those that reach `lo`.
    auto after = byLo_.upper_bound(hi);
    while (after != byLo_.begin()) {
      auto before = std::prev(after);
      if (before->second < lo)
        break;
      lo = std::min(lo, before->first);
      hi = std::max(hi, before->second);
      after = byLo_.erase(before);
    }
    byLo_.emplace_hint(after, lo, hi);
  }

  void clear() { byLo_.clear(); }

private:
  std::pmr::map<int64_t, int64_t> byLo_; // lo -> hi
};

// The accesses of the op being resolved, disjoint: a later access of the
// op replaces the bytes it covers, so a write recorded after a read of the
// same bytes wins (the accesses come reads first).
class OpAccesses {
public:
  explicit OpAccesses(std::pmr::memory_resource *pool) : byLo_(pool) {}

  void record(int64_t lo, int64_t hi, bool write) {
    auto first = byLo_.upper_bound(lo);
    if (first != byLo_.begin() && std::prev(first)->second.hi >= lo)
      first = std::prev(first);
    auto last = byLo_.upper_bound(hi);
    if (first != last) {
      auto leftLo = first->first;
      Piece left = first->second;
      Piece right = std::prev(last)->second;
      byLo_.erase(first, last);
      if (leftLo < lo)
        byLo_.emplace(leftLo, Piece{lo - 1, left.write});
      if (right.hi > hi)
        byLo_.emplace(hi + 1, right);
    }
    byLo_.emplace(lo, Piece{hi, write});
  }

  template <typename Fn> void forEach(Fn &&fn) const {
    for (const auto &[lo, piece] : byLo_)
      fn(lo, piece.hi, piece.write);
  }

  void clear() { byLo_.clear(); }

private:
  struct Piece {
    int64_t hi;
    bool write;
  };
  std::pmr::map<int64_t, Piece> byLo_;
};

// A peer's plain buffer (a `put`'s destination, a `get`'s or remote
// reduction's source) as one op of the thread block accesses it.
struct RemoteAccess {
  uint32_t slot;  // RemoteTracker::slotOf
  int64_t lo, hi; // inclusive, not empty
  bool write;
};

// What the earlier ops since the last sync read and wrote of peers'
// buffers, per (rank, buffer): two transfers of one thread block whose
// remote operands overlap at another offset, one of them written (puts to
// a peer's out[0:2] and out[1:3], or a get of a chunk a later put
// overwrites), race between the ops' threads as local accesses do; the
// reference tracks the thread block's own rank's buffers only. Chunks that
// start at the same place give each unit to the same thread in both ops
// (executor-semantics §3: unit u of an op's range goes to thread u mod
// nthreads), in order, so they need no nop: unlike local chunks, where the
// reference's nop must stay for byte-identical plans. Most pairs hold one
// chunk between syncs (the all-pairs reduction reads and writes one chunk
// of each peer), kept in a stamped slot that a sync forgets in O(1); a
// second, different chunk spills the pair into interval unions, which
// then count any overlap. A table serves all thread blocks at one depth of
// pipeline nesting (RemoteTables), so a plan of many ranks allocates it
// once.
class RemoteTracker {
public:
  explicit RemoteTracker(std::pmr::memory_resource *pool)
      : pool_(pool), spilled_(pool) {}

  // Ranks are below 2^23 (Chunk::MaxRank), so the slot fits.
  static uint32_t slotOf(const Chunk &c) {
    return uint32_t(c.rank) * 3 + uint32_t(c.type);
  }

  bool conflicts(const RemoteAccess &a) const {
    if (a.slot >= slots_.size() || slots_[a.slot].epoch != epoch_)
      return false;
    const Slot &s = slots_[a.slot];
    if (!s.spilled)
      return s.lo != a.lo && s.lo <= a.hi && a.lo <= s.hi &&
             (s.written || (a.write && s.read));
    const Unions &u = spilled_.find(a.slot)->second;
    return u.writes.overlaps(a.lo, a.hi) ||
           (a.write && u.reads.overlaps(a.lo, a.hi));
  }

  // Between ops: what the op just resolved accessed becomes earlier.
  void record(const RemoteAccess &a) {
    if (a.slot >= slots_.size())
      slots_.resize(size_t(a.slot) + 1);
    Slot &s = slots_[a.slot];
    if (s.epoch != epoch_) {
      s = Slot{epoch_, false, !a.write, a.write, a.lo, a.hi};
      return;
    }
    if (!s.spilled && s.lo == a.lo && s.hi == a.hi) {
      (a.write ? s.written : s.read) = true;
      return;
    }
    auto [it, created] = spilled_.try_emplace(a.slot, pool_);
    Unions &u = it->second;
    if (!s.spilled) {
      s.spilled = true;
      if (s.read)
        u.reads.add(s.lo, s.hi);
      if (s.written)
        u.writes.add(s.lo, s.hi);
    }
    (a.write ? u.writes : u.reads).add(a.lo, a.hi);
  }

  void forget() {
    if (++epoch_ == 0) { // wrapped: no stale stamp may equal the new one
      for (Slot &s : slots_)
        s.epoch = 0;
      epoch_ = 1;
    }
    spilled_.clear();
  }

private:
  struct Slot {
    uint32_t epoch = 0;
    bool spilled = false, read = false, written = false;
    int64_t lo = 0, hi = -1;
  };
  struct Unions {
    explicit Unions(std::pmr::memory_resource *pool)
        : reads(pool), writes(pool) {}
    IntervalUnion reads, writes;
  };
  std::pmr::memory_resource *pool_;
  std::vector<Slot> slots_;
  std::pmr::map<uint32_t, Unions> spilled_;
  uint32_t epoch_ = 1;
};

// One RemoteTracker per depth of pipeline nesting: a pipeline's body is
// resolved afresh while the ops around it keep theirs, and every body at a
// depth reuses that depth's table.
class RemoteTables {
public:
  explicit RemoteTables(std::pmr::memory_resource *pool) : pool_(pool) {}
  RemoteTracker &at(size_t depth) {
    while (byDepth_.size() <= depth)
      byDepth_.emplace_back(pool_);
    return byDepth_[depth];
  }

private:
  std::pmr::memory_resource *pool_;
  std::deque<RemoteTracker> byDepth_; // stable references
};

// Per buffer space: what the earlier ops since the last sync read and
// wrote, and what the current op accesses. An access is a hazard when it
// overlaps an earlier op's write, or, being a write, an earlier op's read.
// Earlier ops' overlapping reads of the same bytes all count (the
// reference replaced the older read; with its Q-PKTREAD rule that never
// mattered, with ours it dropped a needed nop), which the union of reads
// keeps. Each check and record is logarithmic in the intervals held, so a
// long thread block without syncs stays n log n.
class Tracker {
public:
  Tracker(std::pmr::memory_resource *pool, RemoteTracker &remote)
      : spaces_{Space(pool), Space(pool), Space(pool)}, remote_(remote) {
    remote_.forget();
  }

  bool
  remoteConflictsWithEarlierOps(const std::vector<RemoteAccess> &accs) const {
    for (const RemoteAccess &a : accs)
      if (remote_.conflicts(a))
        return true;
    return false;
  }

  bool conflictsWithEarlierOps(const Access &acc) const {
    const Space &s = spaces_[acc.placedSpace];
    const int64_t lo = acc.lo + acc.placedShift, hi = acc.hi + acc.placedShift;
    return s.writes.overlaps(lo, hi) || (acc.write && s.reads.overlaps(lo, hi));
  }

  void record(const Access &acc) {
    spaces_[acc.placedSpace].current.record(
        acc.lo + acc.placedShift, acc.hi + acc.placedShift, acc.write);
  }

  // After a hazard the nop, and at a sync the sync, orders everything
  // before (the current op's accesses are empty between ops).
  void forgetEarlierOps() {
    for (auto &s : spaces_) {
      s.reads.clear();
      s.writes.clear();
    }
    remote_.forget();
  }

  void endOp(const std::vector<RemoteAccess> &remoteAccs) {
    for (const RemoteAccess &a : remoteAccs)
      remote_.record(a);
    for (auto &s : spaces_) {
      s.current.forEach([&](int64_t lo, int64_t hi, bool write) {
        (write ? s.writes : s.reads).add(lo, hi);
      });
      s.current.clear();
    }
  }

private:
  struct Space {
    explicit Space(std::pmr::memory_resource *pool)
        : reads(pool), writes(pool), current(pool) {}
    IntervalUnion reads, writes;
    OpAccesses current;
  };
  std::array<Space, 3> spaces_;
  RemoteTracker &remote_;
};

// The reference's tracker as it stands (dsl-semantics.md §3.6): per
// buffer space, disjoint intervals, each with the op that last accessed it
// and how, ordered by (start, end). Inserting an access looks at the
// stored intervals from the first whose end reaches the access's start
// while they overlap it (start <= other end and other start <= end, which
// an empty interval can meet): a conflict (another op, not both reads)
// clears everything; otherwise the interval is cut back to its parts
// outside the access. The access is then stored. Only what empty
// intervals decide is taken from here: for the rest the tracker above is
// the reference with its fixes (Q-LOSTDEP, Q-PKTREAD).
class ReferencePartition {
public:
  struct Result {
    bool conflict = false;
    bool withEmpty = false; // the access or the interval it met is empty
  };

  Result insert(const Access &acc, uint64_t op) {
    auto &m = spaces_[acc.space];
    Result r;
    while (!m.empty()) {
      auto it = firstReaching(m, acc.lo);
      const int64_t xlo = it->first.lo, xhi = it->first.hi;
      const Stored xs = it->second;
      if (!(acc.lo <= xhi && xlo <= acc.hi))
        break;
      if (xs.op != op && (acc.write || xs.keyWrite)) {
        r = {true, acc.empty() || xhi < xlo};
        clear();
        break;
      }
      m.erase(it);
      // The parts are new keys made with the stored value's kind.
      const Stored part{xs.op, xs.valueWrite, xs.valueWrite};
      if (xhi > acc.hi)
        put(m, Key{xhi, acc.hi + 1}, part);
      if (xlo < acc.lo)
        put(m, Key{acc.lo - 1, xlo}, part);
    }
    store(acc, op);
    return r;
  }

  // Where mscclc adds a nop the reference does not have: modelled as the
  // reference after a conflict of its own (cleared, then the access).
  void restartWith(const Access &acc, uint64_t op) {
    clear();
    store(acc, op);
  }

  void clear() {
    for (auto &m : spaces_)
      m.clear();
  }

private:
  // Ordered by end, then start: the stored intervals' ends rise with their
  // starts (empty ones included), so this is the reference's (start, end)
  // order, and its binary search over the ends is a lower_bound here.
  struct Key {
    int64_t hi, lo;
    bool operator<(const Key &o) const {
      return hi != o.hi ? hi < o.hi : lo < o.lo;
    }
  };
  // The reference stores each interval as a dict key (an access: its op
  // and kind) mapped to a kind. The key's kind decides conflicts; the
  // value's is what the parts of a cut interval get. They differ once an
  // access of the same bounds is stored again (an empty chunk read and
  // written by one op): a Python dict then keeps the old key and takes
  // the new value.
  struct Stored {
    uint64_t op;
    bool keyWrite, valueWrite;
  };
  using Space = std::map<Key, Stored>;

  // The first interval whose end is at least `lo`, or the last one when
  // none is (as the reference's search ends). `m` is not empty.
  static Space::iterator firstReaching(Space &m, int64_t lo) {
    auto found = m.lower_bound(Key{lo, std::numeric_limits<int64_t>::min()});
    return found == m.end() ? std::prev(m.end()) : found;
  }

  static void put(Space &m, Key key, Stored stored) {
    auto [it, inserted] = m.emplace(key, stored);
    if (!inserted)
      it->second.valueWrite = stored.valueWrite;
  }

  void store(const Access &acc, uint64_t op) {
    put(spaces_[acc.space], Key{acc.hi, acc.lo},
        Stored{op, acc.write, acc.write});
  }

  std::array<Space, 3> spaces_;
};

// The port transfers pushed since the thread block's last sync: per
// channel, which threads pushed one. The rules of TargetDefects'
// port-push-order check, on the ops before lowering: thread i of a
// transfer pushes its i-th channel's; a signal's channels are a set that
// lowering writes in Python's set order of their ids in the thread block
// (PythonSetOrder.h), which are the order of first use (Lowering.cpp), so
// thread i signals the i-th of them in that order. Replication, after
// this pass, keeps each thread block's order.
class PortPushes {
public:
  // Numbers the op's port channels not seen before, in the order lowering
  // will; called for every op, in order, before the checks.
  void noteChannels(const Op &op) {
    for (const ChannelRef &c : op.channels)
      if (c.kind == plan::ChannelType::Port)
        firstUse_.try_emplace(c.globalId, int32_t(firstUse_.size()));
  }

  // Whether `op` pushes a signal on a channel after another thread pushed a
  // transfer on it since the last sync.
  bool signalMayOvertake(const Op &op) const {
    if (!isPort(op) || !plan::pushesPortSignal(op.kind))
      return false;
    std::vector<int32_t> ids = threadOrder(op);
    for (size_t t = 0; t < ids.size(); ++t) {
      auto found = pushers_.find(ids[t]);
      if (found == pushers_.end())
        continue;
      for (size_t other : found->second)
        if (other != t)
          return true;
    }
    return false;
  }

  // After the op (and the nop before it, if one was needed).
  void record(const Op &op) {
    if (!isPort(op) || !plan::pushesPortTransfer(op.kind))
      return;
    std::vector<int32_t> ids = threadOrder(op);
    for (size_t t = 0; t < ids.size(); ++t)
      pushers_[ids[t]].push_back(t);
  }

  // Whether `op` is a port put_packets whose source overlaps packets this
  // thread block wrote since the last sync (Q-PROXYPKT).
  bool proxyMayReadUnwritten(const Op &op) const {
    if (op.kind != OpKind::Ppkt || !isPort(op))
      return false;
    for (const Chunk &c : op.localSrc)
      if (c.size > 0 && size_t(c.type) < packetWrites_.size() &&
          packetWrites_[size_t(c.type)].overlaps(c.index, c.index + c.size - 1))
        return true;
    return false;
  }

  // The packets `op` writes into this rank's buffers (operands whose role
  // is a local packet destination); a pipeline's body records its own.
  void recordPacketWrites(const Op &op) {
    if (op.kind == OpKind::Pipeline)
      return;
    const plan::OpInfo &info = plan::opInfo(op.kind);
    size_t pos = 0;
    for (const auto *list : {&op.localDst, &op.details().pktDst})
      for (const Chunk &c : *list)
        if (info.dst.roleAt(pos++) == plan::OperandRole::LocalPacket &&
            c.size > 0 && size_t(c.type) < packetWrites_.size())
          packetWrites_[size_t(c.type)].add(c.index, c.index + c.size - 1);
  }

  // A sync: the pushes and packet writes before it are ordered. First
  // uses stay.
  void clear() {
    pushers_.clear();
    for (IntervalUnion &space : packetWrites_)
      space.clear();
  }

  static bool isPort(const Op &op) {
    return !op.channels.empty() &&
           op.channels[0].kind == plan::ChannelType::Port;
  }

private:
  // The op's channels by the thread that pushes each.
  std::vector<int32_t> threadOrder(const Op &op) const {
    std::vector<int32_t> ids;
    for (const ChannelRef &c : op.channels)
      ids.push_back(c.globalId);
    if (!plan::isDataSyncOp(op.kind))
      return ids;
    // Hand-written chunk IR may mix channel kinds in one op (the verifier
    // lets it through): a channel never noted as a port sorts last.
    auto rank = [&](int32_t id) {
      auto found = firstUse_.find(id);
      return found == firstUse_.end() ? INT32_MAX : found->second;
    };
    std::vector<int32_t> blockIds;
    std::map<int32_t, int32_t> byBlockId;
    for (int32_t id : ids) {
      blockIds.push_back(rank(id));
      byBlockId.emplace(blockIds.back(), id);
    }
    if (byBlockId.size() != ids.size() || byBlockId.count(INT32_MAX)) {
      std::stable_sort(ids.begin(), ids.end(),
                       [&](int32_t a, int32_t b) { return rank(a) < rank(b); });
      return ids;
    }
    ids.clear();
    for (int32_t blockId : plan::pythonSetOrder(blockIds))
      ids.push_back(byBlockId.at(blockId));
    return ids;
  }
  std::map<int32_t, std::vector<size_t>> pushers_;
  // Per buffer space, merged (a union, so that a long run of packet
  // writes with no sync costs a lookup per put, not a scan).
  std::array<IntervalUnion, 3> packetWrites_{
      IntervalUnion(std::pmr::get_default_resource()),
      IntervalUnion(std::pmr::get_default_resource()),
      IntervalUnion(std::pmr::get_default_resource())};
  std::map<int32_t, int32_t> firstUse_; // global id -> id in the block
};

void addChunk(std::vector<Access> &out, const Chunk &c, bool write,
              const InPlaceAliases &aliases, bool referenceTracks = true) {
  const Chunk placed = aliases.canonical(c);
  out.push_back({int(c.type), c.index, c.index + c.size - 1, write,
                 referenceTracks, int(placed.type), placed.index - c.index});
}

// The peers' plain buffers an op (not a pipeline) reads and writes (roles
// R: packets are ordered by their flags, and a nop would not order two
// stores of one packet slot for its reader; switch ops are not tracked),
// where their bytes are in place.
void addRemoteAccesses(const Op &op, const plan::OpInfo &info,
                       const InPlaceAliases &aliases,
                       std::vector<RemoteAccess> &out) {
  // A port channel's transfers are the proxy's, in its FIFO's order; a nop
  // would not order them (PortPushes covers the order of their pushes).
  if ((op.remoteSrc.empty() && op.remoteDst.empty()) || PortPushes::isPort(op))
    return;
  auto add = [&](const Chunk &operand, plan::OperandRole role, bool write) {
    if (role != plan::OperandRole::Remote || operand.size <= 0 ||
        operand.rank < 0)
      return;
    const Chunk c = aliases.canonical(operand);
    out.push_back(
        {RemoteTracker::slotOf(c), c.index, c.index + c.size - 1, write});
  };
  // Remote sources follow the local ones in the src layout; remote
  // destinations follow the local ones and the packet copy.
  for (size_t i = 0; i < op.remoteSrc.size(); ++i)
    add(op.remoteSrc[i], info.src.roleAt(op.localSrc.size() + i), false);
  const size_t dstBegin = op.localDst.size() + op.details().pktDst.size();
  for (size_t i = 0; i < op.remoteDst.size(); ++i)
    add(op.remoteDst[i], info.dst.roleAt(dstBegin + i), true);
}

// Local accesses of one op, reads before writes (dsl-semantics.md §3.6):
// the operands whose role in the op's layout (OpKinds.def) is a plain local
// buffer, and a packet reduction's packet sources. Packets are synchronised
// with their writers by their flags, but a packet op's own lanes still
// read them (hence the Q-PKTREAD fix tracks both of a packet reduce's
// kinds of source); remote and multicast operands are another
// rank's memory (into `remote`, when given: addRemoteAccesses); switch ops
// are not tracked at all, as in the reference (Q-SWITCHNOSYNC), which
// their local operand's role (F, G) says.
void accessesOf(const Op &op, const InPlaceAliases &aliases,
                std::vector<Access> &out,
                std::vector<RemoteAccess> *remote = nullptr) {
  if (op.kind == OpKind::Pipeline) {
    for (const auto &inner : op.details().body)
      accessesOf(inner, aliases, out, remote);
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
      addChunk(out, op.localSrc[i], false, aliases, !(packetReduce && i == 0));
  }
  size_t pos = 0;
  for (const auto *list : {&op.localDst, &op.details().pktDst})
    for (const Chunk &c : *list)
      if (info.dst.roleAt(pos++) == plan::OperandRole::Local)
        addChunk(out, c, true, aliases);
  if (remote)
    addRemoteAccesses(op, info, aliases, *remote);
}

bool hasEmptyAccess(const std::vector<Op> &ops) {
  std::vector<Access> accs;
  for (const Op &op : ops) {
    accs.clear();
    accessesOf(op, InPlaceAliases(), accs);
    for (const Access &acc : accs)
      if (acc.empty() && acc.referenceTracks)
        return true;
  }
  return false;
}

// `ports` carries on into a pipeline's body and out of it, as its ops run
// in order on the same threads.
std::vector<Op> resolve(std::vector<Op> ops, std::pmr::memory_resource *pool,
                        PortPushes &ports, const InPlaceAliases &aliases,
                        RemoteTables &remotes, size_t depth = 0) {
  Tracker tracker(pool, remotes.at(depth));
  std::optional<ReferencePartition> reference;
  if (hasEmptyAccess(ops))
    reference.emplace();
  std::vector<Op> out;
  out.reserve(ops.size() + 4);
  std::vector<Access> accs;
  std::vector<RemoteAccess> remoteAccs;
  uint64_t opNumber = 0;
  for (auto &op : ops) {
    ++opNumber;
    // In lowering's order: an op's own channels before its body's, and
    // those of syncs too.
    ports.noteChannels(op);
    if (op.isSyncLike()) {
      tracker.forgetEarlierOps();
      if (reference)
        reference->clear();
      ports.clear();
      out.push_back(std::move(op));
      continue;
    }
    if (op.kind == OpKind::Pipeline)
      op.mutableDetails().body =
          resolve(std::move(op.mutableDetails().body), pool, ports, aliases,
                  remotes, depth + 1);
    // A read_put_packets over a port channel runs a __syncthreads of its
    // own first (executor-semantics §3.1).
    if (op.kind == OpKind::Rppkt && PortPushes::isPort(op))
      ports.clear();
    accs.clear();
    remoteAccs.clear();
    accessesOf(op, aliases, accs, &remoteAccs);
    bool hazard = false;
    if (ports.signalMayOvertake(op) || ports.proxyMayReadUnwritten(op) ||
        tracker.remoteConflictsWithEarlierOps(remoteAccs)) {
      // The nop orders everything before: the op's accesses start afresh.
      hazard = true;
      tracker.forgetEarlierOps();
      if (reference)
        reference->clear();
    }
    for (const Access &acc : accs) {
      ReferencePartition::Result ref;
      if (reference && acc.referenceTracks)
        ref = reference->insert(acc, opNumber);
      if (acc.empty()) {
        // Nothing is read or written: only the reference's test decides.
        if (!hazard && ref.conflict) {
          hazard = true;
          tracker.forgetEarlierOps();
        }
        continue;
      }
      // Q-LOSTDEP fix: after the nop the tracker still holds all of this
      // op's accesses, those before the hazard included.
      if (!hazard && (tracker.conflictsWithEarlierOps(acc) ||
                      (ref.conflict && ref.withEmpty))) {
        hazard = true;
        tracker.forgetEarlierOps();
        if (reference && !ref.conflict) {
          if (acc.referenceTracks)
            reference->restartWith(acc, opNumber);
          else
            reference->clear();
        }
      }
      tracker.record(acc);
    }
    tracker.endOp(remoteAccs);
    // A nop before a pipeline comes before its body, whose pushes `ports`
    // already holds: kept, which can only add a nop.
    if (hazard && op.kind != OpKind::Pipeline)
      ports.clear();
    ports.record(op);
    ports.recordPacketWrites(op);
    if (hazard)
      out.push_back(makeNop(op));
    // A pipeline whose body ends in a sync is synchronised at its end, in
    // every iteration and so after the last (Q-PIPESYNC): what follows
    // needs no nop for what the pipeline or the ops before it did.
    bool syncedAtEnd = op.kind == OpKind::Pipeline &&
                       !op.details().body.empty() &&
                       op.details().body.back().isSyncLike();
    out.push_back(std::move(op));
    if (syncedAtEnd) {
      tracker.forgetEarlierOps();
      if (reference)
        reference->clear();
      ports.clear();
    }
  }
  return out;
}

class DependencySyncPass : public Pass {
public:
  std::string_view name() const override { return "dependency-sync"; }
  bool run(Program &program, DiagnosticSink &) override {
    // Interval nodes come and go with every op; a pool reuses them.
    std::pmr::unsynchronized_pool_resource pool;
    RemoteTables remotes(&pool);
    for (size_t r = 0; r < program.ranks.size(); ++r) {
      const InPlaceAliases aliases = InPlaceAliases::of(program, r);
      for (auto &tb : program.ranks[r].tbs) {
        PortPushes ports;
        tb.ops = resolve(std::move(tb.ops), &pool, ports, aliases, remotes);
      }
    }
    return true;
  }
};

} // namespace

std::unique_ptr<Pass> createDependencySyncPass() {
  return std::make_unique<DependencySyncPass>();
}

} // namespace mscclc::passes
