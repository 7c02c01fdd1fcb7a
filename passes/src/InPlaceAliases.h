//===- InPlaceAliases.h - input and output as one buffer in place -*- C++ -*-//
//
// In place, a collective's input and output are one allocation, as the
// executor's callers allocate them (executor-semantics §6.1, the
// simulator's Layout.cpp): AllGather's input is slice r of rank r's output,
// ReduceScatter's output is slice r of its input, and every other
// collective's input and output are the same bytes. The reference DSL does
// not model this (dsl-semantics §2), so `i[1]` and `o[1]` look unrelated to
// its hazard checks. Checks that compare the chunks of one op, or of one
// thread block's ops, compare them in one buffer's coordinates instead:
// `canonical` names a chunk by where its bytes are.
//
// Chunks are one size in both buffers (the layout derives one buffer's
// size from the other's chunk count), so slice r starts r × (the slice's
// chunk count) chunks in. A peer's buffer is addressed with the executing
// rank's offset (Q5), so its chunks shift by the executing rank's slice too.
//
//===----------------------------------------------------------------------===//
#ifndef MSCCLC_PASSES_INPLACEALIASES_H
#define MSCCLC_PASSES_INPLACEALIASES_H

#include "mscclc/ir/ChunkIR.h"

#include <cstdint>

namespace mscclc::passes {

class InPlaceAliases {
public:
  InPlaceAliases() = default;
  // The aliases of the ops rank `rankIndex` of `program` executes.
  static InPlaceAliases of(const chunk::Program &program, size_t rankIndex) {
    InPlaceAliases a;
    if (!program.inplace || rankIndex >= program.ranks.size())
      return a;
    const chunk::Rank &rank = program.ranks[rankIndex];
    const int64_t r = int64_t(rankIndex);
    a.active_ = true;
    if (program.collective == "allgather") {
      a.slice_ = chunk::BufferType::Input; // lies in the output
      a.whole_ = chunk::BufferType::Output;
      a.active_ = !__builtin_mul_overflow(r, rank.inputChunks, &a.shift_);
    } else if (program.collective == "reducescatter") {
      a.slice_ = chunk::BufferType::Output; // lies in the input
      a.whole_ = chunk::BufferType::Input;
      a.active_ = !__builtin_mul_overflow(r, rank.outputChunks, &a.shift_);
    }
    return a;
  }

  bool active() const { return active_; }

  // `c` named by the buffer that holds its bytes: an input or output chunk
  // in the whole buffer's coordinates; other chunks unchanged.
  chunk::Chunk canonical(chunk::Chunk c) const {
    if (!active_ || c.type != slice_)
      return c;
    int64_t index, end;
    if (__builtin_add_overflow(c.index, shift_, &index) ||
        __builtin_add_overflow(index, c.size > 0 ? c.size : 0, &end))
      return c;
    c.type = whole_;
    c.index = index;
    return c;
  }

private:
  bool active_ = false;
  // The buffer that lies inside the other, at `shift_` chunks.
  chunk::BufferType slice_ = chunk::BufferType::Output;
  chunk::BufferType whole_ = chunk::BufferType::Input;
  int64_t shift_ = 0;
};

} // namespace mscclc::passes

#endif // MSCCLC_PASSES_INPLACEALIASES_H
