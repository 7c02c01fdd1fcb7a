//===- record_ring.cpp - the recording layer without Clang ---------------===//
//
// Links mscclc_builder and the IR only: if ProgramBuilder needed Clang, this
// would not link. Records a 3-rank ring AllGather through the builder's API,
// as a front end other than the C++ one would, and prints the chunk IR; the
// ctest (builder/clang-free) checks the recorded ops.
//
//===----------------------------------------------------------------------===//
// CHECK: program "ring" collective=allgather ranks=3
// CHECK-LABEL: rank 0 input=1 output=3 scratch=0
// CHECK-NEXT: channels memory -> #0:r1 #1:r2
// CHECK:      tb 0
// CHECK-NEXT:   copy i[0:1]#0 -> o[0:1]#0
// CHECK-NEXT:   put o[0:1]#0 -> r1.o[0:1] via memory#0
// CHECK-NEXT:   signal.before memory#0
// CHECK-NEXT:   wait.none memory#1
// CHECK-LABEL: rank 1 input=1 output=3 scratch=0
// CHECK:      tb 0
// CHECK-NEXT:   wait.none memory#0
// CHECK-NEXT:   copy i[0:1]#0 -> o[1:2]#0
// CHECK-NEXT:   put o[1:2]#0 -> r2.o[1:2] via memory#1
// CHECK-NEXT:   signal.before memory#1
// CHECK-LABEL: rank 2 input=1 output=3 scratch=0
// CHECK:      tb 0
// CHECK-NEXT:   wait.none memory#0
// CHECK-NEXT:   copy i[0:1]#0 -> o[2:3]#0
// CHECK-NEXT:   put o[2:3]#0 -> r0.o[2:3] via memory#1
// CHECK-NEXT:   signal.before memory#1

#include "mscclc/frontend/ProgramBuilder.h"
#include "mscclc/ir/ChunkIRPrinter.h"

#include <iostream>

using namespace mscclc;
using namespace mscclc::frontend;

int main() {
  const int64_t ranks = 3;
  ProgramBuilder b;
  ProgramSettings s;
  s.program.name = "ring";
  s.collective.name = "allgather";
  s.collective.numRanks = ranks;
  s.collective.inputSize = 1;
  s.collective.outputSize = ranks;
  s.collective.inplace = false;
  s.numRanks = ranks;
  const SourceLocation nowhere{};
  try {
    b.beginProgram(s, nowhere);
    TbSelection tb0;
    tb0.tb = 0;
    for (int64_t r = 0; r < ranks; ++r) {
      // Own chunk into place, then put it to the next rank and signal.
      chunk::Chunk in = b.slice(b.inputBuffer(r), 0, 1);
      chunk::Chunk own = b.slice(b.outputBuffer(r), r, r + 1);
      b.copy(r, own, in, tb0, chunk::OpKind::Copy, nowhere);
      const int64_t next = (r + 1) % ranks;
      int32_t ch = b.newMemoryChannel(next, r, nowhere);
      chunk::Chunk there = b.slice(b.outputBuffer(next), r, r + 1);
      b.transfer(ch, chunk::OpKind::Put, there, own, tb0, nowhere);
      b.signalOrWait(ch, 0, chunk::SyncBefore, false, true, nowhere);
      int32_t back = b.newMemoryChannel(r, next, nowhere);
      b.signalOrWait(back, 0, chunk::SyncNone, false, false, nowhere);
    }
    b.endProgram();
    chunk::Program program = b.takeProgram();
    chunk::print(program, std::cout);
  } catch (const DiagnosticError &e) {
    std::cerr << "record_ring: " << e.diag.message << "\n";
    return 1;
  }
  return 0;
}
