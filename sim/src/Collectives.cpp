//===- Collectives.cpp - input patterns and expected outputs --------------===//
//
// See Collectives.h.
//
//===----------------------------------------------------------------------===//
#include "Collectives.h"
#include "Elements.h"

#include "mscclc/ir/OpKinds.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>
#include <vector>

namespace mscclc::sim {

CollectiveKind collectiveKind(std::string_view name) {
  if (name == "allreduce")
    return CollectiveKind::AllReduce;
  if (name == "allgather")
    return CollectiveKind::AllGather;
  if (name == "reducescatter")
    return CollectiveKind::ReduceScatter;
  if (name == "alltoall")
    return CollectiveKind::AllToAll;
  if (name == "sendrecv")
    return CollectiveKind::SendRecv;
  return CollectiveKind::Undefined;
}

PlanReduction planReduction(const plan::Plan &plan) {
  // Every operator some reduction names, in enum order for a stable note.
  bool used[3] = {false, false, false};
  auto visit = [&](auto &self, const std::vector<plan::Op> &ops) -> void {
    for (const plan::Op &op : ops) {
      if (plan::carriesReduceOp(op.kind))
        used[size_t(op.reduceOp.value_or(plan::ReduceOp::Sum))] = true;
      self(self, op.ops);
    }
  };
  for (const plan::Gpu &gpu : plan.gpus)
    for (const plan::ThreadBlock &tb : gpu.threadblocks)
      visit(visit, tb.ops);
  PlanReduction r;
  std::vector<plan::ReduceOp> ops;
  for (plan::ReduceOp op :
       {plan::ReduceOp::Sum, plan::ReduceOp::Min, plan::ReduceOp::Max})
    if (used[size_t(op)])
      ops.push_back(op);
  if (ops.size() == 1)
    r.op = ops[0];
  if (ops.size() > 1) {
    r.mixed = true;
    r.note = "the plan's reductions mix";
    for (size_t i = 0; i < ops.size(); ++i)
      r.note += std::string(i == 0                ? " "
                            : i + 1 == ops.size() ? " and "
                                                  : ", ") +
                std::string(plan::toString(ops[i]));
    r.note += ", so the collective has no single definition to check the "
              "output against";
  }
  return r;
}

bool isReducing(CollectiveKind k) {
  return k == CollectiveKind::AllReduce || k == CollectiveKind::ReduceScatter;
}

namespace {

bool reducing(CollectiveKind k) { return isReducing(k); }

bool isFloat(DType t) {
  return t == DType::F32 || t == DType::F16 || t == DType::BF16;
}

// How many distinct integers the type holds exactly (codes wrap there).
uint64_t codeRange(DType t) {
  switch (t) {
  case DType::F32:
    return uint64_t(1) << 24;
  case DType::F16:
    return 2048;
  case DType::BF16:
  case DType::U8:
    return 256;
  case DType::I32:
  case DType::U32:
    return uint64_t(1) << 31;
  }
  return 256;
}

// One multiply: the pattern only needs to differ between neighbours,
// ranks and runs, and it is computed for every element of every run.
uint32_t mix(uint64_t x) { return uint32_t((x * 0x9e3779b97f4a7c15ULL) >> 40); }

// A bijection of 64-bit words whose every output bit depends on every
// input bit (splitmix64's finaliser): neighbouring inputs give unrelated
// outputs.
uint64_t scramble(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// The value element `i` of `rank`'s input holds in execution `run`.
double inputValue(DType t, CollectiveKind k, int32_t rank, int32_t run,
                  uint64_t i) {
  if (reducing(k)) {
    uint32_t h = mix((uint64_t(uint32_t(run)) << 48) +
                     (uint64_t(uint32_t(rank)) << 36) + i + 1) %
                 1024;
    if (t == DType::U8)
      return h % 256;
    return isFloat(t) ? h / 1024.0 : double(h);
  }
  // Moving collectives: 1 + a hash of (run, rank, element); 0 would look
  // like memory nothing wrote. A hash, not a linear code: with one, rank
  // r + 1's element i equalled rank r's element i + 4112 (f32), and a plan
  // taking a chunk from the wrong rank or place passed at sizes that line
  // up with the stride.
  uint64_t code = scramble((uint64_t(uint32_t(run)) << 48) ^
                           (uint64_t(uint32_t(rank)) << 32) ^ i) %
                  (codeRange(t) - 1);
  return double(code + 1);
}

double epsilon(DType t) {
  switch (t) {
  case DType::BF16:
    return std::ldexp(1.0, -7);
  case DType::F16:
    return std::ldexp(1.0, -10);
  case DType::F32:
    return std::ldexp(1.0, -23);
  default:
    return 0;
  }
}

std::string show(double v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

} // namespace

void fillInput(uint8_t *bytes, uint64_t length, DType t, CollectiveKind k,
               int32_t rank, int32_t run, uint64_t first) {
  size_t e = elementSize(t);
  if (t == DType::F32 && reducing(k)) {
    // The common case, inlined: the same values as inputValue().
    uint64_t base = (uint64_t(uint32_t(run)) << 48) +
                    (uint64_t(uint32_t(rank)) << 36) + 1 + first;
    float *out = reinterpret_cast<float *>(bytes);
    uint64_t n = length / 4;
    if (reinterpret_cast<uintptr_t>(bytes) % alignof(float) == 0) {
      for (uint64_t i = 0; i < n; ++i)
        out[i] = float(mix(base + i) % 1024) * (1.0f / 1024);
      return;
    }
  }
  for (uint64_t i = 0; i * e + e <= length; ++i)
    storeElement(bytes + i * e, t, inputValue(t, k, rank, run, first + i));
}

std::vector<double> sharedExpectation(DType t, CollectiveKind k, int32_t ranks,
                                      int32_t run, uint64_t inputBytes,
                                      plan::ReduceOp op) {
  const uint64_t n = elementSize(t), elems = inputBytes / n;
  std::vector<double> out;
  if (reducing(k) && op != plan::ReduceOp::Sum) {
    // Min and max are exact in every type: no wrap, no rounding.
    const bool min = op == plan::ReduceOp::Min;
    for (int32_t q = 0; q < ranks; ++q)
      for (uint64_t i = 0; i < elems; ++i) {
        double v = inputValue(t, k, q, run, i);
        if (q == 0)
          out.push_back(v);
        else
          out[i] = min ? std::min(out[i], v) : std::max(out[i], v);
      }
  } else if (reducing(k)) {
    out.assign(elems, 0);
    if (isFloat(t)) {
      // The sum of the inputs as stored (bf16 rounds them), exact in a
      // double; checkOutput bounds how far the type's rounding may stray.
      uint8_t stored[4];
      for (int32_t q = 0; q < ranks; ++q)
        for (uint64_t i = 0; i < elems; ++i) {
          storeElement(stored, t, inputValue(t, k, q, run, i));
          out[i] += loadElement(stored, t);
        }
    } else {
      // Integer sums wrap as the kernel's do.
      uint64_t mask = t == DType::U8 ? 0xff : 0xffffffffu;
      std::vector<uint64_t> sum(elems, 0);
      for (int32_t q = 0; q < ranks; ++q)
        for (uint64_t i = 0; i < elems; ++i)
          sum[i] =
              (sum[i] + uint64_t(int64_t(inputValue(t, k, q, run, i)))) & mask;
      for (uint64_t i = 0; i < elems; ++i)
        out[i] = t == DType::I32 ? double(int32_t(uint32_t(sum[i])))
                                 : double(sum[i]);
    }
  } else if (k == CollectiveKind::AllGather) {
    out.reserve(elems * uint64_t(ranks));
    for (int32_t q = 0; q < ranks; ++q)
      for (uint64_t i = 0; i < elems; ++i)
        out.push_back(inputValue(t, k, q, run, i));
  }
  return out;
}

std::optional<Mismatch> checkOutput(const uint8_t *output, uint64_t outputBytes,
                                    uint64_t inputBytes, uint64_t chunkBytes,
                                    DType t, CollectiveKind k, int32_t rank,
                                    int32_t ranks, int32_t run,
                                    const std::vector<double> &shared,
                                    int32_t sendRecvGroup, plan::ReduceOp op) {
  const size_t e = elementSize(t);
  const uint64_t inElems = inputBytes / e, outElems = outputBytes / e;
  const uint64_t n = uint64_t(ranks);
  // A float sum is exact in f32 (multiples of 2^-10 below 2^14 need 24
  // bits, in any order); in f16 and bf16 every addition rounds once, so a
  // sum of n inputs in any order or tree is within gamma(n-1) = (n-1)u /
  // (1 - (n-1)u) of the sum of its (non-negative) inputs, u the unit
  // roundoff. Tighter than the executor test's Eps x n x (1 + |expected|),
  // it fails a plan that drops a rank's contribution at a few more ranks
  // (bf16: the bound is (n-1)/256 of the sum, a rank 1/n of it, so up to
  // about 16). Min and max are exact in every type.
  const bool floatSum = reducing(k) && isFloat(t) && op == plan::ReduceOp::Sum;
  // The unit roundoff u is half the machine epsilon.
  const double spread = double(n - 1) * epsilon(t) / 2;
  const bool exact = !floatSum || (t == DType::F32 && n <= (1u << 14));
  const bool rigorous = spread < 0.5;
  const double tolerance =
      rigorous ? spread / (1 - spread) : epsilon(t) * double(n);
  uint8_t rounded[4];
  // Where element i should come from: (rank, element), or rank -1 for a
  // reduction of element `src` over all ranks. False past the definition.
  auto source = [&](uint64_t i, int64_t &from, uint64_t &src) {
    switch (k) {
    case CollectiveKind::AllReduce:
      from = -1, src = i;
      return i < inElems;
    case CollectiveKind::ReduceScatter:
      from = -1, src = uint64_t(rank) * outElems + i;
      return src < inElems;
    case CollectiveKind::AllGather:
      if (inElems == 0)
        return false;
      from = int64_t(i / inElems), src = i % inElems;
      return uint64_t(from) < n;
    case CollectiveKind::AllToAll: {
      uint64_t per = inElems / n;
      if (per == 0)
        return false;
      from = int64_t(i / per), src = uint64_t(rank) * per + i % per;
      return uint64_t(from) < n;
    }
    case CollectiveKind::SendRecv:
      from = int64_t((uint64_t(rank) + n - uint64_t(sendRecvGroup) % n) % n);
      src = i;
      return i < inElems;
    case CollectiveKind::Undefined:
      return false;
    }
    return false;
  };
  for (uint64_t i = 0; i < outElems; ++i) {
    int64_t from = -1;
    uint64_t src = 0;
    if (!source(i, from, src))
      return std::nullopt;
    // Ranks whose input sizes differ (a plan that gives one rank 0 input
    // chunks) have no definition past the shared expectation.
    if ((from < 0 && src >= shared.size()) ||
        (from >= 0 && k == CollectiveKind::AllGather && i >= shared.size()))
      return std::nullopt;
    double expected = from < 0 ? shared[src]
                      : k == CollectiveKind::AllGather
                          ? shared[i]
                          : inputValue(t, k, int32_t(from), run, src);
    double actual = loadElement(output + i * e, t);
    bool ok;
    if (exact) {
      // Round the expectation to the type, as a store would.
      storeElement(rounded, t, expected);
      expected = loadElement(rounded, t);
      ok = expected == actual || (std::isnan(expected) && std::isnan(actual));
    } else if (rigorous) {
      ok = std::fabs(actual - expected) <= tolerance * std::fabs(expected);
    } else {
      ok =
          std::fabs(actual - expected) <= tolerance * (1 + std::fabs(expected));
    }
    if (ok)
      continue;
    Mismatch m;
    m.byteOffset = i * e;
    std::ostringstream os;
    uint64_t chunk = chunkBytes ? i * e / chunkBytes : 0;
    os << "output element " << i << " (chunk " << chunk << ") is "
       << show(actual) << ", expected " << show(expected) << " (";
    if (from < 0)
      os << "the " << plan::toString(op) << " over all ranks of input element "
         << src << ")";
    else
      os << "rank " << from << " input element " << src << ")";
    if (!reducing(k) && actual == 0)
      // Inputs of moving collectives are never 0 (inputValue), and memory
      // starts at 0: the element was never written, or was copied from
      // memory that never was.
      os << "; nothing wrote it, or an op copied it from memory nothing had "
            "written (a scratch chunk never filled, say): no input of this "
            "collective is 0";
    m.message = os.str();
    return m;
  }
  return std::nullopt;
}

} // namespace mscclc::sim
