//===- AlgorithmParameters.h - an algorithm's parameters and -P -----------===//
//
// An MSCCLPP_ALGORITHM function's parameters are the knobs of its plan:
// `--list-algos` describes them (type, default as written, whether -P can
// set it, an enum's enumerators) and `-P name=value` sets them. A value is
// parsed for the parameter's type (bool, integers of up to 64 bits range-
// checked, floating point, strings, enumerators by C++ or Python name or by
// value); a parameter -P does not set takes its default, evaluated by the
// evaluator like any expression.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Evaluator.h"
#include "mscclc/frontend/Frontend.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace mscclc::frontend {

// The name --algo and --list-algos use: the function's, after its
// enclosing named namespaces (`hier::allgather`); an anonymous namespace
// adds nothing.
std::string algorithmName(const clang::FunctionDecl *fn);
// Every qualified name C++ accepts for `fn`: algorithmName first, then the
// names that leave out some of its inline namespaces (`a::ag` for
// a::v1::ag when v1 is inline).
std::vector<std::string> algorithmNameSpellings(const clang::FunctionDecl *fn);

// What --list-algos prints of `fn`.
AlgorithmInfo describeAlgorithm(const clang::FunctionDecl *fn,
                                clang::ASTContext &ctx,
                                const Evaluator::LocationMapper &mapLoc);

// One argument per parameter of `fn`, in order: from `params` (-P), else
// the default. Reports to `diags` and returns false on an unknown name, a
// value that does not parse, a parameter without default or value, or one
// -P cannot set.
bool bindParameters(
    const clang::FunctionDecl *fn,
    const std::vector<std::pair<std::string, std::string>> &params,
    Evaluator &eval, DiagnosticSink &diags,
    const Evaluator::LocationMapper &mapLoc, ValueList &args);

} // namespace mscclc::frontend
