//===- SpellingSuggestions.h - "did you mean" without Clang's corrector ---===//
//
// Clang 19's typo correction can loop forever (its delayed corrections
// retry candidates without end after an earlier declaration failed: see
// tests/robustness/corpus/src_typo_correction_loop.case), so the front
// end runs Clang with -fno-spell-checking and suggests spellings itself:
// for an undeclared identifier, an unknown type name and a missing member,
// the visible name closest in edit distance, computed once when the
// diagnostic is reported. Nothing is retried and no expression is rebuilt,
// so the cost is one pass over the visible names.
//
//===----------------------------------------------------------------------===//
#ifndef MSCCLC_FRONTEND_SPELLINGSUGGESTIONS_H
#define MSCCLC_FRONTEND_SPELLINGSUGGESTIONS_H

namespace clang {
class Diagnostic;
class NamedDecl;
class Sema;
} // namespace clang

namespace mscclc::frontend {

/// The declaration whose name is the closest spelling of the name `info`
/// complains about, if `info` is one of the diagnostics above and exactly
/// one visible name is closest within Clang's distance bound (a third of
/// the name's length). `sema` must be the Sema that reports `info`.
const clang::NamedDecl *suggestSpelling(clang::Sema &sema,
                                        const clang::Diagnostic &info);

} // namespace mscclc::frontend

#endif
