//===- ChunkIRVerifier.h - internal consistency of chunk IR ---------------===//
//
// Checks invariants every pass must preserve: operands reference existing
// ranks and lie in their buffers, channel references exist on the op's rank
// (per kind), semaphores exist, remote chunks have a remote-buffer
// declaration, reduce/transfer ops have their mandatory operands, pipelines
// do not nest, operand lists fit the op's layout, settings are in range.
// Each problem is reported (err_cir_*) at the op's source line with where
// it sits in the IR. After a pass, a problem is a compiler bug (the pipeline
// reports it as an internal error); in chunk IR read from text it is the
// text's.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/ChunkIR.h"
#include "mscclc/ir/Diagnostics.h"

namespace mscclc::chunk {

// Returns true when `program` satisfies every invariant.
bool verify(const Program &program, DiagnosticSink &diags);

} // namespace mscclc::chunk
