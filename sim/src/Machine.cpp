//===- Machine.cpp - one simulated schedule of a plan ---------------------===//
//
// Agents are the thread blocks of every rank and one port-channel proxy
// per rank. A step runs one op of one thread block (a pipeline body op for
// one iteration; as many packets of a packet op as have arrived), or one
// proxy trigger. An agent whose op cannot proceed (a wait short of
// signals, a packet without its flag, a barrier, a semaphore, a flush) is
// parked under a key and woken by the event that can release it; when no
// agent is runnable and some rank has not finished, that is a deadlock.
//
// Each rank runs the plan `runs` times. Between runs, on that rank only
// (ranks are not synchronised with each other, executor-semantics §6.2),
// the host checks the output and refills the input; the flag advances and
// the scratch half flips, while semaphores, packets and scratch persist.
//
// Section numbers refer to executor-semantics.md.
//
//===----------------------------------------------------------------------===//
#include "Machine.h"
#include "Collectives.h"
#include "Elements.h"
#include "Memory.h"
#include "Races.h"
#include "mscclc/sim/Simulator.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <deque>
#include <map>
#include <random>
#include <set>
#include <span>
#include <sstream>
#include <tuple>
#include <unordered_map>

namespace mscclc::sim {

using namespace plan;

namespace {

constexpr uint64_t NoKey = ~uint64_t(0);
constexpr size_t MaxTraceEvents = 2'000'000;

enum class KeyKind : uint64_t {
  Semaphore = 1, // memory/port channel inbound counter
  Packet,        // any packet landing in a rank's memory
  Barrier,
  DeviceSemaphore,
  Flush,
  Switch,
};

uint64_t makeKey(KeyKind k, int32_t rank, uint64_t id) {
  return uint64_t(k) << 56 | uint64_t(uint32_t(rank)) << 32 | (id & 0xffffffff);
}

struct Inst {
  const Op *op = nullptr;
  int32_t flat = 0;     // the executor's flattened op index
  int32_t bodySize = 0; // a pipeline header: how many inner ops follow
  int32_t header = -1;  // an inner op: the index of its pipeline header
};

struct Trigger {
  bool data = false, flag = false, sync = false;
  // Data: where from and to (already final offsets).
  int32_t srcRank = -1, dstRank = -1;
  Space srcSpace = SendSpace, dstSpace = SendSpace;
  uint64_t srcOff = 0, dstOff = 0, length = 0;
  uint32_t unit = 16;
  // Data in packet form (a port packet push): the copy stores whole
  // packets, flags included. A plain put's unit can be the packet size too.
  bool packets = false;
  int32_t gpuChannel = -1; // flag: the port channel signalled
  uint64_t position = 0;   // in the proxy FIFO
  ClockRef strong, weak;   // what the pushing lane had published
  ClockRef start;          // the pushing block's clock at its kernel start
  int32_t tb = -1, op = -1, run = 0;
  // Who pushed it, for the order threads may push in (pushTrigger): the
  // thread, the block's __syncthreads before the push, the iteration.
  uint32_t lane = 0;
  uint64_t syncs = 0, iter = 0;
};

// Cumulative records by 0-based count, of which only the later ones are
// still wanted: the earlier ones go in batches. (Not a deque: libstdc++'s
// allocates on construction, and a large plan has tens of thousands of
// these.)
template <typename T> class RecordLog {
public:
  bool empty() const { return items_.empty(); }
  const T &back() const { return items_.back(); }
  void push_back(T v) { items_.push_back(std::move(v)); }
  // Record `index`, if still held.
  const T *find(uint64_t index) const {
    if (index < base_ || index - base_ >= items_.size())
      return nullptr;
    return &items_[size_t(index - base_)];
  }
  // Records before `index` are no longer wanted; the last one stays (the
  // next record joins it).
  void dropBefore(uint64_t index) {
    if (index <= base_ || items_.size() < 2)
      return;
    const size_t n =
        size_t(std::min<uint64_t>(index - base_, items_.size() - 1));
    if (2 * n < items_.size())
      return; // later, in a larger batch
    items_.erase(items_.begin(), items_.begin() + std::ptrdiff_t(n));
    base_ += n;
  }

private:
  std::vector<T> items_;
  uint64_t base_ = 0; // the index of items_[0]
};

struct SignalRecord {
  ClockRef strong, weak, start;
};

struct ChannelState {
  uint64_t inbound = 0;  // signals received
  uint64_t expected = 0; // waits started
  int32_t partnerRank = -1, partnerChannel = -1;
  int32_t peer = -1;
  // For races: record k carries the clocks of the first k + 1 signals
  // (cumulative). Records no wait can still take are dropped: a wait takes
  // the record of its own count, and once no started wait is left, later
  // waits count past `expected`.
  RecordLog<SignalRecord> signals;
  uint64_t waiting = 0; // waits started that have not taken their record
  // A switch channel: the same group's channel on every member (itself
  // included), as (rank, channel); its signals go to all of them.
  std::vector<std::pair<int32_t, int32_t>> members;
};

// Barriers and device semaphores are strong edges: they carry what their
// participants knew in both clocks (the weak one also holds which reads
// relaxed signals reported done).
struct BarrierState {
  int64_t arrived = 0;
  uint64_t episode = 0;
  Clock join, joinWeak;
  // episode -> join of its arrivals, until every arrival has left
  struct Episode {
    ClockRef strong, weak;
    int64_t leaving = 0;
  };
  std::map<uint64_t, Episode> done;
};

struct SemaphoreState {
  int64_t value = 0, init = 0;
  uint64_t acquires = 0;
  // Cumulative joins: release k carries the first k + 1. Acquires take
  // them in order, so the ones before the last acquire's are dropped.
  RecordLog<ClockRef> releases, releasesWeak;
};

// Which bytes a thread block's packet store was made from: slot k
// (packetOrigin + k packets) holds what the storing thread read at
// dataOrigin + k payloads of `space` of `rank` in the same step. An
// unpack or packet reduction on the same thread block that writes those
// bytes back from that slot waits for the store, which came after the
// read: the packet orders the read before the write, whichever threads
// the two ops hand the bytes to.
struct PacketSource {
  int32_t agent = -1, op = -1;
  uint32_t tick = 0;
  int32_t rank = -1, space = -1;
  uint64_t packetOrigin = 0, dataOrigin = 0;
};

// What a packet's reader learns from its writer (§6.3 rule 6): the flag
// orders the payload only, so like a relaxed signal it carries the writer's
// reads (weak) and what the writer's rank finished before its kernel began
// (strong), not the writer's other writes of this kernel.
struct PacketSegment {
  uint64_t end;
  ClockRef strong, weak;
  std::optional<PacketSource> source;
  // The run whose flag the store carried (-1: not known, a proxy copy).
  int32_t run = -1;
};

// Bytes [begin, end) of an op's write whose packets carried the read of
// those same bytes by op `op` of the same thread block in step `tick`.
struct CarriedRead {
  uint64_t begin, end;
  int32_t op;
  uint32_t tick;
};

struct Tb {
  int32_t agent = 0, rank = 0, id = 0;
  std::vector<Inst> prog;
  size_t pc = 0;
  int32_t run = 0;
  bool finished = false; // this run
  // The pipeline being executed.
  int32_t pipeHeader = -1;
  uint64_t iter = 0, iters = 0, unitSize = 0;
  // Progress inside the current op.
  bool opStarted = false;
  uint64_t progress = 0;
  std::vector<uint64_t> expected;
  // A wait's channels, resolved when it starts: a fused wait on n
  // channels is retried as each signal arrives, and resolving them (and
  // rescanning the ones already satisfied, `progress` of them) at every
  // retry made it O(n^2).
  std::vector<ChannelEnd> waitEnds;
  uint64_t episode = 0, fifoPosition = 0;
  // The __syncthreads the block has passed (nops, barriers, a port rppkt's
  // own), race checks or not: they order its threads' port pushes.
  uint64_t syncs = 0;
  // [thread]: the sync trigger each thread of the current pwsf or flush
  // pushed (one per channel: a flush drains its own connection).
  std::vector<uint64_t> syncPositions;
  // Clocks (only with race checks).
  Clock strong, weak, pendStrong, pendWeak;
  // [thread]: what that one thread acquired since the last nop (its wait,
  // semaphore acquire, pwsf or flush): its own later signal, push or
  // release carries it at once, the block's other threads only after the
  // next nop.
  // Kept as the acquired clocks themselves (shared with the signal record,
  // flush or release they came from), not joined into a clock per thread:
  // a fused wait on n channels would hold 2n copies of the whole clock.
  struct Acquired {
    ClockRef strong, weak;
  };
  std::vector<std::vector<Acquired>> lanes;
  static constexpr size_t MaxAcquiredPerLane = 4;
  // The last clock published with no thread's own acquisitions (strong,
  // weak): see publishedClock.
  mutable ClockRef publishedCache[2];
  ClockRef kernelStart;
  uint32_t epoch = 0, published = 0;
  std::string blockedOn; // for a deadlock report
};

struct Proxy {
  int32_t agent = 0;
  std::deque<Trigger> fifo;
  uint64_t pushed = 0, processed = 0;
  // The clock of triggers on no declared channel (an unverified plan) and
  // of flushes that name none; the others go by their connection's clock.
  Clock strong, weak;
  // Each port channel has a connection of its own (§4.1). A connection
  // delivers its transfers and flags in order, but nothing orders them
  // with another connection's (§4.4): each gets its own clock component,
  // so a flag carries only its own connection's earlier transfers.
  std::vector<int32_t> connAgent; // [gpu channel]
  // A connection's clocks are what its triggers carried (shared with the
  // triggers: the pushing blocks' clocks only grow, so a connection rarely
  // needs a copy of its own) and its own component, the tick of its next
  // transfer: thousands of port channels cost no clock each.
  struct Connection {
    ClockRef strong, weak;
    uint32_t tick = 1;
  };
  std::vector<Connection> conns;        // [gpu channel]
  std::map<uint64_t, ClockRef> flushed; // position -> clock after it
};

class Machine {
public:
  Machine(const Plan &plan, const PlanLayout &layout, const SimOptions &opts,
          uint64_t seed, int32_t schedule, const FindingSink &sink)
      : plan_(plan), query_(plan), layout_(layout), opts_(opts), rng_(seed),
        schedule_(schedule),
        sink_(sink), ctx_{plan, query_, layout, opts.semantics},
        kind_(collectiveKind(plan.collective)), reduction_(planReduction(plan)),
        races_(opts.checkRaces) {}

  ScheduleResult run();

private:
  // ------------------------------------------------------------ set-up
  void build();
  void pairChannels(ChannelType t);
  void groupSwitchChannels();
  // --------------------------------------------------------- scheduling
  void activate(int32_t agent);
  void park(int32_t agent, uint64_t key);
  void wake(uint64_t key);
  void wakeRank(KeyKind k, int32_t rank) { wake(makeKey(k, rank, 0)); }
  // ------------------------------------------------------ thread blocks
  enum class Step { Progress, Blocked, Finished };
  Step stepTb(Tb &tb);
  Step execute(Tb &tb, const Inst &inst);
  void finishRun(Tb &tb);
  void kernelEnd(int32_t rank);
  void kernelStart(int32_t rank);
  void stepProxy(int32_t rank);
  // ---------------------------------------------------------- op kinds
  Step doCopyLike(Tb &tb, const Inst &inst);
  Step doPut(Tb &tb, const Inst &inst);
  Step doGet(Tb &tb, const Inst &inst);
  Step doReduce(Tb &tb, const Inst &inst);
  Step doPacket(Tb &tb, const Inst &inst);
  Step doSwitch(Tb &tb, const Inst &inst);
  Step doGroupLoadReduce(Tb &tb, const Inst &inst);
  bool reduceOverGroup(Tb &tb, const Inst &inst, const Address &src,
                       const std::vector<int32_t> &group, uint64_t size,
                       uint32_t lanes);
  Step doSwitchSignal(Tb &tb, const Inst &inst);
  Step doSwitchWait(Tb &tb, const Inst &inst);
  Step doSignal(Tb &tb, const Inst &inst);
  void signalMemoryChannel(Tb &tb, const Inst &inst, const ChannelEnd &c,
                           bool relaxed, size_t lane);
  // --semantics intended: a memory pws/pwsf signals after its put.
  void signalAfterMemoryPut(Tb &tb, const Inst &inst);
  Step doWait(Tb &tb, const Inst &inst);
  Step doBarrier(Tb &tb, const Inst &inst);
  Step doSemaphore(Tb &tb, const Inst &inst);
  Step doFlush(Tb &tb, const Inst &inst);
  // A finished pwsf or flush: thread k acquires what the proxy had done
  // when it drained the k-th channel's connection (§6.3 rule 5).
  void acquireFlushes(Tb &tb, Proxy &proxy);
  // The op's channels that resolve to a declared channel of type `t` (the
  // op's own type by default); a verified plan has no others.
  std::vector<ChannelEnd> channelEnds(const Tb &tb, const Op &op,
                                      std::optional<ChannelType> t = {}) {
    ChannelType type = t.value_or(op.channelType);
    std::vector<ChannelEnd> out;
    if (type == ChannelType::None)
      return out;
    const auto &states = channels_[size_t(tb.rank)][size_t(type)];
    for (const ChannelEnd &c : query_.channelsOf(tb.rank, tb.id, op))
      if (c.gpuChannel >= 0 && size_t(c.gpuChannel) < states.size())
        out.push_back(c);
    return out;
  }
  void syncThreads(Tb &tb);
  // ----------------------------------------------------------- memory
  struct Span {
    int32_t rank = -1;
    Space space = SendSpace;
    uint64_t offset = 0, length = 0;
  };
  // The final bytes of an operand for the current run and iteration.
  Span place(const Tb &tb, const Address &a, uint64_t length,
             uint64_t pipeOffset) const;
  uint64_t pipelineOffset(const Tb &tb, const Address &a) const;
  // reuse_resources: reports where the executor places or streams a peer's
  // scratch by this rank's slot and the peer by another (§2.5).
  void checkPeerSlots(const Tb &tb, const Inst &inst);
  uint64_t pipelineOffsetWrapped(const Tb &tb, bool asScratch) const;
  uint64_t executorReduceSourceOffset(const Tb &tb, const Op &op,
                                      size_t j) const;
  // The data size of a pipelined op's operand (§3.1), and whether the
  // executor's uint32 underflow hit.
  uint64_t pipelinedSize(Tb &tb, const Inst &inst, uint64_t size);
  // Whether a span names existing bytes of an existing rank.
  bool valid(const Span &s) {
    return s.rank >= 0 && size_t(s.rank) < plan_.gpus.size() &&
           memory(s).contains(s.offset, s.length);
  }
  PagedMemory &memory(const Span &s) {
    return mem_[size_t(s.rank) * 3 + s.space];
  }
  bool inBounds(const Tb &tb, const Inst &inst, const Span &s, bool write);
  // Reports a reduction whose range starts or ends inside a --dtype
  // element (a tbg slice or pipeline unit that is not a multiple of the
  // element size): the elements it cuts are summed as no element is.
  void checkWholeElements(const Tb &tb, const Inst &inst,
                          std::span<const Span> spans, uint64_t size);
  // Bytes moved counts what data ops read from their sources (a copy of
  // N bytes moves N, as memcpy does; a reduction of k sources moves k N).
  void read(const Span &s, uint8_t *out) {
    memory(s).read(s.offset, out, s.length);
    bytesMoved_ += s.length;
  }
  void write(const Span &s, const uint8_t *in) {
    memory(s).write(s.offset, in, s.length);
  }
  // Records an access for race detection.
  enum class PacketAccess { None, Read, Write };
  // `carried`: reads of the written bytes by this thread block that the
  // packets the op read have ordered before the write (carriedReads).
  void touch(Tb &tb, const Inst &inst, const Span &s, bool write, uint32_t unit,
             uint64_t laneStart, PacketAccess packet = PacketAccess::None,
             uint64_t laneShape = 0,
             const std::vector<CarriedRead> *carried = nullptr);
  // Whether an operand is on the 16-byte vector path's boundary.
  static bool onBoundary(const Span &s) { return s.offset % 16 == 0; }
  // The lane unit of an op that moves 16-byte units: 16 when every
  // operand starts on a 16-byte boundary (its whole units are striped over
  // the threads; touch() leaves the bytes after the last one unmapped),
  // UnmappedLanes otherwise.
  static uint32_t vectorLanes(std::initializer_list<const Span *> spans) {
    for (const Span *s : spans)
      if (!onBoundary(*s))
        return UnmappedLanes;
    return 16;
  }
  // A copy-family op (copy, put, get) of `length` bytes: its unit, and the
  // shape of how it hands out bytes off the vector path. The executor
  // decides that from the destination's alignment and the length,
  // runtime-min from whether every operand is aligned and the length; two
  // such ops from the same start with the same shape give each byte to the
  // same thread in both.
  struct CopyLanes {
    uint32_t unit;
    uint64_t shape;
  };
  static CopyLanes copyLanes(const Span &src, const Span &dst,
                             uint64_t length) {
    bool aligned = onBoundary(src) && onBoundary(dst);
    return {aligned ? 16u : UnmappedLanes,
            1 | uint64_t(aligned) << 1 | (dst.offset % 16) << 2 | length << 6};
  }
  // An op whose own source and destination overlap at different offsets:
  // its threads copy 16-byte units with no memmove semantics (§3.1).
  void checkOwnOverlap(Tb &tb, const Inst &inst, const Span &read,
                       const Span &written);
  // A read of packets whose flags were checked.
  void touchPacketRead(Tb &tb, const Inst &inst, const Span &s,
                       uint64_t laneStart) {
    touch(tb, inst, s, false, packetBytes(), laneStart, PacketAccess::Read);
  }
  void touchAgent(int32_t agent, const Access &a, const Span &s,
                  const Clock &strong, const Clock &weak);
  // Stamps `t` with its FIFO position, the op it came from and what the
  // pushing lane has published, and queues it on the rank's proxy, ahead
  // of the block's other threads' pushes it may overtake.
  // `lane`: the thread that pushes it (channel index i goes to thread i).
  void pushTrigger(Tb &tb, const Inst &inst, Trigger t, size_t lane);
  // A data trigger copying `length` bytes from `s` to `d`.
  static Trigger dataTrigger(const Span &s, const Span &d, uint64_t length,
                             uint32_t unit);
  // Counts one more signal into `theirs`; with race checks, remembers
  // the clocks the first k signals carry (cumulatively, for the k-th wait).
  // A thread block's signal into `theirs`: a relaxed one publishes only
  // what was done before the kernel.
  void signalFrom(Tb &tb, ChannelState &theirs, bool relaxed, size_t lane) {
    if (!races_) {
      ++theirs.inbound;
      return;
    }
    ClockRef strong = publishedClock(tb, false, lane);
    ClockRef weak = publishedClock(tb, true, lane);
    recordSignal(theirs, relaxed ? tb.kernelStart : strong, weak,
                 tb.kernelStart);
  }
  // A finished wait acquires the clocks of the signals it counted (the
  // expected-th record is cumulative); the lanes see them after the next
  // nop.
  void acquireSignals(Tb &tb, std::vector<ChannelState> &states,
                      const std::vector<ChannelEnd> &ends, bool relaxed) {
    if (!races_)
      return;
    for (size_t k = 0; k < ends.size(); ++k) {
      ChannelState &c = states[size_t(ends[k].gpuChannel)];
      uint64_t e = tb.expected[k];
      if (e > 0)
        if (const SignalRecord *rec = c.signals.find(e - 1))
          acquireOnLane(tb, k, relaxed ? rec->start : rec->strong, rec->weak);
      if (c.waiting > 0 && --c.waiting == 0)
        c.signals.dropBefore(c.expected);
    }
  }
  // A wait starts: it will take its record when it finishes.
  void startWait(ChannelState &c) {
    if (races_)
      ++c.waiting;
  }
  // Thread `lane` of `tb` acquires `strong` (and `weak`): the block's
  // other threads see it after the next nop.
  void acquireOnLane(Tb &tb, size_t lane, const ClockRef &strong,
                     const ClockRef &weak) {
    joinInto(tb.pendStrong, *strong);
    joinInto(tb.pendWeak, *weak);
    joinInto(tb.pendWeak, tb.pendStrong);
    if (tb.lanes.size() <= lane)
      tb.lanes.resize(lane + 1);
    auto &acquired = tb.lanes[lane];
    acquired.push_back({strong, weak});
    // Many acquisitions without a nop (waits in a loop) become one joined
    // pair, so that a publish joins a few clocks, not all of them.
    if (acquired.size() > Tb::MaxAcquiredPerLane) {
      auto s = std::make_shared<Clock>(*acquired[0].strong);
      auto w = std::make_shared<Clock>(*acquired[0].weak);
      for (size_t k = 1; k < acquired.size(); ++k) {
        joinInto(*s, *acquired[k].strong);
        joinInto(*w, *acquired[k].weak);
      }
      acquired.assign(1, {std::move(s), std::move(w)});
    }
  }
  void recordSignal(ChannelState &theirs, const ClockRef &strong,
                    const ClockRef &weak, const ClockRef &start);
  // The reduction an op performs (a defect when 0.9.0 would ignore it).
  ReduceOp reduceOpOf(const Tb &tb, const Inst &inst);
  // ----------------------------------------------------------- packets
  uint32_t payloadBytes() const {
    return opts_.packet == PacketType::LL16 ? 8 : 4;
  }
  uint32_t packetBytes() const { return 2 * payloadBytes(); }
  uint32_t flag(int32_t run) const { return uint32_t(run + 1); }
  uint64_t half(int32_t rank, int32_t run) const {
    if (!plan_.useDoubleScratchBuffer)
      return 0;
    return flag(run) % 2 == 0 ? layout_.ranks[size_t(rank)].scratchBytes / 2
                              : 0;
  }
  // Reads packet `p` at packet-space span start; false when its flag is
  // not this run's.
  bool readPacket(const Span &base, uint64_t p, uint32_t runFlag,
                  uint8_t *payload);
  // Writes packet `p`; remembers `base` when the slot's bytes change.
  void writePacket(const Span &base, uint64_t p, uint32_t runFlag,
                   const uint8_t *payload);
  void notePacketWriter(const Tb &tb, const Span &s,
                        std::optional<PacketSource> source) {
    if (races_)
      notePacketWriter(s, tb.kernelStart,
                       std::make_shared<const Clock>(tb.weak),
                       std::move(source), tb.run);
  }
  // `run`: the run whose flag the store carries (-1: not known).
  void notePacketWriter(const Span &s, ClockRef strong, ClockRef weak,
                        std::optional<PacketSource> source = std::nullopt,
                        int32_t run = -1);
  // Records the packet writes of this step to `part` of `base`; `from`:
  // the data span whose payloads they hold, from base's first slot on
  // (none when they were forwarded from other packets).
  void touchPackets(Tb &tb, const Inst &inst, const Span &part,
                    const Span &base, const Span *from = nullptr);
  // The bytes of `written` (payload k at written.offset + k payloads,
  // read from the packet at read.offset + k packets) whose packets this
  // thread block stored from the same bytes (PacketSource).
  std::vector<CarriedRead> carriedReads(const Tb &tb, const Span &read,
                                        const Span &written) const;
  std::set<std::tuple<int32_t, int, uint64_t>> changedPackets_;
  // Whether packets [p, p + n) at `base` already hold exactly what
  // writing them would store: rewriting a slot with its own content is
  // not a conflicting write.
  bool packetsUnchanged(const Span &base, uint64_t p, uint64_t n,
                        const std::vector<uint8_t> &bytes);
  void joinPacketWriters(Tb &tb, const Span &s);
  // ------------------------------------------------------------ clocks
  // What thread `lane` of `tb` publishes: what the block did before its
  // last nop, and what that thread acquired since (no lane: the block).
  // Whether `published` is what the block publishes now from `now`: the
  // same entries, its own at its last nop.
  static bool publishes(const Clock &published, const Clock &now,
                        const Tb &tb) {
    size_t own = size_t(tb.agent);
    if (published.size() != now.size() || published[own] != tb.published)
      return false;
    for (size_t i = 0; i < now.size(); ++i)
      if (i != own && published[i] != now[i])
        return false;
    return true;
  }
  ClockRef publishedClock(const Tb &tb, bool weak,
                          size_t lane = SIZE_MAX) const;
  void tick(int32_t agent);
  // ---------------------------------------------------------- findings
  void report(Finding::Kind kind, const Tb *tb, const Inst *inst,
              std::string message,
              std::optional<Finding::Other> other = std::nullopt);
  // Who made an access, and the access as the other side of a race.
  static Finding::Agent agentOf(const Access &a) {
    using Agent = Finding::Agent;
    return a.host    ? (a.write ? Agent::HostFill : Agent::HostCheck)
           : a.proxy ? Agent::Proxy
                     : Agent::ThreadBlock;
  }
  // What an agent with these clocks knows when it accesses `rank`'s memory.
  AgentView viewFor(const Clock &strong, const Clock &weak,
                    int32_t rank) const {
    AgentView v{&strong, &weak, uint64_t(plan_.numThreadsPerBlock)};
    if (rank >= 0 && size_t(rank) < layout_.ranks.size())
      v.chunkBytes = layout_.ranks[size_t(rank)].chunkBytes;
    v.alignment = uint64_t(std::max<int64_t>(plan_.bufferAlignment, 1));
    v.oneSize = oneSize_;
    return v;
  }
  // Whether `view`'s weak clock orders `prior` but its strong one does
  // not: only a relaxed signal or a packet read lies between them.
  static bool weaklyOrdered(const Access &prior, const AgentView &view) {
    size_t i = size_t(prior.agent);
    return prior.agent != -1 && i < view.weak->size() &&
           (*view.weak)[i] >= prior.tick &&
           !(i < view.strong->size() && (*view.strong)[i] >= prior.tick);
  }
  static Finding::Other otherOf(const Access &a) {
    return {agentOf(a), a.rank, a.tb, a.op, a.run};
  }
  void defect(const Tb &tb, const Inst &inst, const std::string &message);
  std::string where(const Span &s) const;
  std::string opLabel(int32_t rank, int32_t tb, int32_t flat) const;
  // Who made an access, as a race report names it: an op, a proxy's
  // transfer for an op, or a host's fill or check.
  std::string accessLabel(const Access &a) const;
  // " in run N" when `a` was made in another run than `run` (a host access
  // names its run itself), else empty.
  static std::string runOf(const Access &a, int32_t run);
  // Why a port transfer may land after a signal that was to announce it:
  // empty unless a later op's flag or sync overtook its trigger.
  std::string overtakeNote(const Access &a) const;
  // The op a race report names (only on the reporting path).
  const Inst *findInst(int32_t rank, int32_t tb, int32_t flat) const;
  // The op name and source location of f's (rank, tb, op), when it has one.
  void nameOp(Finding &f) const;

  const Plan &plan_;
  PlanQuery query_;
  const PlanLayout &layout_;
  const SimOptions &opts_;
  std::mt19937_64 rng_;
  int32_t schedule_;
  const FindingSink &sink_;
  ResolveContext ctx_;
  CollectiveKind kind_;
  PlanReduction reduction_;
  bool races_;

  std::vector<Tb> tbs_;
  std::vector<std::vector<int32_t>> rankTbs_; // rank -> agents
  std::vector<Proxy> proxies_;
  // (rank, tb, op, run) of a port transfer whose trigger a later op's flag
  // or sync, pushed by another thread, was queued ahead of -> that op,
  // and whether it signals (else it only flushes).
  std::map<std::tuple<int32_t, int32_t, int32_t, int32_t>,
           std::pair<int32_t, bool>>
      overtaken_;
  std::vector<int32_t> rankRun_;     // the run each rank is in
  std::vector<int32_t> rankPending_; // thread blocks yet to finish
  std::vector<PagedMemory> mem_;
  // [rank][type][gpu channel]
  std::vector<std::array<std::vector<ChannelState>, 3>> channels_;
  std::vector<std::map<int32_t, BarrierState>> barriers_;
  std::vector<std::vector<SemaphoreState>> semaphores_;
  std::vector<std::map<uint64_t, PacketSegment>> packetWriters_;
  std::vector<Clock> hostClock_, hostWeak_;
  // Whether the plan accepts a single message size (the lane rule).
  bool oneSize_ = false;
  // A port connection's clocks for the trigger the proxy is processing.
  Clock connStrong_, connWeak_;
  int32_t agents_ = 0;

  std::vector<int32_t> active_;
  std::vector<int32_t> activeIndex_; // agent -> index in active_, or -1
  std::unordered_map<uint64_t, std::vector<int32_t>> parked_;
  std::vector<uint64_t> parkedOn_;

  ShadowMemory shadow_;
  std::set<std::tuple<int, int, int, int>> reported_;
  std::vector<uint8_t> tmp_, tmp2_;
  // Per run: what every rank's output check shares, and how many checked.
  std::map<int32_t, std::vector<double>> expected_;
  std::map<int32_t, int32_t> expectedChecks_;
  // --dump: the raw buffers of the last run.
  void dumpBuffers(int32_t rank, const char *when);
  // --trace: Chrome trace events (one slice per step, flows from signals
  // to the waits they release).
  struct TraceEvent {
    int32_t rank, tb, op, run;
    uint64_t step;
    const char *name;
  };
  struct TraceFlow {
    uint64_t id, step;
    int32_t rank, tb;
    bool start;
  };
  std::vector<TraceEvent> trace_;
  std::vector<TraceFlow> flows_;
  std::map<std::tuple<int32_t, int, int32_t, uint64_t>, uint64_t> flowIds_;
  std::string writeTrace();
  uint64_t bytesMoved_ = 0, steps_ = 0;
  double hostSeconds_ = 0; // the host's fills and checks (for benchmarks)
  struct HostTimer {
    double &total;
    std::chrono::steady_clock::time_point start =
        std::chrono::steady_clock::now();
    ~HostTimer() {
      total += std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                             start)
                   .count();
    }
  };
  int32_t ranksDone_ = 0;
};

// ================================================================ set-up

void Machine::build() {
  const size_t nranks = plan_.gpus.size();
  rankTbs_.resize(nranks);
  for (size_t r = 0; r < nranks; ++r)
    for (const ThreadBlock &t : plan_.gpus[r].threadblocks) {
      Tb tb;
      tb.rank = int32_t(r);
      tb.id = t.id;
      tb.agent = int32_t(tbs_.size());
      int32_t flat = 0;
      for (const Op &op : t.ops) {
        Inst head{&op, flat++, 0, -1};
        if (op.kind == OpKind::Pipeline) {
          head.bodySize = int32_t(op.ops.size());
          int32_t at = int32_t(tb.prog.size());
          tb.prog.push_back(head);
          for (const Op &inner : op.ops)
            tb.prog.push_back(Inst{&inner, flat++, 0, at});
        } else {
          tb.prog.push_back(head);
        }
      }
      rankTbs_[r].push_back(tb.agent);
      tbs_.push_back(std::move(tb));
    }
  proxies_.resize(nranks);
  agents_ = int32_t(tbs_.size());
  for (size_t r = 0; r < nranks; ++r)
    proxies_[r].agent = agents_++;
  int32_t hostBase = agents_;
  agents_ += int32_t(nranks);
  for (size_t r = 0; r < nranks; ++r) {
    size_t ports = query_.gpuChannels(int32_t(r), ChannelType::Port).size();
    for (size_t g = 0; g < ports; ++g)
      proxies_[r].connAgent.push_back(agents_++);
  }

  mem_.clear();
  for (size_t r = 0; r < nranks; ++r)
    for (int s = 0; s < 3; ++s)
      mem_.emplace_back(layout_.ranks[r].spaceBytes[s]);

  channels_.assign(nranks, {});
  for (size_t r = 0; r < nranks; ++r)
    for (ChannelType t :
         {ChannelType::Memory, ChannelType::Port, ChannelType::Switch}) {
      const auto &list = query_.gpuChannels(int32_t(r), t);
      auto &states = channels_[r][size_t(t)];
      states.resize(list.size());
      for (size_t g = 0; g < list.size(); ++g)
        states[g].peer = t == ChannelType::Switch ? -1 : list[g];
    }
  pairChannels(ChannelType::Memory);
  pairChannels(ChannelType::Port);
  groupSwitchChannels();

  barriers_.assign(nranks, {});
  semaphores_.assign(nranks, {});
  for (size_t r = 0; r < nranks; ++r)
    for (int64_t v : plan_.gpus[r].semaphores)
      semaphores_[r].push_back(SemaphoreState{v, v, 0, {}, {}});
  packetWriters_.assign(nranks * 3, {});
  rankRun_.assign(nranks, 0);
  rankPending_.assign(nranks, 0);
  activeIndex_.assign(size_t(agents_), -1);
  parkedOn_.assign(size_t(agents_), NoKey);
  if (races_) {
    shadow_ = ShadowMemory(nranks * 3);
    SizeRange sizes = validSizes(plan_);
    oneSize_ = !sizes.empty() && sizes.max / sizes.unit ==
                                     (sizes.min + sizes.unit - 1) / sizes.unit;
    Clock zero(size_t(agents_), 0);
    auto zeroRef = std::make_shared<const Clock>(zero);
    for (Tb &tb : tbs_) {
      tb.strong = tb.weak = tb.pendStrong = tb.pendWeak = zero;
      tb.strong[size_t(tb.agent)] = tb.weak[size_t(tb.agent)] = 1;
    }
    for (Proxy &p : proxies_) {
      p.strong = p.weak = zero;
      p.strong[size_t(p.agent)] = p.weak[size_t(p.agent)] = 1;
      p.conns.assign(p.connAgent.size(),
                     Proxy::Connection{zeroRef, zeroRef, 1});
    }
    hostClock_.assign(nranks, zero);
    for (size_t r = 0; r < nranks; ++r)
      hostClock_[r][size_t(hostBase) + r] = 1;
    hostWeak_ = hostClock_;
  }
}

// §4.2: the k-th occurrence of peer B in A's list pairs with the k-th
// occurrence of A in B's list.
void Machine::pairChannels(ChannelType t) {
  for (size_t a = 0; a < channels_.size(); ++a) {
    auto &mine = channels_[a][size_t(t)];
    for (size_t g = 0; g < mine.size(); ++g) {
      int32_t back = query_.pairedChannel(int32_t(a), t, int32_t(g));
      if (back < 0)
        continue;
      mine[g].partnerRank = mine[g].peer;
      mine[g].partnerChannel = back;
    }
  }
}

// A rank's k-th switch channel over (buffer type, ranks) is the same NVLS
// group as every member's k-th channel over that pair, as the executor
// sets connections up in declaration order.
void Machine::groupSwitchChannels() {
  const size_t nranks = plan_.gpus.size();
  using GroupKey = std::tuple<int, std::vector<int32_t>, int32_t>;
  std::map<GroupKey, std::vector<std::pair<int32_t, int32_t>>> groups;
  for (size_t r = 0; r < nranks; ++r) {
    std::map<std::pair<int, std::vector<int32_t>>, int32_t> seen;
    auto &states = channels_[r][size_t(ChannelType::Switch)];
    for (size_t g = 0; g < states.size(); ++g)
      if (const ChannelDecl *d = query_.switchDecl(int32_t(r), int32_t(g))) {
        auto kind = std::make_pair(int(d->bufferType), d->groupRanks);
        groups[{kind.first, kind.second, seen[kind]++}].push_back(
            {int32_t(r), int32_t(g)});
      }
  }
  for (const auto &[key, members] : groups)
    for (auto [r, g] : members)
      channels_[size_t(r)][size_t(ChannelType::Switch)][size_t(g)].members =
          members;
}

// ============================================================ scheduling

void Machine::activate(int32_t agent) {
  if (activeIndex_[size_t(agent)] >= 0)
    return;
  activeIndex_[size_t(agent)] = int32_t(active_.size());
  active_.push_back(agent);
}

void Machine::park(int32_t agent, uint64_t key) {
  int32_t i = activeIndex_[size_t(agent)];
  if (i >= 0) {
    int32_t last = active_.back();
    active_[size_t(i)] = last;
    activeIndex_[size_t(last)] = i;
    active_.pop_back();
    activeIndex_[size_t(agent)] = -1;
  }
  if (key != NoKey) {
    parked_[key].push_back(agent);
    parkedOn_[size_t(agent)] = key;
  }
}

void Machine::wake(uint64_t key) {
  auto it = parked_.find(key);
  if (it == parked_.end())
    return;
  std::vector<int32_t> agents = std::move(it->second);
  parked_.erase(it);
  for (int32_t a : agents) {
    parkedOn_[size_t(a)] = NoKey;
    activate(a);
  }
}

ScheduleResult Machine::run() {
  build();
  for (size_t r = 0; r < plan_.gpus.size(); ++r) {
    // The first fill, then the first launch.
    kernelStart(int32_t(r));
  }
  while (ranksDone_ < int32_t(plan_.gpus.size())) {
    if (active_.empty()) {
      // Deadlock: report every parked thread block.
      for (Tb &tb : tbs_) {
        if (tb.finished || parkedOn_[size_t(tb.agent)] == NoKey)
          continue;
        const Inst &inst = tb.prog[tb.pc];
        report(Finding::Kind::Deadlock, &tb, &inst,
               "blocked forever in run " + std::to_string(tb.run + 1) + ": " +
                   tb.blockedOn);
      }
      break;
    }
    if (++steps_ > opts_.maxSteps) {
      report(Finding::Kind::Deadlock, nullptr, nullptr,
             "the schedule did not finish within " +
                 std::to_string(opts_.maxSteps) +
                 " steps (a livelock, or raise --max-sim-steps); the thread "
                 "blocks still running follow");
      // Where each unfinished thread block is: a livelock shows as blocks
      // that keep being scheduled at the same op.
      int shown = 0;
      for (Tb &tb : tbs_) {
        if (tb.finished || tb.pc >= tb.prog.size())
          continue;
        if (++shown > 16)
          break;
        bool parked = parkedOn_[size_t(tb.agent)] != NoKey;
        report(Finding::Kind::Deadlock, &tb, &tb.prog[tb.pc],
               "still running in run " + std::to_string(tb.run + 1) +
                   " at the step limit: " +
                   (parked ? "blocked: " + tb.blockedOn
                           : std::string("still scheduled here (spinning, or "
                                         "more work than the limit allows)")));
      }
      break;
    }
    int32_t agent = active_[size_t(
        std::uniform_int_distribution<size_t>(0, active_.size() - 1)(rng_))];
    if (agent >= int32_t(tbs_.size())) {
      stepProxy(agent - int32_t(tbs_.size()));
      continue;
    }
    Tb &tb = tbs_[size_t(agent)];
    Step s = stepTb(tb);
    if (s == Step::Finished)
      finishRun(tb);
  }
  // Imbalance: every signal consumed by a wait, every semaphore back.
  if (ranksDone_ == int32_t(plan_.gpus.size())) {
    for (size_t r = 0; r < plan_.gpus.size(); ++r) {
      for (ChannelType t :
           {ChannelType::Memory, ChannelType::Port, ChannelType::Switch}) {
        const auto &states = channels_[r][size_t(t)];
        for (size_t g = 0; g < states.size(); ++g) {
          const ChannelState &c = states[g];
          if (c.inbound == c.expected)
            continue;
          std::ostringstream os;
          os << "rank " << r << "'s " << toString(t) << " channel " << g;
          if (t == ChannelType::Switch)
            os << " (a group of " << c.members.size() << " ranks)";
          else
            os << " (from rank " << c.peer << ")";
          os << " received " << c.inbound << " signal(s) but waited "
             << c.expected << " time(s) over " << opts_.runs
             << " run(s): the next execution would start skewed";
          Finding f;
          f.kind = Finding::Kind::Imbalance;
          f.rank = int32_t(r);
          f.message = os.str();
          f.schedule = schedule_;
          if (reported_
                  .insert({int(f.kind), f.rank, int(t) * 100000 + int(g), -2})
                  .second)
            sink_(f);
        }
      }
      for (size_t s = 0; s < semaphores_[r].size(); ++s) {
        const SemaphoreState &sem = semaphores_[r][s];
        if (sem.value == sem.init)
          continue;
        Finding f;
        f.kind = Finding::Kind::Imbalance;
        f.rank = int32_t(r);
        f.message = "rank " + std::to_string(r) + "'s semaphore " +
                    std::to_string(s) + " ends at " +
                    std::to_string(sem.value) + ", not its initial value " +
                    std::to_string(sem.init) +
                    ": acquires and releases do not balance";
        f.schedule = schedule_;
        if (reported_.insert({int(f.kind), f.rank, 1000000 + int(s), -2})
                .second)
          sink_(f);
      }
    }
  }
  ScheduleResult result{steps_, bytesMoved_, {}, hostSeconds_};
  if (!opts_.tracePath.empty())
    result.trace = writeTrace();
  return result;
}

void Machine::dumpBuffers(int32_t rank, const char *when) {
  const RankLayout &l = layout_.ranks[size_t(rank)];
  auto dump = [&](const char *what, Space space, uint64_t offset,
                  uint64_t length) {
    std::vector<uint8_t> bytes(length);
    if (length && mem_[size_t(rank) * 3 + space].contains(offset, length))
      mem_[size_t(rank) * 3 + space].read(offset, bytes.data(), length);
    opts_.dump(dumpFileName(rank, what, when),
               std::string_view(reinterpret_cast<const char *>(bytes.data()),
                                bytes.size()));
  };
  dump("input", l.inputSpace, l.inputOffset, l.inputBytes);
  dump("output", l.outputSpace, l.outputOffset, l.outputBytes);
}

std::string Machine::writeTrace() {
  // Chrome's trace format: one process per rank, one thread per thread
  // block, a slice per step; scheduler steps stand in for time.
  std::ostringstream out;
  out << "{\"traceEvents\":[\n";
  bool first = true;
  auto sep = [&]() {
    out << (first ? "" : ",\n");
    first = false;
  };
  for (size_t r = 0; r < plan_.gpus.size(); ++r) {
    sep();
    out << R"({"name":"process_name","ph":"M","pid":)" << r
        << R"(,"args":{"name":"rank )" << r << R"("}})";
    for (int32_t a : rankTbs_[r]) {
      sep();
      out << R"({"name":"thread_name","ph":"M","pid":)" << r << R"(,"tid":)"
          << tbs_[size_t(a)].id << R"(,"args":{"name":"tb )"
          << tbs_[size_t(a)].id << R"("}})";
    }
  }
  for (const TraceEvent &e : trace_) {
    sep();
    out << R"({"name":")" << e.name << R"(","cat":"op","ph":"X","ts":)"
        << e.step << R"(,"dur":1,"pid":)" << e.rank << R"(,"tid":)" << e.tb
        << R"(,"args":{"op":)" << e.op << R"(,"run":)" << e.run + 1 << "}}";
  }
  for (const TraceFlow &f : flows_) {
    sep();
    out << R"({"name":"signal","cat":"sync","ph":")" << (f.start ? "s" : "f")
        << R"(","bp":"e","id":)" << f.id << R"(,"ts":)" << f.step
        << R"(,"pid":)" << f.rank << R"(,"tid":)" << f.tb << "}";
  }
  out << "\n]}\n";
  return out.str();
}

void Machine::kernelStart(int32_t rank) {
  std::optional<HostTimer> timer(std::in_place, hostSeconds_);
  const RankLayout &l = layout_.ranks[size_t(rank)];
  int32_t run = rankRun_[size_t(rank)];
  // The host fills the input (in place: the aliased part of the output).
  Span in{rank, l.inputSpace, l.inputOffset, l.inputBytes};
  if (l.inputBytes && memory(in).contains(in.offset, in.length)) {
    if (races_) {
      Access a;
      a.agent = int32_t(tbs_.size() + proxies_.size()) + rank;
      a.tick = hostClock_[size_t(rank)][size_t(a.agent)];
      a.rank = rank;
      a.run = run;
      a.write = true;
      a.host = true;
      touchAgent(a.agent, a, in, hostClock_[size_t(rank)],
                 hostWeak_[size_t(rank)]);
      ++hostClock_[size_t(rank)][size_t(a.agent)];
      hostWeak_[size_t(rank)][size_t(a.agent)] =
          hostClock_[size_t(rank)][size_t(a.agent)];
    }
    // Straight into the pages; pieces start on element boundaries when
    // the input does (it always starts at a multiple of the chunk size).
    const size_t e = elementSize(opts_.dtype);
    if (in.offset % e == 0) {
      memory(in).forEachPiece(
          in.offset, in.length,
          [&](uint8_t *bytes, uint64_t n, uint64_t done) {
            fillInput(bytes, n, opts_.dtype, kind_, rank, run, done / e);
          },
          /*overwrite=*/true); // whole pages hold whole elements
    } else {
      tmp_.assign(l.inputBytes, 0);
      fillInput(tmp_.data(), l.inputBytes, opts_.dtype, kind_, rank, run);
      memory(in).write(in.offset, tmp_.data(), in.length);
    }
  }
  if (opts_.dump && run + 1 == opts_.runs)
    dumpBuffers(rank, "before");
  if (l.chunkCountZero && run == 0 && opts_.semantics == Semantics::Executor) {
    Finding f;
    f.kind = Finding::Kind::Defect;
    f.rank = rank;
    f.schedule = schedule_;
    f.message = "rank " + std::to_string(rank) +
                " declares 0 input or output chunks: the 0.9.0 executor's "
                "size check divides by the chunk count (Q9)";
    if (reported_.insert({int(f.kind), rank, -1, -4}).second)
      sink_(f);
  }
  const auto &agents = rankTbs_[size_t(rank)];
  rankPending_[size_t(rank)] = int32_t(agents.size());
  if (agents.empty()) {
    // Q18: a rank without thread blocks gets an invalid launch.
    Finding f;
    f.kind = Finding::Kind::Defect;
    f.rank = rank;
    f.message = "rank " + std::to_string(rank) +
                " has no thread blocks: the 0.9.0 executor launches an "
                "invalid zero-block kernel for it";
    f.schedule = schedule_;
    if (opts_.semantics == Semantics::Executor &&
        reported_.insert({int(f.kind), rank, -1, -1}).second)
      sink_(f);
    timer.reset();
    kernelEnd(rank);
    return;
  }
  for (int32_t a : agents) {
    Tb &tb = tbs_[size_t(a)];
    tb.pc = 0;
    tb.run = run;
    tb.finished = false;
    tb.pipeHeader = -1;
    tb.opStarted = false;
    tb.progress = 0;
    if (races_) {
      // Stream order: everything the rank did before hb this launch.
      joinInto(tb.strong, hostClock_[size_t(rank)]);
      joinInto(tb.weak, hostWeak_[size_t(rank)]);
      ++tb.epoch;
      tb.published = tb.strong[size_t(tb.agent)];
      tb.kernelStart = std::make_shared<Clock>(tb.strong);
      tick(tb.agent);
    }
    activate(a);
  }
  if (races_) {
    // The launch published the host's tick: its next access (the check of
    // the output) comes after the kernel, so it takes a later one. Without
    // this, an agent that learnt the published tick from the kernel (a
    // peer, through this run's signals) counted the check as before it,
    // and a write racing with the check (a put before the nop that hands
    // on the wait of the next run) went unreported.
    int32_t host = int32_t(tbs_.size() + proxies_.size()) + rank;
    ++hostClock_[size_t(rank)][size_t(host)];
    hostWeak_[size_t(rank)][size_t(host)] =
        hostClock_[size_t(rank)][size_t(host)];
  }
}

void Machine::finishRun(Tb &tb) {
  tb.finished = true;
  park(tb.agent, NoKey);
  if (--rankPending_[size_t(tb.rank)] == 0)
    kernelEnd(tb.rank);
}

void Machine::kernelEnd(int32_t rank) {
  std::optional<HostTimer> timer(std::in_place, hostSeconds_);
  const RankLayout &l = layout_.ranks[size_t(rank)];
  int32_t run = rankRun_[size_t(rank)];
  int32_t host = int32_t(tbs_.size() + proxies_.size()) + rank;
  if (races_) {
    // Kernel completion: every lane of every thread block is done, and
    // what their last waits acquired counts.
    for (int32_t a : rankTbs_[size_t(rank)]) {
      Tb &tb = tbs_[size_t(a)];
      joinInto(tb.strong, tb.pendStrong);
      joinInto(tb.weak, tb.pendWeak);
      tb.lanes.clear();
      joinInto(hostClock_[size_t(rank)], tb.strong);
      joinInto(hostWeak_[size_t(rank)], tb.weak);
    }
    joinInto(hostWeak_[size_t(rank)], hostClock_[size_t(rank)]);
  }
  // The host checks the output.
  Span out{rank, l.outputSpace, l.outputOffset, l.outputBytes};
  if (l.outputBytes && memory(out).contains(out.offset, out.length)) {
    if (races_) {
      Access a;
      a.agent = host;
      a.tick = hostClock_[size_t(rank)][size_t(host)];
      a.rank = rank;
      a.run = run;
      a.host = true;
      touchAgent(host, a, out, hostClock_[size_t(rank)],
                 hostWeak_[size_t(rank)]);
      ++hostClock_[size_t(rank)][size_t(host)];
      hostWeak_[size_t(rank)][size_t(host)] =
          hostClock_[size_t(rank)][size_t(host)];
    }
    if (kind_ != CollectiveKind::Undefined &&
        !(reduction_.mixed && isReducing(kind_)) && opts_.checkResult) {
      tmp_.resize(l.outputBytes);
      memory(out).read(out.offset, tmp_.data(), out.length);
      auto cached = expected_.find(run);
      if (cached == expected_.end())
        cached =
            expected_
                .emplace(run, sharedExpectation(opts_.dtype, kind_,
                                                int32_t(plan_.gpus.size()), run,
                                                l.inputBytes, reduction_.op))
                .first;
      auto m =
          checkOutput(tmp_.data(), l.outputBytes, l.inputBytes, l.chunkBytes,
                      opts_.dtype, kind_, rank, int32_t(plan_.gpus.size()), run,
                      cached->second, opts_.sendRecvGroup, reduction_.op);
      // Every rank checks a run once; drop it after the last one.
      if (++expectedChecks_[run] == int32_t(plan_.gpus.size()))
        expected_.erase(cached);
      if (m) {
        Finding f;
        f.kind = Finding::Kind::Result;
        f.rank = rank;
        f.run = run;
        f.schedule = schedule_;
        f.message = "after run " + std::to_string(run + 1) + ", rank " +
                    std::to_string(rank) + " " + m->message;
        if (reported_.insert({int(f.kind), rank, -1, -1}).second)
          sink_(f);
      }
    }
  }
  if (opts_.dump && run + 1 == opts_.runs)
    dumpBuffers(rank, "after");
  if (run + 1 < opts_.runs) {
    rankRun_[size_t(rank)] = run + 1;
    timer.reset();
    kernelStart(rank);
  } else {
    ++ranksDone_;
  }
}

// ========================================================= thread blocks

Machine::Step Machine::stepTb(Tb &tb) {
  if (tb.pc >= tb.prog.size())
    return Step::Finished;
  const Inst &inst = tb.prog[tb.pc];
  changedPackets_.clear();
  Step s = execute(tb, inst);
  if (!opts_.tracePath.empty() && trace_.size() < MaxTraceEvents)
    trace_.push_back({tb.rank, tb.id, inst.flat, tb.run, steps_,
                      toString(inst.op->kind).data()});
  if (races_)
    tick(tb.agent);
  if (s == Step::Blocked)
    return s;
  tb.opStarted = false;
  tb.progress = 0;
  tb.expected.clear();
  // Advance, repeating a pipeline body for every iteration.
  if (inst.bodySize > 0) {
    const RankLayout &l = layout_.ranks[size_t(tb.rank)];
    uint64_t unit = inst.op->unitSize;
    // The executor keeps the unit in 32 bits.
    if (unit > UINT32_MAX) {
      defect(tb, inst,
             "pipeline unit_size " + std::to_string(unit) +
                 " does not fit the 0.9.0 executor's 32-bit unit size, which "
                 "reads it as " +
                 std::to_string(uint32_t(unit)));
      if (opts_.semantics == Semantics::Executor)
        unit = uint32_t(unit);
    }
    uint64_t total =
        uint64_t(std::max<int64_t>(inst.op->numChunks, 0)) * l.chunkBytes;
    uint64_t iters = unit ? (total + unit - 1) / unit : 0;
    if (iters > 65535) {
      defect(tb, inst,
             "pipeline needs " + std::to_string(iters) +
                 " iterations; the 0.9.0 executor keeps 16 bits of the count "
                 "(Q8)");
      if (opts_.semantics == Semantics::Executor)
        iters &= 0xffff;
    }
    if (unit == 0)
      defect(tb, inst, "pipeline unit_size is 0");
    if (iters == 0) {
      tb.pc += size_t(inst.bodySize) + 1;
    } else {
      tb.pipeHeader = int32_t(tb.pc);
      tb.iter = 0;
      tb.iters = iters;
      tb.unitSize = unit;
      tb.pc += 1;
    }
  } else if (inst.header >= 0 &&
             tb.pc == size_t(inst.header) +
                          size_t(tb.prog[size_t(inst.header)].bodySize)) {
    if (++tb.iter < tb.iters) {
      tb.pc = size_t(inst.header) + 1;
    } else {
      tb.pipeHeader = -1;
      tb.pc += 1;
    }
  } else {
    tb.pc += 1;
  }
  return tb.pc >= tb.prog.size() ? Step::Finished : Step::Progress;
}

Machine::Step Machine::execute(Tb &tb, const Inst &inst) {
  const Op &op = *inst.op;
  if (plan_.reuseResources && opts_.semantics == Semantics::Executor)
    checkPeerSlots(tb, inst);
  switch (op.kind) {
  case OpKind::Nop:
    syncThreads(tb);
    return Step::Progress;
  case OpKind::Pipeline:
    return Step::Progress; // stepTb sets the iteration up
  case OpKind::Barrier:
    return doBarrier(tb, inst);
  case OpKind::Copy:
    return doCopyLike(tb, inst);
  case OpKind::Put:
  case OpKind::Pws:
  case OpKind::Pwsf:
    return doPut(tb, inst);
  case OpKind::Get:
    return doGet(tb, inst);
  case OpKind::Re:
  case OpKind::Res:
  case OpKind::Rre:
  case OpKind::Rres:
    return doReduce(tb, inst);
  case OpKind::Cpkt:
  case OpKind::Upkt:
  case OpKind::Ppkt:
  case OpKind::Rppkt:
  case OpKind::Repkt:
  case OpKind::Respkt:
  case OpKind::Recpkt:
  case OpKind::Recspkt:
  case OpKind::Gstorepkt:
    return doPacket(tb, inst);
  case OpKind::Glres:
  case OpKind::Gstore:
    return doSwitch(tb, inst);
  case OpKind::Glre:
    if (opts_.semantics == Semantics::Intended)
      return doGroupLoadReduce(tb, inst);
    defect(tb, inst,
           "glre is rejected by the 0.9.0 executor (Q12); it does nothing "
           "here");
    return Step::Progress;
  case OpKind::Signal:
  case OpKind::RlxSignal:
    return doSignal(tb, inst);
  case OpKind::Wait:
  case OpKind::RlxWait:
    return doWait(tb, inst);
  case OpKind::Flush:
    return doFlush(tb, inst);
  case OpKind::SemAcquire:
  case OpKind::SemRelease:
    return doSemaphore(tb, inst);
  }
  return Step::Progress;
}

// A __syncthreads: everything every lane did before is ordered before
// everything after, and what waits acquired becomes visible to all lanes.
void Machine::syncThreads(Tb &tb) {
  ++tb.syncs;
  if (!races_)
    return;
  ++tb.epoch;
  // Accesses so far carry ticks up to now; later ones get larger ticks.
  tb.published = tb.strong[size_t(tb.agent)];
  tick(tb.agent);
  joinInto(tb.strong, tb.pendStrong);
  joinInto(tb.weak, tb.pendWeak);
  joinInto(tb.weak, tb.strong);
  tb.lanes.clear(); // every thread now has what any one acquired
}

void Machine::tick(int32_t agent) {
  if (agent < int32_t(tbs_.size())) {
    Tb &tb = tbs_[size_t(agent)];
    ++tb.strong[size_t(agent)];
    tb.weak[size_t(agent)] = tb.strong[size_t(agent)];
  } else {
    Proxy &p = proxies_[size_t(agent) - tbs_.size()];
    ++p.strong[size_t(agent)];
    p.weak[size_t(agent)] = p.strong[size_t(agent)];
  }
}

ClockRef Machine::publishedClock(const Tb &tb, bool weak, size_t lane) const {
  const Clock &now = weak ? tb.weak : tb.strong;
  const bool laneAdds = lane < tb.lanes.size() && !tb.lanes[lane].empty();
  // Between two nops the block publishes the same clock on every channel
  // and thread that acquired nothing of its own: one copy, shared by the
  // signal records and triggers that carry it.
  ClockRef &cached = tb.publishedCache[weak ? 1 : 0];
  if (!laneAdds && cached && publishes(*cached, now, tb))
    return cached;
  auto c = std::make_shared<Clock>(now);
  (*c)[size_t(tb.agent)] = tb.published;
  if (lane < tb.lanes.size())
    for (const Tb::Acquired &a : tb.lanes[lane]) {
      // What the thread acquired weakly holds what it acquired strongly.
      joinInto(*c, *a.strong);
      if (weak)
        joinInto(*c, *a.weak);
    }
  if (!laneAdds)
    cached = c;
  return c;
}

// ================================================================ memory

uint64_t Machine::pipelineOffset(const Tb &tb, const Address &a) const {
  if (tb.pipeHeader < 0)
    return 0;
  uint64_t o = tb.iter * tb.unitSize;
  // reuse_resources: streamed through the slot. The 0.9.0 kernel has one
  // slot size, the running rank's, for a peer's scratch too (intended: the
  // peer's own); a rank without scratch chunks has slot 0, and its modulo
  // is undefined (checkPeerSlots reports it): the offset stays unwrapped.
  const bool executor = opts_.semantics == Semantics::Executor;
  const RankLayout &l =
      layout_.ranks[size_t(a.rank < 0 || executor ? tb.rank : a.rank)];
  if (a.scratch && l.slotBytes)
    o %= l.slotBytes;
  return o;
}

void Machine::checkPeerSlots(const Tb &tb, const Inst &inst) {
  const Op &op = *inst.op;
  const RankLayout &self = layout_.ranks[size_t(tb.rank)];
  for (Operand which : {Operand::Src, Operand::Dst}) {
    const auto &list = which == Operand::Src ? op.src : op.dst;
    const OpInfo &info = opInfo(op.kind);
    for (size_t i = 0; i < list.size(); ++i) {
      const OperandRole role =
          (which == Operand::Src ? info.src : info.dst).roleAt(i);
      if (role != OperandRole::Remote && role != OperandRole::RemotePacket)
        continue;
      const Address a = resolve(ctx_, tb.rank, tb.id, op, which, i);
      if (a.rank < 0 || a.rank == tb.rank || !a.scratch)
        continue;
      const RankLayout &peer = layout_.ranks[size_t(a.rank)];
      const int64_t index = list[i].index;
      const uint64_t mine = chunkStart(self, BufferType::Scratch, index),
                     theirs = chunkStart(peer, BufferType::Scratch, index);
      const std::string who = "rank " + std::to_string(a.rank);
      if (mine != theirs) {
        defect(tb, inst,
               "the 0.9.0 executor places " + who + "'s scratch chunk " +
                   std::to_string(index) +
                   " by this rank's reuse_resources "
                   "slot (" +
                   std::to_string(self.slotBytes) + " bytes" +
                   (self.slotBytes == 0 ? ": it has no scratch chunks" : "") +
                   ") at byte " + std::to_string(mine) + ", where " + who +
                   " (slot " + std::to_string(peer.slotBytes) +
                   " bytes) has it at byte " + std::to_string(theirs));
        return;
      }
      // The kernel takes every scratch offset of a non-packet op modulo its
      // slot, outside pipelines too (offset 0); packet ops go without it.
      if (self.slotBytes == 0 && !isPacketOp(op.kind)) {
        defect(tb, inst,
               "the 0.9.0 executor takes every offset into " + who +
                   "'s scratch modulo this rank's reuse_resources slot, 0 "
                   "bytes (it has no scratch chunks), which is undefined; "
                   "the simulator leaves the offsets unwrapped");
        return;
      }
      if (tb.pipeHeader < 0 || isPacketOp(op.kind))
        continue;
      const uint64_t o = tb.iter * tb.unitSize;
      if (peer.slotBytes != 0 && o % self.slotBytes != o % peer.slotBytes) {
        defect(tb, inst,
               "the 0.9.0 executor wraps the pipeline offset into " + who +
                   "'s scratch by this rank's reuse_resources slot (" +
                   std::to_string(self.slotBytes) + " bytes), where " + who +
                   " wraps by its own (" + std::to_string(peer.slotBytes) +
                   " bytes): in this iteration at " +
                   std::to_string(o % self.slotBytes) + " instead of " +
                   std::to_string(o % peer.slotBytes));
        return;
      }
    }
  }
}

// The pipeline offset of the executing rank's operand, streamed through
// the reuse_resources slot when `asScratch`.
uint64_t Machine::pipelineOffsetWrapped(const Tb &tb, bool asScratch) const {
  if (tb.pipeHeader < 0)
    return 0;
  uint64_t o = tb.iter * tb.unitSize;
  const RankLayout &l = layout_.ranks[size_t(tb.rank)];
  if (asScratch && l.slotBytes)
    o %= l.slotBytes;
  return o;
}

// The 0.9.0 executor's re and res (handleReduceSend's vector loop) wrap the
// pipeline offset of local source j >= 1 by the buffer type of destination
// j, not the source's own: for res a peer's buffer id read as a type (2 is
// scratch), past the last destination an empty entry (input).
uint64_t Machine::executorReduceSourceOffset(const Tb &tb, const Op &op,
                                             size_t j) const {
  uint8_t typeByte = 0;
  if (j < op.dst.size())
    typeByte = op.kind == OpKind::Res ? uint8_t(op.dst[j].id)
                                      : uint8_t(op.dst[j].type);
  return pipelineOffsetWrapped(tb, typeByte == uint8_t(BufferType::Scratch));
}

Machine::Span Machine::place(const Tb &tb, const Address &a, uint64_t length,
                             uint64_t pipeOffset) const {
  Span s;
  s.rank = a.rank;
  s.space = a.space;
  s.offset = a.base + (a.addH ? half(tb.rank, tb.run) : 0) +
             uint64_t(a.scale) * (a.chunkOffset + pipeOffset);
  s.length = length;
  return s;
}

uint64_t Machine::pipelinedSize(Tb &tb, const Inst &inst, uint64_t size) {
  if (tb.pipeHeader < 0)
    return size;
  uint64_t o = tb.iter * tb.unitSize, unit = tb.unitSize;
  if (o <= size)
    return std::min(size - o, unit);
  // §3.1: computed in uint32, size - o underflows and min() gives U.
  defect(tb, inst,
         "pipeline iteration at byte " + std::to_string(o) +
             " lies past this operand's " + std::to_string(size) +
             " bytes: the 0.9.0 executor's uint32 size underflows and the op "
             "touches a whole unit beyond its range (Q8)");
  return opts_.semantics == Semantics::Executor ? unit : 0;
}

bool Machine::inBounds(const Tb &tb, const Inst &inst, const Span &s,
                       bool write) {
  if (s.rank < 0 || size_t(s.rank) >= plan_.gpus.size()) {
    report(Finding::Kind::Result, &tb, &inst,
           "an operand names a remote buffer or rank that does not resolve; "
           "the op is skipped");
    return false;
  }
  if (memory(s).contains(s.offset, s.length))
    return true;
  static const char *names[] = {"input/send allocation", "output allocation",
                                "scratch"};
  report(Finding::Kind::Result, &tb, &inst,
         std::string(write ? "writes" : "reads") + " bytes [" +
             std::to_string(s.offset) + ", " +
             std::to_string(s.offset + s.length) + ") of rank " +
             std::to_string(s.rank) + "'s " + names[s.space] + ", which has " +
             std::to_string(memory(s).size()) + " bytes");
  return false;
}

std::string Machine::where(const Span &s) const {
  static const char *names[] = {"send buffer", "receive buffer", "scratch"};
  const RankLayout &l = layout_.ranks[size_t(s.rank)];
  auto range = [](uint64_t from, uint64_t length) {
    return "bytes [" + std::to_string(from) + ", " +
           std::to_string(from + length) + ")";
  };
  std::string rank = "rank " + std::to_string(s.rank) + " ";
  bool inInput = s.space == l.inputSpace && s.offset >= l.inputOffset &&
                 s.offset < l.inputOffset + l.inputBytes;
  bool inOutput = s.space == l.outputSpace && s.offset >= l.outputOffset &&
                  s.offset < l.outputOffset + l.outputBytes;
  // In place, an AllGather's input is a slice of its output and a
  // ReduceScatter's output a slice of its input (§6.1): bytes within the
  // slice are named as the slice's own, with the allocation's offsets beside
  // them, so that "input bytes [0, n)" means the input's first n bytes.
  auto sliceOf = [&](const char *slice, uint64_t offset, uint64_t bytes,
                     const char *whole) -> std::string {
    if (s.offset + s.length <= offset + bytes)
      return rank + slice + " " + range(s.offset - offset, s.length) + " (" +
             whole + " " + range(s.offset, s.length) + ")";
    return rank + whole + " " + range(s.offset, s.length);
  };
  bool shared = l.inputSpace == l.outputSpace;
  if (shared && inInput && l.inputBytes < l.outputBytes)
    return sliceOf("input", l.inputOffset, l.inputBytes, "output");
  if (shared && inOutput && l.outputBytes < l.inputBytes)
    return sliceOf("output", l.outputOffset, l.outputBytes, "input");
  std::string name = inInput ? "input" : inOutput ? "output" : names[s.space];
  return rank + name + " " + range(s.offset, s.length);
}

// Whether [from, to) lies in the union of `carried` entries for `prior`'s
// op and step.
static bool carriedBefore(const std::vector<CarriedRead> &carried,
                          const Access &prior, uint64_t from, uint64_t to) {
  uint64_t cursor = from;
  bool advanced = true;
  while (cursor < to && advanced) {
    advanced = false;
    for (const CarriedRead &c : carried)
      if (c.op == prior.op && c.tick == prior.tick && c.begin <= cursor &&
          cursor < c.end) {
        cursor = c.end;
        advanced = true;
      }
  }
  return cursor >= to;
}

void Machine::touch(Tb &tb, const Inst &inst, const Span &s, bool write,
                    uint32_t unit, uint64_t laneStart, PacketAccess packet,
                    uint64_t laneShape,
                    const std::vector<CarriedRead> *carried) {
  if (!races_ || s.length == 0)
    return;
  if (unit == 16 && s.length % 16 != 0) {
    // The bytes after the last whole unit go element by element.
    uint64_t whole = s.length / 16 * 16;
    touch(tb, inst, Span{s.rank, s.space, s.offset, whole}, write, 16,
          laneStart, packet, laneShape, carried);
    touch(tb, inst, Span{s.rank, s.space, s.offset + whole, s.length - whole},
          write, UnmappedLanes, laneStart, packet, laneShape, carried);
    return;
  }
  Access a;
  a.agent = tb.agent;
  a.tick = tb.strong[size_t(tb.agent)];
  a.epoch = tb.epoch;
  a.unit = unit;
  a.laneStart = laneStart;
  a.laneShape = laneShape;
  a.rank = tb.rank;
  a.tb = tb.id;
  a.op = inst.flat;
  a.run = tb.run;
  a.write = write;
  a.packetRead = packet == PacketAccess::Read;
  a.packetWrite = packet == PacketAccess::Write;
  a.pipelined = tb.pipeHeader >= 0;
  AgentView view = viewFor(tb.strong, tb.weak, s.rank);
  shadow_.access(
      size_t(s.rank) * 3 + s.space, s.offset, s.length, a, view,
      [&](const Access &prior, uint64_t from, uint64_t to) {
        if (carried && write && !prior.write && prior.agent == a.agent &&
            carriedBefore(*carried, prior, from, to))
          return;
        std::ostringstream os;
        os << (write ? "writes " : "reads ")
           << where(Span{s.rank, s.space, from, to - from}) << " ("
           << "run " << tb.run + 1 << "), unordered with " << accessLabel(prior)
           << runOf(prior, tb.run) << ", which "
           << (prior.write ? "writes" : "reads") << " them";
        bool priorPacket = prior.packetRead || prior.packetWrite;
        bool nowPacket = packet != PacketAccess::None;
        if (prior.packetWrite && a.packetWrite && prior.run == a.run)
          os << ": two stores of the same flag into these packet slots in "
                "one run, so a reader may get either (and the other is lost)";
        else if (prior.packetWrite && a.packetWrite)
          os << ": the slots may be overwritten before their run "
             << prior.run + 1 << " packets are read";
        else if (priorPacket != nowPacket && !prior.host)
          os << ": one of them accesses packet slots as plain memory, which "
                "the packet flags do not order";
        else if (prior.agent == a.agent && prior.op == a.op &&
                 prior.tick == a.tick && prior.write && write)
          os << ": the op writes these bytes through two of its "
                "destinations, which overlap at another offset, and "
             << (coincidentLanes(prior, a, view)
                     ? "at this size the same threads write them only "
                       "because the destinations start " +
                           std::to_string(laneDistance(prior, a)) +
                           " bytes apart, a multiple of " +
                           std::to_string(a.unit) + " bytes x " +
                           std::to_string(view.threads) +
                           " threads: at most sizes the plan accepts, "
                           "different threads do"
                     : std::string("different threads write them, in no "
                                   "fixed order"));
        else if (prior.agent == a.agent &&
                 (prior.unit == UnmappedLanes || a.unit == UnmappedLanes))
          os << ": no nop between them, and the bytes are off the 16-byte "
                "vector path (an operand not on a 16-byte boundary, bytes "
                "after the last whole unit, or a switch reduction of 32-bit "
                "integers, which goes element by element), where the two ops "
                "hand them to threads differently";
        else if (coincidentLanes(prior, a, view))
          os << ": no nop between them; at this size the same threads "
                "handle the bytes, but only because the two ops start "
             << laneDistance(prior, a) << " bytes apart, a multiple of "
             << a.unit << " bytes x " << view.threads
             << " threads: at most sizes the plan accepts, different "
                "threads do";
        else if (prior.agent == a.agent)
          os << ": no nop between them, and different threads "
                "handle the bytes";
        else if (prior.write && !prior.host && weaklyOrdered(prior, view))
          os << ": what orders them is a relaxed signal or a packet read, "
                "which carries the other op's reads but not its writes of "
                "this kernel (a packet's flag orders only its own payload); "
                "order the write with a signal/wait that is not relaxed, a "
                "barrier or a semaphore, or do both on one thread block";
        else if (prior.rank == a.rank && !prior.proxy && !prior.host)
          os << ": no barrier, semaphore (with a nop before the release "
                "and after the acquire) or packet orders the two thread "
                "blocks";
        else
          os << ": no signal/wait (with nops around it) orders them"
             << overtakeNote(prior);
        report(Finding::Kind::Race, &tb, &inst, os.str(), otherOf(prior));
      });
}

void Machine::checkOwnOverlap(Tb &tb, const Inst &inst, const Span &r,
                              const Span &w) {
  if (!races_ || r.rank != w.rank || r.space != w.space ||
      r.offset == w.offset || r.length == 0 || w.length == 0 ||
      r.offset >= w.offset + w.length || w.offset >= r.offset + r.length)
    return;
  // Unit u goes to thread u mod threads, each thread in increasing order.
  // Writing below the source is safe when every unit's reader is also the
  // thread that later overwrites it (offsets a multiple of unit x threads
  // apart); writing above it overwrites units before they are read.
  const uint64_t period = 16 * uint64_t(plan_.numThreadsPerBlock);
  std::ostringstream os;
  os << "reads " << where(r) << " (run " << tb.run + 1 << ") and writes "
     << where(w) << ", which overlap at another offset: the executor's "
     << "threads copy 16-byte units with no memmove semantics, so ";
  if (w.offset < r.offset && (r.offset - w.offset) % period == 0) {
    if (sameThreadsAtEverySize(r.offset - w.offset, period, tb.pipeHeader >= 0,
                               viewFor(tb.strong, tb.weak, r.rank)))
      return; // every unit's reader overwrites it, at every size
    // Right at this size only: the shift scales with the message size.
    os << "at this size each thread reads its units before it overwrites "
          "them, but only because the shift ("
       << r.offset - w.offset << " bytes) is a multiple of 16 bytes x "
       << plan_.numThreadsPerBlock
       << " threads: at most sizes the plan accepts, a unit may be "
          "overwritten by one thread before another reads it";
  } else if (w.offset > r.offset && (w.offset - r.offset) % period == 0)
    os << "each thread overwrites source units before it reads them";
  else
    os << "a unit may be overwritten by one thread before another reads it";
  // Within one op: its threads race with each other.
  report(Finding::Kind::Race, &tb, &inst, os.str(),
         Finding::Other{Finding::Agent::ThreadBlock, tb.rank, tb.id, inst.flat,
                        tb.run});
}

void Machine::touchAgent(int32_t agent, const Access &a, const Span &s,
                         const Clock &strong, const Clock &weak) {
  (void)agent;
  if (!races_ || s.length == 0)
    return;
  AgentView view = viewFor(strong, weak, s.rank);
  shadow_.access(
      size_t(s.rank) * 3 + s.space, s.offset, s.length, a, view,
      [&](const Access &prior, uint64_t from, uint64_t to) {
        Span shared{s.rank, s.space, from, to - from};
        Finding f;
        f.kind = Finding::Kind::Race;
        f.rank = prior.rank;
        f.tb = prior.tb;
        f.op = prior.op;
        f.run = prior.run;
        f.schedule = schedule_;
        f.agent = agentOf(prior);
        f.other = otherOf(a);
        nameOp(f);
        // The finding is placed at the earlier op (rank, tb, op above),
        // so the message starts with what that op did.
        std::string subject =
            prior.host
                ? "the host's " + std::string(prior.write ? "fill" : "check") +
                      " of rank " + std::to_string(prior.rank) + " "
            : prior.proxy ? "its port-channel transfer (done later by the "
                            "proxy) "
                          : std::string();
        f.message = subject + (prior.write ? "writes " : "reads ") +
                    where(shared) + " (run " + std::to_string(prior.run + 1) +
                    ")" + ", unordered with " + accessLabel(a) +
                    runOf(a, prior.run) + ", which " +
                    (a.write ? "writes" : "reads") +
                    " them: nothing makes the operation finish first" +
                    overtakeNote(prior.proxy ? prior : a);
        if (reported_.insert({int(f.kind), f.rank, f.tb, f.op < 0 ? -3 : f.op})
                .second)
          sink_(f);
      });
}

// ================================================================ packets

bool Machine::readPacket(const Span &base, uint64_t p, uint32_t runFlag,
                         uint8_t *payload) {
  PagedMemory &m = memory(base);
  uint32_t words[4];
  uint64_t at = base.offset + p * packetBytes();
  if (!m.contains(at, packetBytes()))
    return false;
  m.read(at, words, packetBytes());
  if (opts_.packet == PacketType::LL16) {
    if (words[1] != runFlag || words[3] != runFlag)
      return false;
    std::memcpy(payload, &words[0], 4);
    std::memcpy(payload + 4, &words[2], 4);
  } else {
    if (words[1] != runFlag)
      return false;
    std::memcpy(payload, &words[0], 4);
  }
  bytesMoved_ += payloadBytes();
  return true;
}

void Machine::writePacket(const Span &base, uint64_t p, uint32_t runFlag,
                          const uint8_t *payload) {
  uint32_t words[4], old[4];
  if (opts_.packet == PacketType::LL16) {
    std::memcpy(&words[0], payload, 4);
    words[1] = runFlag;
    std::memcpy(&words[2], payload + 4, 4);
    words[3] = runFlag;
  } else {
    std::memcpy(&words[0], payload, 4);
    words[1] = runFlag;
  }
  uint64_t at = base.offset + p * packetBytes();
  memory(base).read(at, old, packetBytes());
  if (std::memcmp(old, words, packetBytes()) != 0) {
    changedPackets_.insert({base.rank, int(base.space), base.offset});
    memory(base).write(at, words, packetBytes());
  }
}

void Machine::touchPackets(Tb &tb, const Inst &inst, const Span &part,
                           const Span &base, const Span *from) {
  // Rewriting slots with the bytes they hold changes nothing a reader can
  // see (a rank's multicast that includes itself does this).
  if (!changedPackets_.count({base.rank, int(base.space), base.offset}))
    return;
  touch(tb, inst, part, true, packetBytes(), base.offset, PacketAccess::Write);
  std::optional<PacketSource> source;
  if (from && races_) // the clocks exist only when races are checked
    source = PacketSource{tb.agent,    inst.flat,   tb.strong[size_t(tb.agent)],
                          from->rank,  from->space, base.offset,
                          from->offset};
  notePacketWriter(tb, part, std::move(source));
}

std::vector<CarriedRead> Machine::carriedReads(const Tb &tb, const Span &read,
                                               const Span &written) const {
  std::vector<CarriedRead> carried;
  if (!races_ || read.length == 0)
    return carried;
  const uint64_t pkt = packetBytes(), pay = payloadBytes();
  const auto &m = packetWriters_[size_t(read.rank) * 3 + read.space];
  const uint64_t end = read.offset + read.length;
  auto it = m.upper_bound(read.offset);
  if (it != m.begin())
    --it;
  for (; it != m.end() && it->first < end; ++it) {
    const std::optional<PacketSource> &src = it->second.source;
    const uint64_t from = std::max(it->first, read.offset),
                   to = std::min(it->second.end, end);
    if (from >= to || !src || src->agent != tb.agent ||
        src->rank != written.rank || src->space != written.space ||
        from < src->packetOrigin || (from - src->packetOrigin) % pkt != 0 ||
        (from - read.offset) % pkt != 0)
      continue;
    // Both ops map slots to bytes with the same stride, so they agree on
    // every slot when they agree on the first.
    const uint64_t stored =
                       src->dataOrigin + (from - src->packetOrigin) / pkt * pay,
                   mine = written.offset + (from - read.offset) / pkt * pay;
    if (stored == mine)
      carried.push_back(CarriedRead{mine, mine + (to - from) / pkt * pay,
                                    src->op, src->tick});
  }
  return carried;
}

void Machine::notePacketWriter(const Span &s, ClockRef strong, ClockRef weak,
                               std::optional<PacketSource> source,
                               int32_t run) {
  if (!races_ || s.length == 0)
    return;
  auto &m = packetWriters_[size_t(s.rank) * 3 + s.space];
  uint64_t end = s.offset + s.length;
  // Slots that already held a store of this run's flag may have been read
  // from that earlier store, which did not come from this store's reads:
  // the new store carries no reads to a writer then (PacketSource).
  if (source) {
    auto at = m.upper_bound(s.offset);
    if (at != m.begin())
      --at;
    for (; at != m.end() && at->first < end; ++at)
      if (at->second.end > s.offset &&
          (at->second.run < 0 || at->second.run == run)) {
        source.reset();
        break;
      }
  }
  // Cut the segments the new one overlaps.
  auto it = m.upper_bound(s.offset);
  if (it != m.begin()) {
    auto prev = std::prev(it);
    if (prev->second.end > s.offset) {
      if (prev->second.end > end)
        m.emplace(end, PacketSegment{prev->second.end, prev->second.strong,
                                     prev->second.weak, prev->second.source,
                                     prev->second.run});
      prev->second.end = s.offset;
      if (prev->first == prev->second.end)
        m.erase(prev);
    }
  }
  for (it = m.lower_bound(s.offset); it != m.end() && it->first < end;) {
    if (it->second.end > end) {
      PacketSegment tail{it->second.end, it->second.strong, it->second.weak,
                         it->second.source, it->second.run};
      m.erase(it);
      m.emplace(end, tail);
      break;
    }
    it = m.erase(it);
  }
  m.emplace(s.offset, PacketSegment{end, std::move(strong), std::move(weak),
                                    std::move(source), run});
}

void Machine::joinPacketWriters(Tb &tb, const Span &s) {
  if (!races_ || s.length == 0)
    return;
  auto &m = packetWriters_[size_t(s.rank) * 3 + s.space];
  uint64_t end = s.offset + s.length;
  auto it = m.upper_bound(s.offset);
  if (it != m.begin())
    --it;
  for (; it != m.end() && it->first < end; ++it)
    if (it->second.end > s.offset) {
      // A packet read acquires what its writer published (§6.3 rule 6);
      // the payload itself is ordered by the flag (Access::packetRead).
      if (it->second.strong) {
        joinInto(tb.strong, *it->second.strong);
        joinInto(tb.weak, *it->second.strong);
      }
      if (it->second.weak)
        joinInto(tb.weak, *it->second.weak);
    }
}

// ============================================================== findings

const Inst *Machine::findInst(int32_t rank, int32_t tb, int32_t flat) const {
  if (rank < 0 || size_t(rank) >= rankTbs_.size())
    return nullptr;
  for (int32_t a : rankTbs_[size_t(rank)])
    if (tbs_[size_t(a)].id == tb)
      for (const Inst &i : tbs_[size_t(a)].prog)
        if (i.flat == flat)
          return &i;
  return nullptr;
}

void Machine::nameOp(Finding &f) const {
  if (f.tb < 0)
    return;
  if (const Inst *i = findInst(f.rank, f.tb, f.op)) {
    f.opName = std::string(toString(i->op->kind));
    f.loc = i->op->loc;
  }
}

void Machine::checkWholeElements(const Tb &tb, const Inst &inst,
                                 std::span<const Span> spans, uint64_t size) {
  const uint64_t e = elementSize(opts_.dtype);
  auto cut = std::find_if(spans.begin(), spans.end(),
                          [&](const Span &s) { return s.offset % e != 0; });
  if (cut == spans.end() && size % e == 0)
    return;
  static const char *names[] = {"input", "output", "scratch"};
  const Span &at = cut == spans.end() ? spans.front() : *cut;
  report(Finding::Kind::Result, &tb, &inst,
         "reduces bytes [" + std::to_string(at.offset) + ", " +
             std::to_string(at.offset + size) + ") of rank " +
             std::to_string(at.rank) + "'s " + names[at.space] +
             ": the range starts or ends inside an element (" +
             std::string(toString(opts_.dtype)) + ": " + std::to_string(e) +
             " bytes), and the elements it cuts are not reduced as elements. "
             "Make thread-block-group slices and pipeline units multiples "
             "of the element size (buffer_alignment, unit_size), or check "
             "this size with --dtype u8");
}

std::string Machine::overtakeNote(const Access &a) const {
  if (!a.proxy)
    return {};
  auto it = overtaken_.find(std::tuple(a.rank, a.tb, a.op, a.run));
  if (it == overtaken_.end())
    return {};
  return " (op " + std::to_string(it->second.first) + "'s " +
         (it->second.second ? "signal" : "flush") +
         " on the same port channel may reach the proxy before "
         "this transfer: different threads push the two, and no nop between "
         "the ops orders their pushes)";
}

std::string Machine::accessLabel(const Access &a) const {
  if (a.host)
    return "the host's " + std::string(a.write ? "fill" : "check") +
           " of rank " + std::to_string(a.rank) + " in run " +
           std::to_string(a.run + 1);
  if (a.proxy)
    return "rank " + std::to_string(a.rank) + "'s port proxy (for " +
           opLabel(a.rank, a.tb, a.op) + ")";
  return opLabel(a.rank, a.tb, a.op);
}

std::string Machine::runOf(const Access &a, int32_t run) {
  if (a.host || a.run == run)
    return "";
  return " in run " + std::to_string(a.run + 1);
}

std::string Machine::opLabel(int32_t rank, int32_t tb, int32_t flat) const {
  const Inst *i = findInst(rank, tb, flat);
  std::string name = i ? std::string(toString(i->op->kind)) : "?";
  return "rank " + std::to_string(rank) + " tb " + std::to_string(tb) + " op " +
         std::to_string(flat) + " (" + name + ")";
}

void Machine::report(Finding::Kind kind, const Tb *tb, const Inst *inst,
                     std::string message, std::optional<Finding::Other> other) {
  Finding f;
  f.kind = kind;
  f.schedule = schedule_;
  f.other = other;
  if (tb) {
    f.rank = tb->rank;
    f.tb = tb->id;
    f.run = tb->run;
  }
  if (inst) {
    f.op = inst->flat;
    f.opName = std::string(toString(inst->op->kind));
    f.loc = inst->op->loc;
  }
  f.message = std::move(message);
  if (reported_.insert({int(kind), f.rank, f.tb, f.op}).second)
    sink_(std::move(f));
}

void Machine::defect(const Tb &tb, const Inst &inst,
                     const std::string &message) {
  if (opts_.semantics != Semantics::Executor)
    return;
  report(Finding::Kind::Defect, &tb, &inst, message);
}

void Machine::pushTrigger(Tb &tb, const Inst &inst, Trigger t, size_t lane) {
  Proxy &proxy = proxies_[size_t(tb.rank)];
  t.tb = tb.id;
  t.op = inst.flat;
  t.run = tb.run;
  t.lane = uint32_t(lane);
  t.syncs = tb.syncs;
  t.iter = tb.iter;
  if (races_) {
    t.strong = publishedClock(tb, false, lane);
    t.weak = publishedClock(tb, true, lane);
    t.start = tb.kernelStart;
  }
  // Nothing orders one thread's push with another thread's push of an
  // earlier op unless a __syncthreads lies between them (§3.1: no sync
  // between ops): thread 0's signal may reach the FIFO before thread 1's
  // put of the op before. Queue the trigger ahead of the trailing pushes
  // it may overtake, the order a lagging thread gives, so that a flag
  // that can outrun a transfer on its connection is seen to. The other
  // threads of its own op push in any order too, so on odd schedules a
  // trigger passes theirs as well (thread 3 of a signal then overtakes the
  // put of the op before as thread 0 does); on even ones it stops at them,
  // which leaves the earlier threads' flags ahead of it, an order that
  // finds other races (a transfer outliving the kernel). A flush's or
  // pwsf's triggers keep their op's order: the op waits for the proxy to
  // pass its last one (tb.fifoPosition), which must be the furthest.
  const bool passOwnOp = schedule_ % 2 == 1 && !t.sync;
  auto mayOvertake = [&](const Trigger &queued) {
    return queued.tb == t.tb && queued.run == t.run &&
           queued.syncs == t.syncs && queued.lane != t.lane &&
           (passOwnOp || queued.op != t.op || queued.iter != t.iter);
  };
  size_t at = proxy.fifo.size();
  while (at > 0 && mayOvertake(proxy.fifo[at - 1]))
    --at;
  if (t.flag || t.sync)
    for (size_t i = at; i < proxy.fifo.size(); ++i) {
      const Trigger &q = proxy.fifo[i];
      if (q.data && q.gpuChannel == t.gpuChannel)
        overtaken_.emplace(std::tuple(tb.rank, q.tb, q.op, q.run),
                           std::pair(t.op, t.flag));
    }
  ++proxy.pushed;
  t.position = at < proxy.fifo.size() ? proxy.fifo[at].position : proxy.pushed;
  for (size_t i = at; i < proxy.fifo.size(); ++i)
    ++proxy.fifo[i].position; // positions stay in FIFO order
  tb.fifoPosition = t.position;
  proxy.fifo.insert(proxy.fifo.begin() + std::ptrdiff_t(at), std::move(t));
  activate(proxy.agent);
}

Trigger Machine::dataTrigger(const Span &s, const Span &d, uint64_t length,
                             uint32_t unit) {
  Trigger t;
  t.data = true;
  t.srcRank = s.rank;
  t.srcSpace = s.space;
  t.srcOff = s.offset;
  t.dstRank = d.rank;
  t.dstSpace = d.space;
  t.dstOff = d.offset;
  t.length = length;
  t.unit = unit;
  return t;
}

void Machine::recordSignal(ChannelState &theirs, const ClockRef &strong,
                           const ClockRef &weak, const ClockRef &start) {
  ++theirs.inbound;
  if (!races_)
    return; // the clocks are empty then
  const SignalRecord *prev =
      theirs.signals.empty() ? nullptr : &theirs.signals.back();
  // A signaller's clocks only grow, so the new one usually holds the
  // earlier ones: then it is the record itself, shared, not a copy.
  auto cumulate = [](const ClockRef &prior, const ClockRef &add) {
    if (!prior || covers(*add, *prior))
      return add;
    auto c = std::make_shared<Clock>(*add);
    joinInto(*c, *prior);
    return ClockRef(c);
  };
  SignalRecord rec;
  rec.strong = cumulate(prev ? prev->strong : nullptr, strong);
  rec.weak = cumulate(prev ? prev->weak : nullptr, weak);
  rec.start = cumulate(prev ? prev->start : nullptr, start);
  theirs.signals.push_back(std::move(rec));
}

ReduceOp Machine::reduceOpOf(const Tb &tb, const Inst &inst) {
  ReduceOp rop = inst.op->reduceOp.value_or(ReduceOp::Sum);
  if (rop == ReduceOp::Sum)
    return rop;
  defect(tb, inst,
         std::string("reduce_op ") + std::string(toString(rop)) +
             " is ignored by the 0.9.0 executor, which always sums (Q12)");
  return opts_.semantics == Semantics::Executor ? ReduceOp::Sum : rop;
}

// ============================================================== op kinds

Machine::Step Machine::doCopyLike(Tb &tb, const Inst &inst) {
  const Op &op = *inst.op;
  if (op.src.empty() || op.dst.empty())
    return Step::Progress;
  Address src = resolve(ctx_, tb.rank, tb.id, op, Operand::Src, 0);
  Address dst = resolve(ctx_, tb.rank, tb.id, op, Operand::Dst, 0);
  uint64_t size = pipelinedSize(tb, inst, src.length);
  if (size == 0)
    return Step::Progress;
  Span s = place(tb, src, size, pipelineOffset(tb, src));
  Span d = place(tb, dst, size, pipelineOffset(tb, dst));
  if (!inBounds(tb, inst, s, false) || !inBounds(tb, inst, d, true))
    return Step::Progress;
  const CopyLanes lanes = copyLanes(s, d, size);
  touch(tb, inst, s, false, lanes.unit, s.offset, PacketAccess::None,
        lanes.shape);
  touch(tb, inst, d, true, lanes.unit, d.offset, PacketAccess::None,
        lanes.shape);
  checkOwnOverlap(tb, inst, s, d);
  tmp_.resize(size);
  read(s, tmp_.data());
  write(d, tmp_.data());
  return Step::Progress;
}

Machine::Step Machine::doPut(Tb &tb, const Inst &inst) {
  const Op &op = *inst.op;
  const bool intended = opts_.semantics == Semantics::Intended;
  if (op.channelType == ChannelType::Port) {
    // Thread i pushes one trigger on channel_ids[i]; the proxy moves the
    // data later (§3.4).
    if (!tb.opStarted) {
      tb.opStarted = true;
      tb.syncPositions.clear();
      auto ends = channelEnds(tb, op, ChannelType::Port);
      for (size_t i = 0; i < op.dst.size(); ++i) {
        Address src = resolve(ctx_, tb.rank, tb.id, op, Operand::Src,
                              std::min(i, op.src.size() - 1));
        Address dst = resolve(ctx_, tb.rank, tb.id, op, Operand::Dst, i);
        uint64_t size = pipelinedSize(tb, inst, dst.length);
        Span s = place(tb, src, size, pipelineOffset(tb, src));
        Span d = place(tb, dst, size, pipelineOffset(tb, dst));
        Trigger t = dataTrigger(s, d, size, 16);
        t.flag = op.kind != OpKind::Put;
        t.sync = op.kind == OpKind::Pwsf;
        t.gpuChannel = i < ends.size() ? ends[i].gpuChannel : -1;
        pushTrigger(tb, inst, std::move(t), i);
        if (op.kind == OpKind::Pwsf)
          tb.syncPositions.push_back(tb.fifoPosition);
      }
    }
    if (op.kind != OpKind::Pwsf)
      return Step::Progress;
    // pwsf: the pushing thread waits until the proxy has flushed it.
    Proxy &proxy = proxies_[size_t(tb.rank)];
    if (proxy.processed < tb.fifoPosition) {
      tb.blockedOn = "its pwsf waits for the port proxy to flush trigger " +
                     std::to_string(tb.fifoPosition) +
                     " (done: " + std::to_string(proxy.processed) + ")";
      park(tb.agent, makeKey(KeyKind::Flush, tb.rank, 0));
      return Step::Blocked;
    }
    acquireFlushes(tb, proxy);
    return Step::Progress;
  }
  // Memory channel: every thread copies; pws/pwsf send no signal (Q12).
  for (size_t i = 0; i < op.dst.size(); ++i) {
    Address srcI = resolve(ctx_, tb.rank, tb.id, op, Operand::Src,
                           std::min(i, op.src.size() - 1));
    if (!intended && !op.src.empty()) {
      // The base comes from entry 0, the offset from entry i (§3.4).
      takeBufferOf(srcI, resolve(ctx_, tb.rank, tb.id, op, Operand::Src, 0));
    }
    Address dst = resolve(ctx_, tb.rank, tb.id, op, Operand::Dst, i);
    uint64_t size = pipelinedSize(tb, inst, dst.length);
    if (size == 0)
      continue;
    Span s = place(tb, srcI, size, pipelineOffset(tb, srcI));
    Span d = place(tb, dst, size, pipelineOffset(tb, dst));
    if (!inBounds(tb, inst, s, false) || !inBounds(tb, inst, d, true))
      continue;
    const CopyLanes lanes = copyLanes(s, d, size);
    touch(tb, inst, s, false, lanes.unit, s.offset, PacketAccess::None,
          lanes.shape);
    touch(tb, inst, d, true, lanes.unit, d.offset, PacketAccess::None,
          lanes.shape);
    tmp_.resize(size);
    read(s, tmp_.data());
    write(d, tmp_.data());
  }
  if (op.kind != OpKind::Put) {
    defect(tb, inst,
           std::string(toString(op.kind)) +
               " on a memory channel sends no signal in the 0.9.0 executor "
               "(Q12): use put, then signal");
    if (intended)
      signalAfterMemoryPut(tb, inst);
  }
  return Step::Progress;
}

Machine::Step Machine::doGet(Tb &tb, const Inst &inst) {
  const Op &op = *inst.op;
  const bool intended = opts_.semantics == Semantics::Intended;
  for (size_t i = 0; i < op.src.size() && i < op.dst.size(); ++i) {
    Address remote = resolve(ctx_, tb.rank, tb.id, op, Operand::Src, i);
    Address local = resolve(ctx_, tb.rank, tb.id, op, Operand::Dst, i);
    if (remote.chunkOffset != local.chunkOffset) {
      defect(tb, inst,
             "get reads the peer at the destination's offset and writes at "
             "the source's in the 0.9.0 executor (Q2); here they differ (" +
                 std::to_string(remote.chunkOffset) + " and " +
                 std::to_string(local.chunkOffset) + ")");
      if (!intended)
        std::swap(remote.chunkOffset, local.chunkOffset);
    }
    uint64_t size = pipelinedSize(tb, inst, remote.length);
    if (size == 0)
      continue;
    // The swap takes the pipeline offsets along, each wrapped by its own
    // end's buffer type: they differ under reuse_resources when one end is
    // scratch and the iteration passes the slot.
    uint64_t remotePipe = pipelineOffset(tb, remote),
             localPipe = pipelineOffset(tb, local);
    if (remotePipe != localPipe) {
      defect(tb, inst,
             "get reads the peer at the destination's offset and writes at "
             "the source's in the 0.9.0 executor (Q2), pipeline offsets "
             "included: in this pipeline iteration the reuse_resources slot "
             "wraps the " +
                 std::string(remote.scratch ? "peer's" : "destination's") +
                 " scratch offset and not the other end's (the peer's " +
                 std::to_string(remotePipe) + ", the destination's " +
                 std::to_string(localPipe) + ")");
      if (!intended)
        std::swap(remotePipe, localPipe);
    }
    Span s = place(tb, remote, size, remotePipe);
    Span d = place(tb, local, size, localPipe);
    if (!inBounds(tb, inst, s, false) || !inBounds(tb, inst, d, true))
      continue;
    const CopyLanes lanes = copyLanes(s, d, size);
    touch(tb, inst, s, false, lanes.unit, s.offset, PacketAccess::None,
          lanes.shape);
    touch(tb, inst, d, true, lanes.unit, d.offset, PacketAccess::None,
          lanes.shape);
    tmp_.resize(size);
    read(s, tmp_.data());
    write(d, tmp_.data());
  }
  return Step::Progress;
}

Machine::Step Machine::doReduce(Tb &tb, const Inst &inst) {
  const Op &op = *inst.op;
  if (op.src.empty() || op.dst.empty())
    return Step::Progress;
  ReduceOp rop = reduceOpOf(tb, inst);
  Address first = resolve(ctx_, tb.rank, tb.id, op, Operand::Src, 0);
  uint64_t size = pipelinedSize(tb, inst, first.length);
  if (size == 0)
    return Step::Progress;
  size_t e = elementSize(opts_.dtype);
  std::vector<Span> srcs;
  for (size_t j = 0; j < op.src.size(); ++j) {
    Address a = resolve(ctx_, tb.rank, tb.id, op, Operand::Src, j);
    uint64_t pipe = pipelineOffset(tb, a);
    if (j > 0 && (op.kind == OpKind::Re || op.kind == OpKind::Res)) {
      const uint64_t executorPipe = executorReduceSourceOffset(tb, op, j);
      if (executorPipe != pipe) {
        defect(tb, inst,
               std::string(toString(op.kind)) +
                   " in the 0.9.0 executor streams source " +
                   std::to_string(j) +
                   " through the reuse_resources slot by the buffer type "
                   "of destination " +
                   std::to_string(j) +
                   ", not its own: in this pipeline iteration it reads "
                   "that source at offset " +
                   std::to_string(executorPipe) + " instead of " +
                   std::to_string(pipe));
        if (opts_.semantics == Semantics::Executor)
          pipe = executorPipe;
      }
    }
    srcs.push_back(place(tb, a, size, pipe));
  }
  std::vector<Span> dsts;
  size_t ndst =
      (op.kind == OpKind::Res || op.kind == OpKind::Rres) ? op.dst.size() : 1;
  for (size_t j = 0; j < ndst; ++j) {
    Address a = resolve(ctx_, tb.rank, tb.id, op, Operand::Dst, j);
    dsts.push_back(place(tb, a, size, pipelineOffset(tb, a)));
  }
  const uint32_t lanes =
      std::all_of(srcs.begin(), srcs.end(), onBoundary) &&
              std::all_of(dsts.begin(), dsts.end(), onBoundary)
          ? 16
          : UnmappedLanes;
  if (size % 16 != 0 || lanes != 16)
    defect(tb, inst,
           "a reduction over sizes or offsets that are not multiples of 16 "
           "bytes takes the 0.9.0 executor's buggy tail path (Q7); simulated "
           "as intended");
  for (const Span &s : srcs)
    if (!inBounds(tb, inst, s, false))
      return Step::Progress;
  for (const Span &d : dsts)
    if (!inBounds(tb, inst, d, true))
      return Step::Progress;
  checkWholeElements(tb, inst, srcs, size);
  checkWholeElements(tb, inst, dsts, size);
  for (const Span &s : srcs)
    touch(tb, inst, s, false, lanes, s.offset);
  tmp_.resize(size);
  tmp2_.resize(size);
  read(srcs[0], tmp_.data());
  for (size_t j = 1; j < srcs.size(); ++j) {
    if (srcs[j].offset % e == 0) {
      // Combine straight from the source's pages.
      memory(srcs[j]).forEachPiece(
          srcs[j].offset, size, [&](uint8_t *bytes, uint64_t n, uint64_t done) {
            reduceInto(tmp_.data() + done, bytes, n / e, opts_.dtype, rop);
          });
      bytesMoved_ += size;
    } else {
      read(srcs[j], tmp2_.data());
      reduceInto(tmp_.data(), tmp2_.data(), size / e, opts_.dtype, rop);
    }
  }
  // Every destination against every source: a remote destination may be
  // on the rank of a remote source (checkOwnOverlap skips other ranks).
  for (const Span &s : srcs)
    for (const Span &d : dsts)
      checkOwnOverlap(tb, inst, s, d);
  for (const Span &d : dsts) {
    touch(tb, inst, d, true, lanes, d.offset);
    write(d, tmp_.data());
  }
  return Step::Progress;
}

Machine::Step Machine::doPacket(Tb &tb, const Inst &inst) {
  const Op &op = *inst.op;
  const uint32_t pay = payloadBytes(), pkt = packetBytes();
  const uint32_t runFlag = flag(tb.run);
  const size_t e = elementSize(opts_.dtype);
  auto resolveAt = [&](Operand w, size_t i) {
    return resolve(ctx_, tb.rank, tb.id, op, w, i);
  };
  // Packet ops ignore the pipeline iteration (§3.8).
  auto dataSpan = [&](const Address &a, uint64_t bytes) {
    return place(tb, a, bytes, 0);
  };
  auto packetSpan = [&](const Address &a, uint64_t packets) {
    return place(tb, a, packets * pkt, 0);
  };
  auto blockOnPacket = [&](const Span &at, uint64_t p) {
    tb.blockedOn = "waits for packet " + std::to_string(p) + " at " +
                   where(Span{at.rank, at.space, at.offset + p * pkt, pkt}) +
                   " to carry flag " + std::to_string(runFlag);
    park(tb.agent, makeKey(KeyKind::Packet, at.rank, 0));
    return Step::Blocked;
  };
  tb.opStarted = true;
  std::vector<uint8_t> payload(pay), other(pay);

  switch (op.kind) {
  case OpKind::Cpkt: {
    Address src = resolveAt(Operand::Src, 0), dst = resolveAt(Operand::Dst, 0);
    uint64_t n = src.length / pay;
    Span s = dataSpan(src, n * pay), d = packetSpan(dst, n);
    if (!inBounds(tb, inst, s, false) || !inBounds(tb, inst, d, true))
      return Step::Progress;
    touch(tb, inst, s, false, pay, s.offset);
    for (uint64_t p = 0; p < n; ++p) {
      memory(s).read(s.offset + p * pay, payload.data(), pay);
      bytesMoved_ += pay;
      writePacket(d, p, runFlag, payload.data());
    }
    touchPackets(tb, inst, d, d, &s);
    wakeRank(KeyKind::Packet, d.rank);
    return Step::Progress;
  }
  case OpKind::Upkt: {
    Address src = resolveAt(Operand::Src, 0), dst = resolveAt(Operand::Dst, 0);
    uint64_t n = src.length / pay;
    Span s = packetSpan(src, n), d = dataSpan(dst, n * pay);
    if (!inBounds(tb, inst, s, false) || !inBounds(tb, inst, d, true))
      return Step::Progress;
    uint64_t p0 = tb.progress, p = p0;
    for (; p < n; ++p) {
      if (!readPacket(s, p, runFlag, payload.data()))
        break;
      memory(d).write(d.offset + p * pay, payload.data(), pay);
    }
    Span readPart{s.rank, s.space, s.offset + p0 * pkt, (p - p0) * pkt};
    Span wrote{d.rank, d.space, d.offset + p0 * pay, (p - p0) * pay};
    joinPacketWriters(tb, readPart);
    touchPacketRead(tb, inst, readPart, s.offset);
    const std::vector<CarriedRead> carried = carriedReads(tb, readPart, wrote);
    touch(tb, inst, wrote, true, pay, d.offset, PacketAccess::None, 0,
          &carried);
    tb.progress = p;
    if (p < n)
      return blockOnPacket(s, p);
    return Step::Progress;
  }
  case OpKind::Ppkt: {
    if (op.channelType == ChannelType::Port) {
      // A raw packet-space copy through the proxy (§3.8).
      auto ends = channelEnds(tb, op, ChannelType::Port);
      for (size_t i = 0; i < op.dst.size(); ++i) {
        Address src = resolveAt(Operand::Src, std::min(i, op.src.size() - 1));
        Address dst = resolveAt(Operand::Dst, i);
        uint64_t n = src.length / pay;
        Span s = packetSpan(src, n), d = packetSpan(dst, n);
        Trigger t = dataTrigger(s, d, n * pkt, pkt);
        t.packets = true;
        t.gpuChannel = i < ends.size() ? ends[i].gpuChannel : -1;
        pushTrigger(tb, inst, std::move(t), i);
      }
      return Step::Progress;
    }
    for (size_t i = 0; i < op.dst.size(); ++i) {
      Address src = resolveAt(Operand::Src, std::min(i, op.src.size() - 1));
      // As a memory put: the base comes from entry 0, the offset from
      // entry i (executor-semantics §3.8).
      if (opts_.semantics != Semantics::Intended && !op.src.empty())
        takeBufferOf(src, resolveAt(Operand::Src, 0));
      Address dst = resolveAt(Operand::Dst, i);
      uint64_t n = src.length / pay;
      Span s = dataSpan(src, n * pay), d = packetSpan(dst, n);
      if (!inBounds(tb, inst, s, false) || !inBounds(tb, inst, d, true))
        continue;
      touch(tb, inst, s, false, pay, s.offset);
      for (uint64_t p = 0; p < n; ++p) {
        memory(s).read(s.offset + p * pay, payload.data(), pay);
        bytesMoved_ += pay;
        writePacket(d, p, runFlag, payload.data());
      }
      touchPackets(tb, inst, d, d, &s);
      wakeRank(KeyKind::Packet, d.rank);
    }
    return Step::Progress;
  }
  case OpKind::Rppkt: {
    Address src = resolveAt(Operand::Src, 0);
    uint64_t n = src.length / pay;
    Span s = packetSpan(src, n);
    if (!inBounds(tb, inst, s, false))
      return Step::Progress;
    // Read (and, for memory, forward) packets as they arrive.
    uint64_t p0 = tb.progress, p = p0;
    std::vector<Span> dsts;
    for (size_t i = 0; i < op.dst.size(); ++i)
      dsts.push_back(packetSpan(resolveAt(Operand::Dst, i), n));
    bool port = op.channelType == ChannelType::Port;
    for (; p < n; ++p) {
      if (!readPacket(s, p, runFlag, payload.data()))
        break;
      if (!port)
        for (const Span &d : dsts)
          if (valid(d))
            writePacket(d, p, runFlag, payload.data());
    }
    Span readPart{s.rank, s.space, s.offset + p0 * pkt, (p - p0) * pkt};
    joinPacketWriters(tb, readPart);
    touchPacketRead(tb, inst, readPart, s.offset);
    if (!port)
      for (const Span &d : dsts) {
        if (!inBounds(tb, inst, d, true))
          continue;
        Span part{d.rank, d.space, d.offset + p0 * pkt, (p - p0) * pkt};
        touchPackets(tb, inst, part, d);
        // Only packets written wake the peer's readers: two readers that
        // forward to each other and wake each other on every empty poll
        // would never park, and a deadlock would run to the step limit.
        if (p > p0)
          wakeRank(KeyKind::Packet, d.rank);
      }
    tb.progress = p;
    if (p < n)
      return blockOnPacket(s, p);
    if (port) {
      // Every packet is valid: __syncthreads, then push the raw copies.
      syncThreads(tb);
      auto ends = channelEnds(tb, op, ChannelType::Port);
      for (size_t i = 0; i < dsts.size(); ++i) {
        Trigger t = dataTrigger(s, dsts[i], n * pkt, pkt);
        t.packets = true;
        t.gpuChannel = i < ends.size() ? ends[i].gpuChannel : -1;
        pushTrigger(tb, inst, std::move(t), i);
      }
    }
    return Step::Progress;
  }
  case OpKind::Repkt:
  case OpKind::Respkt:
  case OpKind::Recpkt:
  case OpKind::Recspkt: {
    ReduceOp rop = reduceOpOf(tb, inst);
    bool copies = op.kind == OpKind::Recpkt || op.kind == OpKind::Recspkt;
    bool sends = op.kind == OpKind::Respkt || op.kind == OpKind::Recspkt;
    Address local = resolveAt(Operand::Src, 0);
    uint64_t n = local.length / pay;
    Span l = dataSpan(local, n * pay);
    std::vector<Span> ins;
    for (size_t j = 1; j < op.src.size(); ++j)
      ins.push_back(packetSpan(resolveAt(Operand::Src, j), n));
    Span d0 = dataSpan(resolveAt(Operand::Dst, 0), n * pay);
    std::optional<Span> copy;
    if (copies && op.dst.size() > 1)
      copy = packetSpan(resolveAt(Operand::Dst, 1), n);
    std::vector<Span> remotes;
    if (sends)
      for (size_t j = copies ? 2 : 1; j < op.dst.size(); ++j)
        remotes.push_back(packetSpan(resolveAt(Operand::Dst, j), n));
    if (!inBounds(tb, inst, l, false) || !inBounds(tb, inst, d0, true))
      return Step::Progress;
    for (const Span &s : ins)
      if (!inBounds(tb, inst, s, false))
        return Step::Progress;
    if (copy && !inBounds(tb, inst, *copy, true))
      return Step::Progress;
    for (const Span &r : remotes)
      if (!inBounds(tb, inst, r, true))
        return Step::Progress;
    checkWholeElements(tb, inst, std::array{l, d0}, n * pay);
    uint64_t p0 = tb.progress, p = p0;
    for (; p < n; ++p) {
      bool ready = true;
      for (const Span &s : ins)
        if (!readPacket(s, p, runFlag, other.data())) {
          ready = false;
          break;
        }
      if (!ready)
        break;
      // ((0 (+) pkt1) (+) pkt2 ...) (+) local (§3.8); min/max start from
      // the first operand instead of 0.
      bool first = true;
      for (const Span &s : ins) {
        readPacket(s, p, runFlag, other.data());
        if (first && rop != ReduceOp::Sum)
          payload = other;
        else if (first)
          std::fill(payload.begin(), payload.end(), 0),
              reduceInto(payload.data(), other.data(), pay / e, opts_.dtype,
                         rop);
        else
          reduceInto(payload.data(), other.data(), pay / e, opts_.dtype, rop);
        first = false;
      }
      memory(l).read(l.offset + p * pay, other.data(), pay);
      bytesMoved_ += pay;
      if (first)
        payload = other;
      else
        reduceInto(payload.data(), other.data(), pay / e, opts_.dtype, rop);
      memory(d0).write(d0.offset + p * pay, payload.data(), pay);
      if (copy)
        writePacket(*copy, p, runFlag, payload.data());
      for (const Span &r : remotes)
        writePacket(r, p, runFlag, payload.data());
    }
    uint64_t done = p - p0;
    const Span wrote{d0.rank, d0.space, d0.offset + p0 * pay, done * pay};
    std::vector<CarriedRead> carried;
    for (const Span &s : ins) {
      Span part{s.rank, s.space, s.offset + p0 * pkt, done * pkt};
      joinPacketWriters(tb, part);
      touchPacketRead(tb, inst, part, s.offset);
      // Each result element waits for its packet in every input.
      for (const CarriedRead &c : carriedReads(tb, part, wrote))
        carried.push_back(c);
    }
    touch(tb, inst, Span{l.rank, l.space, l.offset + p0 * pay, done * pay},
          false, pay, l.offset);
    touch(tb, inst, wrote, true, pay, d0.offset, PacketAccess::None, 0,
          &carried);
    // Packet k holds the result made from local element k.
    auto wrotePackets = [&](const Span &s) {
      Span part{s.rank, s.space, s.offset + p0 * pkt, done * pkt};
      touchPackets(tb, inst, part, s, &l);
      if (done)
        wakeRank(KeyKind::Packet, s.rank);
    };
    if (copy)
      wrotePackets(*copy);
    for (const Span &r : remotes)
      wrotePackets(r);
    tb.progress = p;
    if (p < n) {
      for (const Span &s : ins)
        if (!readPacket(s, p, runFlag, other.data()))
          return blockOnPacket(s, p);
    }
    return Step::Progress;
  }
  case OpKind::Gstorepkt: {
    std::vector<int32_t> group;
    Address src = resolveAt(Operand::Src, 0);
    Address dst = resolve(ctx_, tb.rank, tb.id, op, Operand::Dst, 0, &group);
    uint64_t n = src.length / pay;
    Span s = packetSpan(src, n);
    if (!inBounds(tb, inst, s, false))
      return Step::Progress;
    std::vector<Span> dsts;
    for (int32_t m : group) {
      Address a = dst;
      a.rank = m;
      Span d = packetSpan(a, n);
      if (inBounds(tb, inst, d, true))
        dsts.push_back(d);
    }
    uint64_t p0 = tb.progress, p = p0;
    for (; p < n; ++p) {
      if (!readPacket(s, p, runFlag, payload.data()))
        break;
      for (const Span &d : dsts)
        writePacket(d, p, runFlag, payload.data());
    }
    Span readPart{s.rank, s.space, s.offset + p0 * pkt, (p - p0) * pkt};
    joinPacketWriters(tb, readPart);
    touchPacketRead(tb, inst, readPart, s.offset);
    for (const Span &d : dsts) {
      Span part{d.rank, d.space, d.offset + p0 * pkt, (p - p0) * pkt};
      touchPackets(tb, inst, part, d);
      if (p > p0) // as read_put_packets: no wake for an empty poll
        wakeRank(KeyKind::Packet, d.rank);
    }
    tb.progress = p;
    if (p < n)
      return blockOnPacket(s, p);
    return Step::Progress;
  }
  default:
    return Step::Progress;
  }
}

// tmp_ = the reduction over every member of `group` of the multicast
// range `src` (a template whose rank is set per member), as a multimem
// ld_reduce does (§3.9); false when a member's range is out of bounds.
bool Machine::reduceOverGroup(Tb &tb, const Inst &inst, const Address &src,
                              const std::vector<int32_t> &group, uint64_t size,
                              uint32_t lanes) {
  ReduceOp rop = reduceOpOf(tb, inst);
  tmp2_.resize(size);
  bool first = true;
  for (int32_t m : group) {
    Address a = src;
    a.rank = m;
    Span s = place(tb, a, size, pipelineOffset(tb, src));
    if (!inBounds(tb, inst, s, false))
      return false;
    touch(tb, inst, s, false, lanes, s.offset);
    read(s, first ? tmp_.data() : tmp2_.data());
    if (!first)
      reduceInto(tmp_.data(), tmp2_.data(), size / elementSize(opts_.dtype),
                 opts_.dtype, rop);
    first = false;
  }
  return true;
}

Machine::Step Machine::doSwitch(Tb &tb, const Inst &inst) {
  const Op &op = *inst.op;
  std::vector<int32_t> srcGroup, dstGroup;
  Address src = resolve(ctx_, tb.rank, tb.id, op, Operand::Src, 0,
                        op.kind == OpKind::Glres ? &srcGroup : nullptr);
  Address dst = resolve(ctx_, tb.rank, tb.id, op, Operand::Dst, 0, &dstGroup);
  uint64_t size = pipelinedSize(tb, inst, src.length);
  if (size == 0)
    return Step::Progress;
  uint64_t o = pipelineOffset(tb, src);
  tmp_.resize(size);
  // Every member's range has the offset of the template's.
  Span from = place(tb, src, size, o);
  Span to = place(tb, dst, size, pipelineOffset(tb, dst));
  uint32_t lanes = vectorLanes({&from, &to});
  if (op.kind == OpKind::Glres && opts_.dtype == DType::U8 &&
      opts_.semantics == Semantics::Executor) {
    // §3.9: the multimem reduction has no 8-bit form; the executor's
    // assert is compiled out of release builds, so nothing is written.
    defect(tb, inst,
           "a switch reduction (glres) of u8 elements does nothing on the "
           "0.9.0 executor (its assert is compiled out; executor-semantics "
           "§3.9): nothing is written");
    return Step::Progress;
  }
  if (op.kind == OpKind::Glres) {
    // §3.9: for floating-point elements the executor reduces 16-byte
    // vectors, and its path for the bytes after the last whole one (or
    // for offsets that are not multiples of 16) reads byte offsets as
    // element offsets; 32-bit integers go element by element (4-byte
    // units, where runtime-min takes 16: no lanes both share).
    if (opts_.dtype != DType::I32 && opts_.dtype != DType::U32) {
      if (size % 16 != 0 || lanes != 16)
        defect(tb, inst,
               "a switch reduction (glres) over sizes or offsets that are "
               "not multiples of 16 bytes takes the 0.9.0 executor's buggy "
               "tail path (executor-semantics §3.9); simulated as intended");
    } else {
      lanes = UnmappedLanes;
    }
    if (!reduceOverGroup(tb, inst, src, srcGroup, size, lanes))
      return Step::Progress;
    checkWholeElements(tb, inst, std::array{from, to}, size);
  } else {
    if (!inBounds(tb, inst, from, false))
      return Step::Progress;
    touch(tb, inst, from, false, lanes, from.offset);
    read(from, tmp_.data());
  }
  for (int32_t m : dstGroup) {
    Address a = dst;
    a.rank = m;
    Span d = place(tb, a, size, pipelineOffset(tb, dst));
    if (!inBounds(tb, inst, d, true))
      continue;
    touch(tb, inst, d, true, lanes, d.offset);
    write(d, tmp_.data());
  }
  return Step::Progress;
}

// Intended glre: each element of the destination chunk becomes the
// reduction over the group of the multicast range (a multimem ld_reduce
// with a plain store, where glres would multimem-store it).
Machine::Step Machine::doGroupLoadReduce(Tb &tb, const Inst &inst) {
  const Op &op = *inst.op;
  std::vector<int32_t> group;
  Address src =
      resolveGroupLoadReduce(ctx_, tb.rank, tb.id, op, Operand::Src, &group);
  Address dst = resolveGroupLoadReduce(ctx_, tb.rank, tb.id, op, Operand::Dst);
  uint64_t size = pipelinedSize(tb, inst, std::min(src.length, dst.length));
  if (size == 0 || group.empty())
    return Step::Progress;
  tmp_.resize(size);
  Span d = place(tb, dst, size, pipelineOffset(tb, dst));
  Span from = place(tb, src, size, pipelineOffset(tb, src));
  // As glres: integer elements go in units runtime-min does not share.
  uint32_t lanes = opts_.dtype == DType::I32 || opts_.dtype == DType::U32
                       ? UnmappedLanes
                       : vectorLanes({&from, &d});
  if (!reduceOverGroup(tb, inst, src, group, size, lanes))
    return Step::Progress;
  if (!inBounds(tb, inst, d, true))
    return Step::Progress;
  checkWholeElements(tb, inst, std::array{from, d}, size);
  touch(tb, inst, d, true, lanes, d.offset);
  write(d, tmp_.data());
  return Step::Progress;
}

Machine::Step Machine::doSignal(Tb &tb, const Inst &inst) {
  const Op &op = *inst.op;
  if (op.channelType == ChannelType::Switch) {
    if (opts_.semantics == Semantics::Intended)
      return doSwitchSignal(tb, inst);
    defect(tb, inst,
           "signal on a switch channel does nothing in the 0.9.0 executor "
           "(Q12)");
    return Step::Progress;
  }
  bool relaxed = isRelaxedOp(op.kind);
  auto ends = channelEnds(tb, op);
  // Thread k signals the op's k-th channel.
  if (op.channelType == ChannelType::Port) {
    for (size_t k = 0; k < ends.size(); ++k) {
      Trigger t;
      t.flag = true;
      t.gpuChannel = ends[k].gpuChannel;
      pushTrigger(tb, inst, std::move(t), k);
    }
    return Step::Progress;
  }
  for (size_t k = 0; k < ends.size(); ++k)
    signalMemoryChannel(tb, inst, ends[k], relaxed, k);
  return Step::Progress;
}

void Machine::signalMemoryChannel(Tb &tb, const Inst &inst, const ChannelEnd &c,
                                  bool relaxed, size_t lane) {
  ChannelState &mine = channels_[size_t(tb.rank)][size_t(ChannelType::Memory)]
                                [size_t(c.gpuChannel)];
  if (mine.partnerRank < 0) {
    report(Finding::Kind::Imbalance, &tb, &inst,
           "signals memory channel " + std::to_string(c.gpuChannel) +
               " to rank " + std::to_string(c.peer) +
               ", which declares no matching channel back (§4.2 pairing): "
               "nobody can wait for it");
    return;
  }
  ChannelState &theirs =
      channels_[size_t(mine.partnerRank)][size_t(ChannelType::Memory)]
               [size_t(mine.partnerChannel)];
  signalFrom(tb, theirs, relaxed, lane);
  if (!opts_.tracePath.empty()) {
    uint64_t id = flowIds_.size() + 1;
    flowIds_[{mine.partnerRank, int(ChannelType::Memory), mine.partnerChannel,
              theirs.inbound}] = id;
    flows_.push_back({id, steps_, tb.rank, tb.id, true});
  }
  wake(makeKey(KeyKind::Semaphore, mine.partnerRank,
               uint64_t(mine.partnerChannel)));
}

void Machine::signalAfterMemoryPut(Tb &tb, const Inst &inst) {
  const Op &op = *inst.op;
  // After every thread's copy (a block sync, as baked kernels do), so the
  // signal publishes the put.
  syncThreads(tb);
  for (const ChannelEnd &c : query_.memoryPutSignals(tb.rank, tb.id, op)) {
    if (c.gpuChannel >= 0)
      signalMemoryChannel(tb, inst, c, isRelaxedOp(op.kind), SIZE_MAX);
    else if (c.peer >= 0)
      report(Finding::Kind::Imbalance, &tb, &inst,
             std::string(toString(op.kind)) + " writes to rank " +
                 std::to_string(c.peer) +
                 " but the thread block has no memory channel to that rank "
                 "to signal");
  }
}

Machine::Step Machine::doWait(Tb &tb, const Inst &inst) {
  const Op &op = *inst.op;
  if (op.channelType == ChannelType::Switch) {
    if (opts_.semantics == Semantics::Intended)
      return doSwitchWait(tb, inst);
    defect(tb, inst,
           "wait on a switch channel does nothing in the 0.9.0 executor "
           "(Q12)");
    return Step::Progress;
  }
  ChannelType t = op.channelType == ChannelType::Port ? ChannelType::Port
                                                      : ChannelType::Memory;
  auto &states = channels_[size_t(tb.rank)][size_t(t)];
  if (!tb.opStarted) {
    // Thread k draws its expected value once (§3.3).
    tb.opStarted = true;
    tb.waitEnds = channelEnds(tb, op, t);
    tb.expected.clear();
    for (const ChannelEnd &c : tb.waitEnds) {
      ChannelState &state = states[size_t(c.gpuChannel)];
      tb.expected.push_back(++state.expected);
      startWait(state);
    }
  }
  const std::vector<ChannelEnd> &ends = tb.waitEnds;
  // A channel's count only grows: the ones satisfied stay so.
  for (size_t k = tb.progress; k < ends.size(); tb.progress = ++k) {
    ChannelState &c = states[size_t(ends[k].gpuChannel)];
    if (c.inbound < tb.expected[k]) {
      tb.blockedOn = "waits on " + std::string(toString(t)) + " channel " +
                     std::to_string(ends[k].gpuChannel) + " from rank " +
                     std::to_string(c.peer) + " for signal " +
                     std::to_string(tb.expected[k]) + ", has received " +
                     std::to_string(c.inbound);
      if (c.partnerRank < 0)
        tb.blockedOn += " (rank " + std::to_string(c.peer) +
                        " declares no matching channel back: no signal can "
                        "come)";
      park(tb.agent,
           makeKey(KeyKind::Semaphore, tb.rank, uint64_t(ends[k].gpuChannel)));
      return Step::Blocked;
    }
  }
  if (!opts_.tracePath.empty())
    for (size_t k = 0; k < ends.size(); ++k) {
      auto it =
          flowIds_.find({tb.rank, int(t), ends[k].gpuChannel, tb.expected[k]});
      if (it != flowIds_.end())
        flows_.push_back({it->second, steps_, tb.rank, tb.id, false});
    }
  acquireSignals(tb, states, ends, isRelaxedOp(op.kind));
  return Step::Progress;
}

// Intended switch signal/wait: the device handle's multimem barrier. A
// signal adds one to the group's counter on every member (multimem.red,
// release); a wait expects one more signal from each member than the
// previous wait and spins (acquire) until its counter has them.
Machine::Step Machine::doSwitchSignal(Tb &tb, const Inst &inst) {
  const Op &op = *inst.op;
  bool relaxed = isRelaxedOp(op.kind);
  auto ends = channelEnds(tb, op);
  for (size_t k = 0; k < ends.size(); ++k) {
    const ChannelState &mine =
        channels_[size_t(tb.rank)][size_t(ChannelType::Switch)]
                 [size_t(ends[k].gpuChannel)];
    for (auto [rank, channel] : mine.members) {
      ChannelState &theirs =
          channels_[size_t(rank)][size_t(ChannelType::Switch)][size_t(channel)];
      signalFrom(tb, theirs, relaxed, k);
      wake(makeKey(KeyKind::Switch, rank, uint64_t(channel)));
    }
  }
  return Step::Progress;
}

Machine::Step Machine::doSwitchWait(Tb &tb, const Inst &inst) {
  const Op &op = *inst.op;
  auto ends = channelEnds(tb, op);
  auto &states = channels_[size_t(tb.rank)][size_t(ChannelType::Switch)];
  if (!tb.opStarted) {
    tb.opStarted = true;
    tb.expected.clear();
    for (const ChannelEnd &c : ends) {
      ChannelState &s = states[size_t(c.gpuChannel)];
      s.expected += s.members.size();
      tb.expected.push_back(s.expected);
      startWait(s);
    }
  }
  for (size_t k = 0; k < ends.size(); ++k) {
    ChannelState &c = states[size_t(ends[k].gpuChannel)];
    if (c.inbound < tb.expected[k]) {
      tb.blockedOn =
          "waits on switch channel " + std::to_string(ends[k].gpuChannel) +
          " (a group of " + std::to_string(c.members.size()) + " ranks) for " +
          std::to_string(tb.expected[k]) + " signals in all, has received " +
          std::to_string(c.inbound);
      park(tb.agent,
           makeKey(KeyKind::Switch, tb.rank, uint64_t(ends[k].gpuChannel)));
      return Step::Blocked;
    }
  }
  acquireSignals(tb, states, ends, isRelaxedOp(op.kind));
  return Step::Progress;
}

Machine::Step Machine::doFlush(Tb &tb, const Inst &inst) {
  const Op &op = *inst.op;
  if (opts_.semantics == Semantics::Executor &&
      op.dst.size() != op.channelIds.size()) {
    defect(tb, inst,
           "flush is a no-op in the 0.9.0 executor (it counts dst_buff "
           "entries, not channels; Q1): use pwsf, or a signal round trip "
           "from the receiver");
    return Step::Progress;
  }
  Proxy &proxy = proxies_[size_t(tb.rank)];
  if (!tb.opStarted) {
    // Thread k drains the connection of the op's k-th channel; a flush
    // naming no port channel (an unverified plan) drains them all.
    tb.opStarted = true;
    tb.syncPositions.clear();
    auto ends = channelEnds(tb, op, ChannelType::Port);
    for (size_t k = 0; k < std::max<size_t>(ends.size(), 1); ++k) {
      Trigger t;
      t.sync = true;
      t.gpuChannel = k < ends.size() ? ends[k].gpuChannel : -1;
      pushTrigger(tb, inst, std::move(t), k);
      tb.syncPositions.push_back(tb.fifoPosition);
    }
  }
  if (proxy.processed < tb.fifoPosition) {
    tb.blockedOn = "its flush waits for the port proxy to drain trigger " +
                   std::to_string(tb.fifoPosition);
    park(tb.agent, makeKey(KeyKind::Flush, tb.rank, 0));
    return Step::Blocked;
  }
  acquireFlushes(tb, proxy);
  return Step::Progress;
}

void Machine::acquireFlushes(Tb &tb, Proxy &proxy) {
  if (!races_)
    return;
  for (size_t k = 0; k < tb.syncPositions.size(); ++k) {
    auto it = proxy.flushed.find(tb.syncPositions[k]);
    if (it == proxy.flushed.end())
      continue;
    acquireOnLane(tb, k, it->second, it->second);
    proxy.flushed.erase(it); // only its pusher waits for a sync trigger
  }
}

Machine::Step Machine::doBarrier(Tb &tb, const Inst &inst) {
  const Op &op = *inst.op;
  if (op.numThreadblocks <= 1) {
    syncThreads(tb);
    return Step::Progress;
  }
  BarrierState &b = barriers_[size_t(tb.rank)][op.barrierId];
  if (!tb.opStarted) {
    tb.opStarted = true;
    syncThreads(tb); // the __syncthreads before
    tb.episode = b.episode;
    if (races_) {
      if (b.join.empty()) {
        b.join.assign(size_t(agents_), 0);
        b.joinWeak.assign(size_t(agents_), 0);
      }
      joinInto(b.join, tb.strong);
      joinInto(b.joinWeak, tb.weak);
    }
    if (++b.arrived >= op.numThreadblocks) {
      if (races_) {
        b.done[b.episode] = {std::make_shared<Clock>(b.join),
                             std::make_shared<Clock>(b.joinWeak), b.arrived};
        b.join.assign(size_t(agents_), 0);
        b.joinWeak.assign(size_t(agents_), 0);
      }
      b.arrived = 0;
      ++b.episode;
      wake(makeKey(KeyKind::Barrier, tb.rank, uint64_t(op.barrierId)));
    }
  }
  if (b.episode <= tb.episode) {
    tb.blockedOn = "at barrier " + std::to_string(op.barrierId) + " with " +
                   std::to_string(b.arrived) + " of " +
                   std::to_string(op.numThreadblocks) +
                   " thread blocks arrived";
    park(tb.agent, makeKey(KeyKind::Barrier, tb.rank, uint64_t(op.barrierId)));
    return Step::Blocked;
  }
  if (races_) {
    auto it = b.done.find(tb.episode);
    if (it != b.done.end()) {
      joinInto(tb.pendStrong, *it->second.strong);
      joinInto(tb.pendWeak, *it->second.weak);
      joinInto(tb.pendWeak, tb.pendStrong);
      if (--it->second.leaving <= 0)
        b.done.erase(it);
    }
  }
  syncThreads(tb); // the __syncthreads after
  return Step::Progress;
}

Machine::Step Machine::doSemaphore(Tb &tb, const Inst &inst) {
  const Op &op = *inst.op;
  auto &sems = semaphores_[size_t(tb.rank)];
  if (op.kind == OpKind::SemRelease) {
    // Thread k releases the op's k-th semaphore.
    for (size_t k = 0; k < op.semaphoreIds.size(); ++k) {
      int32_t id = op.semaphoreIds[k];
      if (id < 0 || size_t(id) >= sems.size())
        continue;
      SemaphoreState &s = sems[size_t(id)];
      ++s.value;
      if (races_) {
        auto c = std::make_shared<Clock>(*publishedClock(tb, false, k));
        auto w = std::make_shared<Clock>(*publishedClock(tb, true, k));
        if (!s.releases.empty()) {
          joinInto(*c, *s.releases.back());
          joinInto(*w, *s.releasesWeak.back());
        }
        s.releases.push_back(c);
        s.releasesWeak.push_back(w);
      }
      wake(makeKey(KeyKind::DeviceSemaphore, tb.rank, uint64_t(id)));
    }
    return Step::Progress;
  }
  // Acquire each listed semaphore in turn; progress counts the done ones.
  for (; tb.progress < op.semaphoreIds.size(); ++tb.progress) {
    int32_t id = op.semaphoreIds[tb.progress];
    if (id < 0 || size_t(id) >= sems.size())
      continue;
    SemaphoreState &s = sems[size_t(id)];
    if (s.value <= 0) {
      tb.blockedOn = "acquires semaphore " + std::to_string(id) +
                     ", whose value is " + std::to_string(s.value);
      park(tb.agent, makeKey(KeyKind::DeviceSemaphore, tb.rank, uint64_t(id)));
      return Step::Blocked;
    }
    --s.value;
    ++s.acquires;
    if (races_) {
      int64_t k = int64_t(s.acquires) - s.init;
      if (k >= 1) {
        const ClockRef *strong = s.releases.find(uint64_t(k - 1));
        const ClockRef *weak = s.releasesWeak.find(uint64_t(k - 1));
        if (strong && weak)
          acquireOnLane(tb, tb.progress, *strong, *weak);
        s.releases.dropBefore(uint64_t(k));
        s.releasesWeak.dropBefore(uint64_t(k));
      }
    }
  }
  return Step::Progress;
}

// ================================================================= proxy

void Machine::stepProxy(int32_t rank) {
  Proxy &proxy = proxies_[size_t(rank)];
  if (proxy.fifo.empty()) {
    park(proxy.agent, NoKey);
    return;
  }
  Trigger t = std::move(proxy.fifo.front());
  proxy.fifo.pop_front();
  // The connection the trigger travels on: its clock is what this trigger
  // carried plus that connection's earlier transfers. Not what earlier
  // triggers on other connections carried: the threads of one op push in
  // any order (§3.4), so the FIFO order the scheduler picked orders
  // nothing. A trigger on an undeclared channel (an unverified plan)
  // falls back to the proxy's own clock.
  int32_t agent = proxy.agent;
  Clock *strong = &proxy.strong, *weak = &proxy.weak;
  Proxy::Connection *conn = nullptr;
  if (t.gpuChannel >= 0 && size_t(t.gpuChannel) < proxy.connAgent.size()) {
    size_t g = size_t(t.gpuChannel);
    agent = proxy.connAgent[g];
    if (races_) // the clocks exist only with race checks
      conn = &proxy.conns[g];
  }
  if (races_ && conn) {
    if (t.strong)
      conn->strong = joined(conn->strong, t.strong);
    if (t.weak)
      conn->weak = joined(conn->weak, t.weak);
    conn->weak = joined(conn->weak, conn->strong);
    // This step's clocks: what the connection carried, and its own tick.
    connStrong_ = *conn->strong;
    connWeak_ = *conn->weak;
    for (Clock *c : {&connStrong_, &connWeak_})
      (*c)[size_t(agent)] = std::max((*c)[size_t(agent)], conn->tick);
    strong = &connStrong_;
    weak = &connWeak_;
  } else if (races_) {
    if (t.strong)
      joinInto(*strong, *t.strong);
    if (t.weak)
      joinInto(*weak, *t.weak);
    joinInto(*weak, *strong);
  }
  if (t.data && t.length) {
    Span s{t.srcRank, t.srcSpace, t.srcOff, t.length};
    Span d{t.dstRank, t.dstSpace, t.dstOff, t.length};
    bool ok = valid(s) && valid(d);
    if (!ok) {
      Finding f;
      f.kind = Finding::Kind::Result;
      f.rank = rank;
      f.tb = t.tb;
      f.op = t.op;
      f.run = t.run;
      f.schedule = schedule_;
      nameOp(f);
      f.message = "the port proxy's copy for this op reaches outside a buffer";
      if (reported_.insert({int(f.kind), f.rank, f.tb, f.op}).second)
        sink_(f);
    } else {
      if (races_) {
        Access a;
        a.agent = agent;
        a.tick = (*strong)[size_t(agent)];
        a.rank = rank;
        a.tb = t.tb;
        a.op = t.op;
        a.run = t.run;
        a.proxy = true;
        touchAgent(agent, a, s, *strong, *weak);
        a.write = true;
        // A raw copy of packets stores whole packets, flags included: a
        // reader that validates them has observed this store (as it would
        // a thread's packet write), so what it does next, such as pushing
        // the same packets on through its own proxy, comes after it.
        a.packetWrite = t.packets;
        touchAgent(agent, a, d, *strong, *weak);
      }
      PagedMemory::copy(memory(d), d.offset, memory(s), s.offset, t.length,
                        tmp_);
      bytesMoved_ += t.length;
      if (t.packets)
        notePacketWriter(d, t.start, // a raw copy of packets
                         races_ ? std::make_shared<const Clock>(*weak)
                                : nullptr);
      wakeRank(KeyKind::Packet, d.rank);
    }
  }
  if (t.flag && t.gpuChannel >= 0) {
    auto &mine = channels_[size_t(rank)][size_t(ChannelType::Port)]
                          [size_t(t.gpuChannel)];
    if (mine.partnerRank >= 0) {
      ChannelState &theirs =
          channels_[size_t(mine.partnerRank)][size_t(ChannelType::Port)]
                   [size_t(mine.partnerChannel)];
      ClockRef flagStrong = std::make_shared<const Clock>(*strong);
      recordSignal(theirs, flagStrong, std::make_shared<const Clock>(*weak),
                   flagStrong);
      wake(makeKey(KeyKind::Semaphore, mine.partnerRank,
                   uint64_t(mine.partnerChannel)));
    }
  }
  proxy.processed = t.position;
  if (races_) {
    if (t.sync) {
      // A sync drains the trigger's own connection: what it carried so far,
      // this trigger's copy included, is done (one on no declared channel
      // drains them all). Taken before the connection's tick moves on: a
      // connection's transfers are recorded at the tick current when they
      // are processed, so the next transfer's (at the next tick) is not.
      auto done = std::make_shared<Clock>(*strong);
      if (agent == proxy.agent)
        for (size_t g = 0; g < proxy.conns.size(); ++g) {
          joinInto(*done, *proxy.conns[g].strong);
          uint32_t &own = (*done)[size_t(proxy.connAgent[g])];
          own = std::max(own, proxy.conns[g].tick - 1);
        }
      proxy.flushed[t.position] = std::move(done);
    }
    if (conn)
      ++conn->tick; // the connection's next transfer comes after this one
    tick(proxy.agent);
  }
  wakeRank(KeyKind::Flush, rank);
  if (proxy.fifo.empty())
    park(proxy.agent, NoKey);
}

} // namespace

ScheduleResult runSchedule(const Plan &plan, const PlanLayout &layout,
                           const SimOptions &options, uint64_t seed,
                           int32_t schedule, const FindingSink &sink) {
  Machine m(plan, layout, options, seed, schedule, sink);
  return m.run();
}

} // namespace mscclc::sim
