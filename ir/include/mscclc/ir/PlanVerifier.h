//===- PlanVerifier.h - the invariants every plan satisfies --------------===//
//
// plan::verify runs on every plan, read from JSON or compiled, before
// anything indexes into it. It checks what the executor assumes without
// checking (executor-semantics §1, §4) and what every consumer of plan IR
// relies on:
//
//  - gpu and thread-block ids equal their positions;
//  - channel declarations name existing ranks, and the two ends agree:
//    a signal or wait uses a channel whose partner the peer declares (the
//    k-th channel from A to B pairs with the k-th from B to A); a switch
//    group is declared identically by each member;
//  - every tb-local channel id, remote buffer id, switch channel id and
//    semaphore id resolves, through the access type the remote buffer was
//    registered for;
//  - every op's src_buff/dst_buff fit its layout in OpKinds.def, packets
//    live in scratch, every chunk range lies inside its buffer, channel ids
//    and channel types are what the op kind needs, a port op's channel
//    leads to the rank that owns its remote buffer;
//  - barriers, thread-block groups and pipelines are sane;
//  - every wait has a possible signaller on the peer.
//
// Each broken invariant is one diagnostic naming the JSON path of the
// offending value (and the op's source line, for compiled plans).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/Diagnostics.h"
#include "mscclc/ir/PlanIR.h"

namespace mscclc::plan {

// Returns true when `plan` is well formed. Reports at most `maxReported`
// problems (then one summary line).
bool verify(const Plan &plan, DiagnosticSink &diags, unsigned maxReported = 20);

} // namespace mscclc::plan
