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
