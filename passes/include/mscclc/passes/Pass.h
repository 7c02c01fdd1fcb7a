//===- Pass.h - the interface every chunk IR pass implements -------------===//
//
// A pass transforms (or checks) a chunk IR program in place and reports user
// errors through the DiagnosticSink. Passes run in the fixed order of
// Pipeline.cpp; each one documents what it requires and guarantees.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/ChunkIR.h"
#include "mscclc/ir/Diagnostics.h"

#include <string_view>

namespace mscclc::passes {

class Pass {
public:
  virtual ~Pass();
  // Stable name used by --print-after=NAME.
  virtual std::string_view name() const = 0;
  // Returns false when it reported an error and compilation must stop.
  virtual bool run(chunk::Program &program, DiagnosticSink &diags) = 0;
};

} // namespace mscclc::passes
