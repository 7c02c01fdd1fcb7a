//===- EvalDslArguments.cpp - DSL call arguments without the walk ---------===//
//
// Every recorded op evaluates its arguments: an options list
// (`{.tb = t, .relaxed = true}`), chunks (`own`,
// `Rank(p).get_input_buffer().slice(i, i + 1)`), a list of chunks. The
// walk dispatches on every node of them again at every evaluation, though
// their shape never changes and only a few leaves (t, p, i) differ. Here
// such an argument is compiled once into a small tree of what the walk
// computes: scalar code for integer expressions, literals, variable
// reads, the std::optional of a scalar, `Rank(p)`, the pure DSL methods
// (slice and a rank's buffers), and for a braced list the walk's own
// first value with its variable parts patched in.
//
// The walk's steps are the same at every evaluation of such an argument
// (no branch, loop or copy whose length depends on data), so they are
// counted once, and later evaluations add them in one go, where neither
// the step limit, nor a memory check, nor the nesting budget can strike
// among them (elsewhere the walk runs and reports at the very node). The
// second evaluation runs both and keeps the compiled form only when its
// value and steps are the walk's. A compiled evaluation that would fail
// (a variable unset, a rank out of range: any error) leaves no trace and
// lets the walk evaluate the argument, which reports as always.
//
// Only what depends on real resources differs, as on the integer path
// and the access chains: these frames are shallower than the walk's.
// MSCCLC_NO_FAST_ROUTES turns this off with the other routes.
//
//===----------------------------------------------------------------------===//
#include "Evaluator.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

#include <cstring>

using namespace clang;

namespace mscclc::frontend {

namespace {

// The operand of a node eval passes straight through (eval(operand) is its
// whole evaluation), or null.
const Expr *passedThrough(const Expr *e) {
  switch (e->getStmtClass()) {
  case Stmt::ParenExprClass:
    return cast<ParenExpr>(e)->getSubExpr();
  case Stmt::ConstantExprClass:
    return cast<ConstantExpr>(e)->getSubExpr();
  case Stmt::ExprWithCleanupsClass:
    return cast<ExprWithCleanups>(e)->getSubExpr();
  case Stmt::MaterializeTemporaryExprClass:
    return cast<MaterializeTemporaryExpr>(e)->getSubExpr();
  case Stmt::CXXBindTemporaryExprClass:
    return cast<CXXBindTemporaryExpr>(e)->getSubExpr();
  default:
    return nullptr;
  }
}

// The methods that compute a value from their object and arguments and
// change nothing (a rank's buffer objects are made once and shared).
bool isPureDslMethod(DslMethod m) {
  switch (m) {
  case DslMethod::BufferSlice:
  case DslMethod::RankInputBuffer:
  case DslMethod::RankOutputBuffer:
    return true;
  default:
    return false;
  }
}

// Field for field: the compiled value must be the walk's exactly.
bool identicalValues(const Value &a, const Value &b) {
  if (a.kind != b.kind || a.isUnsigned != b.isUnsigned ||
      a.chunkType != b.chunkType || a.chunkRank != b.chunkRank || a.i != b.i ||
      a.chunkSize != b.chunkSize || a.record != b.record || a.obj != b.obj ||
      std::memcmp(&a.f, &b.f, sizeof a.f) != 0 || a.hasHeap() != b.hasHeap())
    return false;
  if (!a.hasHeap())
    return true;
  if (!a.s().empty() || !b.s().empty() || a.map() || b.map() || a.closure() ||
      b.closure())
    return false;
  const ValueList &x = a.elems(), &y = b.elems();
  if (x.size() != y.size())
    return false;
  for (size_t k = 0; k < x.size(); ++k)
    if (!identicalValues(x[k], y[k]))
      return false;
  return true;
}

} // namespace

// Code without jumps steps the same nodes at every run.
bool Evaluator::isStraightScalarCode(const ScalarCode &code) {
  for (const auto &instr : code.code)
    switch (instr.op) {
    case ScalarInstr::Op::JumpIfZero:
    case ScalarInstr::Op::JumpIfNonZero:
    case ScalarInstr::Op::Jump:
      return false;
    default:
      break;
    }
  return true;
}

Value Evaluator::evalDslArgument(const Expr *arg, DslArgumentCode **recycle) {
  if (!fastRoutes_)
    return eval(arg);
  auto [it, inserted] = dslArguments_.try_emplace(arg);
  if (inserted) {
    auto code = std::make_unique<DslArgumentCode>();
    if (!compileDslArgument(arg, code->root, /*atRoot=*/true))
      code->state = DslArgumentCode::State::Walk;
    it->second = std::move(code);
  }
  DslArgumentCode &code = *it->second;
  switch (code.state) {
  case DslArgumentCode::State::Walk:
    return eval(arg);
  case DslArgumentCode::State::Measure: {
    uint64_t before = steps_;
    Value v = eval(arg);
    code.steps = steps_ - before;
    code.last = current_;
    if (code.root.kind == DslArgumentNode::Kind::Patched) {
      // The braced list's fixed parts are the walk's own values.
      if (v.kind != Value::Kind::Agg ||
          v.elems().size() !=
              cast<InitListExpr>(code.root.expr)->getNumInits()) {
        code.state = DslArgumentCode::State::Walk;
        return v;
      }
      code.root.shape = v;
    }
    code.state = DslArgumentCode::State::Check;
    return v;
  }
  case DslArgumentCode::State::Check: {
    // Both ways once: the compiled one leaves no trace, then the walk. The
    // compiled run reads only what the walk read when measuring (a global's
    // initialiser has run by then), so resetting the steps loses none.
    // Every node kind added must keep that true.
    const uint64_t before = steps_;
    const Stmt *current = current_;
    Value compiled;
    bool ran = false;
    try {
      ran = runDslArgument(code.root, compiled);
    } catch (DiagnosticError &) {
      ran = false;
    }
    steps_ = before;
    current_ = current;
    Value v = eval(arg);
    if (!ran) {
      if (++code.failedChecks == MaxDslArgumentChecks)
        code.state = DslArgumentCode::State::Walk;
    } else if (!identicalValues(compiled, v)) {
      code.state = DslArgumentCode::State::Walk;
    } else if (steps_ - before == code.steps && current_ == code.last) {
      code.state = DslArgumentCode::State::Ready;
    } else {
      // The first evaluation of a constant default member initialiser
      // steps into it; later ones take eval's memo: measure again.
      code.steps = steps_ - before;
      code.last = current_;
      if (++code.failedChecks == MaxDslArgumentChecks)
        code.state = DslArgumentCode::State::Walk;
    }
    return v;
  }
  case DslArgumentCode::State::Ready:
    break;
  }
  const uint64_t n = code.steps;
  if (steps_ + n > limits_.maxSteps || steps_ + n >= nextMemoryCheck_ ||
      stackBeyondBudget(ScalarWalkStackBytes))
    return eval(arg);
  const uint64_t before = steps_;
  const Stmt *current = current_;
  Value v;
  bool reused = false;
  if (code.hasSpare) {
    // Only a braced list's value is handed back, and only its own.
    v = std::move(code.spare);
    code.hasSpare = false;
    reused = true;
  }
  bool ran;
  try {
    ran = runDslArgument(code.root, v, reused);
  } catch (DiagnosticError &) {
    ran = false;
  }
  if (!ran) {
    steps_ = before;
    current_ = current;
    return eval(arg);
  }
  steps_ = before + n;
  current_ = code.last;
  if (recycle && code.root.kind == DslArgumentNode::Kind::Patched)
    *recycle = &code;
  return v;
}

// What eval does with `e`, if it is one of the shapes compiled here.
bool Evaluator::compileDslArgument(const Expr *e, DslArgumentNode &out,
                                   bool atRoot) {
  for (;;) {
    if (const Expr *operand = passedThrough(e)) {
      e = operand;
      continue;
    }
    switch (e->getStmtClass()) {
    case Stmt::ImplicitCastExprClass:
    case Stmt::BinaryOperatorClass:
    case Stmt::UnaryOperatorClass:
      if (scalarRootShape(e) && isScalarExpr(e)) {
        const ScalarCode *code = scalarCode(e);
        if (!code || !isStraightScalarCode(*code))
          return false;
        out.kind = DslArgumentNode::Kind::Scalar;
        out.expr = e;
        out.code = code;
        return true;
      }
      if (!isa<ImplicitCastExpr>(e))
        return false;
      [[fallthrough]];
    case Stmt::CXXFunctionalCastExprClass: {
      const auto *ce = cast<CastExpr>(e);
      if (ce->getCastKind() == CK_LValueToRValue && isa<ImplicitCastExpr>(ce)) {
        // A variable read as stored (evalCast's read of its lvalue).
        return compileVariableRead(dyn_cast<DeclRefExpr>(ce->getSubExpr()),
                                   out);
      }
      if (ce->getCastKind() != CK_NoOp &&
          ce->getCastKind() != CK_ConstructorConversion)
        return false;
      e = ce->getSubExpr();
      continue;
    }
    case Stmt::IntegerLiteralClass:
    case Stmt::CXXBoolLiteralExprClass:
      // `{.tb = 0}`: the literal's value, as eval makes it.
      out.kind = DslArgumentNode::Kind::Literal;
      out.expr = e;
      return true;
    case Stmt::DeclRefExprClass:
      return compileVariableRead(cast<DeclRefExpr>(e), out);
    case Stmt::CXXConstructExprClass:
    case Stmt::CXXTemporaryObjectExprClass: {
      const auto *ce = cast<CXXConstructExpr>(e);
      ConstructSite site = constructSite(ce);
      switch (site.route) {
      case ConstructRoute::CopyMove:
        e = ce->getArg(0);
        continue;
      case ConstructRoute::OptionalOfScalar:
        out.kind = DslArgumentNode::Kind::Optional;
        out.expr = ce;
        out.type = site.held;
        if (const auto *held = site.held.getNonReferenceType()
                                   .getCanonicalType()
                                   ->getAs<BuiltinType>())
          out.heldInteger = held->isInteger() && !held->isBooleanType() &&
                            ctx_.getIntWidth(QualType(held, 0)) <= 64;
        if (out.heldInteger)
          out.heldType = intType(site.held);
        out.children.resize(1);
        return compileDslArgument(site.scalarArg, out.children[0], false);
      case ConstructRoute::Dsl:
        if (site.dslClass != DslClass::Rank)
          return false;
        out.kind = DslArgumentNode::Kind::Rank;
        out.expr = ce;
        out.children.resize(ce->getNumArgs());
        for (unsigned k = 0; k < ce->getNumArgs(); ++k)
          if (!compileDslArgument(ce->getArg(k), out.children[k], false))
            return false;
        return true;
      case ConstructRoute::Std: {
        // std::vector<T>{a, b}: the list's elements.
        if (!atRoot || site.stdClass != StdClass::Vector ||
            !ce->isListInitialization() || ce->getNumArgs() == 0)
          return false;
        const auto *il = dyn_cast<CXXStdInitializerListExpr>(
            ce->getArg(0)->IgnoreImplicit());
        for (unsigned k = 1; k < ce->getNumArgs(); ++k)
          if (!isa<CXXDefaultArgExpr>(ce->getArg(k)))
            return false;
        if (!il)
          return false;
        const auto *list =
            dyn_cast<InitListExpr>(il->getSubExpr()->IgnoreImplicit());
        return list && compilePatchedList(list, out);
      }
      default:
        return false;
      }
    }
    case Stmt::CXXMemberCallExprClass: {
      const auto *mce = cast<CXXMemberCallExpr>(e);
      CallSite site = callSite(mce);
      if (!site.callee || site.route.route != CallRoute::DslMethod)
        return false;
      const auto *md = mce->getMethodDecl();
      std::optional<DslMethod> method =
          findDslMethod(site.route.dslClass, md->getName());
      if (!method || !isPureDslMethod(*method) ||
          (mce->isPRValue() && mce->getType()->isRecordType() &&
           isBitReference(mce->getType())))
        return false;
      out.kind = DslArgumentNode::Kind::Method;
      out.expr = mce;
      out.dslClass = site.route.dslClass;
      out.children.resize(1 + mce->getNumArgs());
      // The object as dslMemberCall takes it: a temporary's value, or a
      // variable's.
      const Expr *object = mce->getImplicitObjectArgument();
      const ImplicitCastExpr *asConst = addedConst(object);
      const auto *materialized = dyn_cast<MaterializeTemporaryExpr>(
          asConst ? asConst->getSubExpr() : object);
      if (materialized && materialized->getSubExpr()->isPRValue()) {
        if (!compileDslArgument(materialized->getSubExpr(), out.children[0],
                                false))
          return false;
      } else {
        const Expr *var = object;
        while (const auto *ice = dyn_cast<ImplicitCastExpr>(var)) {
          if (ice->getCastKind() != CK_NoOp)
            return false;
          var = ice->getSubExpr();
        }
        if (!compileVariableRead(dyn_cast<DeclRefExpr>(var), out.children[0]))
          return false;
      }
      for (unsigned k = 0; k < mce->getNumArgs(); ++k)
        if (!compileDslArgument(mce->getArg(k), out.children[k + 1], false))
          return false;
      return true;
    }
    case Stmt::InitListExprClass: {
      const auto *ile = cast<InitListExpr>(e);
      const CXXRecordDecl *rd = ile->getType()->getAsCXXRecordDecl();
      // An options struct of the DSL: fields only, defaults that read no
      // other member.
      if (!atRoot || !rd || classifyDsl(rd) != DslClass::OptionsStruct ||
          ile->hadArrayRangeDesignator() || defaultsUseThis(ile))
        return false;
      return compilePatchedList(ile, out);
    }
    default:
      return false;
    }
  }
}

// A read of a named variable (not a structured binding, which evalLValue
// binds elsewhere): lookup()'s slot, as stored.
bool Evaluator::compileVariableRead(const DeclRefExpr *dre,
                                    DslArgumentNode &out) {
  if (!dre || !isa<VarDecl>(dre->getDecl()) ||
      isa<DecompositionDecl>(dre->getDecl()))
    return false;
  out.kind = DslArgumentNode::Kind::Load;
  out.expr = dre;
  return true;
}

// A braced list whose items are fixed (kept from the walk's first value)
// or compiled.
bool Evaluator::compilePatchedList(const InitListExpr *list,
                                   DslArgumentNode &out) {
  // The form evalInitList evaluates.
  if (list->isSyntacticForm() && list->getSemanticForm())
    list = list->getSemanticForm();
  out.kind = DslArgumentNode::Kind::Patched;
  out.expr = list;
  for (unsigned k = 0; k < list->getNumInits(); ++k) {
    const Expr *item = list->getInit(k);
    if (isFixedListItem(item))
      continue;
    out.slots.push_back(k);
    out.children.emplace_back();
    if (!compileDslArgument(item, out.children.back(), false))
      return false;
  }
  return true;
}

// An item eval computes the same each time: a literal, an enumerator, a
// constant default member initialiser (memoised by eval), a scalar's
// value initialisation.
bool Evaluator::isFixedListItem(const Expr *item) {
  switch (item->getStmtClass()) {
  case Stmt::IntegerLiteralClass:
  case Stmt::CXXBoolLiteralExprClass:
    return true;
  case Stmt::DeclRefExprClass:
    return isa<EnumConstantDecl>(cast<DeclRefExpr>(item)->getDecl());
  case Stmt::CXXDefaultInitExprClass:
    return isConstantInitializer(cast<CXXDefaultInitExpr>(item)->getExpr());
  case Stmt::ImplicitValueInitExprClass:
    return !item->getType()->isRecordType();
  default:
    return false;
  }
}

// The value eval computes for the node, through the same functions; false
// (or an error) when it cannot be computed here: the walk then evaluates
// the whole argument.
bool Evaluator::runDslArgument(const DslArgumentNode &node, Value &out,
                               bool reused) {
  switch (node.kind) {
  case DslArgumentNode::Kind::Scalar:
    out = makeTyped(runScalar(*node.code), node.expr->getType(), node.expr,
                    false);
    return true;
  case DslArgumentNode::Kind::Literal:
    if (const auto *lit = dyn_cast<IntegerLiteral>(node.expr))
      out = makeTyped(__int128(lit->getValue().getZExtValue()), lit->getType(),
                      lit, false);
    else
      out = Value::makeInt(cast<CXXBoolLiteralExpr>(node.expr)->getValue());
    return true;
  case DslArgumentNode::Kind::Load: {
    // lookup()'s own variables; a capture or a global is left to the walk.
    Frame &f = *frames_.back();
    auto it = f.vars.find(cast<DeclRefExpr>(node.expr)->getDecl());
    if (it == f.vars.end())
      return false;
    const Value &v = *it->second;
    if (v.kind != Value::Kind::Int && v.kind != Value::Kind::Chunk &&
        v.kind != Value::Kind::Object)
      return false;
    out = v;
    return true;
  }
  case DslArgumentNode::Kind::Optional: {
    Value v;
    if (!runDslArgument(node.children[0], v))
      return false;
    const auto *ce = cast<CXXConstructExpr>(node.expr);
    if (v.kind == Value::Kind::Int && node.heldInteger) {
      // convert()'s result for that type (makeTyped's), without its type
      // tests; a value that does not fit goes the general way, which warns.
      __int128 w = v.wide();
      const IntType &held = node.heldType;
      if (!fitsIntType(w, held))
        out = convertHeldScalar(v, ce);
      else if (held.isSigned)
        out = Value::makeInt(int64_t(w));
      else
        out = Value::makeInt(int64_t(uint64_t(w)), held.width == 64);
      return true;
    }
    out = v.kind == Value::Kind::Int || v.kind == Value::Kind::Float
              ? convertHeldScalar(v, ce)
              : std::move(v);
    return true;
  }
  case DslArgumentNode::Kind::Rank: {
    const auto *ce = cast<CXXConstructExpr>(node.expr);
    ValueList args;
    args.reserve(node.children.size());
    for (const DslArgumentNode &child : node.children) {
      args.emplace_back();
      if (!runDslArgument(child, args.back()))
        return false;
    }
    out = dslConstruct(DslClass::Rank, ce->getConstructor()->getParent(),
                       std::move(args), ce);
    return true;
  }
  case DslArgumentNode::Kind::Method: {
    const auto *mce = cast<CXXMemberCallExpr>(node.expr);
    Value self;
    if (!runDslArgument(node.children[0], self))
      return false;
    llvm::SmallVector<Value, 4> args(node.children.size() - 1);
    for (size_t k = 1; k < node.children.size(); ++k)
      if (!runDslArgument(node.children[k], args[k - 1]))
        return false;
    out = dslMethod(node.dslClass, self, mce->getMethodDecl(), args, mce);
    return true;
  }
  case DslArgumentNode::Kind::Patched: {
    if (node.shape.kind != Value::Kind::Agg)
      return false;
    // A reused value's other elements are the shape's: nothing changes
    // an argument (the call reads it as const) before it is handed back.
    if (!reused)
      out = node.shape;
    ValueList &elems = out.elems();
    for (size_t k = 0; k < node.children.size(); ++k)
      if (!runDslArgument(node.children[k], elems[node.slots[k]], reused))
        return false;
    return true;
  }
  }
  return false;
}

} // namespace mscclc::frontend
