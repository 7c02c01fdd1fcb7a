//===- ChunkIRVerifier.h - internal consistency of chunk IR ---------------===//
//
// Checks invariants every pass must preserve: operands reference existing
// ranks and lie in their buffers, channel references exist on the op's rank
// (per kind), semaphores exist, remote chunks have a remote-buffer
// declaration, reduce/transfer ops have their mandatory operands, pipelines
// do not nest. Returns the problems found (empty when valid). A problem is a
// compiler bug, not a user error: user mistakes are diagnosed earlier.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/ChunkIR.h"

#include <string>
#include <vector>

namespace mscclc::chunk {

std::vector<std::string> verify(const Program &program);

} // namespace mscclc::chunk
