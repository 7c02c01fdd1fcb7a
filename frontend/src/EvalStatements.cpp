//===- EvalStatements.cpp - statements of the dialect --------------------===//
//
// Runs statements: declarations, blocks, if/switch, the loops (with the
// C++ lifetimes of loop variables and range-for ranges), break, continue,
// return. Every statement is an evaluation step.
//
//===----------------------------------------------------------------------===//
#include "Evaluator.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/IgnoreExpr.h"
#include "clang/AST/Type.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>
#include <numeric>
#include <optional>

using namespace clang;

namespace mscclc::frontend {

using clang::SourceLocation;

namespace {

// A range-for over a view (`v | std::views::reverse`, `std::views::take(v,
// n)`, `std::views::iota(0, n) | std::views::drop(1)`, `channels |
// std::views::values`, `peers | std::views::filter(pred)`): the range the
// view adapts and the adaptors, innermost first.
struct ViewStep {
  // "reverse", "take", "drop" (positions), "keys", "values" (a member of
  // each element) or "filter" (a test of each element)
  llvm::StringRef name;
  const Expr *count = nullptr;     // take's and drop's
  const Expr *predicate = nullptr; // filter's
  const Expr *site = nullptr;
  __int128 n = 0; // the count's value, once evaluated
  // keys or values: a member of each element, not a change of positions.
  bool picksMember() const { return name == "keys" || name == "values"; }
};
struct ViewChain {
  const Expr *base = nullptr;
  llvm::SmallVector<ViewStep, 2> steps;
  // An adaptor the loop does not take (views::filter, views::keys, ...).
  const Expr *unsupported = nullptr;
  std::string unsupportedName;
};

const Expr *stripTemporaries(const Expr *e) {
  return IgnoreExprNodes(e, IgnoreImplicitSingleStep, IgnoreParensSingleStep);
}

// The type of the element a range-for's `*__begin` gives, found in its
// loop variable's initialiser `init` through the temporaries, casts,
// conversion calls and copies around it: what a filter's predicate is
// called with. Null if the initialiser has another shape.
QualType dereferencedType(const Expr *init) {
  for (const Expr *e = init; e;) {
    e = e->IgnoreParens();
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e);
        op && op->getOperator() == OO_Star)
      return op->getType().getNonReferenceType().getUnqualifiedType();
    if (const auto *u = dyn_cast<UnaryOperator>(e);
        u && u->getOpcode() == UO_Deref)
      return u->getType().getNonReferenceType().getUnqualifiedType();
    if (const auto *full = dyn_cast<FullExpr>(e))
      e = full->getSubExpr();
    else if (const auto *temp = dyn_cast<MaterializeTemporaryExpr>(e))
      e = temp->getSubExpr();
    else if (const auto *bind = dyn_cast<CXXBindTemporaryExpr>(e))
      e = bind->getSubExpr();
    else if (const auto *cast = dyn_cast<CastExpr>(e))
      e = cast->getSubExpr();
    else if (const auto *conversion = dyn_cast<CXXMemberCallExpr>(e))
      e = conversion->getImplicitObjectArgument();
    else if (const auto *copy = dyn_cast<CXXConstructExpr>(e);
             copy && copy->getNumArgs() >= 1)
      e = copy->getArg(0);
    else
      return QualType();
  }
  return QualType();
}

// The std::views variable `e` names (std::views::reverse, take, ...).
const VarDecl *viewsVariable(const Expr *e) {
  const auto *ref = dyn_cast<DeclRefExpr>(stripTemporaries(e));
  const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  if (!var || !var->getIdentifier() ||
      !llvm::StringRef(var->getQualifiedNameAsString())
           .starts_with("std::ranges::views::"))
    return nullptr;
  return var;
}

// Whether `e` is a view made by std::views adaptors (then `chain` says
// which, or which one is not taken); false for anything else, std::views::iota
// included (a range of its own).
bool parseViewChain(const Expr *e, ViewChain &chain) {
  e = stripTemporaries(e);
  const auto *oc = dyn_cast<CXXOperatorCallExpr>(e);
  if (!oc)
    return false;
  const VarDecl *adaptor = nullptr;
  const Expr *inner = nullptr, *count = nullptr;
  bool extraArguments = false;
  if (oc->getOperator() == OO_Pipe && oc->getNumArgs() == 2) {
    // `range | adaptor` or `range | adaptor(count)`.
    const Expr *rhs = stripTemporaries(oc->getArg(1));
    if (const auto *call = dyn_cast<CXXOperatorCallExpr>(rhs);
        call && call->getOperator() == OO_Call) {
      adaptor = viewsVariable(call->getArg(0));
      if (call->getNumArgs() == 2)
        count = call->getArg(1);
      else
        extraArguments = true;
    } else {
      adaptor = viewsVariable(rhs);
    }
    inner = oc->getArg(0);
  } else if (oc->getOperator() == OO_Call && oc->getNumArgs() >= 2) {
    // `adaptor(range)` or `adaptor(range, count)`.
    adaptor = viewsVariable(oc->getArg(0));
    inner = oc->getArg(1);
    if (oc->getNumArgs() == 3)
      count = oc->getArg(2);
    else if (oc->getNumArgs() > 3)
      extraArguments = true;
  }
  if (!adaptor || adaptor->getName() == "iota")
    return false;
  llvm::StringRef name = adaptor->getName();
  const bool counted = name == "take" || name == "drop";
  const bool tested = name == "filter";
  const bool plain = name == "reverse" || name == "keys" || name == "values";
  if (extraArguments ||
      !(counted || tested ? count != nullptr : plain && !count)) {
    chain.unsupported = e;
    chain.unsupportedName = name.str();
    return true;
  }
  if (!parseViewChain(inner, chain))
    chain.base = inner;
  if (!chain.unsupported)
    chain.steps.push_back(
        {name, counted ? count : nullptr, tested ? count : nullptr, e});
  return true;
}

} // namespace

Evaluator::Flow Evaluator::exec(const Stmt *s) {
  if (!s)
    return Flow::Normal;
  // A pipeline or program declared in the init statement of an if, a
  // switch or a for ends with that statement, where C++ destroys it (not
  // at the end of the enclosing block).
  const Stmt *init = nullptr;
  switch (s->getStmtClass()) {
  case Stmt::IfStmtClass:
    init = cast<IfStmt>(s)->getInit();
    break;
  case Stmt::SwitchStmtClass:
    init = cast<SwitchStmt>(s)->getInit();
    break;
  case Stmt::ForStmtClass:
    init = cast<ForStmt>(s)->getInit();
    break;
  case Stmt::CXXForRangeStmtClass:
    init = cast<CXXForRangeStmt>(s)->getInit();
    break;
  default:
    break;
  }
  if (!init || !hasScopeObjects(init))
    return execStatement(s);
  Flow fl = execStatement(s);
  // Named: a range-for over llvm::reverse(temporary) would read the list
  // after its end (C++20 extends only the range's own lifetime).
  const llvm::SmallVector<const VarDecl *, 1> scoped = scopeObjectsOf(init);
  for (const VarDecl *vd : llvm::reverse(scoped))
    finishScopeObject(vd);
  return fl;
}

bool Evaluator::hasScopeObjects(const Stmt *s) {
  auto [it, fresh] = hasScopeObjects_.try_emplace(s, false);
  if (fresh)
    it->second = !scopeObjectsOf(s).empty();
  return it->second;
}

llvm::SmallVector<const VarDecl *, 1> Evaluator::scopeObjectsOf(const Stmt *s) {
  llvm::SmallVector<const VarDecl *, 1> scoped;
  if (const auto *ds = dyn_cast_or_null<DeclStmt>(s))
    for (const Decl *d : ds->decls())
      if (const auto *vd = dyn_cast<VarDecl>(d))
        if (const auto *rd = vd->getType()->getAsCXXRecordDecl())
          if (findDslScopeEnd(classifyDsl(rd)))
            scoped.push_back(vd);
  return scoped;
}

// The temporaries (MaterializeTemporaryExpr) in `e`: whether any has its
// lifetime extended by a declaration (a range-for's range bound to it),
// and whether any ends with the full-expression.
static void findTemporaries(const Stmt *e, bool &extended, bool &shortLived) {
  if (!e)
    return;
  if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(e))
    (mt->getExtendingDecl() ? extended : shortLived) = true;
  for (const Stmt *child : e->children())
    findTemporaries(child, extended, shortLived);
}

Evaluator::Flow Evaluator::execStatement(const Stmt *s) {
  step(s);
  statement_ = s;
  struct TempReset {
    size_t &top;
    size_t mark;
    ~TempReset() { top = mark; }
  } reset{tempTop_, tempTop_};

  switch (s->getStmtClass()) {
  case Stmt::CompoundStmtClass:
    return execCompound(cast<CompoundStmt>(s));
  case Stmt::NullStmtClass:
    return Flow::Normal;
  case Stmt::DeclStmtClass:
    for (const Decl *d : cast<DeclStmt>(s)->decls()) {
      if (const auto *dd = dyn_cast<DecompositionDecl>(d))
        declareDecomposition(dd);
      else if (const auto *vd = dyn_cast<VarDecl>(d))
        declare(vd);
      else if (isa<TypedefNameDecl, TypeAliasTemplateDecl, UsingDecl,
                   UsingDirectiveDecl, StaticAssertDecl, EnumDecl,
                   UsingEnumDecl>(d))
        continue; // nothing happens at run time
      else if (isa<RecordDecl>(d))
        continue; // a local class: its methods are evaluated where called
      else
        error(d->getLocation(), diag::err_eval_unsupported_decl);
    }
    return Flow::Normal;
  case Stmt::ReturnStmtClass: {
    const auto *rs = cast<ReturnStmt>(s);
    if (const Expr *rv = rs->getRetValue()) {
      Frame &f = *frames_.back();
      // A function returning a reference returns the object itself.
      if (f.fn && f.fn->getReturnType()->isLValueReferenceType()) {
        f.returnRef = evalObject(rv);
        return Flow::Return;
      }
      // A returned program or pipeline initialises the caller's object.
      NamedObjectSite named(*this, rv);
      f.returnValue = eval(rv);
    }
    return Flow::Return;
  }
  case Stmt::BreakStmtClass:
    return Flow::Break;
  case Stmt::ContinueStmtClass:
    return Flow::Continue;
  case Stmt::IfStmtClass: {
    const auto *is = cast<IfStmt>(s);
    if (is->isConsteval())
      error(s->getBeginLoc(), diag::err_eval_if_consteval);
    // The init's and the condition's variables end with the statement.
    struct EndIf {
      Evaluator &ev;
      const IfStmt *is;
      ~EndIf() {
        if (ev.capturedByReference_) {
          ev.endScope(is->getInit());
          ev.endScope(is->getConditionVariable());
        }
      }
    } endIf{*this, is};
    if (is->getInit())
      if (Flow fl = exec(is->getInit()); fl != Flow::Normal)
        return fl;
    if (const auto *cv = is->getConditionVariable())
      declare(cv);
    bool c = evalCondition(is->getCond());
    if (c)
      return exec(is->getThen());
    return exec(is->getElse());
  }
  case Stmt::WhileStmtClass: {
    const auto *ws = cast<WhileStmt>(s);
    const std::optional<ScalarPlan> cond = conditionPlan(ws->getCond());
    while (true) {
      step(ws);
      if (const auto *cv = ws->getConditionVariable())
        declare(cv);
      if (!runCondition(ws->getCond(), cond))
        break;
      Flow fl = exec(ws->getBody());
      if (fl == Flow::Break)
        break;
      if (fl == Flow::Return)
        return fl;
    }
    return Flow::Normal;
  }
  case Stmt::DoStmtClass: {
    const auto *ds = cast<DoStmt>(s);
    const std::optional<ScalarPlan> cond = conditionPlan(ds->getCond());
    while (true) {
      step(ds);
      Flow fl = exec(ds->getBody());
      if (fl == Flow::Break)
        break;
      if (fl == Flow::Return)
        return fl;
      if (!runCondition(ds->getCond(), cond))
        break;
    }
    return Flow::Normal;
  }
  case Stmt::ForStmtClass: {
    const auto *fs = cast<ForStmt>(s);
    if (fs->getInit())
      exec(fs->getInit());
    // The init's variables end with the loop.
    struct EndInit {
      Evaluator &ev;
      const Stmt *init;
      ~EndInit() {
        if (ev.capturedByReference_)
          ev.endScope(init);
      }
    } endInit{*this, fs->getInit()};
    // The condition's plan and the counter's slot, once per loop.
    std::optional<ScalarPlan> cond;
    if (fs->getCond())
      cond = conditionPlan(fs->getCond());
    const LoopIncrement counter = loopIncrement(fs);
    while (true) {
      step(fs);
      if (const auto *cv = fs->getConditionVariable())
        declare(cv);
      if (fs->getCond() && !runCondition(fs->getCond(), cond))
        break;
      Flow fl = exec(fs->getBody());
      if (fl == Flow::Break)
        break;
      if (fl == Flow::Return)
        return fl;
      if (counter.slot)
        incrementCounter(counter);
      else if (fs->getInc() && !incrementVariable(fs->getInc())) {
        size_t mark = tempTop_;
        eval(fs->getInc());
        tempTop_ = mark;
      }
    }
    return Flow::Normal;
  }
  case Stmt::CXXForRangeStmtClass: {
    const auto *rs = cast<CXXForRangeStmt>(s);
    if (rs->getInit())
      exec(rs->getInit());
    const Expr *rangeInit = rs->getRangeInit();
    if (const CXXRecordDecl *rrd =
            rangeInit->getType().getCanonicalType()->getAsCXXRecordDecl();
        isUnorderedContainer(rrd))
      error(rangeInit->getExprLoc(), diag::err_eval_unordered_iteration,
            {rrd->getName().str(),
             classifyStd(rrd) == StdClass::Map ? "map" : "set"});
    // An object of the program's own class with begin() and end(): the
    // loop C++ defines, run as written (its iterator is whatever those
    // return: a container's, or a class of the program's own).
    if (rs->getBeginStmt() && isProgramClass(rangeInit->getType()
                                                 .getNonReferenceType()
                                                 .getCanonicalType()
                                                 ->getAsCXXRecordDecl()))
      return execUserRangeFor(rs);
    // A view (`v | std::views::reverse`, `std::views::take(v, n)`) walks
    // positions of the range it adapts, fixed when the loop starts (as the
    // view's begin() and end() are), and binds the loop variable to that
    // range's own elements. The counts are computed first, then the range.
    ViewChain view;
    const bool viewed = parseViewChain(rangeInit, view);
    // keys and values: the member each element's pair (tuple, array) is
    // seen through, innermost first. filter: the test an element passes.
    llvm::SmallVector<unsigned, 2> members;
    const ViewStep *filter = nullptr;
    if (viewed) {
      if (view.unsupported)
        error(view.unsupported->getExprLoc(), diag::err_eval_view_unsupported,
              {view.unsupportedName});
      // A filter's predicate runs as the loop walks (C++'s filter_view
      // tests the elements as its iterator moves on): exact when it is
      // the last adaptor, what an adaptor after it would change.
      for (size_t i = 0; i + 1 < view.steps.size(); ++i)
        if (view.steps[i].predicate)
          error(view.steps[i + 1].site->getExprLoc(),
                diag::err_eval_view_after_filter,
                {view.steps[i + 1].name.str()});
      for (ViewStep &step : view.steps) {
        if (step.picksMember())
          members.push_back(step.name == "keys" ? 0 : 1);
        if (step.predicate)
          filter = &step;
        if (!step.count)
          continue;
        Value n = eval(step.count);
        if (n.kind == Value::Kind::Float) // take(2.7): the count is 2
          n = convert(n, ctx_.getPointerDiffType(), step.count);
        if (n.kind != Value::Kind::Int)
          error(step.count->getExprLoc(), diag::err_std_number_expected);
        if (n.wide() < 0)
          error(step.count->getExprLoc(), diag::err_eval_view_negative_count,
                {step.name.str(), describeValue(n)});
        step.n = n.wide();
      }
      rangeInit = view.base;
      // The ranges a view's positions are those of: a container's
      // elements, a string's characters, std::views::iota's integers (not
      // the members of an object of the program's own class).
      QualType baseType =
          rangeInit->getType().getNonReferenceType().getCanonicalType();
      const CXXRecordDecl *baseRd = baseType->getAsCXXRecordDecl();
      StdClass baseClass = baseRd ? classifyStd(baseRd) : StdClass::None;
      bool iota = baseRd && baseRd->getIdentifier() &&
                  baseRd->getName() == "iota_view" &&
                  llvm::StringRef(baseRd->getQualifiedNameAsString())
                      .starts_with("std::ranges::");
      // A map's or set's entries are walked as the plain loop walks them
      // (its iterator stays valid while entries come and go): no adaptor
      // that fixes positions.
      const ViewStep *positional = nullptr;
      for (const ViewStep &step : view.steps)
        if (!positional && !step.predicate && !step.picksMember())
          positional = &step;
      const bool ordered =
          baseClass == StdClass::Map || baseClass == StdClass::Set;
      if (ordered && isUnorderedContainer(baseRd))
        error(rangeInit->getExprLoc(), diag::err_eval_unordered_iteration,
              {baseRd->getName().str(),
               baseClass == StdClass::Map ? "map" : "set"});
      if (ordered && positional)
        error(positional->site->getExprLoc(), diag::err_eval_view_unsupported,
              {positional->name.str()});
      if (!ordered && !baseType->isConstantArrayType() && !iota &&
          baseClass != StdClass::Vector && baseClass != StdClass::Array &&
          baseClass != StdClass::String && baseClass != StdClass::StringView)
        error(view.steps.front().site->getExprLoc(),
              diag::err_eval_view_unsupported, {view.steps.front().name.str()});
    }
    // A temporary range lives exactly as long as the loop.
    std::unique_ptr<Value> ownedRange;
    Value *range;
    if (rangeInit->isGLValue()) {
      const size_t tempsBefore = tempTop_;
      range = evalLValue(rangeInit);
      // C++20 ends a temporary made in the range's initialiser with that
      // initialiser unless the range itself extends it (`for (int x :
      // make().items)`): a range referring into one (`make().items()`
      // returning a reference) would be read after its lifetime. A view
      // keeps (a copy of) the temporary range it adapts.
      bool extended = false, shortLived = false;
      if (!viewed)
        findTemporaries(rangeInit, extended, shortLived);
      if (shortLived && !extended)
        for (size_t k = tempsBefore; k < tempTop_; ++k)
          if (within(temps_[k], range))
            error(rangeInit->getExprLoc(), diag::err_eval_range_into_temporary);
    } else {
      ownedRange = std::make_unique<Value>(eval(rangeInit));
      range = ownedRange.get();
    }
    const VarDecl *lv = rs->getLoopVariable();
    // The loop variable's initialiser (`*__begin`), through its cleanups;
    // a reference bound to a temporary (`const long &x` over ints) binds
    // to a converted copy of the element, as C++ makes one, not to the
    // element.
    const Expr *elementInit = lv->getInit();
    if (const auto *full = dyn_cast_or_null<FullExpr>(elementInit))
      elementInit = full->getSubExpr();
    const auto *temporary =
        dyn_cast_or_null<MaterializeTemporaryExpr>(elementInit);
    // A std::vector<bool> proxy (`auto &&b`, `const auto &b`) is such a
    // temporary too, but it refers to its element: bound as a reference.
    if (temporary && isBitReference(temporary->getType()))
      temporary = nullptr;
    if (temporary)
      elementInit = temporary->getSubExpr();
    bool byRef = lv->getType()->isReferenceType() && !temporary;
    // A string's characters are read as values (strings hold text): the
    // loop runs over a copy of them, so a loop variable that could change
    // one (`char &c`) is refused.
    std::unique_ptr<Value> characters;
    if (range->kind == Value::Kind::String) {
      if (byRef && !lv->getType().getNonReferenceType().isConstQualified())
        error(lv->getLocation(), diag::err_std_string_char_write);
      ValueList chars;
      chars.reserve(range->s().size());
      for (char c : range->s())
        chars.push_back(makeTyped(__int128(c), ctx_.CharTy, rangeInit, false));
      // A character array (a string literal) has its terminating zero (and
      // any zeros after the text) among its elements.
      if (const ConstantArrayType *array = ctx_.getAsConstantArrayType(
              rangeInit->getType().getNonReferenceType()))
        while (chars.size() < array->getSize().getZExtValue())
          chars.push_back(makeTyped(0, ctx_.CharTy, rangeInit, false));
      characters = std::make_unique<Value>(Value::makeAgg(std::move(chars)));
      range = characters.get();
    }
    if (range->kind != Value::Kind::Agg && range->kind != Value::Kind::Map)
      error(rangeInit->getExprLoc(), diag::err_eval_range_for);
    // The positions a view walks, in order.
    std::optional<std::vector<size_t>> positions;
    if (!view.steps.empty() && range->kind == Value::Kind::Agg) {
      // (The base's type is checked above: a vector, array, string or
      // iota, whose value is a list here; a map or set has no adaptor
      // that moves positions.)
      positions.emplace(range->elems().size());
      std::iota(positions->begin(), positions->end(), size_t(0));
      for (const ViewStep &step : view.steps) {
        if (step.picksMember() || step.predicate)
          continue;
        if (step.name == "reverse") {
          std::reverse(positions->begin(), positions->end());
          continue;
        }
        size_t n = size_t(std::min<__int128>(step.n, positions->size()));
        if (step.name == "take")
          positions->resize(n);
        else
          positions->erase(positions->begin(), positions->begin() + n);
      }
    }
    const auto *dd = dyn_cast<DecompositionDecl>(lv);
    // The loop holds the range and an iterator into it: a change of the
    // range's size or a destruction of the current element inside the
    // body invalidates them, which is an error once the loop goes on.
    Borrow rangeBorrow(*this, range, /*iterating=*/true);
    Borrow elemBorrow(*this);
    std::unique_ptr<Value> elemCopy; // a by-value structured binding's
    // Each iteration declares the loop variable (and its bindings) anew,
    // and they end with the loop: a lambda that captured one by reference
    // in an earlier iteration, or is called after the loop, names an
    // ended variable (a located error), never this iteration's or freed
    // storage. (A reference's capture names its element instead.)
    struct EndDeclarations {
      Evaluator &ev;
      uint64_t frame;
      const VarDecl *lv;
      const DecompositionDecl *dd;
      void operator()() const {
        Frame *f = ev.frameBySerial(frame);
        if (!f)
          return;
        ++f->redeclared[lv];
        if (dd)
          for (const BindingDecl *b : dd->bindings())
            ++f->redeclared[b];
      }
      ~EndDeclarations() { (*this)(); }
    } endDeclarations{*this, frames_.back()->serial, lv, dd};
    auto bindElement = [&](Value *elem) {
      Frame &f = *frames_.back();
      endDeclarations();
      if (dd) {
        Value *whole = elem;
        if (!byRef) {
          elemCopy = std::make_unique<Value>(*elem);
          whole = elemCopy.get();
        }
        whole->expandChunk();
        auto bindings = dd->bindings();
        if (whole->kind != Value::Kind::Agg ||
            bindings.size() != whole->elems().size())
          error(lv->getLocation(), diag::err_eval_binding_count);
        for (size_t b = 0; b < bindings.size(); ++b) {
          if (byRef)
            bindReference(f, bindings[b], &whole->elems()[b]);
          else
            f.vars[bindings[b]] = &whole->elems()[b];
        }
        return;
      }
      // `for (auto x : bits)` over a std::vector<bool>: x is a proxy that
      // writes through to the element, as in C++.
      if (byRef || isBitReference(lv->getType())) {
        bindReference(f, lv, elem);
        return;
      }
      Value v = *elem;
      // `for (int s : sizes)` over 64-bit sizes: the element's conversion to
      // the variable, which may cut it (the variable's initialiser holds it).
      const Expr *init = elementInit;
      const QualType varType = lv->getType().getNonReferenceType();
      // `for (long x : pieces)` over a class with `operator long()`: the
      // conversion Clang chose, called on the element, as C++ calls it on
      // `*__begin`.
      if (v.kind == Value::Kind::Agg)
        for (const auto *cast = dyn_cast_or_null<ImplicitCastExpr>(init); cast;
             cast = dyn_cast<ImplicitCastExpr>(cast->getSubExpr()))
          if (cast->getCastKind() == CK_UserDefinedConversion) {
            if (const auto *conv = dyn_cast_or_null<CXXConversionDecl>(
                    cast->getConversionFunction()))
              v = callFunction(conv, {}, nullptr, lv->getLocation(), {}, elem);
            break;
          }
      const auto *cut = dyn_cast_or_null<ImplicitCastExpr>(init);
      std::optional<Value> cutValue;
      if (cut && cut->getCastKind() == CK_IntegralCast)
        cutValue = cutImplicitly(v, cut, cut->getSubExpr()->getType(), varType,
                                 lv->getLocation());
      if (cutValue)
        v = std::move(*cutValue);
      else if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Float)
        v = convert(v, varType, lv->getLocation());
      auto idx = f.ownedIndex.find(lv);
      if (idx == f.ownedIndex.end()) {
        f.ownedIndex[lv] = f.owned.size();
        f.owned.push_back(std::make_unique<Value>(std::move(v)));
        f.vars[lv] = f.owned.back().get();
      } else {
        *f.owned[idx->second] = std::move(v);
        f.vars[lv] = f.owned[idx->second].get();
      }
    };
    // The member of an element keys and values see (a pair's, a tuple's
    // or an array's; Clang has checked that it has one).
    auto member = [&](Value *elem) {
      for (unsigned m : members) {
        elem->expandChunk();
        if (elem->kind != Value::Kind::Agg || m >= elem->elems().size())
          error(rangeInit->getExprLoc(), diag::err_eval_binding_count);
        elem = &elem->elems()[m];
      }
      return elem;
    };
    // A filter's test of an element, on a copy (the predicate only reads;
    // one that changes the range it walks is an error, as in std::any_of).
    std::function<bool(Value &)> test;
    if (filter)
      test = predicateFunction(
          filter->predicate, dereferencedType(lv->getInit()), "views::filter");
    auto passes = [&](const Value &elem) {
      Value copy = elem;
      bool kept = test(copy);
      const Borrow &gone = rangeBorrow.dangling ? rangeBorrow : elemBorrow;
      if (gone.dangling)
        invalidatedDuringUse(gone, diag::err_std_predicate_modified,
                             filter->predicate);
      return kept;
    };
    // After the body: the loop's iterators are used again unless it ends.
    auto checkIterators = [&](Flow fl) {
      if (fl == Flow::Break || fl == Flow::Return)
        return;
      const Borrow &gone = rangeBorrow.dangling ? rangeBorrow : elemBorrow;
      if (gone.dangling)
        invalidatedDuringUse(gone,
                             danglings_[gone.dangling - 1].operation ==
                                     MoveOperation
                                 ? diag::err_eval_range_moved
                                 : diag::err_eval_range_invalidated,
                             rs->getColonLoc());
    };
    if (range->kind == Value::Kind::Map) {
      // Each entry is the pair (key, value) the loop variable binds to; a
      // std::set's loop variable binds to the key alone.
      const auto *rangeRd = rangeInit->getType()
                                .getNonReferenceType()
                                .getCanonicalType()
                                ->getAsCXXRecordDecl();
      bool isSet = rangeRd && classifyStd(rangeRd) == StdClass::Set;
      for (auto it = range->map()->begin(); it != range->map()->end();) {
        step(rs);
        Value *entry = &mutableEntry(*it);
        elemBorrow.retarget(entry);
        Value *seen = member(isSet ? &entry->elems()[0] : entry);
        if (filter && !passes(*seen)) {
          ++it;
          continue;
        }
        bindElement(seen);
        Flow fl = exec(rs->getBody());
        checkIterators(fl);
        if (fl == Flow::Break)
          break;
        if (fl == Flow::Return)
          return fl;
        ++it;
      }
      return Flow::Normal;
    }
    // (A change of the range's size ends the loop with an error before
    // the next position is read, so the positions stay valid.)
    for (size_t k = 0;
         positions ? k < positions->size() : k < range->elems().size(); ++k) {
      step(rs);
      Value *elem = &range->elems()[positions ? (*positions)[k] : k];
      elemBorrow.retarget(elem);
      elem = member(elem);
      if (filter && !passes(*elem))
        continue;
      bindElement(elem);
      Flow fl = exec(rs->getBody());
      checkIterators(fl);
      if (fl == Flow::Break)
        break;
      if (fl == Flow::Return)
        return fl;
    }
    return Flow::Normal;
  }
  case Stmt::SwitchStmtClass:
    return execSwitch(cast<SwitchStmt>(s));
  case Stmt::AttributedStmtClass: {
    const auto *attributed = cast<AttributedStmt>(s);
    for (const Attr *a : attributed->getAttrs())
      if (const auto *assume = dyn_cast<CXXAssumeAttr>(a))
        checkAssumption(assume->getAssumption());
    return exec(attributed->getSubStmt());
  }
  case Stmt::CaseStmtClass:
  case Stmt::DefaultStmtClass:
    return exec(cast<SwitchCase>(s)->getSubStmt());
  case Stmt::GotoStmtClass:
  case Stmt::IndirectGotoStmtClass:
  case Stmt::LabelStmtClass:
    error(s->getBeginLoc(), diag::err_eval_goto);
  case Stmt::CXXTryStmtClass:
    error(s->getBeginLoc(), diag::err_eval_exceptions);
  case Stmt::CXXThrowExprClass:
    reachedThrow(cast<CXXThrowExpr>(s));
  case Stmt::GCCAsmStmtClass:
  case Stmt::MSAsmStmtClass:
    error(s->getBeginLoc(), diag::err_eval_inline_asm);
  default:
    if (const auto *e = dyn_cast<Expr>(s)) {
      // `++count;`: nothing reads the result.
      if (incrementVariable(e))
        return Flow::Normal;
      // std::copy, copy_if and transform as statements: the iterator they
      // return is discarded, so only their writes matter.
      if (!tryCopyStatement(e)) {
        // A call whose iterator result nobody reads (v.erase(...);,
        // m.insert(...);) makes none.
        discardedResult_ = IgnoreExprNodes(e, IgnoreImplicitSingleStep,
                                           IgnoreParensSingleStep);
        eval(e);
        discardedResult_ = nullptr;
      }
      return Flow::Normal;
    }
    unsupportedNode(s);
  }
}

Evaluator::Flow Evaluator::execUserRangeFor(const CXXForRangeStmt *rs) {
  // `auto &&__range = init; auto __begin = __range.begin(), __end =
  // __range.end(); for (; __begin != __end; ++__begin) { T x = *__begin;
  // body }`: Clang has built each of these statements.
  exec(rs->getRangeStmt());
  exec(rs->getBeginStmt());
  exec(rs->getEndStmt());
  const VarDecl *lv = rs->getLoopVariable();
  struct EndLoopVariable {
    Evaluator &ev;
    const VarDecl *lv;
    ~EndLoopVariable() {
      if (ev.capturedByReference_)
        ev.endScope(lv);
    }
  } endLoopVariable{*this, lv};
  while (true) {
    step(rs);
    if (!evalCondition(rs->getCond()))
      break;
    if (capturedByReference_)
      endScope(lv);
    exec(rs->getLoopVarStmt());
    Flow fl = exec(rs->getBody());
    if (fl == Flow::Break)
      break;
    if (fl == Flow::Return)
      return fl;
    size_t mark = tempTop_;
    eval(rs->getInc());
    tempTop_ = mark;
  }
  return Flow::Normal;
}

Evaluator::Flow Evaluator::execCompound(const CompoundStmt *cs) {
  std::vector<const VarDecl *> scoped;
  Flow result = Flow::Normal;
  for (const Stmt *child : cs->body()) {
    result = exec(child);
    if (isa<DeclStmt>(child) && hasScopeObjects(child))
      for (const VarDecl *vd : scopeObjectsOf(child))
        scoped.push_back(vd);
    if (result != Flow::Normal)
      break;
  }
  for (auto it = scoped.rbegin(); it != scoped.rend(); ++it)
    finishScopeObject(*it);
  if (capturedByReference_)
    for (const Stmt *child : cs->body())
      endScope(child);
  // The block's variables end: so do the iterators into them.
  if (!liveIterRecords_.empty()) {
    Frame &f = *frames_.back();
    for (const Stmt *child : cs->body())
      if (const auto *ds = dyn_cast<DeclStmt>(child))
        for (const Decl *d : ds->decls())
          if (const auto *vd = dyn_cast<VarDecl>(d))
            if (auto idx = f.ownedIndex.find(vd); idx != f.ownedIndex.end())
              endIteratorsInto(*f.owned[idx->second], cs->getRBracLoc());
  }
  return result;
}

void Evaluator::endScope(const Stmt *s) {
  // A declaration under a case label ends with the switch's block.
  while (const auto *sc = dyn_cast_or_null<SwitchCase>(s))
    s = sc->getSubStmt();
  const auto *ds = dyn_cast_or_null<DeclStmt>(s);
  if (!ds)
    return;
  for (const Decl *d : ds->decls())
    if (const auto *vd = dyn_cast<VarDecl>(d))
      endScope(vd);
}

void Evaluator::endScope(const VarDecl *vd) {
  // A reference (or a binding into a referenced object, auto &[a, b]):
  // a lambda capturing it by reference refers to the object, which lives
  // on.
  if (!vd || !vd->hasLocalStorage() || vd->getType()->isReferenceType())
    return;
  Frame &f = *frames_.back();
  if (capturedByReferenceDecls_.count(vd) && f.vars.count(vd))
    ++f.redeclared[vd];
  if (const auto *dd = dyn_cast<DecompositionDecl>(vd))
    for (const BindingDecl *b : dd->bindings())
      if (capturedByReferenceDecls_.count(b) && f.vars.count(b))
        ++f.redeclared[b];
}

// The statements of a switch's body: those of its braces, or the one
// statement it is (`switch (x) default: f();`).
static llvm::ArrayRef<const Stmt *> switchBody(const SwitchStmt *ss) {
  if (const auto *block = dyn_cast<CompoundStmt>(ss->getBody()))
    return {block->body_begin(), block->size()};
  // The body is the node's last child, in a slot that lives with the AST.
  Stmt *const *slot = nullptr;
  for (Stmt *&child : const_cast<SwitchStmt *>(ss)->children())
    slot = &child;
  return {slot, 1};
}

Evaluator::Flow Evaluator::execSwitch(const SwitchStmt *ss) {
  // The init's, the condition's and the body's variables end with it.
  struct EndSwitch {
    Evaluator &ev;
    const SwitchStmt *ss;
    ~EndSwitch() {
      if (!ev.capturedByReference_)
        return;
      ev.endScope(ss->getInit());
      ev.endScope(ss->getConditionVariable());
      for (const Stmt *child : switchBody(ss))
        ev.endScope(child);
    }
  } endSwitch{*this, ss};
  if (ss->getInit())
    exec(ss->getInit());
  if (const auto *cv = ss->getConditionVariable())
    declare(cv);
  Value cond = eval(ss->getCond());
  llvm::ArrayRef<const Stmt *> children = switchBody(ss);
  // Only labels at the top of the body are reached (a label inside a loop
  // or block of the switch, as in Duff's device, is not): refuse the
  // others rather than skip them.
  if (!switchesChecked_.contains(ss)) {
    llvm::SmallPtrSet<const SwitchCase *, 16> topLabels;
    for (const Stmt *child : children)
      for (const auto *sc = dyn_cast<SwitchCase>(child); sc;
           sc = dyn_cast<SwitchCase>(sc->getSubStmt()))
        topLabels.insert(sc);
    for (const SwitchCase *sc = ss->getSwitchCaseList(); sc;
         sc = sc->getNextSwitchCase())
      if (!topLabels.contains(sc))
        error(sc->getKeywordLoc(), diag::err_eval_switch_nested_label,
              {isa<DefaultStmt>(sc) ? "default" : "case"});
    switchesChecked_.insert(ss);
  }
  // Find the top-level statement carrying the matching label.
  auto matches = [&](const SwitchCase *sc) -> bool {
    if (const auto *c = dyn_cast<CaseStmt>(sc)) {
      Value v = eval(c->getLHS());
      if (c->getRHS()) {
        Value hi = eval(c->getRHS());
        return cond.wide() >= v.wide() && cond.wide() <= hi.wide();
      }
      return cond.wide() == v.wide();
    }
    return false;
  };
  int start = -1, deflt = -1;
  int idx = 0;
  for (const Stmt *child : children) {
    const Stmt *cur = child;
    while (const auto *sc = dyn_cast<SwitchCase>(cur)) {
      if (isa<DefaultStmt>(sc) && deflt < 0)
        deflt = idx;
      if (start < 0 && matches(sc))
        start = idx;
      cur = sc->getSubStmt();
    }
    ++idx;
  }
  if (start < 0)
    start = deflt;
  if (start < 0)
    return Flow::Normal;
  idx = 0;
  for (const Stmt *child : children) {
    if (idx++ < start)
      continue;
    Flow fl = exec(child);
    if (fl == Flow::Break)
      return Flow::Normal;
    if (fl != Flow::Normal)
      return fl;
  }
  return Flow::Normal;
}

} // namespace mscclc::frontend
