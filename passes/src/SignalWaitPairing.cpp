//===- SignalWaitPairing.cpp - every signal has its wait -----------------===//
#include "mscclc/passes/SignalWaitPairing.h"

#include <algorithm>
#include <map>
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
};

// Calls fn(op, rank, peer, kind, isSignal) for every channel end of every
// signalling op (signal, relaxed signal, put_with_signal*) and every wait,
// pipelines' inner ops included, in thread-block order.
template <typename Fn> void forEachSyncEnd(const Program &program, Fn fn) {
  auto visit = [&](const Op &op, int32_t r, auto &self) -> void {
    for (const Op &inner : op.details().body)
      self(inner, r, self);
    bool sig = plan::isSignalOp(op.kind), wait = plan::isWaitOp(op.kind);
    if (!sig && !wait)
      return;
    const Rank &rank = program.ranks[size_t(r)];
    for (const ChannelRef &ch : op.channels) {
      const ChannelGroup *g = rank.group(ch.kind);
      if (!g || ch.globalId < 0 || size_t(ch.globalId) >= g->connectedTo.size())
        continue; // the verifier reports it
      fn(op, r, g->connectedTo[size_t(ch.globalId)], ch.kind, sig);
    }
  };
  for (size_t r = 0; r < program.ranks.size(); ++r)
    for (const auto &tb : program.ranks[r].tbs)
      for (const auto &op : tb.ops)
        visit(op, int32_t(r), visit);
}

// The events of forEachSyncEnd in recording order.
std::vector<SyncEvent> collectEvents(const Program &program) {
  std::vector<SyncEvent> events;
  forEachSyncEnd(program, [&](const Op &op, int32_t r, int32_t peer,
                              ChannelType kind, bool sig) {
    events.push_back({r, peer, kind, sig, op.reportLoc(), op.seq});
  });
  std::stable_sort(
      events.begin(), events.end(),
      [](const SyncEvent &a, const SyncEvent &b) { return a.seq < b.seq; });
  return events;
}

// Whether every (a -> b, kind) has as many signals from a as waits on b.
bool balanced(const Program &program) {
  // signals(a -> b) - waits(b <- a), keyed by (a, b, kind).
  std::unordered_map<uint64_t, int64_t> surplus;
  auto key = [](uint64_t a, uint64_t b, uint64_t kind) {
    return (a << 34) | (b << 4) | kind;
  };
  bool ok = true;
  forEachSyncEnd(program, [&](const Op &, int32_t r, int32_t peer,
                              ChannelType kind, bool sig) {
    if (peer < 0) {
      ok = false; // let the full walk describe it
      return;
    }
    if (sig)
      ++surplus[key(uint64_t(r), uint64_t(peer), uint64_t(kind))];
    else
      --surplus[key(uint64_t(peer), uint64_t(r), uint64_t(kind))];
  });
  if (!ok)
    return false;
  for (const auto &[k, v] : surplus)
    if (v != 0)
      return false;
  return true;
}

class SignalWaitPairingPass : public Pass {
public:
  std::string_view name() const override { return "signal-wait-pairing"; }
  bool run(Program &program, DiagnosticSink &diags) override {
    // The common case, balanced totals, by counting alone: no event list,
    // no sort. Only a mismatch pays for the ordered walk that reports it.
    if (balanced(program))
      return true;
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
    bool ok = true;
    for (const auto &[a, b, kind] : pairs) {
      auto s = signals.find({a, b, kind});
      auto w = waits.find({b, a, kind});
      size_t ns = s == signals.end() ? 0 : s->second.size();
      size_t nw = w == waits.end() ? 0 : w->second.size();
      if (ns == nw)
        continue;
      ok = false;
      // Point the error at the side with the surplus.
      const auto &surplus = ns > nw ? s->second : w->second;
      auto d = diags.report(diag::err_signal_wait_mismatch, surplus.back()->loc,
                            {plan::toString(ChannelType(kind)), a, ns, b, nw});
      const size_t maxNotes = 4;
      auto addNotes = [&](const std::vector<const SyncEvent *> *events,
                          const char *what) {
        if (!events)
          return;
        size_t i = 0;
        for (const auto *e : *events) {
          if (i++ == maxNotes) {
            d.note(diag::note_sync_more, e->loc,
                   {events->size() - maxNotes, what});
            break;
          }
          d.note(diag::note_sync_issued_here, e->loc, {what, e->src, e->dst});
        }
      };
      addNotes(s == signals.end() ? nullptr : &s->second, "signal");
      addNotes(w == waits.end() ? nullptr : &w->second, "wait");
    }
    return ok;
  }
};

} // namespace

std::unique_ptr<Pass> createSignalWaitPairingPass() {
  return std::make_unique<SignalWaitPairingPass>();
}

} // namespace mscclc::passes
