//===- CudaWriter.h - plan IR -> baked CUDA kernels on runtime-min --------===//
//
// backend-cuda takes the plan IR after every check (the object backend-json
// writes), so the .cu and the .json mean the same thing by construction.
// One kernel per rank, a switch over the block index into one function
// per thread block, straight-line ops with every channel, peer and chunk
// index a literal; only the chunk size is a run-time value and the element
// type a template parameter. The emitted code calls runtime-min
// (`mscclc/rt/device.hpp`) only, so the same file builds for the host.
//
// Baked kernels implement the intended semantics where the 0.9.0 executor
// is defective (get's offsets, reduce_op min/max). Ops the backend cannot
// bake yet are reported (with the op's plan path and source location) and
// nothing is written.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/Diagnostics.h"
#include "mscclc/ir/PlanIR.h"

#include <optional>
#include <string>
#include <vector>

namespace mscclc::cuda {

// Element types a baked plan can be instantiated for, as `--dtypes` names
// them.
const std::vector<std::string> &knownDtypes();

struct CudaOptions {
  std::vector<std::string> dtypes = {"f32"}; // instantiated element types
  std::string inputName; // the file the plan came from, for the header
  // The namespace of the baked code; empty: mscclc_gen::<plan name>.
  std::string ns;
};

// Whether `word` is a C++ keyword (or alternative operator token), which no
// namespace or identifier of the emitted code may be.
bool isCppKeyword(std::string_view word);

// The components of a qualified namespace name, split at each "::" ("a::b"
// gives a and b; an empty component, as in "a::" or "a::::b", is kept for
// the caller to refuse).
std::vector<std::string> namespaceComponents(std::string_view name);

// The .cu source, or nullopt after reporting why the plan cannot be baked.
std::optional<std::string> writeCuda(const plan::Plan &plan,
                                     const CudaOptions &options,
                                     DiagnosticSink &diags);

} // namespace mscclc::cuda
