//===- PchCache.h - a precompiled <mscclpp/dsl.hpp>, cached on disk ------===//
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace mscclc::frontend {

// The path of a validated PCH of the DSL header for a compile with
// `baseArgs`, building it on first use; nothing when it cannot be had
// (MSCCLC_NO_PCH, no cache directory, a failed build).
std::optional<std::string>
precompiledDslHeader(const std::vector<std::string> &baseArgs);

} // namespace mscclc::frontend
