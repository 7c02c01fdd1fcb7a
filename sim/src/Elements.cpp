//===- Elements.cpp - element types with the executor's arithmetic -------===//
//
// See Elements.h. The half and bfloat16 conversions are written out here
// (no compiler extension types) so results are the same on every host.
//
//===----------------------------------------------------------------------===//
#include "Elements.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace mscclc::sim {

float halfToFloat(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16;
  uint32_t exp = (h >> 10) & 0x1f;
  uint32_t mant = h & 0x3ff;
  uint32_t bits;
  if (exp == 0) {
    if (mant == 0) {
      bits = sign;
    } else { // subnormal: normalise
      int e = -1;
      do {
        ++e;
        mant <<= 1;
      } while ((mant & 0x400) == 0);
      bits = sign | uint32_t(127 - 15 - e) << 23 | (mant & 0x3ff) << 13;
    }
  } else if (exp == 31) {
    bits = sign | 0x7f800000u | mant << 13;
  } else {
    bits = sign | (exp + 127 - 15) << 23 | mant << 13;
  }
  return std::bit_cast<float>(bits);
}

uint16_t floatToHalf(float f) {
  uint32_t x = std::bit_cast<uint32_t>(f);
  uint16_t sign = uint16_t((x >> 16) & 0x8000);
  uint32_t absx = x & 0x7fffffffu;
  if (absx >= 0x7f800000u) // inf or NaN
    return uint16_t(sign | 0x7c00 | (absx > 0x7f800000u ? 0x200 : 0));
  if (absx >= 0x477ff000u) // rounds to >= 65520: infinity
    return uint16_t(sign | 0x7c00);
  if (absx < 0x38800000u) { // below the smallest normal half: subnormal
    if (absx < 0x33000000u) // below half the smallest subnormal
      return sign;
    uint32_t mant = (absx & 0x7fffff) | 0x800000;
    int shift = 126 - int(absx >> 23); // 14..24
    uint32_t half = mant >> shift;
    uint32_t rem = mant & ((1u << shift) - 1);
    uint32_t mid = 1u << (shift - 1);
    if (rem > mid || (rem == mid && (half & 1)))
      ++half;
    return uint16_t(sign | half);
  }
  uint32_t e = (absx >> 23) - 127 + 15;
  uint32_t mant = absx & 0x7fffff;
  uint32_t half = e << 10 | mant >> 13;
  uint32_t rem = mant & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (half & 1)))
    ++half; // may carry into the exponent, which is right
  return uint16_t(sign | half);
}

float bf16ToFloat(uint16_t b) {
  return std::bit_cast<float>(uint32_t(b) << 16);
}

uint16_t floatToBf16(float f) {
  uint32_t x = std::bit_cast<uint32_t>(f);
  if ((x & 0x7fffffffu) > 0x7f800000u)
    return uint16_t((x >> 16) | 0x40); // quiet NaN
  uint32_t rounding = 0x7fff + ((x >> 16) & 1);
  return uint16_t((x + rounding) >> 16);
}

double loadElement(const uint8_t *p, DType t) {
  switch (t) {
  case DType::F32: {
    float v;
    std::memcpy(&v, p, 4);
    return v;
  }
  case DType::F16: {
    uint16_t v;
    std::memcpy(&v, p, 2);
    return halfToFloat(v);
  }
  case DType::BF16: {
    uint16_t v;
    std::memcpy(&v, p, 2);
    return bf16ToFloat(v);
  }
  case DType::I32: {
    int32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  case DType::U32: {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  case DType::U8:
    return *p;
  }
  return 0;
}

void storeElement(uint8_t *p, DType t, double v) {
  switch (t) {
  case DType::F32: {
    float f = float(v);
    std::memcpy(p, &f, 4);
    return;
  }
  case DType::F16: {
    uint16_t h = floatToHalf(float(v));
    std::memcpy(p, &h, 2);
    return;
  }
  case DType::BF16: {
    uint16_t h = floatToBf16(float(v));
    std::memcpy(p, &h, 2);
    return;
  }
  case DType::I32: {
    int32_t i = int32_t(uint32_t(int64_t(v)));
    std::memcpy(p, &i, 4);
    return;
  }
  case DType::U32: {
    uint32_t u = uint32_t(int64_t(v));
    std::memcpy(p, &u, 4);
    return;
  }
  case DType::U8:
    *p = uint8_t(int64_t(v));
    return;
  }
}

namespace {

// acc[i] = f(acc[i], x[i]) for `count` elements of type T; the operator is
// a template argument so each (type, operator) pair gets its own loop the
// compiler can vectorise.
template <typename T, typename F>
void combineLoop(uint8_t *__restrict acc, const uint8_t *__restrict x,
                 size_t count, F f) {
  for (size_t i = 0; i < count; ++i) {
    T a, b;
    std::memcpy(&a, acc + sizeof(T) * i, sizeof(T));
    std::memcpy(&b, x + sizeof(T) * i, sizeof(T));
    T r = f(a, b);
    std::memcpy(acc + sizeof(T) * i, &r, sizeof(T));
  }
}

// Chooses the loop for `op`; `sum` is the type's addition (wrapping for
// integers, rounded and clamped for the 16-bit floats).
template <typename T, typename Sum, typename Less>
void reduceWith(uint8_t *acc, const uint8_t *x, size_t count, plan::ReduceOp op,
                Sum sum, Less less) {
  switch (op) {
  case plan::ReduceOp::Sum:
    combineLoop<T>(acc, x, count, sum);
    return;
  case plan::ReduceOp::Min:
    combineLoop<T>(acc, x, count, [&](T a, T b) { return less(b, a) ? b : a; });
    return;
  case plan::ReduceOp::Max:
    combineLoop<T>(acc, x, count, [&](T a, T b) { return less(a, b) ? b : a; });
    return;
  }
}

// __hadd2 (or min/max) then clamp to ±65504; the clamp turns NaN into
// -65504.
uint16_t clampHalf(uint16_t h) {
  float back = halfToFloat(h);
  if (std::isnan(back) || back < -65504.0f)
    return 0xfbff;
  if (back > 65504.0f)
    return 0x7bff;
  return h;
}

// bf16 is clamped to [-inf, inf]: a NaN becomes -inf.
uint16_t clampBf16(uint16_t h) {
  return std::isnan(bf16ToFloat(h)) ? uint16_t(0xff80) : h;
}

// The 16-bit float types: combined in f32, rounded back, then clamped.
void reduceHalfLike(uint8_t *acc, const uint8_t *x, size_t count,
                    plan::ReduceOp op, float (*toFloat)(uint16_t),
                    uint16_t (*fromFloat)(float), uint16_t (*clamp)(uint16_t)) {
  auto less = [&](uint16_t a, uint16_t b) { return toFloat(a) < toFloat(b); };
  auto sum = [&](uint16_t a, uint16_t b) {
    return clamp(fromFloat(toFloat(a) + toFloat(b)));
  };
  reduceWith<uint16_t>(acc, x, count, op, sum, less);
  if (op != plan::ReduceOp::Sum)
    for (size_t i = 0; i < count; ++i) {
      uint16_t h;
      std::memcpy(&h, acc + 2 * i, 2);
      h = clamp(h);
      std::memcpy(acc + 2 * i, &h, 2);
    }
}

} // namespace

void reduceInto(uint8_t *acc, const uint8_t *x, size_t count, DType t,
                plan::ReduceOp op) {
  auto plainLess = [](auto a, auto b) { return a < b; };
  switch (t) {
  case DType::F32:
    reduceWith<float>(
        acc, x, count, op, [](float a, float b) { return a + b; }, plainLess);
    return;
  case DType::F16:
    // Min and max compare the values and keep one operand, then clamp, as
    // the kernel's __hmin2/__hmax2 do.
    reduceHalfLike(acc, x, count, op, halfToFloat, floatToHalf, clampHalf);
    return;
  case DType::BF16:
    reduceHalfLike(acc, x, count, op, bf16ToFloat, floatToBf16, clampBf16);
    return;
  case DType::I32:
    reduceWith<int32_t>(
        acc, x, count, op,
        [](int32_t a, int32_t b) { return int32_t(uint32_t(a) + uint32_t(b)); },
        plainLess);
    return;
  case DType::U32:
    reduceWith<uint32_t>(
        acc, x, count, op, [](uint32_t a, uint32_t b) { return a + b; },
        plainLess);
    return;
  case DType::U8:
    reduceWith<uint8_t>(
        acc, x, count, op, [](uint8_t a, uint8_t b) { return uint8_t(a + b); },
        plainLess);
    return;
  }
}

} // namespace mscclc::sim
