//===- VectorBool.cpp - std::vector<bool>'s element proxies --------------===//
//
// libstdc++'s std::vector<bool> packs its elements into words and hands out
// std::_Bit_reference proxies for them: `v[i] = true` calls the proxy's
// operator=, `if (v[i])` its operator bool. The evaluator keeps the
// elements as bools like any vector's, and a proxy is the element Value
// reached as an lvalue, so the proxy's members act on the element
// directly. A proxy held in a variable refers to its element like a
// reference (and ends like one when the vector reallocates).
//
//===----------------------------------------------------------------------===//
#include "Evaluator.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace mscclc::frontend {

bool Evaluator::isBitReferenceClass(const CXXRecordDecl *rd) {
  return rd->getIdentifier() && rd->getName() == "_Bit_reference" &&
         rd->isInStdNamespace();
}

Value *Evaluator::bitElement(const Expr *e) {
  for (;;) {
    e = e->IgnoreParens();
    if (const auto *ewc = dyn_cast<ExprWithCleanups>(e))
      e = ewc->getSubExpr();
    else if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(e))
      e = mt->getSubExpr();
    else if (const auto *bt = dyn_cast<CXXBindTemporaryExpr>(e))
      e = bt->getSubExpr();
    else if (const auto *ic = dyn_cast<ImplicitCastExpr>(e);
             ic && ic->getCastKind() == CK_NoOp)
      e = ic->getSubExpr();
    else if (const auto *ce = dyn_cast<CXXConstructExpr>(e);
             ce && ce->getNumArgs() == 1 &&
             ce->getConstructor()->isCopyOrMoveConstructor())
      e = ce->getArg(0); // a proxy copied from another: the same element
    else
      break;
  }
  if (e->isGLValue())
    return evalLValue(e); // a proxy variable: its element
  if (const auto *call = dyn_cast<CallExpr>(e)) {
    // v[i], v.at(i), v.front(), v.back(): the vector's element.
    Value *element = evalCallLValue(call);
    if (!isTemporary(element))
      return element;
  }
  error(e->getExprLoc(), diag::err_std_bit_reference_value);
}

bool Evaluator::bitReferenceCall(const CallExpr *call, const CXXMethodDecl *md,
                                 const Expr *objE,
                                 llvm::ArrayRef<const Expr *> args,
                                 Value &result, Value **lvalueResult) {
  LazyLoc loc(call);
  if (const auto *conv = dyn_cast<CXXConversionDecl>(md);
      conv && conv->getConversionType()->isBooleanType()) {
    result = *bitElement(objE);
    if (result.kind == Value::Kind::Uninit)
      error(loc, diag::err_eval_uninitialised_unnamed);
    return true;
  }
  if (md->getOverloadedOperator() == OO_Equal && args.size() == 1) {
    // C++17: the right operand before the left one.
    Value v = isBitReference(args[0]->getType().getNonReferenceType())
                  ? *bitElement(args[0])
                  : eval(args[0]);
    Value *element = bitElement(objE);
    *element = Value::makeInt(truthy(v, args[0]->getExprLoc()));
    result = *element;
    *lvalueResult = element;
    return true;
  }
  if (isComparison(md->getOverloadedOperator()) && args.size() == 1) {
    // libstdc++'s == and < of two proxies compare the bits.
    int l = truthy(*bitElement(objE), loc);
    int r = truthy(isBitReference(args[0]->getType().getNonReferenceType())
                       ? *bitElement(args[0])
                       : eval(args[0]),
                   loc);
    result = Value::makeInt(comparisonHolds(
        BinaryOperator::getOverloadedOpcode(md->getOverloadedOperator()),
        l < r ? -1 : l > r));
    return true;
  }
  if (md->getIdentifier() && md->getName() == "flip" && args.empty()) {
    Value *element = bitElement(objE);
    *element = Value::makeInt(!truthy(*element, loc));
    result = Value::makeVoid();
    return true;
  }
  unsupportedStdCall(md, loc);
}

} // namespace mscclc::frontend
