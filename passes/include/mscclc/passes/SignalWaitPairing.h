//===- SignalWaitPairing.h - the SignalWaitPairing pass ----------------===//
//
// Compares, for every (source rank, peer, channel kind), the signals the
// source issues (signal, relaxed signal, put_with_signal*) with the waits
// the peer performs for it (dsl-semantics.md §3.3). A mismatch is an error
// naming the ranks, the channel kind and both counts, with notes at the
// calls. When those totals balance but a channel's do not (the k-th
// channel from A to B pairs with the k-th from B to A, executor-semantics
// §4.2: a new channel object per signal and per wait leaves each signal on
// a channel nobody waits on), a warning (-Wsignal-wait-channels; the
// reference DSL accepts such plans) names the channel, both counts and
// where each side's channel was made. Reads the ops in recording order
// (before fusion, one channel per signal or wait). Changes nothing.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/passes/Pass.h"

#include <memory>

namespace mscclc::passes {

std::unique_ptr<Pass> createSignalWaitPairingPass();

} // namespace mscclc::passes
