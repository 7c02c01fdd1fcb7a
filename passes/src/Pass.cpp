//===- Pass.cpp -----------------------------------------------------------===//
#include "mscclc/passes/Pass.h"

namespace mscclc::passes {
Pass::~Pass() = default;
} // namespace mscclc::passes
