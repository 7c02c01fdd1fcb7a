//===- SignalWaitPairing.cpp - every signal has its wait -----------------===//
#include "mscclc/passes/SignalWaitPairing.h"

#include <map>
#include <set>
#include <tuple>

namespace mscclc::passes {
namespace {

using namespace chunk;

class SignalWaitPairingPass : public Pass {
public:
  std::string_view name() const override { return "signal-wait-pairing"; }
  bool run(Program &program, DiagnosticSink &diags) override {
    using Key = std::tuple<int32_t, int32_t, int>; // issuer, peer, kind
    std::map<Key, std::vector<const SyncEvent *>> signals, waits;
    for (const auto &e : program.syncEvents) {
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
