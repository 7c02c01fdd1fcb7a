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
// types (and, for very deep trees, the stack left). On first use each root
// is compiled into straight-line code for a small integer stack machine
// (literals folded, types' widths resolved, jumps for &&, || and ?:), which
// later evaluations run instead of walking the tree; a root too deep for
// that, or a run that could reach the step limit, a memory check or the
// nesting limit, takes the walk, so those strike at the very node. Both
// visit the same nodes in the same order as eval(), count the same steps and
// report the same errors at the same places: an uninitialised read with
// evalCast's error, anything unusual (an overflow, a division by zero, a
// shift out of range) through the general code itself. Results are
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
  if (stackBeyondBudget())
    return false;
  auto [it, inserted] = scalarShapes_.try_emplace(e);
  if (!inserted) {
    // A root's code is looked up right after (scalarCode): keep it.
    lastShapeExpr_ = e;
    lastShape_ = it->second;
    return it->second.ok;
  }
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
  scalarShapes_[e].ok = ok;
  lastShapeExpr_ = e;
  lastShape_ = scalarShapes_[e];
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
  return evalScalar(e, scalarCode(e));
}

__int128 Evaluator::evalScalar(const Expr *e, const ScalarCode *code) {
  step(e);
  return runScalarRoot(e, code);
}

Evaluator::ScalarPlan Evaluator::scalarPlan(const Expr *e) {
  ScalarPlan plan;
  plan.scalar = isScalarExpr(e);
  if (plan.scalar)
    plan.code = scalarCode(e);
  return plan;
}

__int128 Evaluator::scalarChildren(const Expr *e) {
  return runScalarRoot(e, scalarCode(e));
}

__int128 Evaluator::runScalarRoot(const Expr *e, const ScalarCode *code) {
  // The compiled code adds the steps of the nodes it passes as it goes, so
  // a run must not reach the step limit or a memory check, and the walk's
  // nesting check must not be near: there, the walk runs instead and
  // reports at the very node.
  if (code) {
    uint64_t n = code->maxSteps;
    if (steps_ + n <= limits_.maxSteps && steps_ + n < nextMemoryCheck_ &&
        !stackBeyondBudget(ScalarWalkStackBytes))
      return runScalar(*code);
  }
  return scalarChildrenTree(e);
}

__int128 Evaluator::evalScalarTree(const Expr *e) {
  step(e);
  return scalarChildrenTree(e);
}

// The value of `e`, whose own step is counted, node by node.
__int128 Evaluator::scalarChildrenTree(const Expr *e) {
  switch (e->getStmtClass()) {
  case Stmt::IntegerLiteralClass:
    return wrapScalar(
        __int128(cast<IntegerLiteral>(e)->getValue().getZExtValue()),
        e->getType());
  case Stmt::CXXBoolLiteralExprClass:
    return cast<CXXBoolLiteralExpr>(e)->getValue();
  case Stmt::ParenExprClass:
    return evalScalarTree(cast<ParenExpr>(e)->getSubExpr());
  case Stmt::ImplicitCastExprClass: {
    const auto *ce = cast<ImplicitCastExpr>(e);
    const Expr *sub = ce->getSubExpr();
    if (ce->getCastKind() == CK_LValueToRValue) {
      // What evalCast and evalLValue do for a named variable.
      const auto *dre = cast<DeclRefExpr>(sub);
      step(dre);
      return scalarVariable(dre);
    }
    __int128 v = evalScalarTree(sub);
    if (ce->getCastKind() == CK_IntegralCast && !fitsScalar(v, e->getType()))
      return truncateImplicitly(ce, v, sub->getType(), e->getType());
    return wrapScalar(v, e->getType());
  }
  case Stmt::BinaryOperatorClass: {
    const auto *bo = cast<BinaryOperator>(e);
    BinaryOperatorKind op = bo->getOpcode();
    if (op == BO_LAnd)
      return evalScalarTree(bo->getLHS()) != 0 &&
             evalScalarTree(bo->getRHS()) != 0;
    if (op == BO_LOr)
      return evalScalarTree(bo->getLHS()) != 0 ||
             evalScalarTree(bo->getRHS()) != 0;
    __int128 a = evalScalarTree(bo->getLHS());
    __int128 b = evalScalarTree(bo->getRHS());
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
      r = multiplyWide(a, b);
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
    __int128 v = evalScalarTree(uo->getSubExpr());
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
    return evalScalarTree(co->getCond()) != 0
               ? evalScalarTree(co->getTrueExpr())
               : evalScalarTree(co->getFalseExpr());
  }
  default:
    llvm_unreachable("not a scalar expression (see isScalarExpr)");
  }
}

// What evalCast and evalLValue do for a named integer variable.
__int128 Evaluator::scalarVariable(const DeclRefExpr *dre) {
  Value *slot = lookup(dre->getDecl(), LazyLoc(dre));
  if (slot->kind == Value::Kind::Int)
    return slot->wide();
  if (slot->kind == Value::Kind::Uninit)
    error(dre->getExprLoc(), diag::err_eval_uninitialised_variable,
          {dre->getDecl()->getNameAsString()});
  // A reference to an optional's value, emptied since.
  if (slot->kind == Value::Kind::Null)
    error(dre->getExprLoc(), diag::err_std_optional_value_destroyed);
  // An integer variable holds an integer once initialised.
  error(LazyLoc(dre), diag::err_internal_exception,
        {"integer variable '" + dre->getDecl()->getNameAsString() +
         "' holds no integer"});
}

// The general operator on the operands' Values: its result, or its error.
__int128 Evaluator::scalarArith(const BinaryOperator *bo, __int128 a,
                                __int128 b) {
  LazyLoc at(bo);
  Value l = makeTyped(a, bo->getLHS()->getType(), at, false);
  Value r = makeTyped(b, bo->getRHS()->getType(), at, false);
  return arith(bo->getOpcode(), l, r, bo->getType(), at).wide();
}

// --- conditions

std::optional<Evaluator::ScalarPlan> Evaluator::conditionPlan(const Expr *e) {
  // Where isScalarExpr would answer false without deciding.
  if (stackBeyondBudget())
    return std::nullopt;
  if (auto it = conditionPlans_.find(e); it != conditionPlans_.end())
    return it->second;
  // A condition is bool, so truthy of a scalar root's converted value is
  // the computed value's.
  ScalarPlan plan;
  if (scalarRootShape(e) && e->getType()->isBooleanType())
    plan = scalarPlan(e);
  conditionPlans_[e] = plan;
  return plan;
}

bool Evaluator::runCondition(const Expr *e,
                             const std::optional<ScalarPlan> &plan) {
  if (!plan || !plan->scalar) {
    // A full-expression: its temporaries end with it (a loop's condition
    // would otherwise keep one per iteration, and every reference bound
    // later would look through them all).
    const size_t mark = tempTop_;
    const bool value = truthy(eval(e), e->getExprLoc());
    tempTop_ = mark;
    return value;
  }
  return evalScalar(e, plan->code) != 0; // eval's step, then the value
}

bool Evaluator::evalCondition(const Expr *e) {
  return runCondition(e, conditionPlan(e));
}

// --- compiled scalar expressions

const Evaluator::ScalarCode *Evaluator::scalarCode(const Expr *e) {
  // Roots come here right after isScalarExpr(e) asked for their shape.
  if (e == lastShapeExpr_ && lastShape_.compiled)
    return lastShape_.code;
  ScalarShape &shape = scalarShapes_[e];
  if (!shape.compiled) {
    auto code = std::make_unique<ScalarCode>();
    uint32_t pendingSteps = 0;
    const Stmt *pendingAt = nullptr;
    unsigned stack = 0, maxStack = 0;
    // compileScalar adds no shapes: `shape` stays valid.
    if (compileScalar(e, /*countSelf=*/false, *code, pendingSteps, pendingAt, 0,
                      stack, maxStack)) {
      code->shape = scalarCodeShape(*code);
      shape.code = code.get();
      scalarCodeStore_.push_back(std::move(code));
    }
    shape.compiled = true;
  }
  lastShapeExpr_ = e;
  lastShape_ = shape;
  return shape.code;
}

// Appends the code of `e` (a scalar expression: isScalarExpr) to `out`.
// The steps of the nodes entered before an instruction is emitted go to
// that instruction: the first instruction of a node's code runs exactly
// when the walk enters the node. False when the expression is too deep or
// needs too large a stack (the walk computes those).
bool Evaluator::compileScalar(const Expr *e, bool countSelf, ScalarCode &out,
                              uint32_t &pendingSteps, const Stmt *&pendingAt,
                              unsigned depth, unsigned &stack,
                              unsigned &maxStack) {
  using Instr = ScalarInstr;
  if (depth > MaxScalarDepth)
    return false;
  auto enter = [&](const Stmt *node) {
    ++pendingSteps;
    pendingAt = node;
    ++out.maxSteps;
    out.stepped.push_back(node);
  };
  auto emit = [&](Instr ins) {
    ins.steps = pendingSteps;
    ins.firstStep = uint32_t(out.stepped.size() - pendingSteps);
    ins.stepped = pendingAt;
    pendingSteps = 0;
    pendingAt = nullptr;
    out.code.push_back(ins);
    return out.code.size() - 1;
  };
  auto push = [&] {
    maxStack = std::max(maxStack, ++stack);
    return maxStack <= MaxScalarStack;
  };
  auto sub = [&](const Expr *child) {
    return compileScalar(child, true, out, pendingSteps, pendingAt, depth + 1,
                         stack, maxStack);
  };
  auto instr = [](Instr::Op op) {
    Instr ins;
    ins.op = op;
    return ins;
  };
  if (countSelf)
    enter(e);
  switch (e->getStmtClass()) {
  case Stmt::IntegerLiteralClass: {
    Instr ins = instr(Instr::Op::Const);
    ins.constant =
        wrapScalar(__int128(cast<IntegerLiteral>(e)->getValue().getZExtValue()),
                   e->getType());
    emit(ins);
    return push();
  }
  case Stmt::CXXBoolLiteralExprClass: {
    Instr ins = instr(Instr::Op::Const);
    ins.constant = cast<CXXBoolLiteralExpr>(e)->getValue();
    emit(ins);
    return push();
  }
  case Stmt::ParenExprClass:
    return sub(cast<ParenExpr>(e)->getSubExpr());
  case Stmt::ImplicitCastExprClass: {
    const auto *ce = cast<ImplicitCastExpr>(e);
    if (ce->getCastKind() == CK_LValueToRValue) {
      const auto *dre = cast<DeclRefExpr>(ce->getSubExpr());
      enter(dre);
      Instr ins = instr(Instr::Op::Load);
      ins.node = dre;
      emit(ins);
      return push();
    }
    if (!sub(ce->getSubExpr()))
      return false;
    Instr ins = instr(Instr::Op::Wrap);
    ins.type = intType(e->getType());
    ins.node = ce; // for truncateImplicitly
    emit(ins);
    return true;
  }
  case Stmt::BinaryOperatorClass: {
    const auto *bo = cast<BinaryOperator>(e);
    BinaryOperatorKind op = bo->getOpcode();
    if (op == BO_LAnd || op == BO_LOr) {
      // lhs; jump when decided; rhs; != 0; jump past; the decided value.
      if (!sub(bo->getLHS()))
        return false;
      size_t decide = emit(instr(op == BO_LAnd ? Instr::Op::JumpIfZero
                                               : Instr::Op::JumpIfNonZero));
      --stack;
      if (!sub(bo->getRHS()))
        return false;
      emit(instr(Instr::Op::ToBool));
      size_t past = emit(instr(Instr::Op::Jump));
      --stack;
      out.code[decide].target = uint32_t(out.code.size());
      Instr decided = instr(Instr::Op::Const);
      decided.constant = op == BO_LOr;
      emit(decided);
      out.code[past].target = uint32_t(out.code.size());
      return push();
    }
    if (!sub(bo->getLHS()) || !sub(bo->getRHS()))
      return false;
    // Division, remainder and shifts stay General: their checks are
    // arith's. (isScalarExpr admits no <=>.)
    Instr ins = instr(Instr::Op::General);
    if (BinaryOperator::isComparisonOp(op))
      ins.op = Instr::Op::Compare;
    else if (op == BO_Add || op == BO_Sub || op == BO_Mul)
      ins.op = Instr::Op::Arith;
    else if (op == BO_And || op == BO_Or || op == BO_Xor)
      ins.op = Instr::Op::Bits;
    ins.bin = op;
    ins.type = intType(bo->getType());
    ins.node = bo;
    emit(ins);
    --stack;
    return true;
  }
  case Stmt::UnaryOperatorClass: {
    const auto *uo = cast<UnaryOperator>(e);
    if (!sub(uo->getSubExpr()))
      return false;
    switch (uo->getOpcode()) {
    case UO_Plus:
      return true;
    case UO_LNot:
      emit(instr(Instr::Op::LNot));
      return true;
    case UO_Not: {
      Instr ins = instr(Instr::Op::Not);
      ins.type = intType(uo->getType());
      emit(ins);
      return true;
    }
    default: { // UO_Minus
      Instr ins = instr(Instr::Op::Negate);
      ins.node = uo;
      emit(ins);
      return true;
    }
    }
  }
  case Stmt::ConditionalOperatorClass: {
    const auto *co = cast<ConditionalOperator>(e);
    if (!sub(co->getCond()))
      return false;
    size_t toFalse = emit(instr(Instr::Op::JumpIfZero));
    --stack;
    if (!sub(co->getTrueExpr()))
      return false;
    size_t past = emit(instr(Instr::Op::Jump));
    --stack;
    out.code[toFalse].target = uint32_t(out.code.size());
    if (!sub(co->getFalseExpr()))
      return false;
    out.code[past].target = uint32_t(out.code.size());
    return true;
  }
  default:
    llvm_unreachable("not a scalar expression (see isScalarExpr)");
  }
}

Evaluator::ScalarCode::Shape
Evaluator::scalarCodeShape(const ScalarCode &code) {
  using Instr = ScalarInstr;
  using Shape = ScalarCode::Shape;
  const auto &c = code.code;
  if (c.empty() || c[0].op != Instr::Op::Load)
    return Shape::General;
  if (c.size() == 1)
    return Shape::Load;
  // A conversion steps nothing (an implicit cast's step is its operand's
  // Load's), and a comparison's own step is the root's: these run with the
  // steps of their Loads alone. Asked, not assumed.
  if (c.size() == 2 && c[1].op == Instr::Op::Wrap && c[1].steps == 0)
    return Shape::LoadWrap;
  if (c.size() == 3 &&
      (c[1].op == Instr::Op::Load || c[1].op == Instr::Op::Const) &&
      c[2].op == Instr::Op::Compare && c[2].steps == 0 &&
      comparison(c[2].bin, 0, 0).has_value())
    return Shape::Compare;
  return Shape::General;
}

// What scalarChildrenTree computes, instruction by instruction, counting
// the same steps and reporting the same errors at the same nodes.
__int128 Evaluator::wrapConversion(__int128 v, const ScalarInstr &wrap) {
  const auto *ce = cast<ImplicitCastExpr>(wrap.node);
  return truncateImplicitly(ce, v, ce->getSubExpr()->getType(), ce->getType());
}

__int128 Evaluator::runScalar(const ScalarCode &code) {
  using Instr = ScalarInstr;
  using Shape = ScalarCode::Shape;
  // & | ^ ~ in their own type (the promoted one): wrapped as C++ does.
  auto wrapInType = [](__int128 v, const IntType &info) -> __int128 {
    if (info.isBool)
      return v != 0;
    return fitsIntType(v, info) ? v : wrapToIntType(v, info);
  };
  // A Wrap instruction's conversion: a value that does not fit goes
  // through truncateImplicitly, which may warn.
  auto wrap = [this](__int128 v, const Instr &ins) -> __int128 {
    if (ins.type.isBool)
      return v != 0;
    return fitsIntType(v, ins.type) ? v : wrapConversion(v, ins);
  };
  auto decl = [](const Instr &ins) {
    return static_cast<const DeclRefExpr *>(ins.node)->getDecl();
  };
  switch (code.shape) {
  case Shape::Load:
  case Shape::LoadWrap: {
    // An index or a bound that is one variable, maybe converted (`v[r]`):
    // the loop below for these instructions. A first read of a static
    // local may step further; the conversion steps nothing.
    const Instr &ins = code.code[0];
    if (ins.steps) {
      steps_ += ins.steps;
      current_ = ins.stepped;
    }
    const Value *local = frameInteger(decl(ins));
    __int128 v =
        local ? local->wide() : scalarVariable(cast<DeclRefExpr>(ins.node));
    return code.shape == Shape::LoadWrap ? wrap(v, code.code[1]) : v;
  }
  case Shape::Compare: {
    // `p < n`, `p != r`: when both reads are of the current frame's
    // integers (nothing to step further, nothing to report), the loop's
    // steps and result without the loop; else the loop, from the start.
    const Instr &x = code.code[0], &y = code.code[1];
    const Value *a = frameInteger(decl(x));
    if (!a)
      break;
    __int128 b;
    if (y.op == Instr::Op::Load) {
      const Value *local = frameInteger(decl(y));
      if (!local)
        break;
      b = local->wide();
    } else {
      b = y.constant;
    }
    if (x.steps) {
      steps_ += x.steps;
      current_ = x.stepped;
    }
    if (y.steps) {
      steps_ += y.steps;
      current_ = y.stepped;
    }
    const __int128 av = a->wide();
    switch (code.code[2].bin) { // comparison(), inline
    case BO_LT:
      return av < b;
    case BO_GT:
      return av > b;
    case BO_LE:
      return av <= b;
    case BO_GE:
      return av >= b;
    case BO_EQ:
      return av == b;
    default: // BO_NE (scalarCodeShape takes the six comparisons only)
      return av != b;
    }
  }
  case Shape::General:
    break;
  }
  const size_t n = code.code.size();
  __int128 stack[MaxScalarStack];
  unsigned sp = 0;
  const Instr *instrs = code.code.data();
  bool checked = false; // step node by node (see Load)
  for (size_t pc = 0; pc < n; ++pc) {
    const Instr &ins = instrs[pc];
    if (ins.steps) {
      if (!checked) {
        steps_ += ins.steps;
        current_ = ins.stepped;
      } else {
        for (uint32_t k = 0; k < ins.steps; ++k)
          step(code.stepped[ins.firstStep + k]);
      }
    }
    switch (ins.op) {
    case Instr::Op::Const:
      stack[sp++] = ins.constant;
      break;
    case Instr::Op::Load: {
      // Most reads are of an integer local of the current frame: lookup()'s
      // first probe, inline.
      const auto *dre = static_cast<const DeclRefExpr *>(ins.node);
      if (const Value *local = frameInteger(dre->getDecl())) {
        stack[sp++] = local->wide();
        break;
      }
      // The first read of a static local or a global runs its initialiser,
      // whose steps the run's budget did not include: from there on, each
      // node is stepped as the walk steps it, with its checks.
      uint64_t before = steps_;
      stack[sp++] = scalarVariable(dre);
      checked |= steps_ != before;
      break;
    }
    case Instr::Op::Wrap:
      stack[sp - 1] = wrap(stack[sp - 1], ins);
      break;
    case Instr::Op::Arith: {
      __int128 b = stack[--sp], a = stack[sp - 1];
      __int128 r = ins.bin == BO_Add   ? a + b
                   : ins.bin == BO_Sub ? a - b
                                       : multiplyWide(a, b);
      stack[sp - 1] = fitsIntType(r, ins.type)
                          ? r
                          : scalarArith(cast<BinaryOperator>(ins.node), a, b);
      break;
    }
    case Instr::Op::Bits: {
      __int128 b = stack[--sp], a = stack[sp - 1];
      __int128 r = ins.bin == BO_And ? a & b : ins.bin == BO_Or ? a | b : a ^ b;
      stack[sp - 1] = wrapInType(r, ins.type);
      break;
    }
    case Instr::Op::General: {
      __int128 b = stack[--sp], a = stack[sp - 1];
      stack[sp - 1] = scalarArith(cast<BinaryOperator>(ins.node), a, b);
      break;
    }
    case Instr::Op::Compare: {
      __int128 b = stack[--sp], a = stack[sp - 1];
      stack[sp - 1] = *comparison(ins.bin, a, b);
      break;
    }
    case Instr::Op::LNot:
      stack[sp - 1] = stack[sp - 1] == 0;
      break;
    case Instr::Op::Not:
      stack[sp - 1] = wrapInType(~stack[sp - 1], ins.type);
      break;
    case Instr::Op::Negate: {
      // evalUnary's check of a signed result.
      const auto *uo = cast<UnaryOperator>(ins.node);
      QualType t = uo->getType();
      stack[sp - 1] = makeTyped(-stack[sp - 1], t, uo->getOperatorLoc(),
                                t->isSignedIntegerOrEnumerationType())
                          .wide();
      break;
    }
    case Instr::Op::ToBool:
      stack[sp - 1] = stack[sp - 1] != 0;
      break;
    case Instr::Op::JumpIfZero:
      if (stack[--sp] == 0)
        pc = ins.target - 1;
      break;
    case Instr::Op::JumpIfNonZero:
      if (stack[--sp] != 0)
        pc = ins.target - 1;
      break;
    case Instr::Op::Jump:
      pc = ins.target - 1;
      break;
    }
  }
  return stack[0];
}

} // namespace mscclc::frontend
