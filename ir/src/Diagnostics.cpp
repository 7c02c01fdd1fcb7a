//===- Diagnostics.cpp ----------------------------------------------------===//
#include "mscclc/ir/Diagnostics.h"

namespace mscclc {
DiagnosticSink::~DiagnosticSink() = default;
} // namespace mscclc
