//===- Validate.h - the Validate pass ----------------------------------===//
//
// Checks what recording could not: every chunk operand lies inside its
// buffer once all scratch buffers are allocated (hand-made Chunk values
// included). Requires: chunk IR from the front end. Guarantees: every
// operand is in bounds. Errors point at the offending call.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/passes/Pass.h"

#include <memory>

namespace mscclc::passes {

std::unique_ptr<Pass> createValidatePass();

} // namespace mscclc::passes
