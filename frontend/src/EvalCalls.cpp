//===- EvalCalls.cpp - calls, constructions, comparisons, assert ---------===//
//
// A call goes to a lambda, a defaulted comparison, the standard library
// (StdLibrary.cpp), the DSL (DslBinding.cpp) or a function of the
// algorithm's own, which gets a frame of its own.
//
//===----------------------------------------------------------------------===//
#include "Evaluator.h"
#include "mscclc/ir/Utf8.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/IgnoreExpr.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/AST/Type.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace mscclc::frontend {

using clang::SourceLocation;

namespace {
bool isComparisonOperator(OverloadedOperatorKind op) {
  switch (op) {
  case OO_EqualEqual:
  case OO_ExclaimEqual:
  case OO_Less:
  case OO_LessEqual:
  case OO_Greater:
  case OO_GreaterEqual:
  case OO_Spaceship:
    return true;
  default:
    return false;
  }
}
} // namespace

// ------------------------------------------------------------ assert --

namespace {
// The C library function a failing assert() calls (glibc, BSD, macOS,
// Windows), declared in a system header.
bool isAssertFailure(const FunctionDecl *fd, const clang::SourceManager &sm) {
  if (!fd->getIdentifier() ||
      !fd->getDeclContext()->getRedeclContext()->isTranslationUnit() ||
      !sm.isInSystemHeader(fd->getLocation()))
    return false;
  llvm::StringRef n = fd->getName();
  return n == "__assert_fail" || n == "__assert_perror_fail" ||
         n == "__assert" || n == "__assert_rtn" || n == "_assert" ||
         n == "_wassert";
}
} // namespace

void Evaluator::assertionFailed(const CallExpr *call) {
  // The condition's text: glibc's __assert_fail and Windows' _assert take
  // it first, macOS's __assert_rtn and BSD's __assert last. Report it, not
  // the library call.
  std::string text;
  llvm::StringRef callee = call->getDirectCallee()->getName();
  unsigned n = call->getNumArgs();
  if (n > 0) {
    unsigned at = callee == "__assert_rtn" || callee == "__assert" ? n - 1 : 0;
    if (const auto *sl =
            dyn_cast<StringLiteral>(call->getArg(at)->IgnoreParenImpCasts());
        sl && sl->getCharByteWidth() == 1)
      text = sl->getString().str();
  }
  error(call->getBeginLoc(), diag::err_eval_assert_failed,
        {text.empty() ? std::string("assert") : text});
}

void Evaluator::checkAssumption(const Expr *e) {
  if (e->HasSideEffects(ctx_))
    return;
  // One mscclc cannot evaluate (a compiler builtin such as
  // __builtin_expect) is left unchecked, as C++ compilers leave them all.
  const Stmt *current = current_;
  bool holds = true;
  try {
    holds = evalCondition(e);
  } catch (DiagnosticError &) {
    current_ = current;
    return;
  }
  if (holds)
    return;
  const SourceManager &sm = ctx_.getSourceManager();
  llvm::StringRef text = Lexer::getSourceText(
      sm.getExpansionRange(e->getSourceRange()), sm, ctx_.getLangOpts());
  error(e->getBeginLoc(), diag::err_eval_assumption_false,
        {text.empty() ? std::string("[[assume]]") : text.trim().str()});
}

namespace {
// Whether `rd` is std::exception or a class derived from it.
bool isExceptionClass(const CXXRecordDecl *rd) {
  auto isException = [](const CXXRecordDecl *c) {
    return c->getIdentifier() && c->getName() == "exception" &&
           c->isInStdNamespace();
  };
  if (!rd || !rd->hasDefinition())
    return false;
  return isException(rd) || !rd->forallBases([&](const CXXRecordDecl *b) {
    return !isException(b);
  });
}

} // namespace

void Evaluator::reachedThrow(const CXXThrowExpr *t) {
  const Expr *thrown = t->getSubExpr();
  if (!thrown) // `throw;`: there is no exception being handled to rethrow
    error(t->getThrowLoc(), diag::err_eval_exceptions);
  // The type as written (std::string), unless that is the library's
  // internal spelling (std::make_pair's result): then the canonical type.
  std::string type = TypeName::getFullyQualifiedName(
      thrown->getType().getUnqualifiedType(), ctx_, ctx_.getPrintingPolicy());
  if (llvm::StringRef(type).contains("__"))
    type =
        thrown->getType().getCanonicalType().getUnqualifiedType().getAsString(
            ctx_.getPrintingPolicy());
  const CXXRecordDecl *rd = thrown->getType()->getAsCXXRecordDecl();
  if (!isExceptionClass(rd)) {
    // A number, a string, a struct, a pair...: evaluated and shown.
    Value v = eval(thrown);
    error(t->getThrowLoc(), diag::err_eval_throw,
          {"'" + type + "' " +
           (v.kind == Value::Kind::Agg ? describeValue(v)
                                       : "(" + describeValue(v) + ")")});
  }
  // An exception (std::runtime_error("..."), or a class of the program's
  // own derived from one) is shown by its type and, when its first
  // constructor argument is a string, that message: the library's
  // exception classes are not emulated.
  const Expr *made =
      IgnoreExprNodes(thrown, IgnoreImplicitSingleStep, IgnoreParensSingleStep,
                      [](Expr *e) -> Expr * {
                        if (auto *cast = dyn_cast<CXXFunctionalCastExpr>(e))
                          return cast->getSubExpr();
                        return e;
                      });
  std::string shown = type;
  const auto *ce = dyn_cast<CXXConstructExpr>(made);
  if (ce && ce->getNumArgs() > 0) {
    const Expr *arg = ce->getArg(0);
    QualType at = arg->IgnoreParenImpCasts()->getType();
    const CXXRecordDecl *ard = at->getAsCXXRecordDecl();
    StdClass acls = ard ? classifyStd(ard) : StdClass::None;
    bool characters = (at->isArrayType() || at->isPointerType()) &&
                      at->getPointeeOrArrayElementType()->isCharType();
    if (characters || acls == StdClass::String ||
        acls == StdClass::StringView) {
      const Expr *bare = arg->IgnoreParenImpCasts();
      if (const auto *sl = dyn_cast<StringLiteral>(bare);
          sl && sl->getCharByteWidth() == 1) {
        step(bare);
        shown += "(" + quotedString(sl->getString()) + ")";
      } else if (Value v = eval(arg); v.kind == Value::Kind::String) {
        shown += "(" + quotedString(v.s()) + ")";
      }
    }
  }
  error(t->getThrowLoc(), diag::err_eval_throw, {shown});
}

// ------------------------------------------------------- comparisons --

bool Evaluator::isComparison(OverloadedOperatorKind op) {
  return isComparisonOperator(op);
}

bool Evaluator::isDefaultedComparison(const FunctionDecl *fd) {
  return fd && fd->isDefaulted() && isComparison(fd->getOverloadedOperator());
}

namespace {
// Classes of the algorithm's own files with a comparison operator written
// by hand (member, friend or free; defaulted ones compare member by member
// and are fine).
// The precompiled header (the DSL and the standard library: system headers,
// skipped below) is not deserialised for the search: only declarations
// parsed from the algorithm's own files are visited.
void collectUserComparisons(const DeclContext *dc, const SourceManager &sm,
                            llvm::DenseSet<const CXXRecordDecl *> &out) {
  for (const Decl *d : dc->noload_decls()) {
    if (sm.isInSystemHeader(d->getLocation()))
      continue;
    if (const auto *fr = dyn_cast<FriendDecl>(d))
      d = fr->getFriendDecl();
    if (!d)
      continue;
    if (const auto *ft = dyn_cast<FunctionTemplateDecl>(d))
      d = ft->getTemplatedDecl();
    if (const auto *fd = dyn_cast<FunctionDecl>(d)) {
      if (!isComparisonOperator(fd->getOverloadedOperator()) ||
          fd->isDefaulted())
        continue;
      if (const auto *md = dyn_cast<CXXMethodDecl>(fd))
        out.insert(md->getParent()->getCanonicalDecl());
      for (const ParmVarDecl *p : fd->parameters())
        if (const CXXRecordDecl *rd =
                p->getType().getNonReferenceType()->getAsCXXRecordDecl())
          out.insert(rd->getCanonicalDecl());
      continue;
    }
    if (const auto *inner = dyn_cast<DeclContext>(d);
        inner && (isa<NamespaceDecl, LinkageSpecDecl, CXXRecordDecl>(d)))
      collectUserComparisons(inner, sm, out);
  }
}
} // namespace

const CXXRecordDecl *Evaluator::userComparedIn(QualType t) {
  if (!userComparedKnown_) {
    collectUserComparisons(ctx_.getTranslationUnitDecl(),
                           ctx_.getSourceManager(), userCompared_);
    userComparedKnown_ = true;
  }
  if (userCompared_.empty())
    return nullptr;
  t = t.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  auto [it, fresh] = userComparedInType_.try_emplace(t.getTypePtr(), nullptr);
  if (!fresh)
    return it->second;
  const CXXRecordDecl *found = nullptr;
  if (const auto *arr = ctx_.getAsArrayType(t))
    found = userComparedIn(arr->getElementType());
  else if (const CXXRecordDecl *rd = t->getAsCXXRecordDecl()) {
    if (userCompared_.count(rd->getCanonicalDecl()))
      found = rd;
    else if (isa<ClassTemplateSpecializationDecl>(rd) &&
             rd->isInStdNamespace()) {
      // std::tuple's (and std::tie's) element types are one pack.
      anyTemplateTypeArg(rd, [&](QualType a) {
        return (found = userComparedIn(a)) != nullptr;
      });
    } else if (!rd->isInStdNamespace() && rd->hasDefinition()) {
      for (const CXXBaseSpecifier &b : directBases(rd))
        if ((found = userComparedIn(b.getType())))
          break;
      for (const FieldDecl *f : rd->fields())
        if (!found && (found = userComparedIn(f->getType())))
          break;
    }
  }
  // The emplace above may have been invalidated by the recursion.
  userComparedInType_[t.getTypePtr()] = found;
  return found;
}

Value Evaluator::compareOperands(BinaryOperatorKind op, const Expr *l,
                                 const Expr *r, LazyLoc loc,
                                 const FunctionDecl *defaulted) {
  if (iteratorKind(l->getType()) != IterKind::None &&
      iteratorKind(r->getType()) != IterKind::None)
    return compareIterators(op, l, r, loc);
  // The class whose defaulted operator this is.
  const CXXRecordDecl *own = nullptr;
  if (const auto *md = dyn_cast_or_null<CXXMethodDecl>(defaulted))
    own = md->getParent();
  else if (defaulted && defaulted->getNumParams() > 0)
    own = defaulted->getParamDecl(0)
              ->getType()
              .getNonReferenceType()
              ->getAsCXXRecordDecl();
  // A class that some comparison in this one would reach with a
  // hand-written operator.
  auto userCompared = [&](QualType t) -> const CXXRecordDecl * {
    const CXXRecordDecl *rd = t.getNonReferenceType()->getAsCXXRecordDecl();
    if (!own || !rd || rd->getCanonicalDecl() != own->getCanonicalDecl() ||
        !rd->hasDefinition())
      return userComparedIn(t);
    for (const CXXBaseSpecifier &b : directBases(rd))
      if (const CXXRecordDecl *found = userComparedIn(b.getType()))
        return found;
    for (const FieldDecl *f : rd->fields())
      if (const CXXRecordDecl *found = userComparedIn(f->getType()))
        return found;
    return nullptr;
  };
  for (const Expr *e : {l, r})
    if (const CXXRecordDecl *rd = userCompared(e->getType()))
      error(
          loc, diag::err_eval_comparison_user_operator,
          {e->getType().getNonReferenceType().getUnqualifiedType().getAsString(
               ctx_.getPrintingPolicy()),
           rd->getNameAsString()});
  // `std::nullopt` compares as an empty optional.
  auto operand = [&](const Expr *e) {
    // `std::tie(a.x, a.y) < std::tie(b.x, b.y)` compares the values.
    if (const CallExpr *tie = tieCall(e)) {
      ValueList elems;
      for (const Expr *a : tie->arguments())
        elems.push_back(eval(a));
      return Value::makeAgg(std::move(elems));
    }
    if (isBitReference(e->getType().getNonReferenceType()))
      return *bitElement(e);
    // `f == nullptr` of a std::function: whether it is empty (an empty
    // std::function is Null). No other operand compares with nullptr in
    // algorithm code, which has no pointers.
    if (isa<CXXNullPtrLiteralExpr>(e->IgnoreParenImpCasts()))
      return Value::makeNull();
    Value v = eval(e);
    if (classifyStd(e->getType()->getAsCXXRecordDecl()) == StdClass::NulloptT)
      v = Value::makeNull();
    return v;
  };
  Value lv = operand(l);
  Value rv = operand(r);
  convertTupleElements(l, r, lv, rv, loc);
  // `std::optional<double>(3) == 3`, `std::optional<int>(-1) < 0u`: an
  // optional compares its value with the other side's (a value, or another
  // optional's) as `*o == v` would, in C++'s usual arithmetic conversions.
  auto comparedType = [&](const Expr *e, bool &optional) {
    QualType t = e->getType().getNonReferenceType();
    const CXXRecordDecl *rd = t->getAsCXXRecordDecl();
    optional = rd && classifyStd(rd) == StdClass::Optional;
    return optional ? templateArgType(rd, 0) : t;
  };
  bool lOptional = false, rOptional = false;
  QualType lt = comparedType(l, lOptional), rt = comparedType(r, rOptional);
  if ((lOptional || rOptional) && !lt.isNull() && !rt.isNull() &&
      lt->isArithmeticType() && rt->isArithmeticType() &&
      !ctx_.hasSameUnqualifiedType(lt, rt) && lv.kind != Value::Kind::Null &&
      rv.kind != Value::Kind::Null) {
    QualType common = usualArithmeticType(lt, rt);
    lv = convert(lv, common, loc);
    rv = convert(rv, common, loc);
  }
  int c = compareValues(lv, rv, /*asCxx=*/true);
  // `a <=> b` itself: std::strong_ordering is not a value here.
  if (!BinaryOperator::isComparisonOp(op) || op == BO_Cmp)
    error(loc, diag::err_eval_three_way_comparison);
  return Value::makeInt(comparisonHolds(op, c));
}

// The element types of a tuple-like operand of a comparison: a std::tie's
// arguments, a std::tuple's or std::pair's template arguments.
std::optional<std::vector<QualType>>
Evaluator::tupleElementTypes(const Expr *e) {
  std::vector<QualType> types;
  if (const CallExpr *tie = tieCall(e)) {
    for (const Expr *a : tie->arguments())
      types.push_back(a->getType());
    return types;
  }
  const CXXRecordDecl *rd =
      e->getType().getNonReferenceType()->getAsCXXRecordDecl();
  if (!isPairOrTuple(rd))
    return std::nullopt;
  llvm::SmallVector<QualType, 4> members = memberTypes(rd);
  return std::vector<QualType>(members.begin(), members.end());
}

// Tuples of different element types compare element by element in C++'s
// usual arithmetic conversions (`std::tie(i, d) < std::tie(x, y)` with an
// int against a double, or an int against an unsigned): convert each pair
// of arithmetic elements whose types differ to their common type first,
// in nested pairs and tuples too.
void Evaluator::convertTupleElements(const Expr *l, const Expr *r, Value &lv,
                                     Value &rv, LazyLoc loc) {
  std::optional<std::vector<QualType>> lt = tupleElementTypes(l);
  std::optional<std::vector<QualType>> rt = tupleElementTypes(r);
  if (lt && rt)
    convertTupleValues(*lt, *rt, lv, rv, loc);
}

void Evaluator::convertTupleValues(llvm::ArrayRef<QualType> lt,
                                   llvm::ArrayRef<QualType> rt, Value &lv,
                                   Value &rv, LazyLoc loc) {
  if (lv.kind != Value::Kind::Agg || rv.kind != Value::Kind::Agg ||
      lt.size() != rt.size() || lt.size() != lv.elems().size() ||
      rt.size() != rv.elems().size())
    return;
  for (size_t i = 0; i < lt.size(); ++i) {
    QualType a = lt[i].getNonReferenceType(), b = rt[i].getNonReferenceType();
    if (ctx_.hasSameUnqualifiedType(a, b))
      continue;
    if (a->isArithmeticType() && b->isArithmeticType()) {
      QualType common = usualArithmeticType(a, b);
      lv.elems()[i] = convert(lv.elems()[i], common, loc);
      rv.elems()[i] = convert(rv.elems()[i], common, loc);
      continue;
    }
    if (isPairOrTuple(a) && isPairOrTuple(b))
      convertTupleValues(memberTypes(a->getAsCXXRecordDecl()),
                         memberTypes(b->getAsCXXRecordDecl()), lv.elems()[i],
                         rv.elems()[i], loc);
  }
}

bool Evaluator::comparisonHolds(BinaryOperatorKind op, int c) {
  // Of an unordered pair (a NaN), only `!=` holds.
  if (c == UnorderedComparison)
    return op == BO_NE;
  switch (op) {
  case BO_EQ:
    return c == 0;
  case BO_NE:
    return c != 0;
  case BO_LT:
    return c < 0;
  case BO_LE:
    return c <= 0;
  case BO_GT:
    return c > 0;
  default:
    return c >= 0;
  }
}

Value Evaluator::evalRewrittenComparison(const CXXRewrittenBinaryOperator *rw) {
  CXXRewrittenBinaryOperator::DecomposedForm d = rw->getDecomposedForm();
  // libstdc++ orders vector iterators with a <=> outside namespace std.
  if (iteratorKind(d.LHS->getType()) != IterKind::None &&
      iteratorKind(d.RHS->getType()) != IterKind::None)
    return compareIterators(d.Opcode, d.LHS, d.RHS, rw);
  const FunctionDecl *callee = nullptr;
  if (const auto *call = dyn_cast<CallExpr>(d.InnerBinOp->IgnoreImplicit()))
    callee = call->getDirectCallee();
  if (callee && (callee->isInStdNamespace() || isDefaultedComparison(callee)))
    return compareOperands(d.Opcode, d.LHS, d.RHS, rw,
                           isDefaultedComparison(callee) ? callee : nullptr);
  // A user's operator== (or <=>) as C++ rewrote the expression.
  return eval(rw->getSemanticForm());
}

// ------------------------------------------------------------- calls --

static bool rtIsReference(const FunctionDecl *fd) {
  return fd->getReturnType()->isLValueReferenceType();
}
static bool isUserFunction(const FunctionDecl *fd, const SourceManager &sm);

bool Evaluator::bindsConvertedTemporary(QualType param, const Value &arg,
                                        QualType argType, Value &converted,
                                        LazyLoc loc) {
  QualType pointee = param.getNonReferenceType();
  if (!(param->isRValueReferenceType() ||
        (param->isLValueReferenceType() && pointee.isConstQualified())) ||
      !isa<BuiltinType>(pointee.getCanonicalType()) ||
      (arg.kind != Value::Kind::Int && arg.kind != Value::Kind::Float))
    return false;
  if (!argType.isNull()) {
    QualType from =
        argType.getNonReferenceType().getCanonicalType().getUnqualifiedType();
    QualType to = pointee.getCanonicalType().getUnqualifiedType();
    if (from == to)
      return false;
    converted = convert(arg, pointee, loc);
    return true;
  }
  // The type is unknown: an element the conversion changes cannot be of
  // the parameter's type; one it leaves unchanged is taken to be.
  converted = convert(arg, pointee, loc);
  return converted.kind != arg.kind || !valuesEqual(converted, arg);
}

Value Evaluator::callFunction(const FunctionDecl *fd,
                              llvm::ArrayRef<const Expr *> args,
                              std::shared_ptr<const Closure> closure,
                              LazyLoc callSite,
                              llvm::ArrayRef<Value *> argValues, Value *self,
                              llvm::ArrayRef<QualType> argTypes) {
  LazyLoc loc = callSite;
  // Taken at entry, before the body can evaluate other calls.
  const bool referenceOnly =
      referenceWantedAt_ && callSite.stmt() == referenceWantedAt_;
  referenceWantedAt_ = nullptr;
  const FunctionDecl *def = nullptr;
  const Stmt *body = fd->getBody(def);
  if (!body || !def) {
    // A compiler builtin (`__builtin_bswap32`) has no definition anywhere.
    if (fd->getBuiltinID())
      error(loc, diag::err_eval_unsupported_function, {fd->getNameAsString()});
    error(loc, diag::err_eval_no_body, {fd->getNameAsString()});
  }
  if (frames_.size() >= limits_.maxCallDepth)
    error(loc, diag::err_eval_call_depth, {limits_.maxCallDepth});
  // A member operator (`p < q` with a member operator<) reaches here with
  // the object as its first argument: say what is unsupported.
  if (const auto *md = dyn_cast<CXXMethodDecl>(fd);
      md && !self && !md->isStatic() && !md->getParent()->isLambda())
    error(loc, diag::err_eval_member_function,
          {md->getParent()->getNameAsString()});
  if (fd->getReturnType()->isRValueReferenceType())
    error(loc, diag::err_eval_reference_return, {fd->getNameAsString()});
  if (std::max(args.size(), argValues.size()) != def->getNumParams())
    error(loc, diag::err_eval_variadic_call);
  auto frame = newFrame();
  frame->fn = def;
  frame->closure = std::move(closure);
  if (self) {
    frame->self = self;
    frame->selfBorrow = std::make_unique<Borrow>(*this, self);
  }
  // Arguments the library passes (a sort's comparator gets two elements).
  for (size_t i = 0; i < argValues.size(); ++i) {
    const ParmVarDecl *p = def->getParamDecl(unsigned(i));
    // A derived element given to a base class parameter: its base part
    // (sliced for a parameter by value, as C++ copies it only when no
    // other constructor of the base takes it).
    const CXXRecordDecl *paramClass =
        p->getType().getNonReferenceType()->getAsCXXRecordDecl();
    Value *arg = baseSubobjectOf(argValues[i], paramClass);
    if (arg != argValues[i] && !p->getType()->isReferenceType())
      (void)copiedAsBase(*argValues[i], paramClass, loc);
    // A class of the program's own built from a value of another type (a
    // std::function<bool(int)> calling [](S s)): Clang put no conversion
    // in the AST for a call the library makes, so its constructor runs
    // here, into a temporary the parameter (by value or const reference)
    // binds to.
    if (i < argTypes.size() && !argTypes[i].isNull()) {
      QualType target = p->getType().getNonReferenceType();
      const auto *rd = target->getAsCXXRecordDecl();
      QualType from = argTypes[i].getNonReferenceType();
      const auto *fromRd = from->getAsCXXRecordDecl();
      if (rd && !ctx_.hasSameUnqualifiedType(from, target) &&
          classifyStd(rd) == StdClass::None &&
          classifyDsl(rd) == DslClass::None && !rd->isLambda() &&
          !(fromRd && fromRd->hasDefinition() && fromRd->isDerivedFrom(rd)) &&
          !from->isDependentType()) {
        const CXXConstructorDecl *ctor = convertingConstructor(rd, from);
        if (!ctor)
          error(loc, diag::err_std_callback_argument_class,
                {from.getAsString(ctx_.getPrintingPolicy()),
                 target.getAsString(ctx_.getPrintingPolicy())});
        Value *one[1] = {arg};
        frame->owned.push_back(
            std::make_unique<Value>(runConstructor(ctor, {}, one, loc)));
        frame->vars[p] = frame->owned.back().get();
        continue;
      }
    }
    // `const unsigned char &` (or `unsigned char &&`) given an int
    // element binds to a converted temporary, as in C++.
    Value converted;
    if (bindsConvertedTemporary(p->getType(), *arg,
                                i < argTypes.size() ? argTypes[i] : QualType(),
                                converted, loc)) {
      frame->owned.push_back(std::make_unique<Value>(std::move(converted)));
      frame->vars[p] = frame->owned.back().get();
      continue;
    }
    // A std::vector<bool> proxy parameter (std::for_each over the bits)
    // refers to its element, as a reference does.
    if (p->getType()->isReferenceType() ||
        (p->getType()->isRecordType() && isBitReference(p->getType()))) {
      bindReference(*frame, p, arg);
    } else {
      Value v = *arg;
      if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Float)
        v = convert(v, p->getType(), loc);
      frame->owned.push_back(std::make_unique<Value>(std::move(v)));
      frame->vars[p] = frame->owned.back().get();
    }
  }
  // Evaluate arguments in the caller's frame.
  for (size_t i = 0; i < args.size(); ++i) {
    const ParmVarDecl *p = def->getParamDecl(unsigned(i));
    if (p->getType()->isReferenceType()) {
      Value *slot = evalObject(args[i]);
      if (!args[i]->isGLValue()) {
        frame->owned.push_back(std::make_unique<Value>(*slot));
        frame->vars[p] = frame->owned.back().get();
      } else {
        // Tracked from now on: evaluating the remaining arguments may
        // already destroy what it refers to.
        bindReference(*frame, p, slot);
      }
    } else {
      Value v = eval(args[i]);
      if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Float)
        v = convert(v, p->getType(), args[i]->getExprLoc());
      frame->owned.push_back(std::make_unique<Value>(std::move(v)));
      frame->vars[p] = frame->owned.back().get();
    }
  }
  frames_.push_back(std::move(frame));
  struct Pop {
    Evaluator &ev;
    ~Pop() { ev.popFrame(); }
  } pop{*this};
  // Temporaries from here on are the callee's (the arguments' belong to
  // the caller's full expression and outlive the call).
  const size_t calleeTemps = tempTop_;
  Flow fl;
  try {
    if (const auto *ctor = dyn_cast<CXXConstructorDecl>(def))
      initializeMembers(ctor, *self);
    fl = exec(body);
  } catch (DiagnosticError &e) {
    // Like clang's "in call to ...": show the chain of calls (innermost
    // first, before the notes of the error itself), but not hundreds of
    // frames of a runaway recursion.
    auto describeCall = [&] {
      std::string call = frames_.back()->closure ? std::string("lambda")
                                                 : def->getNameAsString();
      call += "(";
      const Frame &f = *frames_.back();
      for (unsigned i = 0; i < def->getNumParams(); ++i) {
        auto it = f.vars.find(def->getParamDecl(i));
        call += (i ? ", " : "") + (it == f.vars.end()
                                       ? std::string("?")
                                       : describeValue(*it->second, true));
      }
      return call + ")";
    };
    auto &notes = e.diag.notes;
    const size_t at = std::min<size_t>(callNotes_, notes.size());
    DiagNote note =
        makeNote(diag::note_eval_in_call, irLoc(loc), {describeCall()});
    const bool innermost = callNotes_ - memberNotes_ - chainStart_ < 3;
    // What the branch below rewrites: the outermost call's note, and the
    // count before it once there is one (a plain insert if they are gone).
    const size_t rewritten = hiddenCalls_ ? 2 : 1;
    if (innermost || !outermostCallShown_ || notes.size() < at + rewritten) {
      // The three innermost, then one more that stays until a call further
      // out replaces it: the last one standing is where the algorithm made
      // the chain.
      notes.insert(notes.begin() + at, std::move(note));
      if (innermost)
        ++callNotes_;
      else
        outermostCallShown_ = true;
    } else {
      // The call shown as the outermost so far (notes[at]) was one in
      // between: counted in a note before it, and replaced.
      if (++hiddenCalls_ == 1)
        notes.insert(notes.begin() + at, DiagNote());
      notes[at] = makeNote(diag::note_eval_calls_not_shown, notes[at + 1].loc,
                           {hiddenCalls_});
      notes[at + 1] = std::move(note);
    }
    throw;
  }
  if (rtIsReference(def)) {
    // The caller reads or writes the object through the result: it must
    // outlive the call (not a local, a by-value parameter or a temporary
    // of the callee).
    Value *ref = frames_.back()->returnRef;
    if (!ref)
      error(def->getBodyRBrace().isValid() ? def->getBodyRBrace()
                                           : SourceLocation(loc),
            diag::err_eval_no_return, {def->getNameAsString()});
    for (const auto &owned : frames_.back()->owned)
      if (within(*owned, ref))
        error(loc, diag::err_eval_reference_to_local,
              {def->getNameAsString(), "one of its local variables"});
    for (size_t i = calleeTemps; i < temps_.size(); ++i)
      if (within(temps_[i], ref))
        error(loc, diag::err_eval_reference_to_local,
              {def->getNameAsString(), "a temporary"});
    returnedRef_ = ref;
    // A copy of a whole container per call would make `obj.items()
    // .push_back(x)` in a loop quadratic.
    if (referenceOnly)
      return Value::makeVoid();
    return *ref;
  }
  returnedRef_ = nullptr;
  Value ret = std::move(frames_.back()->returnValue);
  QualType rt = def->getReturnType();
  if (!rt->isVoidType() && fl != Flow::Return)
    error(def->getBodyRBrace().isValid() ? def->getBodyRBrace()
                                         : SourceLocation(loc),
          diag::err_eval_no_return, {def->getNameAsString()});
  if (rt->isVoidType())
    return Value::makeVoid();
  if (ret.kind == Value::Kind::Int || ret.kind == Value::Kind::Float)
    ret = convert(ret, rt, loc);
  return ret;
}

static bool isUserFunction(const FunctionDecl *fd, const SourceManager &sm) {
  if (fd->isInStdNamespace())
    return false;
  if (sm.isInSystemHeader(fd->getLocation()))
    return false;
  for (const DeclContext *dc = fd->getDeclContext(); dc; dc = dc->getParent())
    if (const auto *ns = dyn_cast<NamespaceDecl>(dc))
      if (ns->getName() == "dsl" || ns->getName() == "mscclpp")
        return false;
  return true;
}

Evaluator::CalleeRoute Evaluator::calleeRoute(const FunctionDecl *fd) {
  auto [it, inserted] = calleeRoutes_.try_emplace(fd);
  if (!inserted)
    return it->second;
  CalleeRoute &route = it->second;
  // Each condition below is one that evalCall or tryStdCall tests before
  // the method branch; a callee passing none of them always reaches it.
  const auto *md = dyn_cast<CXXMethodDecl>(fd);
  if (!md || md->isStatic() || md->getParent()->isLambda() ||
      isDefaultedComparison(fd) || calleeUsesIterators(fd) ||
      mayBeProgramOutput(fd))
    return route;
  const CXXRecordDecl *rd = md->getParent();
  // tryUserMethodCall declines both kinds of class, and tryStdCall declines
  // a DSL class's method (tryStdFunctionObject wants a library class).
  if (StdClass sc = classifyStd(rd); sc != StdClass::None) {
    route.route = CallRoute::StdMethod;
    route.stdClass = sc;
    // stdMethod finds these by name after checks that cannot match them
    // (swap, conversions, assignment, adapters, erase, reserve) and, for a
    // vector or map, after tryVectorEdit and tryTreeMethod, which take
    // other names.
    bool sequence = sc == StdClass::Vector || sc == StdClass::Array ||
                    sc == StdClass::InitializerList;
    bool at = md->getIdentifier() && md->getName() == "at";
    if (md->getNumParams() == 1 && !isa<CXXConversionDecl>(md)) {
      if (sequence && (at || md->getOverloadedOperator() == OO_Subscript))
        route.access = StdAccess::Element;
      else if (sc == StdClass::Map && at)
        route.access = StdAccess::MapAt;
    }
  } else if (DslClass dc = classifyDsl(rd); dc != DslClass::None) {
    route.route = CallRoute::DslMethod;
    route.dslClass = dc;
  }
  return route;
}

Evaluator::CallSite Evaluator::callSite(const CallExpr *call) {
  auto [it, inserted] = callSites_.try_emplace(call);
  if (inserted) {
    it->second.callee = call->getDirectCallee();
    if (it->second.callee)
      it->second.route = calleeRoute(it->second.callee);
  }
  return it->second;
}

Value *Evaluator::evalCallLValue(const CallExpr *call) {
  CallSite site = callSite(call);
  const FunctionDecl *fd = site.callee;
  if (fd) {
    Value result;
    Value *lv = nullptr;
    CalleeRoute route = site.route;
    if (route.route == CallRoute::StdMethod) {
      if ((route.stdClass == StdClass::String ||
           route.stdClass == StdClass::StringView) &&
          isStringCharAccess(call))
        error(LazyLoc(call), diag::err_std_string_char_write);
      stdMethodCall(call, cast<CXXMethodDecl>(fd), route.stdClass, route.access,
                    result, &lv);
      if (lv)
        return lv;
      return temp(std::move(result));
    }
    if (route.route == CallRoute::DslMethod) {
      if (call->isLValue())
        if (Value *assigned = implicitAssignment(call, fd))
          return assigned;
      // What evalCall does with it, without finding the route again.
      if (const auto *mce = dyn_cast<CXXMemberCallExpr>(call))
        return temp(dslMemberCall(mce, route.dslClass));
      return temp(evalCall(call));
    }
    if (tryStdCall(call, fd, result, &lv)) {
      if (lv)
        return lv;
      return temp(std::move(result));
    }
  }
  if (fd && call->isLValue())
    if (Value *assigned = implicitAssignment(call, fd))
      return assigned;
  // A user function returning a reference: the object it returned.
  if (fd && call->isLValue() && rtIsReference(fd) &&
      isUserFunction(fd, ctx_.getSourceManager())) {
    returnedRef_ = nullptr;
    // Evaluating the object (`h.get().items()`) may ask the same for its
    // own call first: what was asked before is restored after this call.
    struct Restore {
      const Expr *&wanted;
      const Expr *before;
      ~Restore() { wanted = before; }
    } restore{referenceWantedAt_, referenceWantedAt_};
    referenceWantedAt_ = call;
    Value copy = evalCall(call);
    if (Value *ref = returnedRef_) {
      returnedRef_ = nullptr;
      return ref;
    }
    return temp(std::move(copy));
  }
  return temp(evalCall(call));
}

Value Evaluator::evalCall(const CallExpr *call) {
  LazyLoc loc(call);
  // A std::vector<bool> element proxy taken as a value (a by-value
  // parameter or return of the proxy type) would be a copy that still
  // writes the vector in C++.
  if (call->isPRValue() && call->getType()->isRecordType() &&
      isBitReference(call->getType()))
    error(loc, diag::err_std_bit_reference_value);
  CallSite site = callSite(call);
  const FunctionDecl *fd = site.callee;
  if (!fd) {
    error(loc, diag::err_eval_indirect_call);
  }
  CalleeRoute route = site.route;
  if (route.route == CallRoute::StdMethod) {
    Value result;
    Value *lv = nullptr;
    stdMethodCall(call, cast<CXXMethodDecl>(fd), route.stdClass, route.access,
                  result, &lv);
    if (!lv)
      return result;
    if (lv->kind == Value::Kind::Uninit) // a[1] of std::array<int, 3> a;
      error(loc, diag::err_eval_uninitialised_unnamed);
    // `s += "ab";`: nothing reads the object the call returns.
    if (call == discardedResult_)
      return Value::makeVoid();
    return *lv;
  }
  if (route.route == CallRoute::DslMethod)
    if (const auto *mce = dyn_cast<CXXMemberCallExpr>(call))
      return dslMemberCall(mce, route.dslClass);
  // Lambda invocation: operator() of a closure type.
  if (const auto *md = dyn_cast<CXXMethodDecl>(fd)) {
    if (md->getParent()->isLambda()) {
      const Expr *objE =
          isa<CXXOperatorCallExpr>(call)
              ? call->getArg(0)
              : cast<CXXMemberCallExpr>(call)->getImplicitObjectArgument();
      Value *obj = evalObject(objE);
      if (obj->kind != Value::Kind::Closure)
        error(loc, diag::err_eval_lambda_not_callable);
      std::shared_ptr<Closure> keep = obj->closure();
      llvm::ArrayRef<const Expr *> args(call->getArgs(), call->getNumArgs());
      if (isa<CXXOperatorCallExpr>(call))
        args = args.drop_front();
      return callFunction(md, args, std::move(keep), call);
    }
  }
  if (const auto *md = dyn_cast<CXXMethodDecl>(fd)) {
    Value result;
    if (tryUserMethodCall(call, md, result))
      return result;
  }
  if (isDefaultedComparison(fd) && isa<CXXOperatorCallExpr>(call) &&
      call->getNumArgs() == 2)
    return compareOperands(
        BinaryOperator::getOverloadedOpcode(fd->getOverloadedOperator()),
        call->getArg(0), call->getArg(1), loc, fd);
  Value result;
  Value *lv = nullptr;
  if (tryStdCall(call, fd, result, &lv)) {
    if (!lv)
      return result;
    if (lv->kind == Value::Kind::Uninit) // a[1] of std::array<int, 3> a;
      error(loc, diag::err_eval_uninitialised_unnamed);
    // `s += "ab";`: nothing reads the object the call returns.
    if (call == discardedResult_)
      return Value::makeVoid();
    return *lv;
  }

  // DSL member functions and free functions.
  if (const auto *mce = dyn_cast<CXXMemberCallExpr>(call)) {
    const CXXRecordDecl *rd = mce->getMethodDecl()->getParent();
    DslClass cls = classifyDsl(rd);
    if (cls != DslClass::None)
      return dslMemberCall(mce, cls);
    error(loc, diag::err_eval_member_function, {rd->getNameAsString()});
  }
  if (Value *assigned = implicitAssignment(call, fd))
    return *assigned;
  if (!isUserFunction(fd, ctx_.getSourceManager())) {
    if (isAssertFailure(fd, ctx_.getSourceManager()))
      assertionFailed(call);
    ValueList args;
    args.reserve(call->getNumArgs());
    for (const Expr *a : call->arguments())
      args.push_back(eval(a));
    return dslFreeFunction(fd, std::move(args), call);
  }
  llvm::ArrayRef<const Expr *> args(call->getArgs(), call->getNumArgs());
  return callFunction(fd, args, nullptr, call);
}

Value *Evaluator::implicitAssignment(const CallExpr *call,
                                     const FunctionDecl *fd) {
  // Assignment of a struct of the program's own, or of a DSL value (a
  // chunk, a channel, a buffer: values too), through the implicit copy or
  // move assignment: the right side replaces the left, which is the
  // result (`(a = b).x = 1` writes a).
  const auto *oc = dyn_cast<CXXOperatorCallExpr>(call);
  if (!oc || oc->getOperator() != OO_Equal || oc->getNumArgs() != 2)
    return nullptr;
  // So is a C struct of the system headers (std::div_t).
  const auto *md = dyn_cast<CXXMethodDecl>(fd);
  if (!md || md->isUserProvided() ||
      (!isUserFunction(fd, ctx_.getSourceManager()) &&
       classifyDsl(md->getParent()) == DslClass::None &&
       !(md->getParent()->isCLike() && !md->getParent()->isInStdNamespace())))
    return nullptr;
  const Expr *from = oc->getArg(1);
  const bool moving = md->isMoveAssignmentOperator() && movesFromObject(from);
  if (!moving && !from->isGLValue()) {
    Value rhs = eval(from);
    Value *slot = evalLValue(oc->getArg(0));
    invalidateContents(*slot, "assignment", call);
    *slot = std::move(rhs);
    return slot;
  }
  // `a[f(b)] = b`, `a = std::move(b)`: b is bound first, and read by the
  // assignment once the left side (which may change it) is evaluated.
  Value *source = evalObject(from);
  Borrow keep(*this, source);
  Value *slot = evalLValue(oc->getArg(0));
  if (keep.dangling)
    invalidatedDuringUse(keep,
                         moving ? diag::err_eval_move_source_invalidated
                                : diag::err_eval_copy_source_invalidated,
                         call);
  if (source->kind == Value::Kind::Uninit)
    error(from->getExprLoc(), diag::err_eval_uninitialised_unnamed);
  // `cur = cur.kids[1]` with members after `kids`: the members are
  // assigned in order, and assigning `kids` changes the source while the
  // members after it still read it. (With `kids` last, the library copies
  // the new elements before it destroys the old: the copy below is right.)
  if (!moving && slot != source && slot->kind == Value::Kind::Agg)
    if (const CXXRecordDecl *rd = md->getParent();
        canHoldItself(rd) && within(*slot, source)) {
      const ValueList &members = slot->elems();
      size_t holder = 0;
      while (holder < members.size() && !within(members[holder], source))
        ++holder;
      if (holder + 1 < members.size()) {
        llvm::ArrayRef<CXXBaseSpecifier> bases = directBases(rd);
        std::string name;
        if (holder < bases.size()) {
          name = bases[holder].getType().getAsString(ctx_.getPrintingPolicy());
        } else {
          size_t field = bases.size();
          for (const FieldDecl *f : rd->fields())
            if (field++ == holder)
              name = f->getNameAsString();
        }
        error(call, diag::err_eval_copy_source_inside, {name});
      }
    }
  Value rhs = *source;
  chargeCopy(rhs, from);
  // A move assigns first, then leaves the source moved-from, as the
  // members are: `n = std::move(n.kids[0])` destroys the source with n's
  // old members (nothing is left to move from), and `n.kids[0] =
  // std::move(n)` destroys the object assigned.
  bool slotInSource = moving && slot != source && within(*source, slot);
  invalidateContents(*slot, "assignment", call);
  *slot = std::move(rhs);
  if (!moving || keep.dangling || slot == source) // a self-move keeps it
    return slot;
  if (!slotInSource) {
    leaveMovedFrom(*source, from->getType(), /*assigned=*/true, call);
    return slot;
  }
  // The result is the object assigned while it lives, else what it was
  // given.
  Value given = *slot;
  Borrow keepSlot(*this, slot);
  leaveMovedFrom(*source, from->getType(), /*assigned=*/true, call);
  if (!keepSlot.dangling)
    return slot;
  return temp(std::move(given));
}

Value Evaluator::dslMemberCall(const CXXMemberCallExpr *mce, DslClass cls) {
  // A temporary object (`Rank(p).get_input_buffer()`: materialised, and
  // seen as const for a const method) is used as it comes, without a
  // temporary slot to copy it from; the steps are evalLValue's. A named
  // object is used in place (copying the handle cost two atomic reference
  // count updates per call), held while the arguments are evaluated:
  // one that destroys it (`chans[i].put(..., (chans.push_back(c), x))`)
  // is an error, as C++ leaves the call undefined.
  const Expr *object = mce->getImplicitObjectArgument();
  const ImplicitCastExpr *asConst = addedConst(object);
  const auto *materialized = dyn_cast<MaterializeTemporaryExpr>(
      asConst ? asConst->getSubExpr() : object);
  Value temporary;
  const Value *self;
  std::optional<Borrow> held;
  if (materialized && materialized->getSubExpr()->isPRValue()) {
    if (asConst)
      step(asConst);
    step(materialized);
    temporary = eval(materialized->getSubExpr());
    self = &temporary;
  } else {
    self = evalObject(object);
    held.emplace(*this, self);
  }
  // On the stack: one list per recorded op was a heap block made and freed.
  llvm::SmallVector<Value, 4> args;
  // The options lists, handed back to their code once the call is done,
  // so that the next call patches them instead of building them again.
  llvm::SmallVector<DslArgumentCode *, 4> recycle;
  for (const Expr *a : mce->arguments()) {
    recycle.push_back(nullptr);
    args.push_back(evalDslArgument(a, &recycle.back()));
  }
  if (held && held->dangling)
    invalidatedDuringUse(*held, diag::err_eval_object_invalidated, mce);
  Value result = dslMethod(cls, *self, mce->getMethodDecl(), args, mce);
  for (size_t k = 0; k < args.size(); ++k)
    if (recycle[k])
      recycleDslArgument(*recycle[k], std::move(args[k]));
  return result;
}

Evaluator::ConstructSite Evaluator::constructSite(const CXXConstructExpr *ce) {
  auto [it, inserted] = constructSites_.try_emplace(ce);
  if (!inserted)
    return it->second;
  const CXXConstructorDecl *ctor = ce->getConstructor();
  const CXXRecordDecl *rd = ctor->getParent();
  ConstructSite site;
  if (rd->isLambda()) {
    site.route = ConstructRoute::Lambda;
  } else if (ctor->isCopyOrMoveConstructor() && ce->getNumArgs() >= 1) {
    site.route = ConstructRoute::CopyMove;
    site.movesFrom =
        ctor->isMoveConstructor() && movesFromObject(ce->getArg(0));
  } else if (StdClass sc = classifyStd(rd); sc != StdClass::None) {
    site.route = ConstructRoute::Std;
    site.stdClass = sc;
    if (sc == StdClass::Optional) {
      // One argument that is not a class and a held type that is not one
      // either: none of stdConstruct's checks can fail or apply (the held
      // type is neither an optional nor a pipeline; the argument is no
      // nullopt, in_place or optional).
      llvm::SmallVector<const Expr *, 2> args;
      for (const Expr *a : ce->arguments())
        if (!isa<CXXDefaultArgExpr>(a))
          args.push_back(a);
      QualType held = templateArgType(rd, 0);
      if (args.size() == 1 && !held.isNull() && !held->isRecordType() &&
          !args[0]->getType().getNonReferenceType()->isRecordType()) {
        site.route = ConstructRoute::OptionalOfScalar;
        site.scalarArg = args[0];
        site.held = held;
      }
    }
  } else {
    site.dslClass = classifyDsl(rd);
    if (isDslHandleClass(site.dslClass))
      site.route = ConstructRoute::Dsl;
  }
  it->second = site;
  return site;
}

Value Evaluator::convertHeldScalar(const Value &v, const CXXConstructExpr *ce) {
  ConstructSite site = constructSite(ce);
  if (auto cut = cutImplicitly(v, site.scalarArg, site.scalarArg->getType(),
                               site.held.getNonReferenceType(), LazyLoc(ce)))
    return std::move(*cut);
  return convert(v, site.held, LazyLoc(ce));
}

Value Evaluator::evalConstruct(const CXXConstructExpr *ce) {
  LazyLoc loc(ce);
  // `S a[3];` of a class whose default constructor is not trivial: one
  // construction node for the whole array, whose every element C++
  // default-constructs in turn.
  if (constantArrayType(ce->getType()))
    return defaultValue(ce->getType(), loc, ce->requiresZeroInitialization());
  ConstructSite site = constructSite(ce);
  switch (site.route) {
  case ConstructRoute::Lambda:
    if (ce->getNumArgs() == 1)
      return eval(ce->getArg(0));
    error(loc, diag::err_eval_lambda_construct);
  case ConstructRoute::CopyMove:
    if (site.movesFrom)
      return moveOut(ce->getArg(0), /*assigned=*/false, loc);
    return eval(ce->getArg(0));
  case ConstructRoute::Std:
    return stdConstruct(site.stdClass, ce);
  case ConstructRoute::OptionalOfScalar: {
    Value v = eval(site.scalarArg);
    if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Float)
      return convertHeldScalar(v, ce);
    return v;
  }
  case ConstructRoute::Dsl: {
    // `MemoryChannel(p, r)`: its arguments as a DSL method's, compiled
    // once (eval's values and steps).
    ValueList args;
    args.reserve(ce->getNumArgs());
    for (const Expr *a : ce->arguments())
      args.push_back(evalDslArgument(a));
    return dslConstruct(site.dslClass, ce->getConstructor()->getParent(),
                        std::move(args), ce);
  }
  case ConstructRoute::Other:
    break;
  }
  const CXXConstructorDecl *ctor = ce->getConstructor();
  const CXXRecordDecl *rd = ctor->getParent();
  DslClass dc = site.dslClass;
  // `S s;` default-initialises (scalars without an initialiser stay
  // uninitialised); `S s{}` and `S()` value-initialise (zeroed), which
  // Clang marks on the construction.
  bool valueInit = ce->requiresZeroInitialization();
  if (ctor->isDefaultConstructor() &&
      (ctor->isTrivial() || rd->isAggregate() || ctor->isImplicit()))
    return defaultValue(ce->getType(), loc, valueInit);
  if (rd->isInStdNamespace() ||
      ctx_.getSourceManager().isInSystemHeader(rd->getLocation())) {
    // iterator -> const_iterator: the same position; a default-constructed
    // iterator is singular (only assigning it is defined).
    if (iteratorKind(ce->getType()) != IterKind::None) {
      if (ce->getNumArgs() == 1 &&
          iteratorKind(ce->getArg(0)->getType()) == iteratorKind(ce->getType()))
        return eval(ce->getArg(0));
      if (ctor->isDefaultConstructor())
        return Value();
    }
    unsupportedStdType(rd, loc);
  }
  if (dc == DslClass::None && !ctor->isInheritingConstructor())
    return constructUserObject(ce);
  error(loc, diag::err_eval_construct, {rd->getNameAsString()});
}

// A constructor of one of the program's structs. As in C++, the object's
// bases and then its fields are initialised in declaration order, each from
// the constructor's initialiser list, else from its default member
// initialiser, else default-initialised (a scalar stays uninitialised);
// then the body runs with the new object as `this`.
Value Evaluator::constructUserObject(const CXXConstructExpr *ce) {
  const CXXConstructorDecl *ctor = ce->getConstructor();
  const CXXRecordDecl *rd = ctor->getParent();
  LazyLoc loc(ce);
  checkUserStruct(rd, loc);
  // `S() = default;` next to other constructors: exactly the default
  // member initialisers.
  if (ctor->isDefaulted() && ctor->isDefaultConstructor())
    return defaultValue(ce->getType(), loc, ce->requiresZeroInitialization());
  llvm::SmallVector<const Expr *, 4> args(ce->arguments());
  return runConstructor(ctor, args, {}, ce);
}

Value Evaluator::runConstructor(const CXXConstructorDecl *ctor,
                                llvm::ArrayRef<const Expr *> args,
                                llvm::ArrayRef<Value *> argValues,
                                LazyLoc loc) {
  const CXXRecordDecl *rd = ctor->getParent();
  checkUserStruct(rd, loc);
  if (ctor->isDefaulted() && ctor->isDefaultConstructor())
    return defaultValue(ctx_.getRecordType(rd), loc, false);
  // A default constructor whose parameters all have defaults
  // (`E(int v = 4)`), run with no arguments (an array's element,
  // std::vector<E>(n)): C++ passes the defaults.
  llvm::SmallVector<const Expr *, 4> defaults;
  if (args.empty() && argValues.empty() && ctor->getNumParams() > 0) {
    for (const ParmVarDecl *p : ctor->parameters())
      if (p->hasDefaultArg() && !p->hasUninstantiatedDefaultArg() &&
          !p->hasUnparsedDefaultArg())
        defaults.push_back(p->getDefaultArg());
    if (defaults.size() == ctor->getNumParams())
      args = defaults;
  }
  Value uninit;
  uninit.kind = Value::Kind::Uninit;
  size_t slots = rd->getNumBases() +
                 size_t(std::distance(rd->field_begin(), rd->field_end()));
  Value object = Value::makeAgg(ValueList(slots, uninit), rd);
  callFunction(ctor, args, nullptr, loc, argValues, &object);
  return object;
}

// The constructor that `T(args...)` would call, for arguments the
// standard library forwards (emplace_back): the one constructor, other
// than copy and move, that takes exactly that many arguments.
const CXXConstructorDecl *Evaluator::userConstructorFor(const CXXRecordDecl *rd,
                                                        size_t arity) {
  if (!rd || !rd->hasDefinition() || rd->isAggregate() || rd->isLambda() ||
      classifyStd(rd) != StdClass::None || classifyDsl(rd) != DslClass::None ||
      rd->isInStdNamespace() ||
      ctx_.getSourceManager().isInSystemHeader(rd->getLocation()))
    return nullptr;
  // A constructor template that could take `arity` arguments might be the
  // one C++ chooses: none is chosen here (the caller refuses).
  for (const Decl *d : rd->decls())
    if (const auto *ft = dyn_cast<FunctionTemplateDecl>(d))
      if (const auto *c = dyn_cast<CXXConstructorDecl>(ft->getTemplatedDecl());
          c && c->getMinRequiredArguments() <= arity &&
          (c->isVariadic() || c->getNumParams() >= arity ||
           llvm::any_of(c->parameters(), [](const ParmVarDecl *p) {
             return p->isParameterPack();
           })))
        return nullptr;
  const CXXConstructorDecl *found = nullptr;
  for (const CXXConstructorDecl *c : rd->ctors()) {
    if (c->isCopyOrMoveConstructor() || c->isDeleted() ||
        c->getNumParams() != arity)
      continue;
    if (found)
      return nullptr;
    found = c;
  }
  return found;
}

// Runs in the constructor's frame (its parameters bound, `this` the object
// being built), before the body: a later initialiser may read an earlier
// member, as in C++.
void Evaluator::initializeMembers(const CXXConstructorDecl *ctor,
                                  Value &object) {
  const CXXRecordDecl *rd = ctor->getParent();
  const unsigned bases = rd->getNumBases();
  // `S(int n) : S(n, 0) {}`: the target constructor builds the object.
  for (const CXXCtorInitializer *init : ctor->inits())
    if (init->isDelegatingInitializer()) {
      Value whole = eval(init->getInit());
      object.elems() = std::move(whole.elems());
      return;
    }
  std::vector<const CXXCtorInitializer *> bySlot(object.elems().size());
  for (const CXXCtorInitializer *init : ctor->inits()) {
    if (init->isBaseInitializer()) {
      QualType baseType =
          ctx_.getCanonicalType(QualType(init->getBaseClass(), 0));
      unsigned i = 0;
      for (const CXXBaseSpecifier &b : directBases(rd)) {
        if (ctx_.getCanonicalType(b.getType()) == baseType)
          bySlot[i] = init;
        ++i;
      }
    } else if (init->isMemberInitializer()) {
      bySlot[bases + init->getMember()->getFieldIndex()] = init;
    } else {
      error(init->getSourceLocation().isValid() ? init->getSourceLocation()
                                                : ctor->getLocation(),
            diag::err_eval_anonymous_member, {rd->getNameAsString()});
    }
  }
  unsigned slot = 0;
  auto initialize = [&](QualType type, const CXXCtorInitializer *init,
                        SourceLocation at) {
    Value v;
    if (!init)
      v = defaultValue(type, at, false);
    else
      v = eval(init->getInit());
    if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Float)
      v = convert(v, type, at);
    // The object is `this` of the running frame: it does not move while
    // its members are initialised.
    object.elems()[slot++] = std::move(v);
  };
  for (const CXXBaseSpecifier &b : directBases(rd))
    initialize(b.getType(), bySlot[slot], ctor->getLocation());
  for (const FieldDecl *f : rd->fields()) {
    const CXXCtorInitializer *init = bySlot[slot];
    initialize(f->getType(), init,
               init && init->getSourceLocation().isValid()
                   ? init->getSourceLocation()
                   : f->getLocation());
  }
}

// Member functions of the program's structs: named methods (const or
// not) and operators written as members, called with their object as
// `this`. Implicit and defaulted members (copy assignment, defaulted
// comparisons) are modelled elsewhere; static ones are plain functions.
bool Evaluator::tryUserMethodCall(const CallExpr *call, const CXXMethodDecl *md,
                                  Value &result) {
  const CXXRecordDecl *rd = md->getParent();
  if (md->isStatic() || md->isImplicit() || md->isDefaulted() ||
      rd->isLambda() || classifyStd(rd) != StdClass::None ||
      classifyDsl(rd) != DslClass::None || rd->isInStdNamespace() ||
      ctx_.getSourceManager().isInSystemHeader(rd->getLocation()))
    return false;
  // A conversion function (operator int(), explicit operator bool()) is
  // a method without arguments, called where the program converts.
  if (isa<CXXConstructorDecl, CXXDestructorDecl>(md))
    return false;
  const Expr *objE;
  llvm::ArrayRef<const Expr *> args(call->getArgs(), call->getNumArgs());
  if (const auto *mce = dyn_cast<CXXMemberCallExpr>(call)) {
    objE = mce->getImplicitObjectArgument();
  } else if (isa<CXXOperatorCallExpr>(call) && !args.empty()) {
    objE = args.front();
    args = args.drop_front();
  } else {
    return false;
  }
  // `a[k++] += k`: C++17 evaluates the right operand first (stdMethodCall).
  std::optional<Value> right;
  if (rightOperandFirst(call, args))
    right = eval(args[0]);
  Value *self = evalObject(objE);
  if (self->kind == Value::Kind::Uninit)
    error(objE->getExprLoc(), diag::err_eval_uninitialised_unnamed);
  if (right) {
    Value *given[1] = {&*right};
    QualType givenType[1] = {args[0]->getType()};
    result = callFunction(md, {}, nullptr, call, given, self, givenType);
  } else {
    result = callFunction(md, args, nullptr, call, {}, self);
  }
  return true;
}

Value *Evaluator::currentSelf(LazyLoc loc) {
  Frame &f = *frames_.back();
  if (!f.self)
    error(loc, diag::err_eval_this);
  if (f.selfBorrow && f.selfBorrow->dangling)
    invalidatedDuringUse(*f.selfBorrow, diag::err_eval_this_invalidated, loc);
  return f.self;
}

} // namespace mscclc::frontend
