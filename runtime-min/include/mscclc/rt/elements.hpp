//===- elements.hpp - runtime-min: element types and their arithmetic -----===//
//
// The reductions of the 0.9.0 executor, bit for bit (executor-semantics
// §3.6): f32 adds round to nearest even; f16 adds in f32, rounds to half
// and saturates to ±65504 (a NaN becomes -65504, as the kernel's clamp
// makes it); bf16 rounds to nearest even and a NaN becomes -inf; integers
// wrap. Min and max keep one operand, then clamp the same way. The host
// build writes the conversions out (no compiler half types); the GPU uses
// its IEEE conversion instructions for f16, which give the same bits;
// `mscclc sim` implements the same rules.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <cstring>

#if defined(__CUDACC__)
#include <cuda_fp16.h>
#define MSCCLC_HD __host__ __device__ inline
#else
#define MSCCLC_HD inline
#endif

namespace mscclc::rt {

enum class ReduceOp { Sum, Min, Max };

struct f16 {
  uint16_t bits;
};
struct bf16 {
  uint16_t bits;
};

namespace detail {

MSCCLC_HD float bitsToFloat(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
MSCCLC_HD uint32_t floatToBits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

MSCCLC_HD float halfToFloat(uint16_t h) {
#if defined(__CUDA_ARCH__)
  // The GPU converts in one instruction (cvt.f32.f16, exact), with the same
  // result as the code below, which the host runs; written out, the
  // conversion made an unrolled f16 reduce eight times larger.
  return __half2float(__ushort_as_half(h));
#else
  uint32_t sign = uint32_t(h & 0x8000) << 16;
  uint32_t exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  if (exp == 0) {
    if (mant == 0)
      return bitsToFloat(sign);
    int e = -1;
    do {
      ++e;
      mant <<= 1;
    } while ((mant & 0x400) == 0);
    return bitsToFloat(sign | uint32_t(127 - 15 - e) << 23 |
                       (mant & 0x3ff) << 13);
  }
  if (exp == 31)
    return bitsToFloat(sign | 0x7f800000u | mant << 13);
  return bitsToFloat(sign | (exp + 127 - 15) << 23 | mant << 13);
#endif
}

MSCCLC_HD uint16_t floatToHalf(float f) {
#if defined(__CUDA_ARCH__)
  // cvt.rn.f16.f32: round to nearest even, overflow to infinity, as below.
  return __half_as_ushort(__float2half_rn(f));
#else
  uint32_t x = floatToBits(f);
  uint16_t sign = uint16_t((x >> 16) & 0x8000);
  uint32_t absx = x & 0x7fffffffu;
  if (absx >= 0x7f800000u)
    return uint16_t(sign | 0x7c00 | (absx > 0x7f800000u ? 0x200 : 0));
  if (absx >= 0x477ff000u)
    return uint16_t(sign | 0x7c00);
  if (absx < 0x38800000u) {
    if (absx < 0x33000000u)
      return sign;
    uint32_t mant = (absx & 0x7fffff) | 0x800000;
    int shift = 126 - int(absx >> 23);
    uint32_t half = mant >> shift, rem = mant & ((1u << shift) - 1);
    uint32_t mid = 1u << (shift - 1);
    if (rem > mid || (rem == mid && (half & 1)))
      ++half;
    return uint16_t(sign | half);
  }
  uint32_t half = ((absx >> 23) - 127 + 15) << 10 | (absx & 0x7fffff) >> 13;
  uint32_t rem = absx & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (half & 1)))
    ++half;
  return uint16_t(sign | half);
#endif
}

MSCCLC_HD float bf16ToFloat(uint16_t b) {
  return bitsToFloat(uint32_t(b) << 16);
}

MSCCLC_HD uint16_t floatToBf16(float f) {
  uint32_t x = floatToBits(f);
  if ((x & 0x7fffffffu) > 0x7f800000u)
    return uint16_t((x >> 16) | 0x40);
  return uint16_t((x + 0x7fff + ((x >> 16) & 1)) >> 16);
}

MSCCLC_HD bool isNan(float f) { return f != f; }

MSCCLC_HD uint16_t clampHalf(uint16_t h) {
  float v = halfToFloat(h);
  if (isNan(v) || v < -65504.0f)
    return 0xfbff;
  return v > 65504.0f ? uint16_t(0x7bff) : h;
}

MSCCLC_HD uint16_t clampBf16(uint16_t h) {
  return isNan(bf16ToFloat(h)) ? uint16_t(0xff80) : h;
}

} // namespace detail

template <class T, ReduceOp Op> MSCCLC_HD T combine(T a, T b) {
  if constexpr (Op == ReduceOp::Sum)
    return T(a + b);
  else if constexpr (Op == ReduceOp::Min)
    return b < a ? b : a;
  else
    return a < b ? b : a;
}

template <>
MSCCLC_HD int32_t combine<int32_t, ReduceOp::Sum>(int32_t a, int32_t b) {
  return int32_t(uint32_t(a) + uint32_t(b));
}

#define MSCCLC_RT_HALF_LIKE(T, toFloat, fromFloat, clamp)                      \
  template <> MSCCLC_HD T combine<T, ReduceOp::Sum>(T a, T b) {                \
    return {detail::clamp(detail::fromFloat(detail::toFloat(a.bits) +          \
                                            detail::toFloat(b.bits)))};        \
  }                                                                            \
  template <> MSCCLC_HD T combine<T, ReduceOp::Min>(T a, T b) {                \
    return {detail::clamp(                                                     \
        detail::toFloat(b.bits) < detail::toFloat(a.bits) ? b.bits : a.bits)}; \
  }                                                                            \
  template <> MSCCLC_HD T combine<T, ReduceOp::Max>(T a, T b) {                \
    return {detail::clamp(                                                     \
        detail::toFloat(a.bits) < detail::toFloat(b.bits) ? b.bits : a.bits)}; \
  }
MSCCLC_RT_HALF_LIKE(f16, halfToFloat, floatToHalf, clampHalf)
MSCCLC_RT_HALF_LIKE(bf16, bf16ToFloat, floatToBf16, clampBf16)
#undef MSCCLC_RT_HALF_LIKE

} // namespace mscclc::rt
