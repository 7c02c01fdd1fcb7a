//===- SignalWaitPairing.cpp - every signal has its wait -----------------===//
#include "mscclc/passes/SignalWaitPairing.h"

#include "mscclc/ir/PlanQuery.h"

#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <set>
#include <tuple>
#include <unordered_map>

namespace mscclc::passes {
namespace {

using namespace chunk;

// A signal or wait, with where it was issued.
struct SyncEvent {
  int32_t src = 0;
  int32_t dst = 0;
  ChannelType kind = ChannelType::Memory;
  bool isSignal = true;
  SourceLocation loc;
  uint64_t seq = 0;
  // Which of the issuer's channels to `dst` (of this kind) it used: the
  // k-th pairs with the peer's k-th channel back (executor-semantics §4.2).
  int32_t nth = 0;
  int32_t channel = 0; // the issuer's channel (index into connectedTo)
};

// For each channel of a group, how many channels to the same peer come
// before it in the group.
std::vector<int32_t> occurrences(const ChannelGroup &g) {
  std::vector<int32_t> nth(g.connectedTo.size());
  std::unordered_map<int32_t, int32_t> seen;
  for (size_t c = 0; c < g.connectedTo.size(); ++c)
    nth[c] = seen[g.connectedTo[c]]++;
  return nth;
}

// Calls fn(op, rank, peer, kind, isSignal, nth, channel, pipeline) for every
// channel end of every signalling op (signal, relaxed signal,
// put_with_signal*) and every wait, pipelines' inner ops included, in
// thread-block order; `pipeline` is the op's enclosing pipeline, or null.
template <typename Fn> void forEachSyncEnd(const Program &program, Fn fn) {
  // occurrence[kind] of the rank being visited.
  std::vector<int32_t> occurrence[3];
  auto visit = [&](const Op &op, int32_t r, const Op *pipeline,
                   auto &self) -> void {
    for (const Op &inner : op.details().body)
      self(inner, r, op.kind == OpKind::Pipeline ? &op : pipeline, self);
    bool sig = plan::isSignalOp(op.kind), wait = plan::isWaitOp(op.kind);
    if (!sig && !wait)
      return;
    const Rank &rank = program.ranks[size_t(r)];
    for (const ChannelRef &ch : op.channels) {
      const ChannelGroup *g = rank.group(ch.kind);
      if (!g || ch.globalId < 0 || size_t(ch.globalId) >= g->connectedTo.size())
        continue; // the verifier reports it
      std::vector<int32_t> &nth = occurrence[size_t(ch.kind) % 3];
      if (nth.size() != g->connectedTo.size())
        nth = occurrences(*g);
      fn(op, r, g->connectedTo[size_t(ch.globalId)], ch.kind, sig,
         nth[size_t(ch.globalId)], ch.globalId, pipeline);
    }
  };
  for (size_t r = 0; r < program.ranks.size(); ++r) {
    for (auto &o : occurrence)
      o.clear();
    for (const auto &tb : program.ranks[r].tbs)
      for (const auto &op : tb.ops)
        visit(op, int32_t(r), nullptr, visit);
  }
}

// The events of forEachSyncEnd in recording order.
std::vector<SyncEvent> collectEvents(const Program &program) {
  std::vector<SyncEvent> events;
  forEachSyncEnd(program,
                 [&](const Op &op, int32_t r, int32_t peer, ChannelType kind,
                     bool sig, int32_t nth, int32_t channel, const Op *) {
                   events.push_back({r, peer, kind, sig, op.reportLoc(), op.seq,
                                     nth, channel});
                 });
  std::stable_sort(
      events.begin(), events.end(),
      [](const SyncEvent &a, const SyncEvent &b) { return a.seq < b.seq; });
  return events;
}

enum class Balance { Balanced, ByKind, ByChannel };

// The common answer without hashing: true when every pair of partner
// channels has as many signals as waits. Each channel end counts in a slot
// of rank a's channels of its kind, grouped by peer b: the k-th channel
// a -> b is slot first[b] + k, whichever side names it. False when a count
// is off or an end has no partner channel (a peer outside the program, a
// k-th channel b lacks): balance() then walks with hashed keys.
bool balancedByChannel(const Program &program) {
  const size_t ranks = program.ranks.size();
  constexpr size_t Kinds = size_t(ChannelType::None);
  // first[r * Kinds + kind]: ranks + 1 offsets into `counts`, empty when
  // rank r has no channel of that kind.
  std::vector<std::vector<uint32_t>> first(ranks * Kinds);
  size_t total = 0;
  for (size_t r = 0; r < ranks; ++r)
    for (const ChannelGroup &g : program.ranks[r].channelGroups) {
      if (size_t(g.kind) >= Kinds)
        return false;
      std::vector<uint32_t> &offsets = first[r * Kinds + size_t(g.kind)];
      if (!offsets.empty())
        return false; // two groups of one kind: the exact walk decides
      // Else the hashed walk, which is linear (a ring of thousands of ranks).
      if (!plan::peerOffsetsPayOff(g.connectedTo.size(), ranks))
        return false;
      offsets = plan::peerOffsets(g.connectedTo, ranks, uint32_t(total));
      if (offsets.empty())
        return false; // a peer outside the program
      total = offsets[ranks];
    }
  std::vector<int32_t> counts(total, 0);
  bool mapped = true;
  forEachSyncEnd(program, [&](const Op &, int32_t r, int32_t peer,
                              ChannelType kind, bool sig, int32_t nth, int32_t,
                              const Op *) {
    if (!mapped)
      return;
    int32_t a = sig ? r : peer, b = sig ? peer : r;
    if (a < 0 || size_t(a) >= ranks || b < 0 || size_t(b) >= ranks ||
        size_t(kind) >= Kinds || nth < 0) {
      mapped = false;
      return;
    }
    const std::vector<uint32_t> &offsets =
        first[size_t(a) * Kinds + size_t(kind)];
    if (offsets.empty() ||
        offsets[size_t(b)] + uint32_t(nth) >= offsets[size_t(b) + 1]) {
      mapped = false;
      return;
    }
    counts[offsets[size_t(b)] + uint32_t(nth)] += sig ? 1 : -1;
  });
  if (!mapped)
    return false;
  for (int32_t c : counts)
    if (c != 0)
      return false;
  return true;
}

// Whether every (a -> b, kind) has as many signals from a as waits on b
// (else ByKind), and every pair of partner channels too (else ByChannel).
Balance balance(const Program &program) {
  if (balancedByChannel(program))
    return Balance::Balanced;
  // signals(a -> b) - waits(b <- a) on the k-th channel between them, keyed
  // by (a, b, kind, k) packed into 64 bits; totals per (a, b, kind) are
  // summed only when some channel is off.
  std::unordered_map<uint64_t, int64_t> byChannel;
  size_t channels = 0;
  for (const Rank &rank : program.ranks)
    for (ChannelType kind : {ChannelType::Memory, ChannelType::Port})
      if (const ChannelGroup *g = rank.group(kind))
        channels += g->connectedTo.size();
  byChannel.reserve(channels);
  auto key = [](uint64_t a, uint64_t b, uint64_t kind, uint64_t nth) {
    return (a << 42) | (b << 20) | (kind << 18) |
           std::min<uint64_t>(nth, 0x3ffff);
  };
  bool ok = true;
  forEachSyncEnd(program, [&](const Op &, int32_t r, int32_t peer,
                              ChannelType kind, bool sig, int32_t nth, int32_t,
                              const Op *) {
    if (peer < 0) {
      ok = false; // let the full walk describe it
      return;
    }
    int64_t d = sig ? 1 : -1;
    int32_t a = sig ? r : peer, b = sig ? peer : r;
    byChannel[key(uint64_t(a), uint64_t(b), uint64_t(kind), uint64_t(nth))] +=
        d;
  });
  if (!ok)
    return Balance::ByKind;
  std::unordered_map<uint64_t, int64_t> byKind;
  for (const auto &[k, v] : byChannel)
    if (v != 0)
      byKind[k >> 18] += v;
  if (byKind.empty())
    return Balance::Balanced;
  for (const auto &[k, v] : byKind)
    if (v != 0)
      return Balance::ByKind;
  return Balance::ByChannel;
}

const char *ordinal(int32_t k) {
  static const char *names[] = {"1st", "2nd", "3rd", "4th", "5th",
                                "6th", "7th", "8th", "9th", "10th"};
  return k < 10 ? names[k] : "n-th";
}

// Totals per rank pair balance, but not per channel: signals on one
// channel, waits on another (typically a new channel object per op). A
// warning: the reference DSL accepts such plans (its own unit tests have
// them) and its plans must still compile. A pair whose two sides declare
// different numbers of channels is left to the unpaired-channel check.
void reportChannelMismatches(const Program &program, DiagnosticSink &diags) {
  // Channels from -> to of each kind, counted once (a count per mismatched
  // key was quadratic in the channels of a rank).
  std::map<std::tuple<int32_t, int32_t, int>, int64_t> channelCounts;
  for (size_t r = 0; r < program.ranks.size(); ++r)
    for (const ChannelGroup &g : program.ranks[r].channelGroups)
      if (&g == program.ranks[r].group(g.kind)) // the first of its kind
        for (int32_t to : g.connectedTo)
          ++channelCounts[{int32_t(r), to, int(g.kind)}];
  auto channelsTo = [&](int32_t from, int32_t to, ChannelType kind) {
    auto it = channelCounts.find({from, to, int(kind)});
    return it == channelCounts.end() ? int64_t(0) : it->second;
  };
  using Key = std::tuple<int32_t, int32_t, int, int32_t>; // a, b, kind, k
  std::vector<SyncEvent> events = collectEvents(program);
  std::map<Key, std::vector<const SyncEvent *>> signals, waits;
  for (const auto &e : events) {
    if (e.isSignal)
      signals[{e.src, e.dst, int(e.kind), e.nth}].push_back(&e);
    else
      waits[{e.dst, e.src, int(e.kind), e.nth}].push_back(&e);
  }
  std::set<Key> keys;
  for (const auto &[k, v] : signals)
    keys.insert(k);
  for (const auto &[k, v] : waits)
    keys.insert(k);
  // One warning per statement: a loop repeats the mistake for every pair.
  std::set<SourceLocation> reported;
  for (const Key &k : keys) {
    auto s = signals.find(k);
    auto w = waits.find(k);
    size_t ns = s == signals.end() ? 0 : s->second.size();
    size_t nw = w == waits.end() ? 0 : w->second.size();
    auto [a, b, kind, nth] = k;
    if (ns == nw || channelsTo(a, b, ChannelType(kind)) !=
                        channelsTo(b, a, ChannelType(kind)))
      continue;
    const SyncEvent *at = ns > nw ? s->second.back() : w->second.back();
    if (!reported.insert(at->loc).second)
      continue;
    auto d = diags.report(diag::warn_signal_wait_channel_mismatch, at->loc,
                          {std::string(ordinal(nth)),
                           plan::toString(ChannelType(kind)), a, b, ns, nw});
    // Where each side's channel was made: the usual fix is there.
    auto created = [&](const std::vector<const SyncEvent *> *side) {
      if (!side || side->empty())
        return;
      const SyncEvent *e = side->front();
      const ChannelGroup *g =
          program.ranks[size_t(e->src)].group(ChannelType(kind));
      if (g && size_t(e->channel) < g->createdAt.size() &&
          g->createdAt[size_t(e->channel)].isValid())
        d.note(diag::note_dsl_channel_created, g->createdAt[size_t(e->channel)],
               {e->src, e->dst});
    };
    if (ns)
      d.note(diag::note_sync_issued_here, s->second.front()->loc,
             {"signal", a, b});
    if (nw)
      d.note(diag::note_sync_issued_here, w->second.front()->loc,
             {"wait", b, a});
    created(ns ? &s->second : nullptr);
    created(nw ? &w->second : nullptr);
  }
}

// Totals balance, but a pipeline runs its body once per unit_size bytes of
// its data: how often depends on the message size. Pipelines with one ratio
// of unit_size to num_chunks iterate equally often at every size, and sync
// ends outside pipelines (or in pipelines max_message_size bounds to one
// iteration) run once; within each such group a channel's signals must
// match its partner's waits, or at some message size they do not. One
// warning per statement, at the first op of the side with the surplus.
void reportPipelineMismatches(const Program &program, DiagnosticSink &diags) {
  if (diags.isIgnored(diag::warn_pipeline_signal_count))
    return;
  // Most programs have no sync op in a pipeline: one look at the top level.
  bool any = false;
  for (const Rank &rank : program.ranks)
    for (const auto &tb : rank.tbs)
      for (const Op &op : tb.ops)
        if (op.kind == OpKind::Pipeline)
          for (const Op &inner : op.details().body)
            any |= plan::isSignalOp(inner.kind) || plan::isWaitOp(inner.kind);
  if (!any)
    return;
  struct Count {
    int64_t signals = 0, waits = 0;
    const Op *firstSignal = nullptr, *firstWait = nullptr;
    const Op *signalPipeline = nullptr, *waitPipeline = nullptr;
  };
  // (a, b, kind, nth, unit_size and num_chunks over their common divisor,
  // both 0 outside pipelines) -> counts.
  using Key = std::tuple<int32_t, int32_t, int, int32_t, uint64_t, uint64_t>;
  std::map<Key, Count> counts;
  forEachSyncEnd(program, [&](const Op &op, int32_t r, int32_t peer,
                              ChannelType kind, bool sig, int32_t nth, int32_t,
                              const Op *pipeline) {
    uint64_t unit = 0, chunks = 0;
    if (pipeline) {
      const OpDetails &pd = pipeline->details();
      if (pd.unitSize > 0 && pd.numChunks > 0 &&
          !pipelineRunsOnce(program, program.ranks[size_t(r)], pd)) {
        uint64_t g = std::gcd(pd.unitSize, uint64_t(pd.numChunks));
        unit = pd.unitSize / g;
        chunks = uint64_t(pd.numChunks) / g;
      }
    }
    if (!unit)
      pipeline = nullptr;
    Count &c =
        counts[{sig ? r : peer, sig ? peer : r, int(kind), nth, unit, chunks}];
    if (sig ? c.signals++ == 0 : c.waits++ == 0) {
      (sig ? c.firstSignal : c.firstWait) = &op;
      (sig ? c.signalPipeline : c.waitPipeline) = pipeline;
    }
  });
  std::set<SourceLocation> reported;
  for (const auto &[key, c] : counts) {
    auto [a, b, kind, nth, unit, chunks] = key;
    if (c.signals == c.waits || !unit)
      continue;
    bool starves = c.waits > c.signals;
    const Op *at = starves ? c.firstWait : c.firstSignal;
    const Op *pipeline = starves ? c.waitPipeline : c.signalPipeline;
    if (at->reportLoc().isValid() && !reported.insert(at->reportLoc()).second)
      continue;
    diags
        .report(diag::warn_pipeline_signal_count, at->reportLoc(),
                {std::string(ordinal(nth)), plan::toString(ChannelType(kind)),
                 a, b, c.signals, c.waits,
                 int64_t(pipeline->details().unitSize),
                 pipeline->details().numChunks,
                 starves ? "the waits outnumber the signals and the program "
                           "deadlocks"
                         : "the signals outnumber the waits: the surplus is "
                           "seen by a later wait (or launch), which then "
                           "does not wait for what it should"})
        .note(diag::note_pipeline_created_here, pipeline->reportLoc())
        .note(diag::note_fix_pipeline_signal_count, at->reportLoc());
  }
}

// A channel's waits count its signals (executor-semantics §4.5: each wait
// takes the next expected value), so two thread blocks waiting on one
// channel each pass on whichever signal comes first, not on their own.
// That matters when the signals come from several thread blocks of the
// peer, in no set order: then ordering the waits does not help either.
// (Signals from one peer thread block come in its program order, and
// waits ordered by a semaphore or barrier take them in turn.) What makes
// such waits safe is a barrier of every thread block that waits on the
// channel right after each of the waits (before any other op; signals,
// waits and nops aside): none goes on before all of those waits, and so
// all of their signals, are done (a thread block group's blocks waiting
// for the peer group's signals, then joining). Such "full" barriers cut
// each block's waits into rounds (the k-th round: after the k-th full
// barrier of the block); a round in which two thread blocks wait must be
// joined so, and a round with one waiting block is as safe as any wait (a
// handshake after the join, say). Reported once per channel, at the first
// wait of a second thread block in the first round that is not joined,
// and once per statement (a loop over ranks repeats it); switch channels,
// whose signal and wait do nothing, are left out.
// Whether two thread blocks of the rank wait on one of its memory or port
// channels.
bool hasSharedWait(const Rank &rank) {
  std::vector<int32_t> firstWaiter[2];
  for (int kind = 0; kind < 2; ++kind)
    if (const ChannelGroup *g =
            rank.group(kind == 0 ? ChannelType::Memory : ChannelType::Port))
      firstWaiter[kind].assign(g->connectedTo.size(), -1);
  auto visit = [&](const std::vector<Op> &ops, int32_t tb, auto &self) -> bool {
    for (const Op &op : ops) {
      if (self(op.details().body, tb, self))
        return true;
      if (!plan::isWaitOp(op.kind))
        continue;
      for (const ChannelRef &ch : op.channels) {
        if (ch.kind != ChannelType::Memory && ch.kind != ChannelType::Port)
          continue;
        auto &first = firstWaiter[ch.kind == ChannelType::Memory ? 0 : 1];
        if (ch.globalId < 0 || size_t(ch.globalId) >= first.size())
          continue;
        int32_t &waiter = first[size_t(ch.globalId)];
        if (waiter >= 0 && waiter != tb)
          return true;
        waiter = tb;
      }
    }
    return false;
  };
  for (size_t t = 0; t < rank.tbs.size(); ++t)
    if (visit(rank.tbs[t].ops, int32_t(t), visit))
      return true;
  return false;
}

void reportSharedWaits(const Program &program, DiagnosticSink &diags) {
  // signalers[r][kind][channel]: how many thread blocks of rank r signal
  // on it (0, 1 or 2 for several).
  std::vector<std::array<std::vector<uint8_t>, 2>> signalers;
  // byPeer[r][kind]: rank r's channels of the kind by (peer, k): its k-th
  // channel to that peer, which pairs with the peer's k-th channel back.
  std::vector<std::array<std::map<std::pair<int32_t, int32_t>, size_t>, 2>>
      byPeer;
  // Both only when a channel has waits of two thread blocks (rare): the
  // usual compile does not pay for them.
  auto prepare = [&] {
    if (!signalers.empty())
      return;
    signalers.resize(program.ranks.size());
    byPeer.resize(program.ranks.size());
    for (size_t r = 0; r < program.ranks.size(); ++r) {
      const Rank &rank = program.ranks[r];
      std::array<std::vector<int32_t>, 2> firstSignaler;
      for (int kind = 0; kind < 2; ++kind)
        if (const ChannelGroup *g = rank.group(kind == 0 ? ChannelType::Memory
                                                         : ChannelType::Port)) {
          signalers[r][size_t(kind)].assign(g->connectedTo.size(), 0);
          firstSignaler[size_t(kind)].assign(g->connectedTo.size(), -1);
        }
      auto visit = [&](const std::vector<Op> &ops, int32_t tb,
                       auto &self) -> void {
        for (const Op &op : ops) {
          self(op.details().body, tb, self);
          if (!plan::isSignalOp(op.kind))
            continue;
          for (const ChannelRef &ch : op.channels) {
            if (ch.kind != ChannelType::Memory && ch.kind != ChannelType::Port)
              continue;
            const size_t kind = ch.kind == ChannelType::Memory ? 0 : 1;
            auto &count = signalers[r][kind];
            if (ch.globalId < 0 || size_t(ch.globalId) >= count.size())
              continue;
            int32_t &first = firstSignaler[kind][size_t(ch.globalId)];
            if (first < 0)
              first = tb;
            count[size_t(ch.globalId)] =
                first == tb ? std::max<uint8_t>(count[size_t(ch.globalId)], 1)
                            : 2;
          }
        }
      };
      for (size_t t = 0; t < rank.tbs.size(); ++t)
        visit(rank.tbs[t].ops, int32_t(t), visit);
    }
    for (size_t r = 0; r < program.ranks.size(); ++r)
      for (int kind = 0; kind < 2; ++kind)
        if (const ChannelGroup *g = program.ranks[r].group(
                kind == 0 ? ChannelType::Memory : ChannelType::Port)) {
          std::vector<int32_t> k = occurrences(*g);
          for (size_t c = 0; c < g->connectedTo.size(); ++c)
            byPeer[r][size_t(kind)].emplace(std::pair{g->connectedTo[c], k[c]},
                                            c);
        }
  };
  // Whether the peer's partner of rank r's k-th channel of the kind to it
  // is signalled by several thread blocks.
  auto signalledBySeveral = [&](size_t r, int kind, int32_t peer,
                                int32_t nthToPeer) {
    if (peer < 0 || size_t(peer) >= program.ranks.size())
      return false;
    prepare();
    const auto &channels = byPeer[size_t(peer)][size_t(kind)];
    auto partner = channels.find({int32_t(r), nthToPeer});
    return partner != channels.end() &&
           signalers[size_t(peer)][size_t(kind)][partner->second] > 1;
  };
  struct WaitSite {
    int32_t tb;
    size_t at; // index in the block's ops (its pipeline's, in a body)
    const Op *op;
    const Op *joinedBy; // the barrier right after it, if any
  };
  std::set<SourceLocation> reported;
  for (size_t r = 0; r < program.ranks.size(); ++r) {
    const Rank &rank = program.ranks[r];
    // The usual rank has no channel that two thread blocks wait on: found
    // with one flat array per kind, before anything else is gathered.
    if (!hasSharedWait(rank))
      continue;
    // sites[kind][channel]: the waits on it, in thread-block order.
    std::vector<std::vector<WaitSite>> sites[2];
    std::vector<int32_t> nth[2];
    for (int kind = 0; kind < 2; ++kind)
      if (const ChannelGroup *g =
              rank.group(kind == 0 ? ChannelType::Memory : ChannelType::Port)) {
        sites[kind].resize(g->connectedTo.size());
        nth[kind] = occurrences(*g);
      }
    // Each block's barriers, where they are in its ops.
    std::vector<std::vector<std::pair<size_t, const Op *>>> barriers(
        rank.tbs.size());
    auto visit = [&](const std::vector<Op> &ops, int32_t tb, size_t outer,
                     bool top, auto &self) -> void {
      // nextOther[i]: the first op after i that is not a signal, a wait
      // or a nop (null at the end), found backwards in one pass.
      std::vector<const Op *> nextOther(ops.size(), nullptr);
      for (size_t i = ops.size(); i-- > 1;) {
        OpKind k = ops[i].kind;
        nextOther[i - 1] =
            plan::isWaitOp(k) || plan::isSignalOp(k) || k == OpKind::Nop
                ? nextOther[i]
                : &ops[i];
      }
      for (size_t i = 0; i < ops.size(); ++i) {
        const Op &op = ops[i];
        const size_t at = top ? i : outer;
        self(op.details().body, tb, at, false, self);
        if (op.kind == OpKind::Barrier && top)
          barriers[size_t(tb)].push_back({at, &op});
        if (!plan::isWaitOp(op.kind))
          continue;
        const Op *joinedBy =
            nextOther[i] && nextOther[i]->kind == OpKind::Barrier ? nextOther[i]
                                                                  : nullptr;
        for (const ChannelRef &ch : op.channels) {
          if (ch.kind != ChannelType::Memory && ch.kind != ChannelType::Port)
            continue;
          auto &slots = sites[ch.kind == ChannelType::Memory ? 0 : 1];
          if (ch.globalId >= 0 && size_t(ch.globalId) < slots.size())
            slots[size_t(ch.globalId)].push_back({tb, at, &op, joinedBy});
          // (a channel outside the rank's list: the verifier reports it)
        }
      }
    };
    for (size_t t = 0; t < rank.tbs.size(); ++t)
      visit(rank.tbs[t].ops, int32_t(t), 0, true, visit);
    for (int kind = 0; kind < 2; ++kind)
      for (size_t c = 0; c < sites[kind].size(); ++c) {
        const std::vector<WaitSite> &waits = sites[kind][c];
        if (std::all_of(waits.begin(), waits.end(), [&](const WaitSite &w) {
              return w.tb == waits.front().tb;
            }))
          continue; // none, or one thread block's: the usual case
        const ChannelGroup *group =
            rank.group(kind == 0 ? ChannelType::Memory : ChannelType::Port);
        if (!signalledBySeveral(r, kind, group->connectedTo[c], nth[kind][c]))
          continue;
        std::set<int32_t> tbs;
        for (const WaitSite &w : waits)
          tbs.insert(w.tb);
        auto full = [&](const Op *barrier) {
          const std::vector<int32_t> &m = barrier->details().barrierTbs;
          return std::all_of(tbs.begin(), tbs.end(), [&](int32_t t) {
            return std::find(m.begin(), m.end(), t) != m.end();
          });
        };
        // Where each waiting block's full barriers are.
        std::map<int32_t, std::vector<size_t>> fullAt;
        for (int32_t t : tbs)
          for (const auto &[at, op] : barriers[size_t(t)])
            if (full(op))
              fullAt[t].push_back(at);
        // Per round: the first site of each block in it, and whether all
        // of the round's sites are joined.
        struct Round {
          std::map<int32_t, const WaitSite *> firstOf;
          bool joined = true;
        };
        std::map<size_t, Round> rounds;
        for (const WaitSite &w : waits) {
          const std::vector<size_t> &cuts = fullAt[w.tb];
          size_t k = size_t(std::lower_bound(cuts.begin(), cuts.end(), w.at) -
                            cuts.begin());
          Round &round = rounds[k];
          round.firstOf.emplace(w.tb, &w);
          round.joined = round.joined && w.joinedBy && full(w.joinedBy);
        }
        for (const auto &[k, round] : rounds) {
          if (round.firstOf.size() < 2 || round.joined)
            continue;
          // The round's two earliest-recorded blocks (in block order).
          const WaitSite &first = *round.firstOf.begin()->second;
          const WaitSite &second = *std::next(round.firstOf.begin())->second;
          if (!reported.insert(second.op->reportLoc()).second)
            break;
          const ChannelType type =
              kind == 0 ? ChannelType::Memory : ChannelType::Port;
          const ChannelGroup *g = rank.group(type);
          const int32_t peer = g->connectedTo[c];
          auto d = diags.report(
              diag::warn_shared_channel_wait, second.op->reportLoc(),
              {first.tb, second.tb, int64_t(r),
               std::string(ordinal(nth[kind][c])), plan::toString(type), peer});
          d.note(diag::note_sync_issued_here, first.op->reportLoc(),
                 {"thread block " + std::to_string(first.tb) + "'s wait",
                  int64_t(r), peer});
          if (c < g->createdAt.size() && g->createdAt[c].isValid())
            d.note(diag::note_dsl_channel_created, g->createdAt[c],
                   {int64_t(r), peer});
          break; // once per channel
        }
      }
  }
}

class SignalWaitPairingPass : public Pass {
public:
  std::string_view name() const override { return "signal-wait-pairing"; }
  bool run(Program &program, DiagnosticSink &diags) override {
    // The common case, balanced totals, by counting alone: no event list,
    // no sort. Only a mismatch pays for the ordered walk that reports it.
    reportSharedWaits(program, diags);
    Balance b = balance(program);
    // Counts per iteration matter once the totals agree on every channel
    // (else the error or warning below says what to fix first).
    if (b == Balance::Balanced)
      reportPipelineMismatches(program, diags);
    if (b == Balance::Balanced)
      return true;
    if (b == Balance::ByChannel) {
      reportChannelMismatches(program, diags);
      return true;
    }
    using Key = std::tuple<int32_t, int32_t, int>; // issuer, peer, kind
    std::vector<SyncEvent> events = collectEvents(program);
    std::map<Key, std::vector<const SyncEvent *>> signals, waits;
    for (const auto &e : events) {
      Key k{e.src, e.dst, int(e.kind)};
      (e.isSignal ? signals : waits)[k].push_back(&e);
    }
    // Every ordered (a -> b) pair that appears in either direction.
    std::set<Key> pairs;
    for (const auto &[k, v] : signals)
      pairs.insert(k);
    for (const auto &[k, v] : waits)
      pairs.insert({std::get<1>(k), std::get<0>(k), std::get<2>(k)});
    // One error per source line: a loop that drops a wait leaves many
    // rank pairs unmatched at the same statement, and the first pair's
    // notes say all there is to fix; the others are listed in a note.
    struct Mismatch {
      int32_t a, b;
      int kind;
      size_t ns, nw;
      const std::vector<const SyncEvent *> *s, *w;
      const SyncEvent *at; // the last event of the side with the surplus
    };
    std::vector<Mismatch> mismatches;
    for (const auto &[a, b, kind] : pairs) {
      auto s = signals.find({a, b, kind});
      auto w = waits.find({b, a, kind});
      size_t ns = s == signals.end() ? 0 : s->second.size();
      size_t nw = w == waits.end() ? 0 : w->second.size();
      if (ns == nw)
        continue;
      const auto *sv = s == signals.end() ? nullptr : &s->second;
      const auto *wv = w == waits.end() ? nullptr : &w->second;
      // Point the error at the side with the surplus.
      mismatches.push_back(
          {a, b, kind, ns, nw, sv, wv, ns > nw ? sv->back() : wv->back()});
    }
    // Pairs are one mistake when they are unmatched the same way (kind,
    // the side with the surplus) by the same statements: the same signal
    // lines and the same wait lines. A signal in a helper function called
    // from two places is two mistakes: the waits differ.
    auto lines = [](const std::vector<const SyncEvent *> *events) {
      std::set<SourceLocation> out;
      if (events)
        for (const auto *e : *events)
          out.insert(e->loc);
      return out;
    };
    using Shape =
        std::tuple<SourceLocation, int, bool, std::set<SourceLocation>,
                   std::set<SourceLocation>>;
    std::map<Shape, std::vector<const Mismatch *>> byShape;
    std::vector<const std::vector<const Mismatch *> *> groups;
    for (const Mismatch &m : mismatches) {
      auto &g = byShape[Shape{m.at->loc, m.kind, m.ns > m.nw, lines(m.s),
                              lines(m.w)}];
      if (g.empty())
        groups.push_back(&g);
      g.push_back(&m);
    }
    for (const auto *group : groups) {
      const Mismatch &m = *group->front();
      const auto *line = group;
      auto d = diags.report(
          diag::err_signal_wait_mismatch, m.at->loc,
          {plan::toString(ChannelType(m.kind)), m.a, m.ns, m.b, m.nw});
      const size_t maxNotes = 4;
      auto addNotes = [&](const std::vector<const SyncEvent *> *events,
                          const char *what) {
        if (!events)
          return;
        // One note per place (a loop issues many from one line), with the
        // count when it is more than one.
        std::vector<std::pair<const SyncEvent *, size_t>> places;
        for (const auto *e : *events) {
          if (!places.empty() && places.back().first->loc == e->loc &&
              places.back().first->src == e->src &&
              places.back().first->dst == e->dst)
            ++places.back().second;
          else
            places.push_back({e, 1});
        }
        size_t shown = 0;
        for (size_t i = 0; i < places.size(); ++i) {
          const auto &[e, n] = places[i];
          if (i == maxNotes) {
            d.note(diag::note_sync_more, e->loc,
                   {events->size() - shown, what});
            break;
          }
          shown += n;
          d.note(diag::note_sync_issued_here, e->loc,
                 {n == 1 ? std::string(what)
                         : std::to_string(n) + " " + what + "s",
                  e->src, e->dst});
        }
      };
      addNotes(m.s, "signal");
      addNotes(m.w, "wait");
      const auto &others = *line;
      if (others.size() > 1) {
        const size_t maxListed = 8;
        std::string list;
        for (size_t i = 1; i < others.size() && i <= maxListed; ++i) {
          const Mismatch &o = *others[i];
          list += (i > 1 ? ", " : "") + std::to_string(o.a) + " -> " +
                  std::to_string(o.b) + " (" + std::to_string(o.ns) +
                  " signal(s), " + std::to_string(o.nw) + " wait(s))";
        }
        if (others.size() - 1 > maxListed)
          list += ", ...";
        d.note(diag::note_sync_more_pairs, m.at->loc,
               {others.size() - 1, list});
      }
    }
    return mismatches.empty();
  }
};

} // namespace

std::unique_ptr<Pass> createSignalWaitPairingPass() {
  return std::make_unique<SignalWaitPairingPass>();
}

} // namespace mscclc::passes
