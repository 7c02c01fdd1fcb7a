//===- Races.h - vector clocks and shadow memory for race detection ------===//
//
// executor-semantics §6.3. Every agent (thread block, proxy, host step of
// a rank) has a component in every clock and ticks it once per scheduler
// step; an access is remembered as (agent, tick). Each agent keeps two
// clocks: `strong`, what it has acquired through release/acquire edges
// (write-after-write and read-after-write need these), and `weak` ⊇
// strong, which also holds what relaxed signals carried (enough to order
// write-after-read). Two accesses of one thread block are ordered by the
// lane rule instead: a nop between them, or every byte handled by the same
// thread (same unit size, range starts congruent modulo unit x threads;
// for bytes off the 16-byte vector path, see UnmappedLanes).
//
// Shadow memory is an interval map per (rank, space): each segment holds
// the last write and the reads since, so an op touching a whole chunk
// costs one segment, not one entry per byte.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace mscclc::sim {

using Clock = std::vector<uint32_t>;
using ClockRef = std::shared_ptr<const Clock>;

inline void joinInto(Clock &into, const Clock &other) {
  for (size_t i = 0; i < into.size() && i < other.size(); ++i)
    into[i] = std::max(into[i], other[i]);
}

// Whether joining `other` into `c` would change nothing.
inline bool covers(const Clock &c, const Clock &other) {
  for (size_t i = 0; i < other.size(); ++i)
    if (other[i] > (i < c.size() ? c[i] : 0))
      return false;
  return true;
}

// a ⊔ b, sharing a or b when one holds the other.
inline ClockRef joined(const ClockRef &a, const ClockRef &b) {
  if (covers(*a, *b))
    return a;
  if (covers(*b, *a))
    return b;
  auto c = std::make_shared<Clock>(*a);
  joinInto(*c, *b);
  return c;
}

// The lane unit of bytes an op does not move in whole 16-byte units from
// 16-byte boundaries (an operand off a boundary, the bytes after the last
// whole unit): which thread gets each depends on the op's kind, length and
// alignment, and differs between the executor and runtime-min. Only a nop
// orders them with the thread block's other ops, besides the op's own
// in-place accesses of the same range and copy-family ops of the same start
// and shape (which hand them out alike in both).
constexpr uint32_t UnmappedLanes = UINT32_MAX;

struct Access {
  int32_t agent = -1;
  uint32_t tick = 0;
  uint32_t epoch = 0;     // nops and barriers the thread block has passed
  uint32_t unit = 0;      // lane unit in bytes; 0: not lane-mapped;
                          // UnmappedLanes: lanes not fixed
  uint64_t laneStart = 0; // where the op's lane mapping starts
  // With UnmappedLanes: how a copy-family op hands out its bytes (see
  // Machine::copyLanes); equal shapes from equal starts share threads.
  uint64_t laneShape = 0;
  int32_t rank = -1, tb = -1, op = -1; // the op, for reports (tb -1: proxy
                                       // or host)
  int32_t run = 0;
  bool write = false;
  bool proxy = false; // done by the port-channel proxy of `rank`
  bool host = false;  // the host's fill or check of `rank`'s buffers
  // A flag-validated packet read: it spins until the slot holds this run's
  // flag, so it is ordered after the write that put it there.
  bool packetRead = false;
  bool packetWrite = false; // a packet store (payload and flag)
  bool pipelined = false;   // made inside a pipeline (offsets of its units)
};

// What the accessing agent knows when it accesses.
struct AgentView {
  const Clock *strong = nullptr;
  const Clock *weak = nullptr;
  uint64_t threads = 1024; // threads per block (lane rule)
  // How the accessed rank's offsets change with the message size (lane
  // rule, see sameThreadsAtEverySize): its chunk size at this size, the
  // plan's buffer_alignment (every accepted chunk size is a multiple of
  // it), and whether the plan accepts only one size.
  uint64_t chunkBytes = 0, alignment = 1;
  bool oneSize = false;
};

// Whether two lane starts `d` bytes apart, a multiple of `period` (unit x
// threads) at this size, are so at every size the plan accepts. A distance
// made of chunks is k x alignment bytes a chunk at each size: a multiple of
// the period at all of them when (chunks x alignment) is. A distance that
// does not scale with the size (a pipeline's unit offsets, bytes that are
// no whole chunks) and a plan of one size keep this size's answer.
inline bool sameThreadsAtEverySize(uint64_t d, uint64_t period, bool pipelined,
                                   const AgentView &view) {
  if (view.oneSize || pipelined || view.chunkBytes == 0 ||
      d % view.chunkBytes != 0)
    return true;
  unsigned __int128 chunks = d / view.chunkBytes;
  return chunks * view.alignment % period == 0;
}

inline uint64_t laneDistance(const Access &a, const Access &b) {
  return a.laneStart > b.laneStart ? a.laneStart - b.laneStart
                                   : b.laneStart - a.laneStart;
}

inline bool ordered(const Access &prior, const Access &now,
                    const AgentView &view) {
  if (now.packetRead && prior.write)
    return true;
  if (prior.agent == now.agent) {
    // One op storing a packet slot through two destinations that start
    // apart: a reader may take either store, whichever threads make them.
    // (Two equal destinations store the same packets when their sources
    // agree, which these accesses do not tell.)
    if (prior.packetWrite && now.packetWrite && prior.op == now.op &&
        prior.tick == now.tick && prior.laneStart != now.laneStart)
      return false;
    if (prior.unit == 0 || now.unit == 0 || prior.epoch != now.epoch)
      return true; // proxy/host program order, or a nop between them
    if (prior.unit == UnmappedLanes || now.unit == UnmappedLanes)
      return prior.laneStart == now.laneStart &&
             ((prior.tick == now.tick && prior.op == now.op) ||
              (prior.laneShape != 0 && prior.laneShape == now.laneShape));
    // Same unit, and starts a multiple of unit x threads apart: each byte
    // has the same thread. Two ops count as ordered only when that holds
    // at every size the plan accepts, not at this one by chance
    // (coincidentLanes tells the report); one op's own read and write at
    // different starts are judged by the simulator's own-overlap check,
    // but two writes of one op (a fused op's destinations) are judged here.
    if (prior.unit != now.unit)
      return false;
    uint64_t d = laneDistance(prior, now);
    uint64_t period = uint64_t(prior.unit) * view.threads;
    if (d % period != 0)
      return false;
    bool sameOp = prior.op == now.op && prior.tick == now.tick;
    return (sameOp && !(prior.write && now.write)) ||
           sameThreadsAtEverySize(d, period, prior.pipelined || now.pipelined,
                                  view);
  }
  const Clock &c = prior.write ? *view.strong : *view.weak;
  return size_t(prior.agent) < c.size() && c[size_t(prior.agent)] >= prior.tick;
}

// Two lane-mapped accesses of one thread block whose bytes go to the same
// threads at this size but not at every size the plan accepts (see
// ordered()).
inline bool coincidentLanes(const Access &prior, const Access &now,
                            const AgentView &view) {
  if (prior.agent != now.agent || prior.unit != now.unit || prior.unit == 0 ||
      prior.unit == UnmappedLanes || prior.laneStart == now.laneStart)
    return false;
  uint64_t d = laneDistance(prior, now);
  uint64_t period = uint64_t(prior.unit) * view.threads;
  return d % period == 0 &&
         !sameThreadsAtEverySize(d, period, prior.pipelined || now.pipelined,
                                 view);
}

class ShadowMemory {
public:
  explicit ShadowMemory(size_t spaces = 0) : maps_(spaces) {}

  // Records `now` on [offset, offset + length) of `space` and calls
  // onRace(prior, begin, end) for every earlier conflicting access it is
  // not ordered after, with the bytes they share.
  template <typename OnRace>
  void access(size_t space, uint64_t offset, uint64_t length, const Access &now,
              const AgentView &view, OnRace &&onRace) {
    if (length == 0)
      return;
    auto &m = maps_[space];
    uint64_t end = offset + length;
    split(m, offset);
    split(m, end);
    auto it = m.lower_bound(offset);
    uint64_t cursor = offset;
    while (cursor < end) {
      if (it == m.end() || it->first > cursor) {
        uint64_t gapEnd = it == m.end() ? end : std::min(end, it->first);
        it = m.emplace_hint(it, cursor, Segment{gapEnd, std::nullopt, {}, {}});
      }
      Segment &s = it->second;
      if (s.write && !ordered(*s.write, now, view) &&
          !observedBefore(s, now, view))
        onRace(*s.write, it->first, s.end);
      if (now.write) {
        for (const Access &r : s.reads)
          if (!ordered(r, now, view))
            onRace(r, it->first, s.end);
        s.write = now;
        s.reads.clear();
        s.observers.clear();
      } else {
        // Each agent's first packet read of the slots' packet store: what
        // is ordered after it has observed the store, even when it is not
        // ordered after the agent's later reads, which replace it in
        // `reads` (the port proxy's copy for one op, whose thread block
        // validates the same packets again for the next op).
        if (now.packetRead && s.write && s.write->packetWrite &&
            std::none_of(s.observers.begin(), s.observers.end(),
                         [&](const Access &o) { return o.agent == now.agent; }))
          s.observers.push_back(now);
        auto same =
            std::find_if(s.reads.begin(), s.reads.end(), [&](const Access &r) {
              // A newer read by the same agent replaces an older one only
              // when it uses the same lanes or comes after a nop: otherwise
              // both can still race with a later write.
              return r.agent == now.agent && ordered(r, now, view) &&
                     (r.epoch != now.epoch || r.unit == now.unit);
            });
        if (same != s.reads.end())
          *same = now;
        else
          s.reads.push_back(now);
      }
      cursor = s.end;
      ++it;
    }
    if (now.write) { // the range now has one state: one segment
      auto first = m.find(offset);
      auto last = m.lower_bound(end);
      if (first != m.end() && std::next(first) != last) {
        first->second.end = end;
        m.erase(std::next(first), last);
      }
    }
  }

  void clear() {
    for (auto &m : maps_)
      m.clear();
  }

private:
  struct Segment {
    uint64_t end;
    std::optional<Access> write;
    std::vector<Access> reads;
    // The first packet read of `write` by each agent (see access()).
    std::vector<Access> observers;
  };
  using Map = std::map<uint64_t, Segment>;

  // Whether a packet read of the segment's packet write happens before
  // `now`: the reader saw that store, so by coherence `now` comes after it,
  // though a packet read acquires only part of its writer's clock.
  static bool observedBefore(const Segment &s, const Access &now,
                             const AgentView &view) {
    if (!s.write->packetWrite)
      return false;
    auto observed = [&](const Access &r) {
      return r.packetRead && ordered(r, now, view);
    };
    return std::any_of(s.reads.begin(), s.reads.end(), observed) ||
           std::any_of(s.observers.begin(), s.observers.end(), observed);
  }

  static void split(Map &m, uint64_t at) {
    auto it = m.upper_bound(at);
    if (it == m.begin())
      return;
    --it;
    if (it->first < at && it->second.end > at) {
      Segment tail = it->second;
      it->second.end = at;
      m.emplace_hint(std::next(it), at, std::move(tail));
    }
  }

  std::vector<Map> maps_;
};

} // namespace mscclc::sim
