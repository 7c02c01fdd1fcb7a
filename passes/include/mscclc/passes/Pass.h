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

// Whether max_message_size bounds a pipeline of `rank` (its unit_size and
// num_chunks in `pd`) to one iteration, where its body runs exactly once
// (executor-semantics §3.11). The plan's chunks are the program's times its
// instances, in the buffer the executor counts the message size in (§2.2).
bool pipelineRunsOnce(const chunk::Program &p, const chunk::Rank &rank,
                      const chunk::OpDetails &pd);

} // namespace mscclc::passes
