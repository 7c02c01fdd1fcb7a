//===- SignalWaitPairing.h - the SignalWaitPairing pass ----------------===//
//
// Compares, for every (source rank, peer, channel kind), the signals the
// source issues (signal, relaxed signal, put_with_signal*) with the waits
// the peer performs for it (dsl-semantics.md §3.3). A mismatch is an error
// naming the ranks, the channel kind and both counts, with notes at the
// calls. Reads the ops in recording order (before fusion, one channel per
// signal or wait). Changes nothing.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/passes/Pass.h"

#include <memory>

namespace mscclc::passes {

std::unique_ptr<Pass> createSignalWaitPairingPass();

} // namespace mscclc::passes
