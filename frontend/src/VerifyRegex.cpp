//===- VerifyRegex.cpp - --verify's regular expressions, by clang's engine ===//
//
// See VerifyRegex.h.
//
//===----------------------------------------------------------------------===//
#include "mscclc/frontend/VerifyRegex.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Regex.h"

namespace mscclc::frontend {

namespace {

class ClangRegexPattern : public TextPattern {
public:
  explicit ClangRegexPattern(const std::string &regex)
      : regex_(llvm::StringRef(regex)) {}
  bool valid(std::string &problem) const { return regex_.isValid(problem); }
  // No sub-matches asked for: llvm::Regex then only runs its state-set
  // matcher, linear in the text for a given pattern.
  bool search(const std::string &text) const override {
    return regex_.match(text);
  }

private:
  llvm::Regex regex_;
};

} // namespace

std::unique_ptr<TextPattern> compileVerifyRegex(const std::string &regex,
                                                std::string &problem) {
  auto pattern = std::make_unique<ClangRegexPattern>(regex);
  if (!pattern->valid(problem))
    return nullptr;
  return pattern;
}

} // namespace mscclc::frontend
