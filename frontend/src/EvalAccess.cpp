//===- EvalAccess.cpp - element access chains without the dispatch -------===//
//
// The receiver of most DSL calls is an element of nested containers,
// `channel[r][t].at(p)`. The walk reaches it through evalLValue,
// evalCallLValue, callSite and stdMethodCall at every level, deciding each
// time again what the node is, before stdElementAccess does the access
// itself. Here the chain's shape is found once per outermost call: the
// nodes the walk steps into, the variable at its bottom and each level's
// access. Later evaluations step the same nodes in the same order, look
// the variable up with lookup() and run the same stdElementAccess for
// each level, innermost first, as the walk does: the same steps, borrows,
// checks and errors, without the dispatch. Setting MSCCLC_NO_FAST_ROUTES
// (to any value) turns this off, as it turns off the kept fields of
// braced struct lists (evalInitList), for differential testing
// (tests/differential/integers.py, tests/errors/access_chain.test).
//
// A chain is: calls with an element access route (operator[] or at of a
// vector, array or initializer_list, at of a map), each glvalue, with only
// parentheses and no-op casts (a const view) between them, over a
// variable. Anything else, at any level, leaves the whole call to the
// walk.
//
// Only what depends on real resources differs, as on the integer path: an
// index that recurses deeply (`v[f(n - 1)]`) nests in fewer native frames
// here, so the nesting limit (a budget of stack) strikes deeper; and the
// chains kept count towards --max-memory's heap, so a program at that
// limit stops slightly earlier.
//
//===----------------------------------------------------------------------===//
#include "Evaluator.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace mscclc::frontend {

const Evaluator::AccessPath *Evaluator::accessPath(const CallExpr *call) {
  if (!fastRoutes_)
    return nullptr;
  // Near the nesting budget the walk runs: it checks the stack at every
  // node, deeper than this path's frames reach.
  if (stackBeyondBudget(AccessWalkStackBytes))
    return nullptr;
  auto [it, inserted] = accessPaths_.try_emplace(call);
  if (!inserted)
    return it->second.get();
  auto path = std::make_unique<AccessPath>();
  const Expr *node = call;
  for (;;) {
    // Only glvalues: evalObject takes them to evalLValue, as here.
    if (!node || !node->isGLValue())
      return nullptr;
    if (isa<CXXOperatorCallExpr>(node) || isa<CXXMemberCallExpr>(node)) {
      const auto *c = cast<CallExpr>(node);
      CallSite site = callSite(c);
      if (!site.callee || site.route.route != CallRoute::StdMethod ||
          site.route.access == StdAccess::None)
        return nullptr;
      // What stdMethodCall takes as the object and the index.
      auto [object, args] = methodOperands(c);
      if (args.size() != 1)
        return nullptr;
      path->descent.push_back(c);
      // The stack check above leaves isScalarExpr room to decide: the
      // index is computed the same way at every evaluation.
      path->levels.push_back({c, args[0], site.route.stdClass,
                              site.route.access,
                              indexPlan(site.route.access, args[0])});
      node = object;
      continue;
    }
    if (const auto *paren = dyn_cast<ParenExpr>(node)) {
      path->descent.push_back(paren);
      node = paren->getSubExpr();
      continue;
    }
    if (const ImplicitCastExpr *view = addedConst(node)) {
      // evalLValue's no-op cast of a glvalue: a step, then its operand.
      path->descent.push_back(view);
      node = view->getSubExpr();
      continue;
    }
    const auto *ref = dyn_cast<DeclRefExpr>(node);
    // evalLValue looks a variable up (structured bindings and enumerators
    // take other routes).
    if (!ref || !isa<VarDecl>(ref->getDecl()) ||
        isa<BindingDecl>(ref->getDecl()))
      return nullptr;
    path->descent.push_back(ref);
    path->variable = ref;
    break;
  }
  std::reverse(path->levels.begin(), path->levels.end());
  it->second = std::move(path);
  return it->second.get();
}

Value *Evaluator::runAccessPath(const AccessPath &path, bool outerStepped) {
  // The walk steps into every node before it looks the variable up: each
  // level evaluates its object first.
  for (size_t i = outerStepped ? 1 : 0; i < path.descent.size(); ++i)
    step(path.descent[i]);
  Value *element = lookup(path.variable->getDecl(), LazyLoc(path.variable));
  for (const AccessLevel &level : path.levels)
    element = elementAccess(level.cls, level.access, element, level.index,
                            level.call, level.plan);
  return element;
}

} // namespace mscclc::frontend
