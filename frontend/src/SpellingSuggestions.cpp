//===- SpellingSuggestions.cpp - "did you mean" without Clang's corrector -===//
//
// See SpellingSuggestions.h for why Clang's own corrector is off.
// Candidates: for an unqualified name, the declarations of every enclosing
// scope (innermost first), the namespaces those scopes nominate with
// `using namespace`, and the enclosing namespaces; for a qualified name or
// a member, the names of that class (and its bases) or namespace. The
// winner must be strictly closer than every other name, so a suggestion is
// never a guess between two equally likely ones, and the order in which
// Clang happens to store declarations cannot change the answer.
//
//===----------------------------------------------------------------------===//

#include "SpellingSuggestions.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclLookups.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Sema/Scope.h"
#include "clang/Sema/Sema.h"

#include <optional>
#include <string>

namespace mscclc::frontend {

using namespace clang;

namespace {

// Longer names are not typos a person makes, and the distance costs the
// product of the lengths.
constexpr size_t MaxSuggestedLength = 64;

enum class Want { Any, Type };

class Closest {
public:
  Closest(llvm::StringRef typo, Want want) : typo_(typo), want_(want) {
    bound_ = unsigned(typo.size() + 2) / 3;
  }

  void consider(const NamedDecl *decl) {
    if (!decl || decl->isInvalidDecl())
      return;
    const IdentifierInfo *id = decl->getIdentifier();
    if (!id)
      return;
    llvm::StringRef name = id->getName();
    // Reserved names belong to the implementation.
    if (name.starts_with("_") && !typo_.starts_with("_"))
      return;
    if (want_ == Want::Type &&
        !isa<TypeDecl, ClassTemplateDecl, TypeAliasTemplateDecl>(decl))
      return;
    size_t longer = std::max(name.size(), typo_.size());
    size_t shorter = std::min(name.size(), typo_.size());
    if (name == typo_ || longer - shorter > bound_)
      return;
    unsigned distance = typo_.edit_distance(name, /*AllowReplacements=*/true,
                                            /*MaxEditDistance=*/bound_);
    if (distance > bound_)
      return;
    if (!best_ || distance < distance_) {
      best_ = decl;
      distance_ = distance;
      tied_ = false;
    } else if (distance == distance_ && best_->getName() != name) {
      tied_ = true;
    }
    // The same name seen again (an outer declaration it shadows, a
    // redeclaration) keeps the first, innermost one.
  }

  // A namespace's or class's own names; a class's bases follow it.
  void considerContext(const DeclContext *dc) {
    if (!dc)
      return;
    considerNames(dc);
    if (const auto *record = dyn_cast<CXXRecordDecl>(dc->getPrimaryContext()))
      if (record->hasDefinition())
        record->forallBases([this](const CXXRecordDecl *base) {
          considerNames(base);
          return true;
        });
  }

  void considerNames(const DeclContext *dc) {
    for (auto entry : dc->getPrimaryContext()->lookups())
      for (const NamedDecl *decl : entry)
        consider(decl);
  }

  const NamedDecl *result() const { return tied_ ? nullptr : best_; }

private:
  llvm::StringRef typo_;
  Want want_;
  unsigned bound_ = 0;
  const NamedDecl *best_ = nullptr;
  unsigned distance_ = 0;
  bool tied_ = false;
};

std::optional<std::string> argumentName(const Diagnostic &info, unsigned i) {
  if (info.getNumArgs() <= i)
    return std::nullopt;
  switch (info.getArgKind(i)) {
  case DiagnosticsEngine::ak_identifierinfo:
    if (const IdentifierInfo *id = info.getArgIdentifier(i))
      return id->getName().str();
    return std::nullopt;
  case DiagnosticsEngine::ak_declarationname: {
    DeclarationName name =
        DeclarationName::getFromOpaqueInteger(info.getRawArg(i));
    if (name.isIdentifier() && name.getAsIdentifierInfo())
      return name.getAsIdentifierInfo()->getName().str();
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

// Scopes first, innermost to outermost; then the namespaces around the
// code being parsed (a function's own namespace is not a Scope's decls).
void considerVisible(Sema &sema, Closest &closest) {
  for (Scope *scope = sema.getCurScope(); scope; scope = scope->getParent()) {
    // Scope::decls is a pointer set: its order is not the program's, which
    // is why Closest's choice does not depend on order.
    for (const Decl *decl : scope->decls())
      closest.consider(dyn_cast<NamedDecl>(decl));
    for (const UsingDirectiveDecl *use : scope->using_directives())
      closest.considerContext(use->getNominatedNamespace());
  }
  for (const DeclContext *dc = sema.CurContext; dc; dc = dc->getParent()) {
    if (!dc->isFileContext())
      continue;
    closest.considerContext(dc);
    for (const UsingDirectiveDecl *use : dc->using_directives())
      closest.considerContext(use->getNominatedNamespace());
  }
}

} // namespace

const NamedDecl *suggestSpelling(Sema &sema, const Diagnostic &info) {
  unsigned id = info.getID();
  Want want = Want::Any;
  bool member = false;
  if (id == diag::err_unknown_typename)
    want = Want::Type;
  else if (id == diag::err_typename_nested_not_found)
    want = Want::Type, member = true;
  else if (id == diag::err_no_member)
    member = true;
  else if (id != diag::err_undeclared_var_use)
    return nullptr;
  std::optional<std::string> typo = argumentName(info, 0);
  if (!typo || typo->empty() || typo->size() > MaxSuggestedLength)
    return nullptr;
  Closest closest(*typo, want);
  if (member) {
    if (info.getNumArgs() < 2 ||
        info.getArgKind(1) != DiagnosticsEngine::ak_declcontext)
      return nullptr;
    const auto *dc = reinterpret_cast<const DeclContext *>(info.getRawArg(1));
    if (const auto *record = dyn_cast_or_null<CXXRecordDecl>(dc))
      if (!record->hasDefinition())
        return nullptr;
    closest.considerContext(dc);
  } else {
    considerVisible(sema, closest);
  }
  return closest.result();
}

} // namespace mscclc::frontend
