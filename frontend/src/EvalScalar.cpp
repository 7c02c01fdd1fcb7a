//===- EvalScalar.cpp - integer expressions without Values ---------------===//
//
// Loop conditions, indices and offsets (`p < num_ranks`, `p != r`,
// `r * num_tbs + t`) are most of an algorithm's evaluation steps. Their
// general evaluation builds, copies and destroys a Value at every node;
// here an expression made only of integer literals, reads of integer
// variables and integer operators is computed on exact integers instead.
// Setting MSCCLC_NO_FAST_INTEGERS (to any value) turns this off, for
// differential testing (tests/differential/integers.py).
//
// Which expressions qualify is decided once per node, from its shape and
// types (and, for very deep trees, the stack left). The computation visits
// the same nodes in the same order as eval(), counts the same steps and
// reports the same errors at the same places: an uninitialised read with
// evalCast's error, anything unusual (an overflow, a division by zero, a
// shift out of range) through the general code itself. Its results are
// converted to their types exactly where the general path converts them,
// so roots that pass a stored value through unconverted (a variable read,
// unary plus) stay on the general path. Only what depends on real
// resources differs: the nesting limit, a budget of stack, strikes deeper
// here (smaller frames), and the memory checks, every so many steps, see
// a heap without the temporaries.
//
//===----------------------------------------------------------------------===//
#include "Evaluator.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Type.h"

using namespace clang;

namespace mscclc::frontend {

// bool and the builtin integer types up to 64 bits; enums are not (a
// conversion to one checks its enumerators).
bool Evaluator::isScalarIntType(QualType t) {
  QualType c = t.getCanonicalType();
  const auto *bt = dyn_cast<BuiltinType>(c.getTypePtr());
  if (!bt || !(bt->isInteger() || bt->isBooleanType()))
    return false;
  return bt->isBooleanType() || ctx_.getIntWidth(c) <= 64;
}

bool Evaluator::isScalarExpr(const Expr *e) {
  if (!fastIntegers_)
    return false;
  // A chain of a million `+` is a tree as deep: past the evaluator's stack
  // budget the general path reports it (see step()).
  if (stackBase_ - static_cast<const char *>(__builtin_frame_address(0)) >
      std::ptrdiff_t(limits_.maxStackBytes))
    return false;
  auto [it, inserted] = scalarShapes_.try_emplace(e, false);
  if (!inserted)
    return it->second;
  bool ok = false;
  if (e->isPRValue() && isScalarIntType(e->getType())) {
    switch (e->getStmtClass()) {
    case Stmt::IntegerLiteralClass:
    case Stmt::CXXBoolLiteralExprClass:
      ok = true;
      break;
    case Stmt::ParenExprClass:
      ok = isScalarExpr(cast<ParenExpr>(e)->getSubExpr());
      break;
    case Stmt::ImplicitCastExprClass: {
      const auto *ce = cast<ImplicitCastExpr>(e);
      const Expr *sub = ce->getSubExpr();
      switch (ce->getCastKind()) {
      case CK_LValueToRValue:
        // A named integer variable (references and parameters included;
        // not a structured binding, which is bound elsewhere).
        if (const auto *dre = dyn_cast<DeclRefExpr>(sub))
          ok = isa<VarDecl>(dre->getDecl()) && isScalarIntType(dre->getType());
        break;
      case CK_IntegralCast:
      case CK_IntegralToBoolean:
        ok = isScalarExpr(sub);
        break;
      default:
        break;
      }
      break;
    }
    case Stmt::BinaryOperatorClass: {
      const auto *bo = cast<BinaryOperator>(e);
      switch (bo->getOpcode()) {
      case BO_Mul:
      case BO_Div:
      case BO_Rem:
      case BO_Add:
      case BO_Sub:
      case BO_Shl:
      case BO_Shr:
      case BO_LT:
      case BO_GT:
      case BO_LE:
      case BO_GE:
      case BO_EQ:
      case BO_NE:
      case BO_And:
      case BO_Xor:
      case BO_Or:
      case BO_LAnd:
      case BO_LOr:
        ok = isScalarExpr(bo->getLHS()) && isScalarExpr(bo->getRHS());
        break;
      default:
        break;
      }
      break;
    }
    case Stmt::UnaryOperatorClass: {
      const auto *uo = cast<UnaryOperator>(e);
      switch (uo->getOpcode()) {
      case UO_Plus:
      case UO_Minus:
      case UO_Not:
      case UO_LNot:
        ok = isScalarExpr(uo->getSubExpr());
        break;
      default:
        break;
      }
      break;
    }
    case Stmt::ConditionalOperatorClass: {
      const auto *co = cast<ConditionalOperator>(e);
      ok = isScalarExpr(co->getCond()) && isScalarExpr(co->getTrueExpr()) &&
           isScalarExpr(co->getFalseExpr());
      break;
    }
    default:
      break;
    }
  }
  // The recursion may have grown the map: look the entry up again.
  scalarShapes_[e] = ok;
  return ok;
}

bool Evaluator::scalarRootShape(const Expr *e) {
  switch (e->getStmtClass()) {
  case Stmt::BinaryOperatorClass:
    return true;
  case Stmt::UnaryOperatorClass:
    // `+x` returns its operand as stored, like a variable read; ++ and --
    // are never scalar.
    return cast<UnaryOperator>(e)->getOpcode() != UO_Plus &&
           !cast<UnaryOperator>(e)->isIncrementDecrementOp();
  case Stmt::ImplicitCastExprClass:
    // Most implicit casts are of objects: only these kinds can be scalar.
    // (A variable read on its own is not: its value is returned as
    // stored, not converted to its type, which scalar roots are.)
    return cast<CastExpr>(e)->getCastKind() == CK_IntegralCast ||
           cast<CastExpr>(e)->getCastKind() == CK_IntegralToBoolean;
  default:
    return false;
  }
}

Value Evaluator::evalScalarRoot(const Expr *e) {
  return makeTyped(scalarChildren(e), e->getType(), e, false);
}

__int128 Evaluator::evalScalar(const Expr *e) {
  step(e);
  return scalarChildren(e);
}

// The value of `e`, whose own step is counted.
__int128 Evaluator::scalarChildren(const Expr *e) {
  switch (e->getStmtClass()) {
  case Stmt::IntegerLiteralClass:
    return wrapScalar(
        __int128(cast<IntegerLiteral>(e)->getValue().getZExtValue()),
        e->getType());
  case Stmt::CXXBoolLiteralExprClass:
    return cast<CXXBoolLiteralExpr>(e)->getValue();
  case Stmt::ParenExprClass:
    return evalScalar(cast<ParenExpr>(e)->getSubExpr());
  case Stmt::ImplicitCastExprClass: {
    const auto *ce = cast<ImplicitCastExpr>(e);
    const Expr *sub = ce->getSubExpr();
    if (ce->getCastKind() == CK_LValueToRValue) {
      // What evalCast and evalLValue do for a named variable.
      const auto *dre = cast<DeclRefExpr>(sub);
      step(dre);
      Value *slot = lookup(dre->getDecl(), LazyLoc(dre));
      if (slot->kind == Value::Kind::Int)
        return slot->wide();
      if (slot->kind == Value::Kind::Uninit)
        error(sub->getExprLoc(), diag::err_eval_uninitialised_variable,
              {dre->getDecl()->getNameAsString()});
      // An integer variable holds an integer once initialised.
      error(LazyLoc(dre), diag::err_internal_exception,
            {"integer variable '" + dre->getDecl()->getNameAsString() +
             "' holds no integer"});
    }
    __int128 v = evalScalar(sub);
    return wrapScalar(v, e->getType());
  }
  case Stmt::BinaryOperatorClass: {
    const auto *bo = cast<BinaryOperator>(e);
    BinaryOperatorKind op = bo->getOpcode();
    if (op == BO_LAnd)
      return evalScalar(bo->getLHS()) != 0 && evalScalar(bo->getRHS()) != 0;
    if (op == BO_LOr)
      return evalScalar(bo->getLHS()) != 0 || evalScalar(bo->getRHS()) != 0;
    __int128 a = evalScalar(bo->getLHS());
    __int128 b = evalScalar(bo->getRHS());
    QualType t = bo->getType();
    if (std::optional<bool> c = comparison(op, a, b))
      return *c;
    __int128 r;
    switch (op) {
    case BO_Add:
      r = a + b;
      break;
    case BO_Sub:
      r = a - b;
      break;
    case BO_Mul:
      r = a * b;
      break;
    case BO_And:
      return wrapScalar(a & b, t);
    case BO_Or:
      return wrapScalar(a | b, t);
    case BO_Xor:
      return wrapScalar(a ^ b, t);
    default: // division, remainder, shifts: their checks are arith's
      return scalarArith(bo, a, b);
    }
    if (fitsScalar(r, t))
      return r;
    return scalarArith(bo, a, b); // unsigned wrap-around, or an overflow
  }
  case Stmt::UnaryOperatorClass: {
    const auto *uo = cast<UnaryOperator>(e);
    __int128 v = evalScalar(uo->getSubExpr());
    switch (uo->getOpcode()) {
    case UO_Plus:
      return v;
    case UO_LNot:
      return v == 0;
    case UO_Not:
      return wrapScalar(~v, uo->getType());
    default: { // UO_Minus: evalUnary checks a signed result
      QualType t = uo->getType();
      return makeTyped(-v, t, uo->getOperatorLoc(),
                       t->isSignedIntegerOrEnumerationType())
          .wide();
    }
    }
  }
  case Stmt::ConditionalOperatorClass: {
    const auto *co = cast<ConditionalOperator>(e);
    return evalScalar(co->getCond()) != 0 ? evalScalar(co->getTrueExpr())
                                          : evalScalar(co->getFalseExpr());
  }
  default:
    llvm_unreachable("not a scalar expression (see isScalarExpr)");
  }
}

// The general operator on the operands' Values: its result, or its error.
__int128 Evaluator::scalarArith(const BinaryOperator *bo, __int128 a,
                                __int128 b) {
  LazyLoc at(bo);
  Value l = makeTyped(a, bo->getLHS()->getType(), at, false);
  Value r = makeTyped(b, bo->getRHS()->getType(), at, false);
  return arith(bo->getOpcode(), l, r, bo->getType(), bo->getOperatorLoc())
      .wide();
}

} // namespace mscclc::frontend
