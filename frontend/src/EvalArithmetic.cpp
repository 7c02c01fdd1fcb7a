//===- EvalArithmetic.cpp - integers, conversions, operators -------------===//
//
// Integers are computed exactly and wrapped or range-checked to the
// expression's type: signed overflow, division by zero and bad shifts are
// errors, as they would be undefined behaviour in C++. Sema has already
// inserted every implicit conversion; convert() performs one.
//
//===----------------------------------------------------------------------===//
#include "Evaluator.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/Type.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

#include <cmath>
#include <cstdio>

using namespace clang;

namespace mscclc::frontend {

QualType Evaluator::usualArithmeticType(QualType a, QualType b) {
  a = a.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  b = b.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  if (const auto *et = a->getAs<EnumType>())
    a = et->getDecl()->getIntegerType();
  if (const auto *et = b->getAs<EnumType>())
    b = et->getDecl()->getIntegerType();
  if (a->isRealFloatingType() || b->isRealFloatingType()) {
    if (!b->isRealFloatingType())
      return a;
    if (!a->isRealFloatingType())
      return b;
    return ctx_.getFloatingTypeOrder(a, b) >= 0 ? a : b;
  }
  if (ctx_.isPromotableIntegerType(a))
    a = ctx_.getPromotedIntegerType(a);
  if (ctx_.isPromotableIntegerType(b))
    b = ctx_.getPromotedIntegerType(b);
  if (ctx_.hasSameType(a, b))
    return a;
  bool ua = a->isUnsignedIntegerType(), ub = b->isUnsignedIntegerType();
  if (ua == ub)
    return ctx_.getIntegerTypeOrder(a, b) >= 0 ? a : b;
  QualType u = ua ? a : b, s = ua ? b : a;
  if (ctx_.getIntegerTypeOrder(u, s) >= 0)
    return u;
  if (ctx_.getTypeSize(s) > ctx_.getTypeSize(u))
    return s;
  return ctx_.getCorrespondingUnsignedType(s);
}

using clang::SourceLocation;

// ------------------------------------------------------- integer typing --

Evaluator::IntType Evaluator::intType(QualType t) {
  const Type *key = t.getTypePtr();
  const auto *builtin = dyn_cast<BuiltinType>(key);
  if (builtin && builtinIntTypes_[builtin->getKind()].width != 0)
    return builtinIntTypes_[builtin->getKind()];
  auto it = intTypes_.find(key);
  if (it != intTypes_.end())
    return it->second;
  QualType c = t.getCanonicalType();
  IntType info{0, false, false};
  if (c->isBooleanType()) {
    info.isBool = true;
    info.width = 1;
  } else {
    if (const auto *et = c->getAs<EnumType>())
      c = et->getDecl()->getIntegerType().getCanonicalType();
    info.width = unsigned(ctx_.getIntWidth(c));
    info.isSigned = c->isSignedIntegerOrEnumerationType();
  }
  intTypes_[key] = info;
  // A builtin type is canonical: its kind says it all.
  if (builtin)
    builtinIntTypes_[builtin->getKind()] = info;
  return info;
}

// ++/-- on a type narrower than int computes in int (after promotion)
// and converts back, which wraps: only int and wider can overflow.
bool Evaluator::incrementMayOverflow(QualType t) {
  if (!t->isSignedIntegerOrEnumerationType())
    return false;
  if (intWidth_ == 0)
    intWidth_ = unsigned(ctx_.getIntWidth(ctx_.IntTy));
  return intType(t).width >= intWidth_;
}

void Evaluator::incrementSlot(Value &slot, int delta, QualType t, LazyLoc loc,
                              const UnaryOperator *op) {
  if (slot.kind == Value::Kind::Int) {
    // What makeTyped gives when the result is in range, without a new
    // Value: a loop counter's ++ is one step of every iteration.
    IntType info = intType(t);
    __int128 v = slot.wide() + delta;
    if (storableInPlace(v, info)) {
      storeInPlace(slot, v, info);
      return;
    }
  }
  if (slot.kind == Value::Kind::Uninit)
    error(loc, diag::err_eval_uninitialised);
  if (slot.kind == Value::Kind::Float) {
    slot = floatOfType(slot.f + delta, t.getCanonicalType());
    return;
  }
  __int128 v = slot.wide() + delta;
  // `++c` of a char computes in int and converts back: a value that does
  // not fit is cut there, as in `c += 1` (UBSan reports both).
  if (op && slot.kind == Value::Kind::Int && t->isIntegerType() &&
      !t->isBooleanType() && !t->isEnumeralType() &&
      ctx_.isPromotableIntegerType(t) && !fitsIntType(v, intType(t)))
    v = truncateImplicitly(op, v, ctx_.getPromotedIntegerType(t), t);
  slot = makeTyped(v, t, loc, incrementMayOverflow(t));
}

Evaluator::LoopIncrement Evaluator::loopIncrement(const ForStmt *fs) {
  LoopIncrement inc;
  const auto *uo = dyn_cast_or_null<UnaryOperator>(fs->getInc());
  const auto *init = dyn_cast_or_null<DeclStmt>(fs->getInit());
  if (!fastRoutes_ || !uo || !uo->isIncrementDecrementOp() || !init)
    return inc;
  const auto *dre = dyn_cast<DeclRefExpr>(uo->getSubExpr());
  const auto *vd = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
  // A plain local of the init: its slot is the frame's, and stays the
  // same object until the loop ends (a reference's could be retargeted
  // or left dangling; a static or global is not in the frame).
  if (!vd || isa<DecompositionDecl>(vd) || !vd->hasLocalStorage() ||
      vd->isStaticLocal() || vd->getType()->isReferenceType() ||
      !llvm::is_contained(init->decls(), vd))
    return inc;
  auto it = frames_.back()->vars.find(vd);
  if (it == frames_.back()->vars.end() ||
      it->second->kind == Value::Kind::Dangling)
    return inc;
  inc.op = uo;
  inc.variable = dre;
  inc.slot = it->second;
  if (vd->getType()->isIntegerType())
    inc.type = intType(dre->getType());
  return inc;
}

void Evaluator::incrementCounter(const LoopIncrement &counter) {
  Value &slot = *counter.slot;
  // incrementSlot's first case, its type known: a counter that stays in
  // range, with incrementNamed's steps before the store.
  if (slot.kind == Value::Kind::Int) {
    const UnaryOperator *uo = counter.op;
    __int128 v = slot.wide() + (uo->isIncrementOp() ? 1 : -1);
    if (storableInPlace(v, counter.type)) {
      step(uo);
      if (uo->isPrefix())
        step(uo);
      step(counter.variable);
      storeInPlace(slot, v, counter.type);
      return;
    }
  }
  incrementNamed(counter.op, counter.variable, counter.slot);
}

void Evaluator::incrementNamed(const UnaryOperator *uo,
                               const DeclRefExpr *variable, Value *slot) {
  step(uo); // eval's
  // A prefix one: evalUnary takes the result from evalLValue(uo), which
  // steps it again, and reports at the expression, not the operator.
  if (uo->isPrefix())
    step(uo);
  step(variable);
  if (!slot)
    slot = lookup(variable->getDecl(), LazyLoc(variable));
  incrementSlot(*slot, uo->isIncrementOp() ? 1 : -1, variable->getType(),
                uo->isPrefix() ? LazyLoc(uo) : LazyLoc(uo->getOperatorLoc()),
                uo);
}

bool Evaluator::incrementVariable(const Expr *e) {
  const auto *uo = dyn_cast<UnaryOperator>(e);
  if (!fastRoutes_ || !uo || !uo->isIncrementDecrementOp())
    return false;
  const auto *dre = dyn_cast<DeclRefExpr>(uo->getSubExpr());
  if (!dre || !isa<VarDecl>(dre->getDecl()) ||
      isa<DecompositionDecl>(dre->getDecl()))
    return false;
  incrementNamed(uo, dre, nullptr);
  return true;
}

// `v` modulo 2^width, into the type's range (C++20's conversion rule).
__int128 Evaluator::wrapToIntType(__int128 v, const IntType &info) {
  unsigned __int128 m =
      (unsigned __int128)v & (((unsigned __int128)1 << info.width) - 1);
  if (info.isSigned && m >> (info.width - 1))
    return (__int128)m - (__int128(1) << info.width);
  return (__int128)m;
}

std::optional<Value> Evaluator::cutImplicitly(const Value &v, const Expr *at,
                                              QualType from, QualType to,
                                              LazyLoc loc) {
  if (v.kind != Value::Kind::Int || !from->isIntegerType() ||
      !to->isIntegerType() || to->isBooleanType() || to->isEnumeralType() ||
      fitsIntType(v.wide(), intType(to)))
    return std::nullopt;
  return makeTyped(truncateImplicitly(at, v.wide(), from, to), to, loc, false);
}

__int128 Evaluator::truncateImplicitly(const Expr *at, __int128 v,
                                       QualType from, QualType to) {
  IntType fromInfo = intType(from), toInfo = intType(to);
  __int128 wrapped = toInfo.isBool ? v != 0 : wrapToIntType(v, toInfo);
  // UBSan's test: only a narrower type loses bits, and only when converting
  // back does not restore the value. Same-width conversions (`unsigned
  // mask = ~0;`) keep every bit, and so does `int last = v.size() - 1` of
  // an empty vector (SIZE_MAX as -1): C++ code writes both on purpose.
  // `static_cast<int>(x)` holds its conversion as an implicit cast marked
  // part of the explicit one: written on purpose too.
  const auto *ice = dyn_cast<ImplicitCastExpr>(at);
  if (toInfo.isBool || toInfo.width >= fromInfo.width || fromInfo.isBool ||
      wrapToIntType(wrapped, fromInfo) == v ||
      (ice && ice->isPartOfExplicitCast()))
    return wrapped;
  // Once per place (a loop, or a template's instantiations, cut there
  // again), as UBSan reports once per place: decided first, so that a place
  // cut on every iteration costs one set lookup.
  if (!truncationsReported_.insert(at->getExprLoc()).second)
    return wrapped;
  // A constant cut this way has Clang's own warning (-Wconstant-conversion):
  // one is enough.
  if (ice && clangWarnedOfConstant(ice->getSubExpr(), v, toInfo.width))
    return wrapped;
  const clang::SourceManager &sm = ctx_.getSourceManager();
  // Inside a library header the user has nothing to change.
  if (sm.isInSystemHeader(sm.getExpansionLoc(at->getExprLoc())))
    return wrapped;
  auto show = [](__int128 x) {
    // At most 64 bits of magnitude on either side of the conversion.
    return x < 0 ? "-" + std::to_string(uint64_t(-x))
                 : std::to_string(uint64_t(x));
  };
  warnings_.push_back(makeDiagnostic(
      diag::warn_eval_implicit_truncation, irLoc(at->getExprLoc()),
      {from.getCanonicalType().getUnqualifiedType().getAsString(
           ctx_.getPrintingPolicy()),
       to.getCanonicalType().getUnqualifiedType().getAsString(
           ctx_.getPrintingPolicy()),
       show(v), show(wrapped), toInfo.width}));
  return wrapped;
}

bool Evaluator::clangWarnedOfConstant(const Expr *e, __int128 v,
                                      unsigned width) {
  e = e->IgnoreParens();
  // Clang looks at each arm of a ?: converted this way.
  if (const auto *co = dyn_cast<AbstractConditionalOperator>(e))
    return clangWarnedOfConstant(co->getTrueExpr(), v, width) ||
           clangWarnedOfConstant(co->getFalseExpr(), v, width);
  clang::Expr::EvalResult result;
  if (e->isValueDependent() || !e->EvaluateAsInt(result, ctx_))
    return false;
  const llvm::APSInt &c = result.Val.getInt();
  if (c.getBitWidth() > 64 || (c.isSigned() ? __int128(c.getSExtValue())
                                            : __int128(c.getZExtValue())) != v)
    return false; // not the arm that gave the value
  // Clang's test: the bits the value needs, without its sign, against the
  // target's width (`unsigned u = -1LL` and `int i = 0xFFFFFFFFLL` pass it).
  unsigned needed = c.isSigned() && c.isNegative() ? c.getSignificantBits()
                                                   : c.getActiveBits();
  return needed > width;
}

Value Evaluator::makeTyped(__int128 v, QualType t, LazyLoc loc,
                           bool checkOverflow) {
  IntType info = intType(t);
  if (info.isBool)
    return Value::makeInt(v != 0);
  if (info.width > 64)
    error(loc, diag::err_eval_int_too_wide);
  if (!fitsIntType(v, info)) {
    if (checkOverflow && info.isSigned)
      error(loc, diag::err_eval_signed_overflow,
            {t.getCanonicalType().getAsString()});
    v = wrapToIntType(v, info);
  }
  if (info.isSigned)
    return Value::makeInt(int64_t(v));
  return Value::makeInt(int64_t(uint64_t(v)), info.width == 64);
}

// makeTyped's conversion without a Value (EvalScalar.cpp; the type is at
// most 64 bits wide there).
__int128 Evaluator::wrapScalar(__int128 v, QualType t) {
  IntType info = intType(t);
  if (info.isBool)
    return v != 0;
  return fitsIntType(v, info) ? v : wrapToIntType(v, info);
}

bool Evaluator::fitsScalar(__int128 v, QualType t) {
  return fitsIntType(v, intType(t));
}

bool Evaluator::truthy(const Value &v, LazyLoc loc) {
  switch (v.kind) {
  case Value::Kind::Int:
    return v.i != 0;
  case Value::Kind::Float:
    return v.f != 0;
  case Value::Kind::Null:
    return false;
  case Value::Kind::Uninit:
    error(loc, diag::err_eval_uninitialised);
  default:
    error(loc, diag::err_eval_not_a_condition);
  }
}

// An integer converted to an enum must name one of its enumerators: the DSL
// writes enums into plans by name, so any other value has no meaning there
// (C++ allows some such values; mscclc refuses them).
void Evaluator::checkEnumerator(const EnumDecl *ed, __int128 value,
                                LazyLoc loc) {
  // The DSL's enums are written into the plan by name: only their
  // enumerators exist. A user enum holds what C++ allows: any value of a
  // fixed underlying type (makeTyped range-checks it), else the values of
  // the narrowest bit-field holding every enumerator.
  bool dsl = false;
  for (const DeclContext *dc = ed->getDeclContext(); dc; dc = dc->getParent())
    if (const auto *ns = dyn_cast<NamespaceDecl>(dc))
      dsl |= ns->getName() == "dsl" || ns->getName() == "mscclpp";
  if (!dsl) {
    if (ed->isFixed())
      return;
    unsigned pos = ed->getNumPositiveBits(), neg = ed->getNumNegativeBits();
    __int128 lo = 0, hi;
    if (neg == 0) {
      hi = (__int128(1) << pos) - 1;
    } else {
      unsigned m = std::max(neg, pos + 1);
      lo = -(__int128(1) << (m - 1));
      hi = (__int128(1) << (m - 1)) - 1;
    }
    if (value >= lo && value <= hi)
      return;
  }
  for (const EnumConstantDecl *c : ed->enumerators())
    if (__int128(c->getInitVal().getExtValue()) == value)
      return;
  std::string names;
  for (const EnumConstantDecl *c : ed->enumerators())
    names += (names.empty() ? "" : ", ") + c->getNameAsString();
  error(loc, diag::err_eval_enum_value,
        {int64_t(value), ed->getNameAsString(), names});
}

Value Evaluator::floatOfType(double x, QualType canonical) {
  // A float holds 24 bits: a float result rounds there (and overflows to
  // infinity at float's range).
  return Value::makeFloat(canonical->isSpecificBuiltinType(BuiltinType::Float)
                              ? double(float(x))
                              : x);
}

void Evaluator::checkFloatType(QualType t, LazyLoc loc) {
  if (!t->isSpecificBuiltinType(BuiltinType::Float) &&
      !t->isSpecificBuiltinType(BuiltinType::Double))
    error(loc, diag::err_eval_long_double,
          {t.getCanonicalType().getUnqualifiedType().getAsString()});
}

Value Evaluator::convert(const Value &v, QualType to, LazyLoc loc) {
  QualType t = to.getNonReferenceType().getCanonicalType();
  if (v.kind == Value::Kind::Uninit)
    error(loc, diag::err_eval_uninitialised);
  if (t->isBooleanType()) {
    if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Float ||
        v.kind == Value::Kind::Null)
      return Value::makeInt(truthy(v, loc));
    return v;
  }
  if (t->isIntegralOrEnumerationType()) {
    if (v.kind == Value::Kind::Int) {
      if (const auto *et = t->getAs<EnumType>())
        checkEnumerator(et->getDecl(), v.wide(), loc);
      return makeTyped(v.wide(), t, loc, false);
    }
    if (v.kind == Value::Kind::Float) {
      // C++ leaves a value whose integral part does not fit the type
      // undefined, unsigned types included: refuse it rather than wrap.
      double d = std::trunc(v.f);
      if (!std::isfinite(d) || d <= -0x1p64 || d >= 0x1p64 ||
          !fitsIntType(__int128(d), intType(t))) {
        // Whole values in full (2147483648, not 2.14748e+09, which reads
        // as if it fitted).
        char shown[48];
        std::snprintf(shown, sizeof shown,
                      std::isfinite(v.f) && v.f == std::trunc(v.f) &&
                              std::fabs(v.f) < 1e21
                          ? "%.0f"
                          : "%g",
                      v.f);
        error(loc, diag::err_eval_float_out_of_range,
              {t.getCanonicalType().getAsString(), shown});
      }
      return makeTyped(__int128(d), t, loc, true);
    }
    return v;
  }
  if (t->isRealFloatingType()) {
    checkFloatType(t, loc);
    // A float holds 24 bits: an integer converted to it rounds there.
    if (v.kind == Value::Kind::Int)
      return Value::makeFloat(t->isSpecificBuiltinType(BuiltinType::Float)
                                  ? double(float(v.wide()))
                                  : double(v.wide()));
    if (v.kind == Value::Kind::Float)
      return floatOfType(v.f, t);
    return v;
  }
  // A number stored as an object of a class of the program's own where the
  // library makes that object (a std::pair's member, a std::function's
  // result, an algorithm's output element): the class's converting
  // constructor runs, as the library's template calls it. Clang's AST of
  // the program shows no constructor there. A class that also assigns
  // from a number is refused: where the library assigns to an element that
  // exists, C++ calls that operator instead.
  if ((v.kind == Value::Kind::Int || v.kind == Value::Kind::Float) &&
      t->isRecordType())
    if (const CXXRecordDecl *rd = t->getAsCXXRecordDecl(); isProgramClass(rd)) {
      if (assignsFromNumber(rd))
        error(loc, diag::err_eval_number_to_class_with_assignment,
              {describeValue(v), rd->getNameAsString()});
      if (const CXXConstructorDecl *ctor = convertingConstructor(
              rd,
              v.kind == Value::Kind::Int ? ctx_.LongLongTy : ctx_.DoubleTy)) {
        Value number = v;
        Value *one[1] = {&number};
        return runConstructor(ctor, {}, one, loc);
      }
    }
  return v;
}

bool Evaluator::assignsFromNumber(const CXXRecordDecl *rd) {
  if (!rd->hasDefinition())
    return false;
  auto fromNumber = [](const FunctionDecl *fd) {
    if (fd->getOverloadedOperator() != OO_Equal || fd->getNumParams() != 1)
      return false;
    QualType param = fd->getParamDecl(0)->getType().getNonReferenceType();
    return !param->isRecordType(); // a number, an enum, or a template's T
  };
  for (const Decl *d : rd->decls()) {
    if (const auto *md = dyn_cast<CXXMethodDecl>(d); md && fromNumber(md))
      return true;
    if (const auto *ft = dyn_cast<FunctionTemplateDecl>(d);
        ft && fromNumber(ft->getTemplatedDecl()))
      return true;
  }
  return false;
}

void Evaluator::noteNegativeRemainder(LazyLoc loc, int64_t value, int64_t left,
                                      int64_t right) {
  // One entry per value, the newest: a loop making the same -1 each time
  // keeps one entry.
  llvm::erase_if(negativeRemainders_,
                 [&](const NegativeRemainder &n) { return n.value == value; });
  if (negativeRemainders_.size() == 8)
    negativeRemainders_.erase(negativeRemainders_.begin());
  const auto *bo = dyn_cast_or_null<BinaryOperator>(loc.stmt());
  negativeRemainders_.push_back(
      {loc, value, left, right, steps_, bo ? remainderTarget(bo) : nullptr});
}

const ValueDecl *Evaluator::remainderTarget(const BinaryOperator *bo) {
  const ValueDecl *target = nullptr;
  if (bo->getOpcode() == BO_RemAssign) {
    if (const auto *dre =
            dyn_cast<DeclRefExpr>(bo->getLHS()->IgnoreParenImpCasts()))
      target = dre->getDecl();
  } else {
    // Up through parentheses and conversions to a declaration or a plain
    // assignment of a variable.
    DynTypedNode node = DynTypedNode::create(*bo);
    for (int depth = 0; depth < 8 && !target; ++depth) {
      auto parents = ctx_.getParents(node);
      if (parents.size() != 1)
        break;
      node = parents[0];
      if (const auto *vd = node.get<VarDecl>()) {
        target = vd;
      } else if (const auto *assign = node.get<BinaryOperator>()) {
        if (assign->getOpcode() == BO_Assign)
          if (const auto *dre = dyn_cast<DeclRefExpr>(
                  assign->getLHS()->IgnoreParenImpCasts()))
            target = dre->getDecl();
        break;
      } else if (!node.get<ParenExpr>() && !node.get<ImplicitCastExpr>() &&
                 !node.get<CStyleCastExpr>() &&
                 !node.get<CXXFunctionalCastExpr>() &&
                 !node.get<CXXStaticCastExpr>()) {
        break;
      }
    }
  }
  return target;
}

Value Evaluator::arith(BinaryOperatorKind op, const Value &l, const Value &r,
                       QualType resultType, LazyLoc loc) {
  if (l.kind == Value::Kind::Uninit || r.kind == Value::Kind::Uninit)
    error(loc, diag::err_eval_uninitialised);
  bool isFloat = l.kind == Value::Kind::Float || r.kind == Value::Kind::Float;
  if (isFloat) {
    double a = l.kind == Value::Kind::Float ? l.f : double(l.wide());
    double b = r.kind == Value::Kind::Float ? r.f : double(r.wide());
    // An operation on floats gives a float: its result rounds to 24 bits
    // (0.1f * 3 == 0.3f), overflows to infinity at float's range.
    QualType rt =
        resultType.isNull() ? QualType() : resultType.getCanonicalType();
    if (!rt.isNull() && rt->isRealFloatingType())
      checkFloatType(rt, loc);
    auto result = [&rt](double x) {
      return rt.isNull() ? Value::makeFloat(x) : floatOfType(x, rt);
    };
    switch (op) {
    case BO_Add:
      return result(a + b);
    case BO_Sub:
      return result(a - b);
    case BO_Mul:
      return result(a * b);
    case BO_Div:
      if (b == 0)
        error(loc, diag::err_eval_float_division_by_zero);
      return result(a / b);
    default:
      if (auto c = comparison(op, a, b))
        return Value::makeInt(*c);
      error(loc, diag::err_eval_float_operator);
    }
  }
  if (l.kind != Value::Kind::Int || r.kind != Value::Kind::Int) {
    if (op == BO_EQ || op == BO_NE) {
      bool eq = compareValues(l, r, /*asCxx=*/true) == 0;
      return Value::makeInt(op == BO_EQ ? eq : !eq);
    }
    error(loc, diag::err_eval_operator_needs_numbers);
  }
  __int128 a = l.wide(), b = r.wide();
  switch (op) {
  case BO_Add:
    return makeTyped(a + b, resultType, loc, true);
  case BO_Sub:
    return makeTyped(a - b, resultType, loc, true);
  case BO_Mul:
    return makeTyped(multiplyWide(a, b), resultType, loc, true);
  case BO_Div:
  case BO_Rem:
    if (b == 0)
      error(loc, op == BO_Div ? diag::err_eval_division_by_zero
                              : diag::err_eval_remainder_by_zero);
    // INT_MIN % -1 is undefined like INT_MIN / -1: trap on the quotient.
    if (op == BO_Rem) {
      (void)makeTyped(a / b, resultType, loc, true);
      if (a % b < 0) [[unlikely]]
        noteNegativeRemainder(loc, int64_t(a % b), int64_t(a), int64_t(b));
    }
    return makeTyped(op == BO_Div ? a / b : a % b, resultType, loc, true);
  case BO_Shl:
  case BO_Shr: {
    unsigned width = unsigned(ctx_.getIntWidth(resultType));
    if (b < 0 || b >= width)
      error(loc, diag::err_eval_shift_amount, {int64_t(b), width});
    // C++20: E1 << E2 is E1 * 2^E2 modulo 2^N, also for negative E1 and
    // for bits shifted out; only the shift amount can be undefined.
    if (op == BO_Shl)
      return makeTyped(a << int(b), resultType, loc, false);
    return makeTyped(a >> int(b), resultType, loc, false);
  }
  case BO_And:
    return makeTyped(a & b, resultType, loc, false);
  case BO_Or:
    return makeTyped(a | b, resultType, loc, false);
  case BO_Xor:
    return makeTyped(a ^ b, resultType, loc, false);
  default:
    if (auto c = comparison(op, a, b))
      return Value::makeInt(*c);
    break;
  }
  error(loc, diag::err_eval_operator);
}

// ---------------------------------------------------------- expressions --

Value Evaluator::evalBinary(const BinaryOperator *bo) {
  BinaryOperatorKind op = bo->getOpcode();
  SourceLocation loc = bo->getOperatorLoc();
  switch (op) {
  case BO_LAnd:
    return Value::makeInt(truthy(eval(bo->getLHS()), loc) &&
                          truthy(eval(bo->getRHS()), loc));
  case BO_LOr:
    return Value::makeInt(truthy(eval(bo->getLHS()), loc) ||
                          truthy(eval(bo->getRHS()), loc));
  case BO_Comma:
    eval(bo->getLHS());
    return eval(bo->getRHS());
  case BO_Assign:
  case BO_MulAssign:
  case BO_DivAssign:
  case BO_RemAssign:
  case BO_AddAssign:
  case BO_SubAssign:
  case BO_ShlAssign:
  case BO_ShrAssign:
  case BO_AndAssign:
  case BO_XorAssign:
  case BO_OrAssign:
    return *evalLValue(bo);
  case BO_PtrMemD:
  case BO_PtrMemI:
    error(loc, diag::err_eval_unsupported_operator);
  case BO_Cmp:
    error(loc, diag::err_eval_three_way_comparison);
  default:
    break;
  }
  if (bo->getLHS()->getType()->isPointerType() ||
      bo->getRHS()->getType()->isPointerType()) {
    // Positions in a std::array or std::string (its iterators are
    // pointers): `std::find(a.begin(), a.end(), x) - a.begin()` is an
    // index, `!= a.end()` a test, as for a std::vector's.
    Value result;
    if (bo->getLHS()->getType()->isPointerType() &&
        bo->getRHS()->getType()->isPointerType() &&
        (op == BO_Sub || BinaryOperator::isComparisonOp(op)) && op != BO_Cmp &&
        iteratorDifference(bo->getLHS(), bo->getRHS(), op, bo->getType(), loc,
                           result))
      return result;
    if (BinaryOperator::isComparisonOp(op))
      error(loc, diag::err_eval_pointer_compare);
    error(loc, diag::err_eval_pointer_arithmetic);
  }
  Value l = eval(bo->getLHS());
  Value r = eval(bo->getRHS());
  // The node itself as the location: a negative remainder finds the
  // variable it is stored into from it.
  return arith(op, l, r, bo->getType(), LazyLoc(bo));
}

Value Evaluator::evalUnary(const UnaryOperator *uo) {
  SourceLocation loc = uo->getOperatorLoc();
  switch (uo->getOpcode()) {
  case UO_PreInc:
  case UO_PreDec:
    return *evalLValue(uo);
  case UO_PostInc:
  case UO_PostDec: {
    Value *slot = evalLValue(uo->getSubExpr());
    Value old = *slot;
    incrementSlot(*slot, uo->isIncrementOp() ? 1 : -1,
                  uo->getSubExpr()->getType(), loc, uo);
    return old;
  }
  case UO_Plus:
    return eval(uo->getSubExpr());
  case UO_Minus: {
    Value v = eval(uo->getSubExpr());
    if (v.kind == Value::Kind::Float)
      return Value::makeFloat(-v.f);
    if (v.kind != Value::Kind::Int)
      error(loc, diag::err_eval_unary_minus);
    return makeTyped(-v.wide(), uo->getType(), loc,
                     uo->getType()->isSignedIntegerOrEnumerationType());
  }
  case UO_Not: {
    Value v = eval(uo->getSubExpr());
    if (v.kind != Value::Kind::Int)
      error(loc, diag::err_eval_bitwise_not);
    return makeTyped(~v.wide(), uo->getType(), loc, false);
  }
  case UO_LNot:
    return Value::makeInt(!truthy(eval(uo->getSubExpr()), loc));
  case UO_Deref:
    // `*this`: a copy of the object (`T copy() const { return *this; }`).
    if (isa<CXXThisExpr>(uo->getSubExpr()->IgnoreParenImpCasts())) {
      const Value *self = evalLValue(uo);
      if (self->kind == Value::Kind::Uninit)
        error(loc, diag::err_eval_uninitialised);
      return *self;
    }
    // The element at a position in a std::array or std::string
    // (`*std::max_element(a.begin(), a.end())`).
    if (Value *element = arrayPositionElement(uo->getSubExpr(), loc))
      return *element;
    // A library call that gives a pointer (`*std::ranges::min_element(a)`
    // over a std::array) is run first: its own error says what to write.
    if (const auto *call =
            dyn_cast<CallExpr>(uo->getSubExpr()->IgnoreParenImpCasts()))
      if (const Decl *callee = call->getCalleeDecl();
          callee && inStdTree(callee))
        eval(call);
    error(loc, diag::err_eval_pointers_use_references);
  case UO_AddrOf:
    error(loc, diag::err_eval_pointers_use_references);
  case UO_Extension:
    return eval(uo->getSubExpr());
  default:
    error(loc, diag::err_eval_unsupported_operator);
  }
}

Value *Evaluator::arrayPositionElement(const Expr *e, LazyLoc loc) {
  IteratorPosition pos;
  e = e->IgnoreParens();
  if (!e->getType()->isPointerType() || !parseIteratorPosition(e, pos))
    return nullptr;
  Value *range = positionContainer(pos);
  Borrow keep(*this, range);
  if (range->kind != Value::Kind::Agg)
    error(loc, diag::err_eval_uninitialised);
  size_t i = resolveIteratorPosition(pos, range->elems().size(), e);
  if (keep.dangling)
    invalidatedDuringUse(keep, diag::err_eval_object_invalidated, loc);
  if (i >= range->elems().size())
    error(loc, diag::err_std_iterator_deref_end);
  return &range->elems()[i];
}

} // namespace mscclc::frontend
