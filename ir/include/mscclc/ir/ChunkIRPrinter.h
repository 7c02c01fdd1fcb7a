//===- ChunkIRPrinter.h - chunk IR as text --------------------------------===//
//
// One op per line with its operands, data versions (`o[2:3]#4`), channels,
// flags and source line, e.g.
//
//   rank 0
//     tb 0
//       rlxsignal.both memory#0                       ; line 12
//       put i[0:1]#0 -> r1.s[0:1] via memory#0        ; line 14
//
// Used by --emit-ir and --print-after; ChunkIRParser reads it back (the
// format is in docs/chunk-ir.md). The output is deterministic.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/ChunkIR.h"

#include <ostream>

namespace mscclc::chunk {

void print(const Program &program, std::ostream &os);

// Numbers the data versions of every local chunk operand in recording
// order (an annotation for printing; see ChunkIR.h).
void assignVersions(Program &program);

} // namespace mscclc::chunk
