//===- Collectives.h - input patterns and what each collective must give -===//
//
// Inputs are filled so that misplaced data is visible: for collectives
// that move data (allgather, alltoall, sendrecv) each element holds 1 + a
// hash of (run, rank, element) in the integers the type holds exactly, so
// data from any other rank, element or run differs (but for a chance
// collision, one element in the type's range); for reductions (allreduce,
// reducescatter) each element is a multiple of 1/1024 in [0, 1) (integers
// modulo 1024) from a hash of (run, rank, element), as the executor's own
// test does. Results are compared exactly, but for f16 and bf16 sums,
// which may stray from the sum of their stored inputs by the rounding of
// n - 1 additions (checkOutput).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/PlanIR.h"
#include "mscclc/sim/Simulator.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mscclc::sim {

enum class CollectiveKind : uint8_t {
  AllReduce,
  AllGather,
  ReduceScatter,
  AllToAll,
  SendRecv,
  Undefined, // "test" and custom collectives: no definition to check
};

CollectiveKind collectiveKind(std::string_view name);
// AllReduce and ReduceScatter: outputs are reductions across ranks.
bool isReducing(CollectiveKind k);

// The operator a reducing collective applies across ranks: the one every
// reduction of the plan names (a plan of min reductions computes a min
// all-reduce), sum when the plan has none. `mixed` when its reductions
// disagree: the collective then has no single definition, and `note` says
// which operators it mixes.
struct PlanReduction {
  plan::ReduceOp op = plan::ReduceOp::Sum;
  bool mixed = false;
  std::string note;
};
PlanReduction planReduction(const plan::Plan &plan);

// Fills `length` bytes of rank `rank`'s input for execution `run`,
// starting at element `first` of the input.
void fillInput(uint8_t *bytes, uint64_t length, DType t, CollectiveKind k,
               int32_t rank, int32_t run, uint64_t first = 0);

struct Mismatch {
  uint64_t byteOffset = 0; // in the output buffer
  std::string message;     // expected, actual, where it should come from
};

// What every rank's check of execution `run` shares: for reductions the
// reduction (by `op`) of all inputs, for allgather their concatenation
// (empty for the other collectives). Computed once per run instead of once
// per rank.
std::vector<double> sharedExpectation(DType t, CollectiveKind k, int32_t ranks,
                                      int32_t run, uint64_t inputBytes,
                                      plan::ReduceOp op = plan::ReduceOp::Sum);

// Checks rank `rank`'s output after execution `run` against the
// collective's definition; `inputBytes` is every rank's input size and
// `shared` what sharedExpectation gave for this run. A sendrecv rank
// receives from the rank `sendRecvGroup` before it (SimOptions); `op`
// names the reduction in the message.
std::optional<Mismatch>
checkOutput(const uint8_t *output, uint64_t outputBytes, uint64_t inputBytes,
            uint64_t chunkBytes, DType t, CollectiveKind k, int32_t rank,
            int32_t ranks, int32_t run, const std::vector<double> &shared,
            int32_t sendRecvGroup = 1, plan::ReduceOp op = plan::ReduceOp::Sum);

} // namespace mscclc::sim
