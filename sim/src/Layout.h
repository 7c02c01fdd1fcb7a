//===- Layout.h - where a plan's chunks are, in bytes ---------------------===//
//
// The executor's arithmetic of executor-semantics §2, per rank: message
// sizes from the collective, the chunk size, the user pointers inside
// their allocations (in place: input and output alias), the scratch size
// (from allocation ranges, LL doubling, double buffering, reuse slots), and
// for every operand of every op the bytes it names — tbg slices, remote
// const offsets (Q5), the port source's missing const offset (Q4), packet
// space (2x) and the scratch half H. Executor and intended semantics differ
// only where §8.1 lists a defect.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/PlanQuery.h"
#include "mscclc/sim/Simulator.h"

#include <cstdint>
#include <vector>

namespace mscclc::sim {

// Memory spaces of a rank: the send allocation, the receive allocation
// (the same as the send allocation for an in-place collective whose
// buffers coincide) and the scratch buffer.
enum Space : uint8_t { SendSpace = 0, RecvSpace = 1, ScratchSpace = 2 };

struct RankLayout {
  uint64_t inputBytes = 0;  // I
  uint64_t outputBytes = 0; // O
  uint64_t chunkBytes = 0;  // C
  // Where the user pointers are.
  Space inputSpace = SendSpace, outputSpace = RecvSpace;
  uint64_t inputOffset = 0, outputOffset = 0;
  uint64_t spaceBytes[3] = {0, 0, 0};
  uint64_t scratchBytes = 0; // allocated (H is half of it)
  uint64_t slotBytes = 0;    // reuse_resources: Sslot (0 when not reused)
  // reuse_resources: scratch chunks go at k·Sslot once C outgrows the
  // slot, where Sslot is 0 for a rank without scratch chunks (§2.5).
  bool reuseScratch = false;
  bool chunkCountZero = false; // Q9: a zero input/output chunk count
};

struct PlanLayout {
  std::vector<RankLayout> ranks;
};

// Input and output bytes per rank for message size `size`.
PlanLayout layoutFor(const plan::Plan &plan, uint64_t size);

// The bytes an operand names, before the run-time parts: the final offset
// is  base + (addH ? H : 0) + scale * (chunkOffset + pipelineOffset').
struct Address {
  int32_t rank = -1;
  Space space = SendSpace;
  uint64_t base = 0;        // user pointer offset in the space (unscaled)
  uint64_t chunkOffset = 0; // data-space offset (scaled in packet space)
  uint64_t length = 0;      // data-space bytes
  uint8_t scale = 1;        // 2 in packet space
  bool addH = false;
  bool scratch = false; // for reuse-slot wrapping of pipeline offsets
};

// `a` read through the buffer of `first`, as the executor's memory-channel
// put and put_packets read every source: the base (and the buffer's space)
// of the first source, the offset of their own (executor-semantics §3.4).
inline void takeBufferOf(Address &a, const Address &first) {
  a.space = first.space;
  a.base = first.base;
  a.addH = first.addH;
  a.scratch = first.scratch;
}

// Host side of §2.2/§2.5: where chunk `index` of a buffer type starts, as
// rank layout `l`'s executor computes it.
uint64_t chunkStart(const RankLayout &l, plan::BufferType t, int64_t index);

struct ResolveContext {
  const plan::Plan &plan;
  const plan::PlanQuery &query;
  const PlanLayout &layout;
  Semantics semantics;
};

// Operand `i` of `op` (src or dst) on (rank, tb) as the executor addresses
// it. For a switch operand, `switchRanks` receives the group and the
// address is a template whose rank is filled per member.
Address resolve(const ResolveContext &ctx, int32_t rank, int32_t tb,
                const plan::Op &op, plan::Operand which, size_t i,
                std::vector<int32_t> *switchRanks = nullptr);

// An unfused `glre` (intended semantics only: the executor rejects it):
// its multicast source range (a template filled per member, as for a
// switch operand) or its local destination chunk.
Address resolveGroupLoadReduce(const ResolveContext &ctx, int32_t rank,
                               int32_t tb, const plan::Op &op,
                               plan::Operand which,
                               std::vector<int32_t> *switchRanks = nullptr);

} // namespace mscclc::sim
