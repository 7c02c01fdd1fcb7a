//===- Elements.h - element types with the executor's arithmetic ---------===//
//
// Reductions combine elements as the 0.9.0 kernel does (executor-semantics
// §3.6): fp32 adds round to nearest even; fp16 adds in fp32, round to half
// and saturate to ±65504 (a NaN becomes -65504, as the clamp makes it);
// bf16 rounds to nearest even (a NaN becomes -inf); integers wrap. Bytes
// are read and written little-endian, as on the GPU.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/PlanIR.h"
#include "mscclc/sim/Simulator.h"

#include <cstdint>
#include <cstring>

namespace mscclc::sim {

float halfToFloat(uint16_t h);
uint16_t floatToHalf(float f); // round to nearest even
float bf16ToFloat(uint16_t b);
uint16_t floatToBf16(float f); // round to nearest even

// Element `i` of `bytes` as a double (exact for every supported type).
double loadElement(const uint8_t *bytes, DType t);
// Stores `v` as type `t` (rounded for floating types).
void storeElement(uint8_t *bytes, DType t, double v);

// acc = acc (op) x over `count` elements, with the executor's per-type
// arithmetic. `acc` and `x` must not overlap.
void reduceInto(uint8_t *acc, const uint8_t *x, size_t count, DType t,
                plan::ReduceOp op);

} // namespace mscclc::sim
