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
#include <string_view>

namespace mscclc::passes {

class InPlaceAliases {
public:
  InPlaceAliases() = default;
  // The aliases of the ops that rank `rankIndex` executes, with its buffers
  // of `inputChunks` and `outputChunks` chunks.
  InPlaceAliases(bool inplace, std::string_view collective, int64_t rankIndex,
                 int64_t inputChunks, int64_t outputChunks) {
    if (!inplace || rankIndex < 0)
      return;
    active_ = true;
    if (collective == "allgather") {
      slice_ = chunk::BufferType::Input; // lies in the output
      whole_ = chunk::BufferType::Output;
      active_ = !__builtin_mul_overflow(rankIndex, inputChunks, &shift_);
    } else if (collective == "reducescatter") {
      slice_ = chunk::BufferType::Output; // lies in the input
      whole_ = chunk::BufferType::Input;
      active_ = !__builtin_mul_overflow(rankIndex, outputChunks, &shift_);
    }
  }
  static InPlaceAliases of(const chunk::Program &program, size_t rankIndex) {
    if (rankIndex >= program.ranks.size())
      return {};
    const chunk::Rank &rank = program.ranks[rankIndex];
    return InPlaceAliases(program.inplace, program.collective,
                          int64_t(rankIndex), rank.inputChunks,
                          rank.outputChunks);
  }

  bool active() const { return active_; }

  // Renames chunks [index, index + size) of buffer `type` by the buffer
  // that holds their bytes (input or output chunks in the whole buffer's
  // coordinates); false, leaving them, for other chunks.
  bool place(chunk::BufferType &type, int64_t &index, int64_t size) const {
    if (!active_ || type != slice_)
      return false;
    int64_t placed, end;
    if (__builtin_add_overflow(index, shift_, &placed) ||
        __builtin_add_overflow(placed, size > 0 ? size : 0, &end))
      return false;
    type = whole_;
    index = placed;
    return true;
  }
  chunk::Chunk canonical(chunk::Chunk c) const {
    chunk::BufferType type = c.type;
    int64_t index = c.index;
    if (place(type, index, c.size)) {
      c.type = type;
      c.index = index;
    }
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
