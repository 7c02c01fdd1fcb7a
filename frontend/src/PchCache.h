//===- PchCache.h - a precompiled <mscclpp/dsl.hpp>, cached on disk ------===//
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace clang {
class Decl;
class SourceManager;
} // namespace clang

namespace mscclc::frontend {

// Whether the body of `d`, a function the DSL header brings in, is kept
// although the header's bodies are skipped (in the PCH, and without it).
// Skipping keeps constexpr bodies only, and libstdc++'s tree containers
// (std::map, std::set and their multi forms, which <map> pulls in, and
// std::erase_if for them) are not constexpr: without their bodies Clang would
// never instantiate them, and ill-formed uses such as a std::set of a type with
// no operator<, or map::operator[] of a type with no default constructor, would
// compile.
bool keepsLibraryBody(const clang::SourceManager &sm, const clang::Decl *d);

// The path of a validated PCH of the DSL header for a compile with
// `baseArgs`, building it on first use; nothing when it cannot be had
// (MSCCLC_NO_PCH, no cache directory, a failed build).
std::optional<std::string>
precompiledDslHeader(const std::vector<std::string> &baseArgs);

} // namespace mscclc::frontend
