//===- Evaluator.cpp - statements and expressions of the dialect ---------===//
//
// A tree-walking interpreter over Clang's semantic AST. Sema has already
// inserted every implicit conversion, so the evaluator follows the casts it
// finds rather than re-deriving C++'s conversion rules. Integers are
// computed exactly and wrapped or range-checked to the expression's type:
// signed overflow, division by zero and bad shifts are errors, as they would
// be undefined behaviour in C++.
//
//===----------------------------------------------------------------------===//
#include "Evaluator.h"

#include "mscclc/support/ResourceLimits.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Type.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <new>
#include <tuple>

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

// `opt->...`: the call of std::optional's operator-> under `e`, or null.
const CXXOperatorCallExpr *optionalArrow(const Expr *e) {
  const auto *arrow = dyn_cast<CXXOperatorCallExpr>(e->IgnoreImplicit());
  return arrow && arrow->getOperator() == OO_Arrow ? arrow : nullptr;
}
} // namespace

int compareValues(const Value &a, const Value &b) {
  if (a.kind != b.kind) {
    // An empty optional orders before every value, as std::optional's do.
    if (a.kind == Value::Kind::Null || b.kind == Value::Kind::Null)
      return a.kind == Value::Kind::Null ? -1 : 1;
    return a.kind < b.kind ? -1 : 1;
  }
  switch (a.kind) {
  case Value::Kind::Int: {
    auto x = a.wide(), y = b.wide();
    return x < y ? -1 : x > y ? 1 : 0;
  }
  case Value::Kind::Float:
    return a.f < b.f ? -1 : a.f > b.f ? 1 : 0;
  case Value::Kind::String:
    return a.s().compare(b.s()) < 0 ? -1 : a.s() == b.s() ? 0 : 1;
  case Value::Kind::Map: {
    auto ia = a.map()->begin(), ib = b.map()->begin();
    for (; ia != a.map()->end() && ib != b.map()->end(); ++ia, ++ib) {
      // Each entry is the pair (key, value).
      if (int c = compareValues(ia->second, ib->second))
        return c;
    }
    return a.map()->size() < b.map()->size()   ? -1
           : a.map()->size() > b.map()->size() ? 1
                                               : 0;
  }
  case Value::Kind::Agg: {
    size_t n = std::min(a.elems().size(), b.elems().size());
    for (size_t i = 0; i < n; ++i)
      if (int c = compareValues(a.elems()[i], b.elems()[i]))
        return c;
    return a.elems().size() < b.elems().size()   ? -1
           : a.elems().size() > b.elems().size() ? 1
                                                 : 0;
  }
  case Value::Kind::Object:
    return a.obj == b.obj ? 0 : a.obj < b.obj ? -1 : 1;
  case Value::Kind::Chunk: {
    auto ka = std::make_tuple(a.chunkRank, a.chunkType, a.i, a.chunkSize);
    auto kb = std::make_tuple(b.chunkRank, b.chunkType, b.i, b.chunkSize);
    return ka < kb ? -1 : kb < ka ? 1 : 0;
  }
  default:
    return 0;
  }
}

std::string describeValue(const Value &v) {
  switch (v.kind) {
  case Value::Kind::Int:
    return v.isUnsigned ? std::to_string(uint64_t(v.i)) : std::to_string(v.i);
  case Value::Kind::Float:
    return std::to_string(v.f);
  case Value::Kind::String:
    return "\"" + v.s() + "\"";
  case Value::Kind::Null:
    return "nullopt";
  case Value::Kind::Agg: {
    std::string out = "(";
    for (size_t i = 0; i < v.elems().size() && i < 8; ++i)
      out += (i ? ", " : "") + describeValue(v.elems()[i]);
    if (v.elems().size() > 8)
      out += ", ...";
    return out + ")";
  }
  case Value::Kind::Object:
    return "<DSL object>";
  case Value::Kind::Chunk:
    return "Chunk{rank " + std::to_string(v.chunkRank) + ", " +
           (v.chunkType == 0   ? "input"
            : v.chunkType == 1 ? "output"
                               : "scratch") +
           "[" + std::to_string(v.i) + ":" + std::to_string(v.i + v.chunkSize) +
           "]}";
  default:
    return "<value>";
  }
}

bool valuesEqual(const Value &a, const Value &b) {
  return compareValues(a, b) == 0;
}

Evaluator::Evaluator(ASTContext &ctx, ProgramBuilder &builder,
                     EvalLimits limits, LocationMapper mapLoc)
    : ctx_(ctx), builder_(builder), limits_(limits),
      mapLoc_(std::move(mapLoc)) {
  resetClassCaches();
  heapAtStart_ = support::heapInUse();
}

void Evaluator::nestingTooDeep(const Stmt *at) {
  error(at, diag::err_eval_nesting, {limits_.maxStackBytes >> 20});
}

void Evaluator::error(LazyLoc loc, diag::ID id,
                      std::initializer_list<DiagArg> args) {
  callNotes_ = 0;
  // Implicit code (a header's member initialiser, an implicit value
  // initialisation) has no place in the algorithm file: report at the
  // statement being evaluated.
  mscclc::SourceLocation at = irLoc(loc);
  if (!at.isValid() && current_)
    at = irLoc(LazyLoc(current_));
  if (!at.isValid() && statement_)
    at = irLoc(LazyLoc(statement_));
  throwDiagnostic(id, at, args);
}

void Evaluator::locateDslError(DiagnosticError &e, LazyLoc loc) {
  if (!e.diag.loc.isValid()) {
    e.diag.loc = irLoc(loc);
    // The builder's notes explain the same call: they point there too.
    for (DiagNote &n : e.diag.notes)
      if (!n.loc.isValid() && n.planPath.empty())
        n.loc = e.diag.loc;
  }
  callNotes_ = 0;
}

void Evaluator::stepLimitExceeded(const Stmt *at) {
  SourceLocation loc =
      isa<Expr>(at) ? cast<Expr>(at)->getExprLoc() : at->getBeginLoc();
  error(loc, diag::err_eval_step_limit, {limits_.maxSteps});
}

void Evaluator::checkContainerSize(size_t n, LazyLoc loc) {
  if (n > limits_.maxContainerElements)
    error(loc, diag::err_eval_container_limit,
          {n, limits_.maxContainerElements});
}

void Evaluator::checkStringLength(size_t n, LazyLoc loc) {
  if (n > limits_.maxStringBytes)
    error(loc, diag::err_eval_string_limit, {n, limits_.maxStringBytes});
}

void Evaluator::reserveElements(size_t n, LazyLoc loc) {
  checkContainerSize(n, loc);
  if (n >= (1u << 12) && limits_.maxMemoryBytes &&
      support::heapInUse() + n * sizeof(Value) >
          heapAtStart_ + limits_.maxMemoryBytes / 4 * 3)
    memoryLimitExceeded(loc);
}

void Evaluator::checkMemory(const Stmt *at) {
  if (limits_.maxMemoryBytes &&
      support::heapInUse() > heapAtStart_ + limits_.maxMemoryBytes / 4 * 3)
    memoryLimitExceeded(at);
}

void Evaluator::memoryLimitExceeded(LazyLoc loc) {
  error(loc, diag::err_eval_memory_limit, {limits_.maxMemoryBytes >> 20});
}

Value *Evaluator::temp(Value v) {
  if (tempTop_ < temps_.size())
    temps_[tempTop_] = std::move(v);
  else
    temps_.push_back(std::move(v));
  return &temps_[tempTop_++];
}

// ------------------------------------------------------------------ run --

void Evaluator::run(const FunctionDecl *fn, std::vector<Value> args) {
  auto frame = newFrame();
  frame->fn = fn;
  for (unsigned i = 0; i < fn->getNumParams(); ++i) {
    frame->owned.push_back(std::make_unique<Value>(std::move(args[i])));
    frame->vars[fn->getParamDecl(i)] = frame->owned.back().get();
  }
  frames_.push_back(std::move(frame));
  {
    // Running out of memory (the process ceiling, --max-memory) while
    // evaluating is the program's doing: a located error.
    support::RecoverableAllocations recoverable;
    try {
      exec(fn->getBody());
    } catch (const std::bad_alloc &) {
      frames_.clear();
      globals_.clear();
      temps_.clear();
      memoryLimitExceeded(current_ ? LazyLoc(current_)
                                   : LazyLoc(fn->getLocation()));
    }
  }
  frames_.pop_back();
  finishProgramIfActive();
}

Value Evaluator::evaluateExpression(const Expr *e, QualType type) {
  frames_.push_back(newFrame());
  struct Pop {
    std::vector<std::unique_ptr<Frame>> &frames;
    ~Pop() { frames.pop_back(); }
  } pop{frames_};
  Value v = eval(e);
  if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Float)
    v = convert(v, type, e);
  return v;
}

void Evaluator::finishProgramIfActive() {
  if (builder_.programActive())
    builder_.endProgram();
}

// ------------------------------------------------------------ variables --

Value *Evaluator::lookup(const ValueDecl *d, LazyLoc loc) {
  Frame &f = *frames_.back();
  auto it = f.vars.find(d);
  if (it != f.vars.end()) {
    if (it->second->kind == Value::Kind::Dangling)
      danglingUse(d, *it->second, loc);
    return it->second;
  }
  if (f.closure) {
    for (const RefCapture &cap : f.closure->byRef)
      if (cap.decl == d)
        return resolveCapture(cap, loc);
    for (auto &[vd, slot] : f.closure->byCopy)
      if (vd == d)
        return slot.get();
  }
  if (const auto *vd = dyn_cast<VarDecl>(d)) {
    // Namespace-scope or static constants: evaluate their initialiser once.
    if (!vd->hasLocalStorage()) {
      auto g = globals_.find(vd);
      if (g != globals_.end())
        return g->second.get();
      QualType t = vd->getType();
      if (!t.isConstQualified() && !vd->isConstexpr())
        error(loc, diag::err_eval_global_not_const, {vd->getNameAsString()});
      const Expr *init = vd->getInit();
      if (!init)
        error(loc, diag::err_eval_global_no_init, {vd->getNameAsString()});
      auto v = std::make_unique<Value>(eval(init));
      // Evaluating the initialiser may have defined other globals.
      auto [pos, _] = globals_.try_emplace(vd, std::move(v));
      return pos->second.get();
    }
  }
  error(loc, diag::err_eval_not_in_scope, {d->getNameAsString()});
}

void Evaluator::declare(const VarDecl *vd) {
  Frame &f = *frames_.back();
  SourceLocation loc = vd->getLocation();
  if (vd->isStaticLocal())
    error(loc, diag::err_eval_static_local);
  QualType t = vd->getType();
  const Expr *init = vd->getInit();
  if (t->isReferenceType()) {
    if (!init)
      error(loc, diag::err_eval_reference_no_init);
    Value *target = evalObject(init);
    if (!init->isGLValue() || isTemporary(target)) {
      // Lifetime-extended temporary: give it a slot of its own.
      f.owned.push_back(std::make_unique<Value>(*target));
      target = f.owned.back().get();
      f.vars[vd] = target;
      return;
    }
    bindReference(f, vd, target);
    return;
  }
  Value v;
  if (init) {
    v = eval(init);
    if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Float)
      v = convert(v, t, loc);
  } else if (t->isRecordType() || t->isArrayType()) {
    v = defaultValue(t, loc, /*valueInit=*/false);
  } else {
    v.kind = Value::Kind::Uninit;
  }
  auto idx = f.ownedIndex.find(vd);
  if (idx != f.ownedIndex.end()) {
    // A new object in the old slot: what referred to the old one is stale.
    Value &slot = *f.owned[idx->second];
    invalidateContents(slot, "the end of its scope", loc);
    slot = std::move(v);
    f.vars[vd] = &slot;
    ++f.redeclared[vd];
    return;
  }
  f.ownedIndex[vd] = f.owned.size();
  f.owned.push_back(std::make_unique<Value>(std::move(v)));
  f.vars[vd] = f.owned.back().get();
}

void Evaluator::declareDecomposition(const DecompositionDecl *dd) {
  Frame &f = *frames_.back();
  const Expr *init = dd->getInit();
  Value *whole;
  bool byRef = false;
  if (dd->getType()->isReferenceType() && init->isGLValue()) {
    whole = evalObject(init);
    byRef = !isTemporary(whole);
    if (!byRef) {
      f.owned.push_back(std::make_unique<Value>(*whole));
      whole = f.owned.back().get();
    }
  } else {
    f.owned.push_back(std::make_unique<Value>(eval(init)));
    whole = f.owned.back().get();
  }
  whole->expandChunk();
  if (whole->kind != Value::Kind::Agg)
    error(dd->getLocation(), diag::err_eval_binding_type);
  auto bindings = dd->bindings();
  if (bindings.size() != whole->elems().size())
    error(dd->getLocation(), diag::err_eval_binding_count);
  if (byRef) {
    // Expanding an inline chunk replaced its storage: nothing referred to
    // its (scalar) fields before.
    for (size_t i = 0; i < bindings.size(); ++i)
      bindReference(f, bindings[i], &whole->elems()[i]);
    bindReference(f, dd, whole);
    return;
  }
  for (size_t i = 0; i < bindings.size(); ++i)
    f.vars[bindings[i]] = &whole->elems()[i];
  f.vars[dd] = whole;
}

void Evaluator::finishScopeObject(const VarDecl *vd) {
  const auto *rd = vd->getType()->getAsCXXRecordDecl();
  if (!rd)
    return;
  DslClass cls = classifyDsl(rd);
  if (cls == DslClass::LoopIterationContext) {
    builder_.endLoop();
  } else if (cls == DslClass::CollectiveProgram) {
    if (builder_.programActive())
      builder_.endProgram();
  }
}

// ----------------------------------------------------------- statements --

Evaluator::Flow Evaluator::exec(const Stmt *s) {
  if (!s)
    return Flow::Normal;
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
                   UsingDirectiveDecl, StaticAssertDecl>(d))
        continue;
      else if (const auto *rd = dyn_cast<RecordDecl>(d))
        error(d->getLocation(), diag::err_eval_local_class,
              {rd->getNameAsString()});
      else
        error(d->getLocation(), diag::err_eval_unsupported_decl);
    }
    return Flow::Normal;
  case Stmt::ReturnStmtClass: {
    const auto *rs = cast<ReturnStmt>(s);
    if (const Expr *rv = rs->getRetValue())
      frames_.back()->returnValue = eval(rv);
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
    if (is->getInit())
      if (Flow fl = exec(is->getInit()); fl != Flow::Normal)
        return fl;
    if (const auto *cv = is->getConditionVariable())
      declare(cv);
    bool c = truthy(eval(is->getCond()), is->getCond()->getExprLoc());
    if (c)
      return exec(is->getThen());
    return exec(is->getElse());
  }
  case Stmt::WhileStmtClass: {
    const auto *ws = cast<WhileStmt>(s);
    while (true) {
      step(ws);
      if (const auto *cv = ws->getConditionVariable())
        declare(cv);
      if (!truthy(eval(ws->getCond()), ws->getCond()->getExprLoc()))
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
    while (true) {
      step(ds);
      Flow fl = exec(ds->getBody());
      if (fl == Flow::Break)
        break;
      if (fl == Flow::Return)
        return fl;
      if (!truthy(eval(ds->getCond()), ds->getCond()->getExprLoc()))
        break;
    }
    return Flow::Normal;
  }
  case Stmt::ForStmtClass: {
    const auto *fs = cast<ForStmt>(s);
    if (fs->getInit())
      exec(fs->getInit());
    while (true) {
      step(fs);
      if (const auto *cv = fs->getConditionVariable())
        declare(cv);
      if (fs->getCond() &&
          !truthy(eval(fs->getCond()), fs->getCond()->getExprLoc()))
        break;
      Flow fl = exec(fs->getBody());
      if (fl == Flow::Break)
        break;
      if (fl == Flow::Return)
        return fl;
      if (fs->getInc()) {
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
    // A temporary range lives exactly as long as the loop.
    std::unique_ptr<Value> ownedRange;
    Value *range;
    if (rangeInit->isGLValue()) {
      range = evalLValue(rangeInit);
    } else {
      ownedRange = std::make_unique<Value>(eval(rangeInit));
      range = ownedRange.get();
    }
    if (range->kind != Value::Kind::Agg && range->kind != Value::Kind::Map)
      error(rangeInit->getExprLoc(), diag::err_eval_range_for);
    const VarDecl *lv = rs->getLoopVariable();
    bool byRef = lv->getType()->isReferenceType();
    const auto *dd = dyn_cast<DecompositionDecl>(lv);
    // The loop holds the range and an iterator into it: a change of the
    // range's size or a destruction of the current element inside the
    // body invalidates them, which is an error once the loop goes on.
    Borrow rangeBorrow(*this, range, /*iterating=*/true);
    Borrow elemBorrow(*this);
    std::unique_ptr<Value> elemCopy; // a by-value structured binding's
    auto bindElement = [&](Value *elem) {
      Frame &f = *frames_.back();
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
      if (byRef) {
        bindReference(f, lv, elem);
        return;
      }
      Value v = *elem;
      if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Float)
        v = convert(v, lv->getType(), lv->getLocation());
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
    // After the body: the loop's iterators are used again unless it ends.
    auto checkIterators = [&](Flow fl) {
      if (fl == Flow::Break || fl == Flow::Return)
        return;
      const Borrow &gone = rangeBorrow.dangling ? rangeBorrow : elemBorrow;
      if (gone.dangling)
        invalidatedDuringUse(gone, diag::err_eval_range_invalidated,
                             rs->getColonLoc());
    };
    if (range->kind == Value::Kind::Map) {
      // Each entry is the pair (key, value) the loop variable binds to.
      for (auto it = range->map()->begin(); it != range->map()->end();) {
        step(rs);
        Value *entry = &it->second;
        elemBorrow.retarget(entry);
        bindElement(entry);
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
    for (size_t i = 0; i < range->elems().size(); ++i) {
      step(rs);
      Value *elem = &range->elems()[i];
      elemBorrow.retarget(elem);
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
  case Stmt::AttributedStmtClass:
    return exec(cast<AttributedStmt>(s)->getSubStmt());
  case Stmt::CaseStmtClass:
  case Stmt::DefaultStmtClass:
    return exec(cast<SwitchCase>(s)->getSubStmt());
  case Stmt::GotoStmtClass:
  case Stmt::IndirectGotoStmtClass:
  case Stmt::LabelStmtClass:
    error(s->getBeginLoc(), diag::err_eval_goto);
  case Stmt::CXXTryStmtClass:
  case Stmt::CXXThrowExprClass:
    error(s->getBeginLoc(), diag::err_eval_exceptions);
  case Stmt::GCCAsmStmtClass:
  case Stmt::MSAsmStmtClass:
    error(s->getBeginLoc(), diag::err_eval_inline_asm);
  default:
    if (const auto *e = dyn_cast<Expr>(s)) {
      eval(e);
      return Flow::Normal;
    }
    error(s->getBeginLoc(), diag::err_eval_unsupported_stmt,
          {s->getStmtClassName()});
  }
}

Evaluator::Flow Evaluator::execCompound(const CompoundStmt *cs) {
  std::vector<const VarDecl *> scoped;
  Flow result = Flow::Normal;
  for (const Stmt *child : cs->body()) {
    result = exec(child);
    if (const auto *ds = dyn_cast<DeclStmt>(child))
      for (const Decl *d : ds->decls())
        if (const auto *vd = dyn_cast<VarDecl>(d))
          if (const auto *rd = vd->getType()->getAsCXXRecordDecl()) {
            DslClass c = classifyDsl(rd);
            if (c == DslClass::LoopIterationContext ||
                c == DslClass::CollectiveProgram)
              scoped.push_back(vd);
          }
    if (result != Flow::Normal)
      break;
  }
  for (auto it = scoped.rbegin(); it != scoped.rend(); ++it)
    finishScopeObject(*it);
  return result;
}

Evaluator::Flow Evaluator::execSwitch(const SwitchStmt *ss) {
  if (ss->getInit())
    exec(ss->getInit());
  if (const auto *cv = ss->getConditionVariable())
    declare(cv);
  Value cond = eval(ss->getCond());
  const auto *body = dyn_cast<CompoundStmt>(ss->getBody());
  if (!body)
    error(ss->getBeginLoc(), diag::err_eval_switch_body);
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
  auto children = body->body();
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

// ------------------------------------------------------- integer typing --

Evaluator::IntType Evaluator::intType(QualType t) {
  const Type *key = t.getTypePtr();
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
  return info;
}

// ++/-- on a type narrower than int computes in int (after promotion)
// and converts back, which wraps: only int and wider can overflow.
bool Evaluator::incrementMayOverflow(QualType t) {
  return t->isSignedIntegerOrEnumerationType() &&
         intType(t).width >= ctx_.getIntWidth(ctx_.IntTy);
}

Value Evaluator::makeTyped(__int128 v, QualType t, LazyLoc loc,
                           bool checkOverflow) {
  IntType info = intType(t);
  if (info.isBool)
    return Value::makeInt(v != 0);
  unsigned width = info.width;
  if (width > 64)
    error(loc, diag::err_eval_int_too_wide);
  bool isSigned = info.isSigned;
  if (isSigned) {
    __int128 lo = -(__int128(1) << (width - 1));
    __int128 hi = (__int128(1) << (width - 1)) - 1;
    if (v < lo || v > hi) {
      if (checkOverflow)
        error(loc, diag::err_eval_signed_overflow,
              {t.getCanonicalType().getAsString()});
      unsigned __int128 m = (unsigned __int128)v;
      m &= (width == 64) ? ~(unsigned __int128)0 >> 64
                         : (((unsigned __int128)1 << width) - 1);
      __int128 sv = (__int128)m;
      if (sv > hi)
        sv -= (__int128(1) << width);
      v = sv;
    }
    return Value::makeInt(int64_t(v));
  }
  unsigned __int128 m = (unsigned __int128)v;
  if (width < 128)
    m &= (((unsigned __int128)1 << width) - 1);
  return Value::makeInt(int64_t(uint64_t(m)), width == 64);
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
      double d = std::trunc(v.f);
      if (!std::isfinite(d) || d < -9.3e18 || d > 1.8e19)
        error(loc, diag::err_eval_float_out_of_range, {t.getAsString()});
      return makeTyped(__int128(d), t, loc, true);
    }
    return v;
  }
  if (t->isRealFloatingType()) {
    if (v.kind == Value::Kind::Int)
      return Value::makeFloat(double(v.wide()));
    if (v.kind == Value::Kind::Float &&
        t->isSpecificBuiltinType(BuiltinType::Float))
      return Value::makeFloat(double(float(v.f)));
    return v;
  }
  return v;
}

// The six comparisons, for any ordered type; nothing for other operators.
template <typename T>
static std::optional<bool> comparison(BinaryOperatorKind op, T a, T b) {
  switch (op) {
  case BO_LT:
    return a < b;
  case BO_GT:
    return a > b;
  case BO_LE:
    return a <= b;
  case BO_GE:
    return a >= b;
  case BO_EQ:
    return a == b;
  case BO_NE:
    return a != b;
  default:
    return std::nullopt;
  }
}

Value Evaluator::arith(BinaryOperatorKind op, const Value &l, const Value &r,
                       QualType resultType, LazyLoc loc) {
  if (l.kind == Value::Kind::Uninit || r.kind == Value::Kind::Uninit)
    error(loc, diag::err_eval_uninitialised);
  bool isFloat = l.kind == Value::Kind::Float || r.kind == Value::Kind::Float;
  if (isFloat) {
    double a = l.kind == Value::Kind::Float ? l.f : double(l.wide());
    double b = r.kind == Value::Kind::Float ? r.f : double(r.wide());
    switch (op) {
    case BO_Add:
      return Value::makeFloat(a + b);
    case BO_Sub:
      return Value::makeFloat(a - b);
    case BO_Mul:
      return Value::makeFloat(a * b);
    case BO_Div:
      if (b == 0)
        error(loc, diag::err_eval_division_by_zero);
      return Value::makeFloat(a / b);
    default:
      if (auto c = comparison(op, a, b))
        return Value::makeInt(*c);
      error(loc, diag::err_eval_float_operator);
    }
  }
  if (l.kind != Value::Kind::Int || r.kind != Value::Kind::Int) {
    if (op == BO_EQ || op == BO_NE) {
      bool eq = valuesEqual(l, r);
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
    return makeTyped(a * b, resultType, loc, true);
  case BO_Div:
  case BO_Rem:
    if (b == 0)
      error(loc, op == BO_Div ? diag::err_eval_division_by_zero
                              : diag::err_eval_remainder_by_zero);
    // INT_MIN % -1 is undefined like INT_MIN / -1: trap on the quotient.
    if (op == BO_Rem)
      (void)makeTyped(a / b, resultType, loc, true);
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
      bo->getRHS()->getType()->isPointerType())
    error(loc, diag::err_eval_pointer_arithmetic);
  Value l = eval(bo->getLHS());
  Value r = eval(bo->getRHS());
  return arith(op, l, r, bo->getType(), loc);
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
    if (old.kind == Value::Kind::Uninit)
      error(loc, diag::err_eval_uninitialised);
    QualType t = uo->getSubExpr()->getType();
    if (old.kind == Value::Kind::Float)
      *slot = Value::makeFloat(old.f + (uo->isIncrementOp() ? 1 : -1));
    else
      *slot = makeTyped(old.wide() + (uo->isIncrementOp() ? 1 : -1), t, loc,
                        incrementMayOverflow(t));
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
  case UO_AddrOf:
    error(loc, diag::err_eval_pointers_use_references);
  case UO_Extension:
    return eval(uo->getSubExpr());
  default:
    error(loc, diag::err_eval_unsupported_operator);
  }
}

Value Evaluator::evalCast(const CastExpr *ce) {
  const Expr *sub = ce->getSubExpr();
  LazyLoc loc(ce);
  switch (ce->getCastKind()) {
  case CK_LValueToRValue: {
    Value *slot = evalLValue(sub);
    if (slot->kind == Value::Kind::Uninit) {
      if (const auto *dre = dyn_cast<DeclRefExpr>(sub->IgnoreParens()))
        error(sub->getExprLoc(), diag::err_eval_uninitialised_variable,
              {dre->getDecl()->getNameAsString()});
      error(sub->getExprLoc(), diag::err_eval_uninitialised_unnamed);
    }
    chargeCopy(*slot, ce);
    return *slot;
  }
  case CK_NoOp:
  case CK_DerivedToBase:
  case CK_UncheckedDerivedToBase:
  case CK_ConstructorConversion:
  case CK_UserDefinedConversion:
  case CK_FunctionToPointerDecay:
  case CK_BuiltinFnToFnPtr:
  case CK_AtomicToNonAtomic:
  case CK_NonAtomicToAtomic:
    return eval(sub);
  case CK_ToVoid:
    eval(sub);
    return Value::makeVoid();
  case CK_ArrayToPointerDecay: {
    if (isa<StringLiteral>(sub->IgnoreParens()))
      return eval(sub);
    error(loc, diag::err_eval_array_decay);
  }
  case CK_PointerToBoolean:
    // `assert(ok && "message")`: a string literal is never a null pointer.
    if (isa<StringLiteral>(sub->IgnoreParenImpCasts()))
      return Value::makeInt(1);
    error(loc, diag::err_eval_unsupported_conversion, {ce->getCastKindName()});
  case CK_IntegralCast:
  case CK_IntegralToBoolean:
  case CK_IntegralToFloating:
  case CK_FloatingToIntegral:
  case CK_FloatingToBoolean:
  case CK_FloatingCast:
  case CK_BooleanToSignedIntegral:
    return convert(eval(sub), ce->getType(), loc);
  case CK_NullToPointer:
  case CK_NullToMemberPointer:
    error(loc, diag::err_eval_null_pointer);
  default:
    error(loc, diag::err_eval_unsupported_conversion, {ce->getCastKindName()});
  }
}

Value Evaluator::evalInitList(const InitListExpr *ile) {
  if (ile->isSyntacticForm() && ile->getSemanticForm())
    ile = ile->getSemanticForm();
  QualType t = ile->getType().getCanonicalType();
  SourceLocation loc = ile->getBeginLoc();
  if (t->isScalarType()) {
    if (ile->getNumInits() == 0)
      return defaultValue(t, loc);
    return convert(eval(ile->getInit(0)), t, loc);
  }
  if (const auto *cat = ctx_.getAsConstantArrayType(t)) {
    uint64_t n = cat->getSize().getZExtValue();
    reserveElements(n, loc);
    std::vector<Value> elems;
    elems.reserve(n);
    for (unsigned i = 0; i < ile->getNumInits() && i < n; ++i)
      elems.push_back(eval(ile->getInit(i)));
    while (elems.size() < n) {
      if (const Expr *filler = ile->getArrayFiller())
        elems.push_back(eval(filler));
      else
        elems.push_back(defaultValue(cat->getElementType(), loc));
    }
    return Value::makeAgg(std::move(elems));
  }
  if (const auto *rd = t->getAsCXXRecordDecl()) {
    StdClass sc = classifyStd(rd);
    if (sc == StdClass::Array) {
      // std::array is an aggregate wrapping one C array.
      if (ile->getNumInits() == 1) {
        Value inner = eval(ile->getInit(0));
        if (inner.kind == Value::Kind::Agg)
          return Value::makeAgg(std::move(inner.elems()));
      }
      return defaultValue(t, loc);
    }
    if (sc != StdClass::None)
      error(loc, diag::err_eval_std_brace_init);
    if (rd->getNumBases() > 0)
      error(loc, diag::err_eval_aggregate_bases);
    if (classifyDsl(rd) == DslClass::None)
      checkUserStruct(rd, loc);
    std::vector<Value> fields;
    fields.reserve(ile->getNumInits());
    unsigned i = 0;
    for (const FieldDecl *fd : rd->fields()) {
      if (i < ile->getNumInits())
        fields.push_back(eval(ile->getInit(i)));
      else
        fields.push_back(defaultValue(fd->getType(), loc));
      ++i;
    }
    return Value::makeAgg(std::move(fields), rd);
  }
  error(loc, diag::err_eval_init_list);
}

// A user struct anywhere in a map key (the key itself, or inside a pair,
// tuple, array, vector or optional), or null.
static const CXXRecordDecl *
structInKey(QualType t,
            const std::function<bool(const CXXRecordDecl *)> &isUser) {
  t = t.getCanonicalType();
  if (const auto *at = dyn_cast<ConstantArrayType>(t.getTypePtr()))
    return structInKey(at->getElementType(), isUser);
  const CXXRecordDecl *rd = t->getAsCXXRecordDecl();
  if (!rd)
    return nullptr;
  if (isUser(rd))
    return rd;
  if (const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(rd))
    for (const TemplateArgument &a : spec->getTemplateArgs().asArray()) {
      if (a.getKind() == TemplateArgument::Type) {
        if (const CXXRecordDecl *in = structInKey(a.getAsType(), isUser))
          return in;
      } else if (a.getKind() == TemplateArgument::Pack) {
        for (const TemplateArgument &p : a.pack_elements())
          if (p.getKind() == TemplateArgument::Type)
            if (const CXXRecordDecl *in = structInKey(p.getAsType(), isUser))
              return in;
      }
    }
  return nullptr;
}

void Evaluator::checkMapType(const CXXRecordDecl *rd, LazyLoc loc) {
  if (checkedMaps_.contains(rd))
    return;
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(rd);
  if (!spec || spec->getTemplateArgs().size() < 3)
    return;
  const TemplateArgumentList &args = spec->getTemplateArgs();
  auto mapType = [&] {
    return QualType(spec->getTypeForDecl(), 0)
        .getAsString(spec->getASTContext().getPrintingPolicy());
  };
  const CXXRecordDecl *cmp =
      args[2].getAsType().getCanonicalType()->getAsCXXRecordDecl();
  if (!cmp || !cmp->isInStdNamespace() || !cmp->getIdentifier() ||
      cmp->getName() != "less")
    error(loc, diag::err_eval_map_comparator, {mapType()});
  auto isUser = [](const CXXRecordDecl *r) {
    return classifyStd(r) == StdClass::None &&
           classifyDsl(r) == DslClass::None && !r->isInStdNamespace();
  };
  if (const CXXRecordDecl *krd = structInKey(args[0].getAsType(), isUser))
    error(loc, diag::err_eval_map_struct_key,
          {krd->getNameAsString(), mapType()});
  checkedMaps_.insert(rd);
}

// What the evaluator models of a struct: plain fields, no destructor (it
// would have to run), no bit-fields (widths are not modelled), no unions
// (which member is active is not tracked).
void Evaluator::checkUserStruct(const CXXRecordDecl *rd, LazyLoc loc) {
  if (rd->isUnion())
    error(loc, diag::err_eval_union, {rd->getNameAsString()});
  if (rd->hasUserDeclaredDestructor())
    error(loc, diag::err_eval_destructor, {rd->getNameAsString()});
  for (const FieldDecl *fd : rd->fields())
    if (fd->isBitField())
      error(loc, diag::err_eval_bit_field,
            {fd->getNameAsString(), rd->getNameAsString()});
}

Value Evaluator::defaultValue(QualType t, LazyLoc loc, bool valueInit) {
  t = t.getNonReferenceType().getCanonicalType();
  if (!valueInit && (t->isBooleanType() || t->isIntegralOrEnumerationType() ||
                     t->isRealFloatingType())) {
    Value v;
    v.kind = Value::Kind::Uninit;
    return v;
  }
  if (t->isBooleanType() || t->isIntegralOrEnumerationType())
    return makeTyped(0, t, loc, false);
  if (t->isRealFloatingType())
    return Value::makeFloat(0);
  if (const auto *cat = ctx_.getAsConstantArrayType(t)) {
    uint64_t n = cat->getSize().getZExtValue();
    reserveElements(n, loc);
    std::vector<Value> elems;
    elems.reserve(n);
    for (uint64_t i = 0; i < n; ++i)
      elems.push_back(defaultValue(cat->getElementType(), loc, valueInit));
    return Value::makeAgg(std::move(elems));
  }
  if (const auto *rd = t->getAsCXXRecordDecl()) {
    StdClass sc = classifyStd(rd);
    const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(rd);
    switch (sc) {
    case StdClass::Vector:
      return Value::makeAgg({});
    case StdClass::Map:
      checkMapType(rd, loc);
      return Value::makeMap();
    case StdClass::Optional:
      return Value::makeNull();
    case StdClass::String:
    case StdClass::StringView:
      return Value::makeString("");
    case StdClass::Array: {
      const auto &args = spec->getTemplateArgs();
      uint64_t n = args[1].getAsIntegral().getZExtValue();
      reserveElements(n, loc);
      std::vector<Value> elems;
      for (uint64_t i = 0; i < n; ++i)
        elems.push_back(defaultValue(args[0].getAsType(), loc, valueInit));
      return Value::makeAgg(std::move(elems));
    }
    case StdClass::Pair:
    case StdClass::Tuple: {
      std::vector<Value> elems;
      for (const auto &arg : spec->getTemplateArgs().asArray()) {
        if (arg.getKind() == TemplateArgument::Pack) {
          for (const auto &p : arg.pack_elements())
            elems.push_back(defaultValue(p.getAsType(), loc));
        } else {
          elems.push_back(defaultValue(arg.getAsType(), loc));
        }
      }
      return Value::makeAgg(std::move(elems));
    }
    default:
      break;
    }
    DslClass dc = classifyDsl(rd);
    if (dc != DslClass::None && dc != DslClass::OptionsStruct &&
        dc != DslClass::Chunk)
      error(loc, diag::err_eval_no_default_value, {rd->getNameAsString()});
    if (dc == DslClass::None)
      checkUserStruct(rd, loc);
    std::vector<Value> fields;
    for (const FieldDecl *fd : rd->fields()) {
      if (const Expr *init = fd->getInClassInitializer())
        fields.push_back(eval(init));
      else
        fields.push_back(defaultValue(fd->getType(), loc, valueInit));
    }
    return Value::makeAgg(std::move(fields), rd);
  }
  error(loc, diag::err_eval_unsupported_type, {t.getAsString()});
}

Value Evaluator::evalLambda(const LambdaExpr *le) {
  auto cl = std::make_shared<Closure>();
  cl->lambda = le;
  for (const LambdaCapture &cap : le->captures()) {
    if (!cap.capturesVariable())
      error(cap.getLocation(), diag::err_eval_capture_this);
    const ValueDecl *vd = cap.getCapturedVar();
    if (const auto *var = dyn_cast<VarDecl>(vd); var && var->isInitCapture()) {
      cl->byCopy.push_back({vd, std::make_unique<Value>(eval(var->getInit()))});
      continue;
    }
    Value *slot = lookup(vd, cap.getLocation());
    if (cap.getCaptureKind() == LCK_ByRef)
      cl->byRef.push_back(captureByReference(vd));
    else
      cl->byCopy.push_back({vd, std::make_unique<Value>(*slot)});
  }
  Value v;
  v.kind = Value::Kind::Closure;
  v.closure() = std::move(cl);
  return v;
}

Value Evaluator::eval(const Expr *e) {
  step(e);
  switch (e->getStmtClass()) {
  case Stmt::IntegerLiteralClass: {
    // Literals are constants: convert each once.
    auto it = constantInits_.find(e);
    if (it != constantInits_.end())
      return it->second;
    Value v =
        makeTyped(__int128(cast<IntegerLiteral>(e)->getValue().getZExtValue()),
                  e->getType(), e, false);
    constantInits_[e] = v;
    return v;
  }
  case Stmt::CXXBoolLiteralExprClass:
    return Value::makeInt(cast<CXXBoolLiteralExpr>(e)->getValue());
  case Stmt::CharacterLiteralClass:
    return makeTyped(cast<CharacterLiteral>(e)->getValue(), e->getType(),
                     e->getExprLoc(), false);
  case Stmt::FloatingLiteralClass:
    return Value::makeFloat(
        cast<FloatingLiteral>(e)->getValue().convertToDouble());
  case Stmt::StringLiteralClass: {
    const auto *sl = cast<StringLiteral>(e);
    if (sl->getCharByteWidth() != 1)
      error(e->getExprLoc(), diag::err_eval_wide_string);
    return Value::makeString(sl->getString().str());
  }
  case Stmt::ParenExprClass:
    return eval(cast<ParenExpr>(e)->getSubExpr());
  case Stmt::ConstantExprClass:
    return eval(cast<ConstantExpr>(e)->getSubExpr());
  case Stmt::ExprWithCleanupsClass:
    return eval(cast<ExprWithCleanups>(e)->getSubExpr());
  case Stmt::MaterializeTemporaryExprClass:
    return eval(cast<MaterializeTemporaryExpr>(e)->getSubExpr());
  case Stmt::CXXBindTemporaryExprClass:
    return eval(cast<CXXBindTemporaryExpr>(e)->getSubExpr());
  case Stmt::SubstNonTypeTemplateParmExprClass:
    return eval(cast<SubstNonTypeTemplateParmExpr>(e)->getReplacement());
  case Stmt::CXXDefaultArgExprClass:
    return eval(cast<CXXDefaultArgExpr>(e)->getExpr());
  case Stmt::CXXDefaultInitExprClass: {
    const Expr *init = cast<CXXDefaultInitExpr>(e)->getExpr();
    if (!isConstantInitializer(init))
      return eval(init);
    auto it = constantInits_.find(init);
    if (it != constantInits_.end())
      return it->second;
    Value v = eval(init);
    constantInits_[init] = v;
    return v;
  }
  case Stmt::ImplicitValueInitExprClass:
  case Stmt::CXXScalarValueInitExprClass:
    return defaultValue(e->getType(), e->getExprLoc());
  case Stmt::InitListExprClass:
    return evalInitList(cast<InitListExpr>(e));
  case Stmt::CXXStdInitializerListExprClass:
    return eval(cast<CXXStdInitializerListExpr>(e)->getSubExpr());
  case Stmt::ImplicitCastExprClass:
  case Stmt::CStyleCastExprClass:
  case Stmt::CXXStaticCastExprClass:
  case Stmt::CXXFunctionalCastExprClass:
    return evalCast(cast<CastExpr>(e));
  case Stmt::CXXConstCastExprClass:
    // Casting const away to write through it is undefined for a const
    // object; the evaluator does not track constness, so it refuses.
    error(e->getExprLoc(), diag::err_eval_const_cast);
  case Stmt::CXXReinterpretCastExprClass:
  case Stmt::CXXDynamicCastExprClass:
    error(e->getExprLoc(), diag::err_eval_reinterpret_cast);
  case Stmt::BinaryOperatorClass:
  case Stmt::CompoundAssignOperatorClass:
    return evalBinary(cast<BinaryOperator>(e));
  case Stmt::UnaryOperatorClass:
    return evalUnary(cast<UnaryOperator>(e));
  case Stmt::ConditionalOperatorClass: {
    const auto *co = cast<ConditionalOperator>(e);
    return truthy(eval(co->getCond()), co->getQuestionLoc())
               ? eval(co->getTrueExpr())
               : eval(co->getFalseExpr());
  }
  case Stmt::DeclRefExprClass: {
    const auto *dre = cast<DeclRefExpr>(e);
    if (const auto *ec = dyn_cast<EnumConstantDecl>(dre->getDecl()))
      return makeTyped(__int128(ec->getInitVal().getSExtValue()), e->getType(),
                       e, false);
    if (isa<FunctionDecl>(dre->getDecl()))
      error(e->getExprLoc(), diag::err_eval_function_value);
    Value *slot = evalLValue(e);
    if (slot->kind == Value::Kind::Uninit)
      error(e->getExprLoc(), diag::err_eval_uninitialised_variable,
            {dre->getDecl()->getNameAsString()});
    chargeCopy(*slot, e);
    return *slot;
  }
  case Stmt::CXXRewrittenBinaryOperatorClass:
    return evalRewrittenComparison(cast<CXXRewrittenBinaryOperator>(e));
  case Stmt::LambdaExprClass:
    return evalLambda(cast<LambdaExpr>(e));
  case Stmt::CXXConstructExprClass:
  case Stmt::CXXTemporaryObjectExprClass:
    return evalConstruct(cast<CXXConstructExpr>(e));
  case Stmt::CallExprClass:
  case Stmt::CXXMemberCallExprClass:
  case Stmt::CXXOperatorCallExprClass:
    return evalCall(cast<CallExpr>(e));
  case Stmt::UnaryExprOrTypeTraitExprClass: {
    const auto *ue = cast<UnaryExprOrTypeTraitExpr>(e);
    if (ue->getKind() == UETT_SizeOf) {
      QualType t = ue->getTypeOfArgument();
      // sizeof(arr) / sizeof(arr[0]) is the classic element-count idiom.
      if (ctx_.getAsConstantArrayType(t) || t->isScalarType())
        return makeTyped(__int128(ctx_.getTypeSizeInChars(t).getQuantity()),
                         e->getType(), e, false);
    }
    error(e->getExprLoc(), diag::err_eval_sizeof);
  }
  case Stmt::MemberExprClass:
  case Stmt::ArraySubscriptExprClass: {
    Value *slot = evalLValue(e);
    // A field or element never written is as uninitialised as a variable
    // (it must not flow, as 0, into an option or a container).
    if (slot->kind == Value::Kind::Uninit)
      error(e->getExprLoc(), diag::err_eval_uninitialised_unnamed);
    chargeCopy(*slot, e);
    return *slot;
  }
  case Stmt::CXXNullPtrLiteralExprClass:
    error(e->getExprLoc(), diag::err_eval_pointers);
  case Stmt::CXXNewExprClass:
  case Stmt::CXXDeleteExprClass:
    error(e->getExprLoc(), diag::err_eval_dynamic_allocation);
  case Stmt::CXXThrowExprClass:
    error(e->getExprLoc(), diag::err_eval_exceptions);
  case Stmt::CXXThisExprClass:
    error(e->getExprLoc(), diag::err_eval_this);
  case Stmt::CXXNoexceptExprClass:
  case Stmt::TypeTraitExprClass:
  case Stmt::CXXUuidofExprClass: {
    Expr::EvalResult r;
    if (e->EvaluateAsRValue(r, ctx_) && r.Val.isInt())
      return makeTyped(__int128(r.Val.getInt().getSExtValue()), e->getType(),
                       e->getExprLoc(), false);
    break;
  }
  default:
    break;
  }
  error(e->getExprLoc(), diag::err_eval_unsupported_expr,
        {e->getStmtClassName()});
}

bool Evaluator::isConstantInitializer(const Expr *e) {
  auto known = constantInitKnown_.find(e);
  if (known != constantInitKnown_.end())
    return known->second;
  bool pure = true;
  switch (e->getStmtClass()) {
  case Stmt::IntegerLiteralClass:
  case Stmt::CXXBoolLiteralExprClass:
  case Stmt::FloatingLiteralClass:
  case Stmt::CharacterLiteralClass:
  case Stmt::StringLiteralClass:
    break;
  case Stmt::DeclRefExprClass: {
    const ValueDecl *d = cast<DeclRefExpr>(e)->getDecl();
    const auto *vd = dyn_cast<VarDecl>(d);
    pure = isa<EnumConstantDecl>(d) ||
           (vd && vd->isInStdNamespace() && vd->getName() == "nullopt");
    break;
  }
  case Stmt::ImplicitCastExprClass:
  case Stmt::ParenExprClass:
  case Stmt::ConstantExprClass:
  case Stmt::ExprWithCleanupsClass:
  case Stmt::MaterializeTemporaryExprClass:
  case Stmt::CXXBindTemporaryExprClass:
  case Stmt::UnaryOperatorClass:
  case Stmt::CXXConstructExprClass:
  case Stmt::InitListExprClass:
  case Stmt::CXXFunctionalCastExprClass:
    for (const Stmt *child : e->children())
      if (!child || !isa<Expr>(child) ||
          !isConstantInitializer(cast<Expr>(child))) {
        pure = false;
        break;
      }
    if (const auto *ce = dyn_cast<CXXConstructExpr>(e))
      pure = pure &&
             classifyStd(ce->getConstructor()->getParent()) != StdClass::None;
    break;
  default:
    pure = false;
    break;
  }
  constantInitKnown_[e] = pure;
  return pure;
}

Value *Evaluator::evalObject(const Expr *e) {
  if (e->isGLValue())
    return evalLValue(e);
  // The object of `opt->f()` or `opt->field`: what std::optional's
  // operator-> (a pointer, so a prvalue) points to, not a copy of it.
  if (const CXXOperatorCallExpr *arrow = optionalArrow(e))
    return evalCallLValue(arrow);
  return temp(eval(e));
}

Value *Evaluator::evalLValue(const Expr *e) {
  step(e);
  LazyLoc loc(e);
  switch (e->getStmtClass()) {
  case Stmt::CXXConstCastExprClass:
    error(e->getExprLoc(), diag::err_eval_const_cast);
  case Stmt::DeclRefExprClass: {
    const auto *dre = cast<DeclRefExpr>(e);
    const ValueDecl *d = dre->getDecl();
    if (const auto *bd = dyn_cast<BindingDecl>(d)) {
      Frame &f = *frames_.back();
      auto it = f.vars.find(bd);
      if (it != f.vars.end()) {
        if (it->second->kind == Value::Kind::Dangling)
          danglingUse(bd, *it->second, loc);
        return it->second;
      }
      return lookup(bd, loc);
    }
    if (isa<EnumConstantDecl>(d))
      return temp(eval(e));
    return lookup(d, loc);
  }
  case Stmt::ParenExprClass:
    return evalLValue(cast<ParenExpr>(e)->getSubExpr());
  case Stmt::ConstantExprClass:
    return evalLValue(cast<ConstantExpr>(e)->getSubExpr());
  case Stmt::ExprWithCleanupsClass:
    return evalLValue(cast<ExprWithCleanups>(e)->getSubExpr());
  case Stmt::MaterializeTemporaryExprClass: {
    const Expr *sub = cast<MaterializeTemporaryExpr>(e)->getSubExpr();
    if (sub->isGLValue())
      return evalLValue(sub);
    return temp(eval(sub));
  }
  case Stmt::ImplicitCastExprClass:
  case Stmt::CXXStaticCastExprClass:
  case Stmt::CStyleCastExprClass: {
    const auto *ce = cast<CastExpr>(e);
    switch (ce->getCastKind()) {
    case CK_NoOp:
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase:
    case CK_LValueToRValue:
      if (ce->getSubExpr()->isGLValue())
        return evalLValue(ce->getSubExpr());
      return temp(eval(ce->getSubExpr()));
    default:
      return temp(eval(e));
    }
  }
  case Stmt::MemberExprClass: {
    const auto *me = cast<MemberExpr>(e);
    // `opt->field` is std::optional's operator-> (the contained value);
    // any other arrow goes through a pointer.
    if (me->isArrow() && !optionalArrow(me->getBase()))
      error(loc, diag::err_eval_pointers);
    const auto *fd = dyn_cast<FieldDecl>(me->getMemberDecl());
    if (!fd)
      error(loc, diag::err_eval_member_not_field);
    Value *base = evalObject(me->getBase());
    base->expandChunk();
    if (base->kind != Value::Kind::Agg)
      error(loc, diag::err_eval_member_unreadable, {fd->getNameAsString()});
    unsigned idx = fd->getFieldIndex();
    if (const auto *rd = fd->getParent();
        rd && classifyStd(dyn_cast<CXXRecordDecl>(rd)) == StdClass::Pair)
      idx = fd->getName() == "first" ? 0 : 1;
    if (idx >= base->elems().size())
      error(loc, diag::err_eval_member_unreadable, {fd->getNameAsString()});
    return &base->elems()[idx];
  }
  case Stmt::ArraySubscriptExprClass: {
    const auto *ae = cast<ArraySubscriptExpr>(e);
    const Expr *baseE = ae->getBase()->IgnoreImpCasts();
    Value *base = evalObject(baseE);
    Value idx;
    {
      // C++17 evaluates the array before the index; the index must not
      // destroy it.
      Borrow baseBorrow(*this, base);
      idx = eval(ae->getIdx());
      if (baseBorrow.dangling)
        invalidatedDuringUse(baseBorrow, diag::err_eval_object_invalidated,
                             ae->getIdx());
    }
    if (base->kind != Value::Kind::Agg || idx.kind != Value::Kind::Int)
      error(loc, diag::err_eval_subscript);
    if (idx.wide() < 0 || idx.wide() >= __int128(base->elems().size()))
      error(ae->getIdx()->getExprLoc(), diag::err_eval_array_index,
            {int64_t(idx.wide()), base->elems().size()});
    return &base->elems()[size_t(idx.i)];
  }
  case Stmt::BinaryOperatorClass:
  case Stmt::CompoundAssignOperatorClass: {
    const auto *bo = cast<BinaryOperator>(e);
    if (bo->getOpcode() == BO_Comma) {
      eval(bo->getLHS());
      return evalLValue(bo->getRHS());
    }
    if (!bo->isAssignmentOp())
      return temp(eval(e));
    Value rhs = eval(bo->getRHS());
    Value *slot = evalLValue(bo->getLHS());
    QualType lt = bo->getLHS()->getType();
    if (bo->getOpcode() == BO_Assign) {
      if (rhs.kind == Value::Kind::Int || rhs.kind == Value::Kind::Float)
        rhs = convert(rhs, lt, loc);
      invalidateContents(*slot, "assignment", bo);
      *slot = std::move(rhs);
      return slot;
    }
    const auto *cao = cast<CompoundAssignOperator>(bo);
    Value cur = *slot;
    if (cur.kind == Value::Kind::Uninit)
      error(loc, diag::err_eval_uninitialised);
    QualType compT = cao->getComputationResultType();
    Value lhsC = convert(cur, cao->getComputationLHSType(), loc);
    Value res =
        arith(BinaryOperator::getOpForCompoundAssignment(bo->getOpcode()), lhsC,
              rhs, compT, loc);
    *slot = convert(res, lt, loc);
    return slot;
  }
  case Stmt::UnaryOperatorClass: {
    const auto *uo = cast<UnaryOperator>(e);
    if (uo->getOpcode() == UO_PreInc || uo->getOpcode() == UO_PreDec) {
      Value *slot = evalLValue(uo->getSubExpr());
      if (slot->kind == Value::Kind::Uninit)
        error(loc, diag::err_eval_uninitialised);
      QualType t = uo->getSubExpr()->getType();
      int d = uo->getOpcode() == UO_PreInc ? 1 : -1;
      if (slot->kind == Value::Kind::Float)
        *slot = Value::makeFloat(slot->f + d);
      else
        *slot = makeTyped(slot->wide() + d, t, loc, incrementMayOverflow(t));
      return slot;
    }
    return temp(eval(e));
  }
  case Stmt::ConditionalOperatorClass: {
    const auto *co = cast<ConditionalOperator>(e);
    return truthy(eval(co->getCond()), co->getQuestionLoc())
               ? evalObject(co->getTrueExpr())
               : evalObject(co->getFalseExpr());
  }
  case Stmt::CallExprClass:
  case Stmt::CXXMemberCallExprClass:
  case Stmt::CXXOperatorCallExprClass:
    return evalCallLValue(cast<CallExpr>(e));
  default:
    return temp(eval(e));
  }
}

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
void collectUserComparisons(const DeclContext *dc, const SourceManager &sm,
                            llvm::DenseSet<const CXXRecordDecl *> &out) {
  for (const Decl *d : dc->decls()) {
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
    else if (const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(rd);
             spec && rd->isInStdNamespace()) {
      for (const TemplateArgument &a : spec->getTemplateArgs().asArray())
        if (a.getKind() == TemplateArgument::Type &&
            (found = userComparedIn(a.getAsType())))
          break;
    } else if (!rd->isInStdNamespace() && rd->hasDefinition()) {
      for (const FieldDecl *f : rd->fields())
        if ((found = userComparedIn(f->getType())))
          break;
    }
  }
  // The emplace above may have been invalidated by the recursion.
  userComparedInType_[t.getTypePtr()] = found;
  return found;
}

Value Evaluator::compareOperands(BinaryOperatorKind op, const Expr *l,
                                 const Expr *r, LazyLoc loc) {
  for (const Expr *e : {l, r})
    if (const CXXRecordDecl *rd = userComparedIn(e->getType()))
      error(
          loc, diag::err_eval_comparison_user_operator,
          {e->getType().getNonReferenceType().getUnqualifiedType().getAsString(
               ctx_.getPrintingPolicy()),
           rd->getNameAsString()});
  // `std::nullopt` compares as an empty optional.
  auto operand = [&](const Expr *e) {
    Value v = eval(e);
    if (classifyStd(e->getType()->getAsCXXRecordDecl()) == StdClass::NulloptT)
      v = Value::makeNull();
    return v;
  };
  Value lv = operand(l);
  Value rv = operand(r);
  int c = compareValues(lv, rv);
  switch (op) {
  case BO_EQ:
    return Value::makeInt(c == 0);
  case BO_NE:
    return Value::makeInt(c != 0);
  case BO_LT:
    return Value::makeInt(c < 0);
  case BO_LE:
    return Value::makeInt(c <= 0);
  case BO_GT:
    return Value::makeInt(c > 0);
  case BO_GE:
    return Value::makeInt(c >= 0);
  default:
    // `a <=> b` itself: std::strong_ordering is not a value here.
    error(loc, diag::err_eval_three_way_comparison);
  }
}

Value Evaluator::evalRewrittenComparison(const CXXRewrittenBinaryOperator *rw) {
  CXXRewrittenBinaryOperator::DecomposedForm d = rw->getDecomposedForm();
  const FunctionDecl *callee = nullptr;
  if (const auto *call = dyn_cast<CallExpr>(d.InnerBinOp->IgnoreImplicit()))
    callee = call->getDirectCallee();
  if (callee && (callee->isInStdNamespace() || isDefaultedComparison(callee)))
    return compareOperands(d.Opcode, d.LHS, d.RHS, rw);
  // A user's operator== (or <=>) as C++ rewrote the expression.
  return eval(rw->getSemanticForm());
}

// ------------------------------------------------------------- calls --

Value Evaluator::callFunction(const FunctionDecl *fd,
                              llvm::ArrayRef<const Expr *> args,
                              std::shared_ptr<const Closure> closure,
                              const Expr *callSite) {
  LazyLoc loc(callSite);
  const FunctionDecl *def = nullptr;
  const Stmt *body = fd->getBody(def);
  if (!body || !def)
    error(loc, diag::err_eval_no_body, {fd->getNameAsString()});
  if (frames_.size() >= limits_.maxCallDepth)
    error(loc, diag::err_eval_call_depth, {limits_.maxCallDepth});
  // A member operator (`p < q` with a member operator<) reaches here with
  // the object as its first argument: say what is unsupported.
  if (const auto *md = dyn_cast<CXXMethodDecl>(fd);
      md && !md->isStatic() && !md->getParent()->isLambda())
    error(loc, diag::err_eval_member_function,
          {md->getParent()->getNameAsString()});
  // The evaluator returns values: a returned reference would be a copy,
  // and an assignment through it would be lost.
  if (fd->getReturnType()->isReferenceType())
    error(loc, diag::err_eval_reference_return, {fd->getNameAsString()});
  if (args.size() != def->getNumParams())
    error(loc, diag::err_eval_variadic_call);
  auto frame = newFrame();
  frame->fn = def;
  frame->closure = std::move(closure);
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
    std::vector<std::unique_ptr<Frame>> &frames;
    ~Pop() { frames.pop_back(); }
  } pop{frames_};
  Flow fl;
  try {
    fl = exec(body);
  } catch (DiagnosticError &e) {
    // Like clang's "in call to ...": show the chain of calls (innermost
    // first, before the notes of the error itself), but not hundreds of
    // frames of a runaway recursion.
    if (callNotes_ < 3) {
      std::string call = frames_.back()->closure ? std::string("lambda")
                                                 : def->getNameAsString();
      call += "(";
      const Frame &f = *frames_.back();
      for (unsigned i = 0; i < def->getNumParams(); ++i) {
        auto it = f.vars.find(def->getParamDecl(i));
        call +=
            (i ? ", " : "") + (it == f.vars.end() ? std::string("?")
                                                  : describeValue(*it->second));
      }
      call += ")";
      auto &notes = e.diag.notes;
      notes.insert(notes.begin() + std::min<size_t>(callNotes_, notes.size()),
                   makeNote(diag::note_eval_in_call, irLoc(loc), {call}));
      ++callNotes_;
    }
    throw;
  }
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

Value *Evaluator::evalCallLValue(const CallExpr *call) {
  const FunctionDecl *fd = call->getDirectCallee();
  if (fd) {
    Value result;
    Value *lv = nullptr;
    if (tryStdCall(call, fd, result, &lv)) {
      if (lv)
        return lv;
      return temp(std::move(result));
    }
  }
  return temp(evalCall(call));
}

Value Evaluator::evalCall(const CallExpr *call) {
  LazyLoc loc(call);
  const FunctionDecl *fd = call->getDirectCallee();
  if (!fd) {
    error(loc, diag::err_eval_indirect_call);
  }
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
  if (isDefaultedComparison(fd) && isa<CXXOperatorCallExpr>(call) &&
      call->getNumArgs() == 2)
    return compareOperands(
        BinaryOperator::getOverloadedOpcode(fd->getOverloadedOperator()),
        call->getArg(0), call->getArg(1), loc);
  Value result;
  Value *lv = nullptr;
  if (tryStdCall(call, fd, result, &lv)) {
    if (!lv)
      return result;
    if (lv->kind == Value::Kind::Uninit) // a[1] of std::array<int, 3> a;
      error(loc, diag::err_eval_uninitialised_unnamed);
    return *lv;
  }

  // DSL member functions and free functions.
  if (const auto *mce = dyn_cast<CXXMemberCallExpr>(call)) {
    const CXXRecordDecl *rd = mce->getMethodDecl()->getParent();
    DslClass cls = classifyDsl(rd);
    if (cls != DslClass::None) {
      // DSL objects are immutable handles: a copy is the object, and it
      // cannot be destroyed while the arguments are evaluated.
      Value self = *evalObject(mce->getImplicitObjectArgument());
      std::vector<Value> args;
      args.reserve(mce->getNumArgs());
      for (const Expr *a : mce->arguments())
        args.push_back(eval(a));
      return dslMethod(cls, self, mce->getMethodDecl()->getName(),
                       std::move(args), call);
    }
    error(loc, diag::err_eval_member_function, {rd->getNameAsString()});
  }
  if (!isUserFunction(fd, ctx_.getSourceManager())) {
    if (isAssertFailure(fd, ctx_.getSourceManager()))
      assertionFailed(call);
    std::vector<Value> args;
    args.reserve(call->getNumArgs());
    for (const Expr *a : call->arguments())
      args.push_back(eval(a));
    return dslFreeFunction(fd, std::move(args), call);
  }
  if (isa<CXXOperatorCallExpr>(call)) {
    // Implicit assignment of aggregates (struct = struct).
    const auto *oc = cast<CXXOperatorCallExpr>(call);
    if (oc->getOperator() == OO_Equal) {
      Value rhs = eval(oc->getArg(1));
      Value *slot = evalLValue(oc->getArg(0));
      invalidateContents(*slot, "assignment", call);
      *slot = std::move(rhs);
      return *slot;
    }
  }
  llvm::ArrayRef<const Expr *> args(call->getArgs(), call->getNumArgs());
  return callFunction(fd, args, nullptr, call);
}

Value Evaluator::evalConstruct(const CXXConstructExpr *ce) {
  const CXXConstructorDecl *ctor = ce->getConstructor();
  const CXXRecordDecl *rd = ctor->getParent();
  LazyLoc loc(ce);
  if (rd->isLambda()) {
    if (ce->getNumArgs() == 1)
      return eval(ce->getArg(0));
    error(loc, diag::err_eval_lambda_construct);
  }
  if (ctor->isCopyOrMoveConstructor() && ce->getNumArgs() >= 1) {
    Value v = eval(ce->getArg(0));
    return v;
  }
  StdClass sc = classifyStd(rd);
  if (sc != StdClass::None)
    return stdConstruct(sc, ce);
  DslClass dc = classifyDsl(rd);
  if (dc != DslClass::None && dc != DslClass::OptionsStruct &&
      dc != DslClass::Chunk) {
    std::vector<Value> args;
    args.reserve(ce->getNumArgs());
    for (const Expr *a : ce->arguments())
      args.push_back(eval(a));
    return dslConstruct(dc, rd, std::move(args), ce);
  }
  // `S s;` default-initialises (scalars without an initialiser stay
  // uninitialised); `S s{}` and `S()` value-initialise (zeroed), which
  // Clang marks on the construction.
  bool valueInit = ce->requiresZeroInitialization();
  if (ctor->isDefaultConstructor() &&
      (ctor->isTrivial() || rd->isAggregate() || ctor->isImplicit()))
    return defaultValue(ce->getType(), loc, valueInit);
  if (rd->isInStdNamespace() ||
      ctx_.getSourceManager().isInSystemHeader(rd->getLocation()))
    unsupportedStdType(rd, loc);
  error(loc, diag::err_eval_construct, {rd->getNameAsString()});
}

} // namespace mscclc::frontend
