//===- Collectives.cpp - input patterns and expected outputs --------------===//
//
// See Collectives.h.
//
//===----------------------------------------------------------------------===//
#include "Collectives.h"
#include "Elements.h"

#include <cmath>
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

namespace {

bool reducing(CollectiveKind k) {
  return k == CollectiveKind::AllReduce || k == CollectiveKind::ReduceScatter;
}

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

uint32_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return uint32_t(x);
}

// The value element `i` of `rank`'s input holds in execution `run`.
double inputValue(DType t, CollectiveKind k, int32_t rank, int32_t run,
                  uint64_t i) {
  if (reducing(k)) {
    uint32_t h = mix((uint64_t(uint32_t(run)) << 48) ^
                     (uint64_t(uint32_t(rank)) << 32) ^ i) %
                 1024;
    if (t == DType::U8)
      return h % 256;
    return isFloat(t) ? h / 1024.0 : double(h);
  }
  // Moving collectives: 1 + a code of (run, rank, element); 0 would look
  // like memory nothing wrote.
  uint64_t code = (uint64_t(uint32_t(run)) * 1000003u +
                   uint64_t(uint32_t(rank)) * 65537u * 4096u + i) %
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
               int32_t rank, int32_t run) {
  size_t e = elementSize(t);
  for (uint64_t i = 0; i * e + e <= length; ++i)
    storeElement(bytes + i * e, t, inputValue(t, k, rank, run, i));
}

std::optional<Mismatch> checkOutput(const uint8_t *output, uint64_t outputBytes,
                                    uint64_t inputBytes, uint64_t chunkBytes,
                                    DType t, CollectiveKind k, int32_t rank,
                                    int32_t ranks, int32_t run) {
  const size_t e = elementSize(t);
  const uint64_t inElems = inputBytes / e, outElems = outputBytes / e;
  const uint64_t n = uint64_t(ranks);
  std::vector<uint8_t> scratch(e);
  for (uint64_t i = 0; i < outElems; ++i) {
    double actual = loadElement(output + i * e, t);
    double expected = 0;
    std::string from;
    bool exact = true;
    switch (k) {
    case CollectiveKind::AllReduce:
    case CollectiveKind::ReduceScatter: {
      uint64_t src = k == CollectiveKind::AllReduce ? i : rank * outElems + i;
      if (src >= inElems)
        return std::nullopt;
      if (isFloat(t)) {
        for (int32_t q = 0; q < ranks; ++q)
          expected += inputValue(t, k, q, run, src);
        exact = false;
      } else {
        // Integer sums wrap as the kernel's do.
        std::fill(scratch.begin(), scratch.end(), 0);
        for (int32_t q = 0; q < ranks; ++q) {
          std::vector<uint8_t> x(e);
          storeElement(x.data(), t, inputValue(t, k, q, run, src));
          reduceInto(scratch.data(), x.data(), 1, t, plan::ReduceOp::Sum);
        }
        expected = loadElement(scratch.data(), t);
      }
      from = "the sum over all ranks of input element " + std::to_string(src);
      break;
    }
    case CollectiveKind::AllGather: {
      if (inElems == 0)
        return std::nullopt;
      uint64_t q = i / inElems, j = i % inElems;
      if (q >= n)
        return std::nullopt;
      expected = inputValue(t, k, int32_t(q), run, j);
      from =
          "rank " + std::to_string(q) + " input element " + std::to_string(j);
      break;
    }
    case CollectiveKind::AllToAll: {
      uint64_t per = inElems / n;
      if (per == 0)
        return std::nullopt;
      uint64_t q = i / per, j = i % per;
      if (q >= n)
        return std::nullopt;
      expected = inputValue(t, k, int32_t(q), run, uint64_t(rank) * per + j);
      from = "rank " + std::to_string(q) + " input element " +
             std::to_string(uint64_t(rank) * per + j);
      break;
    }
    case CollectiveKind::SendRecv: {
      if (i >= inElems)
        return std::nullopt;
      int32_t prev = int32_t((uint64_t(rank) + n - 1) % n);
      expected = inputValue(t, k, prev, run, i);
      from = "rank " + std::to_string(prev) + " input element " +
             std::to_string(i);
      break;
    }
    case CollectiveKind::Undefined:
      return std::nullopt;
    }
    // Round the expectation to the type, as a store would.
    storeElement(scratch.data(), t, expected);
    double stored = loadElement(scratch.data(), t);
    bool ok =
        exact ? stored == actual || (std::isnan(stored) && std::isnan(actual))
              : std::fabs(actual - expected) <=
                    epsilon(t) * double(n) * (1 + std::fabs(expected));
    if (ok)
      continue;
    Mismatch m;
    m.byteOffset = i * e;
    std::ostringstream os;
    uint64_t chunk = chunkBytes ? i * e / chunkBytes : 0;
    os << "output element " << i << " (chunk " << chunk << ") is "
       << show(actual) << ", expected " << show(exact ? stored : expected)
       << " (" << from << ")";
    if (!reducing(k) && actual == 0)
      os << "; nothing wrote it";
    m.message = os.str();
    return m;
  }
  return std::nullopt;
}

} // namespace mscclc::sim
