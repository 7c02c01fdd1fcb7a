//===- VerifyRegex.h - --verify's regular expressions, by clang's engine -===//
//
// `expected-error-re` directives are matched as clang -verify matches them:
// POSIX extended regular expressions, by llvm::Regex. Its matcher does not
// backtrack when no sub-match is asked for, so no pattern (user input) can
// hang --verify. Lives in the front end because the front end is what links
// LLVM; ir/'s verifyExpectations takes it as its RegexCompiler.
//
//===----------------------------------------------------------------------===//
#ifndef MSCCLC_FRONTEND_VERIFYREGEX_H
#define MSCCLC_FRONTEND_VERIFYREGEX_H

#include "mscclc/ir/DiagnosticPrinter.h"

#include <memory>
#include <string>

namespace mscclc::frontend {

// A RegexCompiler: the pattern of `regex`, or null with `problem` set to
// llvm::Regex's reason when it does not compile.
std::unique_ptr<TextPattern> compileVerifyRegex(const std::string &regex,
                                                std::string &problem);

} // namespace mscclc::frontend

#endif
