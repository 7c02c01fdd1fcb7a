//===- Evaluator.cpp - the evaluator's state: limits, run, variables -----===//
//
// A tree-walking interpreter over Clang's semantic AST. Sema has already
// inserted every implicit conversion, so the evaluator follows the casts it
// finds rather than re-deriving C++'s conversion rules. This file holds
// what the rest shares: value comparison, the limits (steps, depth, memory)
// and their located errors, the entry points, and variable lookup and
// declaration. Statements, arithmetic, expressions and calls each have a
// file of their own (EvalStatements.cpp, EvalArithmetic.cpp,
// EvalExpressions.cpp, EvalCalls.cpp); the standard library and the DSL
// are StdLibrary.cpp and DslBinding.cpp.
//
//===----------------------------------------------------------------------===//
#include "Evaluator.h"

#include "mscclc/ir/PlanIR.h"
#include "clang/AST/IgnoreExpr.h"

#include "mscclc/support/HeapReservation.h"
#include "mscclc/support/ResourceLimits.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Type.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <new>
#include <tuple>

using namespace clang;

namespace mscclc::frontend {

using clang::SourceLocation;

// Whether copying the closure must copy its state: a mutable lambda's
// by-copy captures change when it is called, and each copy of a lambda (or
// of a std::function holding one) has its own in C++.
// State also sits deeper: a by-copy capture that holds such a lambda,
// directly or inside a struct or vector.
static bool hasMutableState(const Closure &c);
static bool holdsMutableState(const Value &v) {
  if (v.kind == Value::Kind::Closure)
    return v.closure() && hasMutableState(*v.closure());
  if (v.kind == Value::Kind::Agg)
    for (const Value &e : v.elems())
      if (holdsMutableState(e))
        return true;
  return false;
}
static bool hasMutableState(const Closure &c) {
  if (c.lambda && c.lambda->isMutable() && !c.byCopy.empty())
    return true;
  for (const auto &capture : c.byCopy)
    if (holdsMutableState(*capture.second))
      return true;
  // A function object is copied with the std::function, as C++ copies
  // it: a `mutable` member of it may change on every call.
  if (c.functor)
    return true;
  return c.target && hasMutableState(*c.target);
}

std::shared_ptr<Closure> copyClosure(const std::shared_ptr<Closure> &c) {
  if (!hasMutableState(*c))
    return c;
  auto copy = std::make_shared<Closure>();
  copy->lambda = c->lambda;
  copy->call = c->call;
  copy->functor = c->functor ? std::make_shared<Value>(*c->functor) : nullptr;
  copy->byRef = c->byRef;
  if (c->target)
    copy->target = copyClosure(std::const_pointer_cast<Closure>(c->target));
  for (const auto &[decl, slot] : c->byCopy)
    copy->byCopy.emplace_back(decl, std::make_unique<Value>(*slot));
  return copy;
}

void Value::copyHeap(const Value &o) {
  heap_ = std::make_unique<ValueHeap>();
  heap_->elems = o.heap_->elems;
  if (const ValueRest *rest = o.heap_->rest.get()) {
    ValueRest &mine = heap_->mutableRest();
    mine.s = rest->s;
    if (rest->map)
      mine.map = std::make_unique<MapStore>(*rest->map);
    if (rest->closure)
      mine.closure = copyClosure(rest->closure);
  }
}

void Value::assignThroughCopy(const Value &o) {
  Value copy(o);
  *this = std::move(copy);
}

void Value::releaseParts() noexcept {
  // The members' own order of destruction (the reverse of declaration).
  heap_.reset();
  obj.reset();
}

int compareValues(const Value &a, const Value &b, bool asCxx) {
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
    if (asCxx && (std::isnan(a.f) || std::isnan(b.f)))
      return UnorderedComparison;
    return a.f < b.f ? -1 : a.f > b.f ? 1 : 0;
  case Value::Kind::String:
    return a.s().compare(b.s()) < 0 ? -1 : a.s() == b.s() ? 0 : 1;
  case Value::Kind::Map: {
    auto ia = a.map()->begin(), ib = b.map()->begin();
    for (; ia != a.map()->end() && ib != b.map()->end(); ++ia, ++ib) {
      // Each entry is the pair (key, value).
      if (int c = compareValues(*ia, *ib, asCxx))
        return c;
    }
    return a.map()->size() < b.map()->size()   ? -1
           : a.map()->size() > b.map()->size() ? 1
                                               : 0;
  }
  case Value::Kind::Agg: {
    size_t n = std::min(a.elems().size(), b.elems().size());
    for (size_t i = 0; i < n; ++i)
      if (int c = compareValues(a.elems()[i], b.elems()[i], asCxx))
        return c;
    return a.elems().size() < b.elems().size()   ? -1
           : a.elems().size() > b.elems().size() ? 1
                                                 : 0;
  }
  case Value::Kind::Object:
    return a.obj == b.obj ? 0 : a.obj < b.obj ? -1 : 1;
  case Value::Kind::Iter: {
    // Any total order will do (iterators as keys); the position decides.
    auto ka = std::make_tuple(a.chunkSize, a.chunkType, a.i);
    auto kb = std::make_tuple(b.chunkSize, b.chunkType, b.i);
    if (ka != kb)
      return ka < kb ? -1 : 1;
    return a.elems().empty() || b.elems().empty()
               ? 0
               : compareValues(a.elems()[0], b.elems()[0]);
  }
  case Value::Kind::Chunk: {
    auto ka = std::make_tuple(a.chunkRank, a.chunkType, a.i, a.chunkSize);
    auto kb = std::make_tuple(b.chunkRank, b.chunkType, b.i, b.chunkSize);
    return ka < kb ? -1 : kb < ka ? 1 : 0;
  }
  default:
    return 0;
  }
}

std::string describeValue(const Value &v, bool shortText) {
  switch (v.kind) {
  case Value::Kind::Int:
    return v.isUnsigned ? std::to_string(uint64_t(v.i)) : std::to_string(v.i);
  case Value::Kind::Float:
    return std::to_string(v.f);
  case Value::Kind::String: {
    // A long text is shown by its start and length, as long containers
    // are by their first elements: a call note quoting a megabyte
    // argument whole buries the error. (Messages that compare two values
    // show them whole.)
    const std::string &text = v.s();
    constexpr size_t Shown = 48;
    if (!shortText || text.size() <= 64)
      return "\"" + text + "\"";
    size_t cut = Shown;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
      --cut; // not inside a UTF-8 sequence
    return "\"" + text.substr(0, cut) + "...\" (" +
           std::to_string(text.size()) + " bytes)";
  }
  case Value::Kind::Null:
    return "nullopt";
  case Value::Kind::Agg: {
    // Braced, as C++ writes a container's or a struct's elements.
    std::string out = "{";
    for (size_t i = 0; i < v.elems().size() && i < 8; ++i)
      out += (i ? ", " : "") + describeValue(v.elems()[i], shortText);
    if (v.elems().size() > 8)
      out += ", ...";
    return out + "}";
  }
  case Value::Kind::Object: {
    // What the call notes show of an argument: its type, and for ranks
    // and buffers where it is.
    if (!v.obj)
      return "<DSL object>";
    const DslObject &o = *v.obj;
    switch (o.type) {
    case DslObject::Type::Rank:
      return "Rank(" + std::to_string(o.a) + ")";
    case DslObject::Type::Buffer: {
      const BufferDesc &b = o.buffer;
      return "Buffer{rank " + std::to_string(b.rank) + ", " +
             std::string(plan::bufferName(b.type)) + "[" +
             std::to_string(b.offset) + ":" + std::to_string(b.end) + "]}";
    }
    case DslObject::Type::Collective:
      return "Collective";
    case DslObject::Type::Program:
      return "CollectiveProgram";
    case DslObject::Type::MemoryChannel:
      return "MemoryChannel";
    case DslObject::Type::PortChannel:
      return "PortChannel";
    case DslObject::Type::SwitchChannel:
      return "SwitchChannel";
    case DslObject::Type::SwitchView:
      return "SwitchChannel view";
    case DslObject::Type::Semaphore:
      return "Semaphore";
    case DslObject::Type::ThreadBlockGroup:
      return "ThreadBlockGroup";
    case DslObject::Type::Loop:
      return "LoopIterationContext";
    }
    return "<DSL object>";
  }
  case Value::Kind::Chunk:
    return "Chunk{rank " + std::to_string(v.chunkRank) + ", " +
           std::string(plan::bufferName(chunk::BufferType(v.chunkType))) + "[" +
           std::to_string(v.i) + ":" + std::to_string(v.i + v.chunkSize) + "]}";
  case Value::Kind::Iter:
    return "an iterator";
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
  fastIntegers_ = !std::getenv("MSCCLC_NO_FAST_INTEGERS");
  fastRoutes_ = !std::getenv("MSCCLC_NO_FAST_ROUTES");
  resetClassCaches();
  heapAtStart_ = support::heapUsage().bytesInUse;
}

void Evaluator::nestingTooDeep(const Stmt *at) {
  error(at, diag::err_eval_nesting, {limits_.maxStackBytes >> 20});
}

void Evaluator::error(LazyLoc loc, diag::ID id,
                      std::initializer_list<DiagArg> args) {
  resetCallNotes();
  // Implicit code (a header's member initialiser, an implicit value
  // initialisation) has no place in the algorithm file: report at the
  // statement being evaluated.
  mscclc::SourceLocation at = irLoc(loc);
  if (!at.isValid() && current_)
    at = irLoc(LazyLoc(current_));
  if (!at.isValid() && statement_)
    at = irLoc(LazyLoc(statement_));
  if (!libraryEntries_.empty() && at.isValid()) {
    const clang::SourceManager &sm = ctx_.getSourceManager();
    auto inHeader = [&](clang::SourceLocation l) {
      return sm.isInSystemHeader(sm.getExpansionLoc(l));
    };
    clang::SourceLocation raw = loc;
    if (raw.isValid() && inHeader(raw))
      for (auto it = libraryEntries_.rbegin(); it != libraryEntries_.rend();
           ++it)
        if (it->isValid() && !inHeader(*it))
          throwDiagnostic(id, irLoc(*it), args,
                          {makeNote(diag::note_eval_in_library_header, at)});
  }
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
  // A negative rank, index or bound showing the value a % gave: Python's
  // `(r - 1) % n` wraps, C++'s stays negative.
  const diag::ID id = e.diag.id;
  if (!negativeRemainders_.empty() &&
      (id == diag::err_dsl_rank_range || id == diag::err_dsl_rank_range_one ||
       id == diag::err_dsl_slice_negative ||
       id == diag::err_dsl_chunk_negative || id == diag::err_dsl_tb_negative ||
       id == diag::err_dsl_tbg_negative)) {
    const std::string &message = e.diag.message;
    // The number itself, not the start of a longer one (-1 in -12).
    auto shows = [&](int64_t value) {
      const std::string shown = std::to_string(value);
      for (size_t at = message.find(shown); at != std::string::npos;
           at = message.find(shown, at + 1))
        if (at + shown.size() == message.size() ||
            !std::isdigit(
                static_cast<unsigned char>(message[at + shown.size()])))
          return true;
      return false;
    };
    // Still in the variable it was stored into (this frame's), or made
    // just now.
    auto current = [&](const NegativeRemainder &n) {
      if (!n.variable)
        return steps_ - n.step <= 64;
      auto it = frames_.back()->vars.find(n.variable);
      return it != frames_.back()->vars.end() &&
             it->second->kind == Value::Kind::Int &&
             it->second->wide() == n.value;
    };
    for (const NegativeRemainder &n : llvm::reverse(negativeRemainders_))
      if (shows(n.value) && current(n)) {
        e.diag.notes.push_back(makeNote(diag::note_eval_negative_remainder,
                                        irLoc(n.at),
                                        {n.value, n.left, n.right}));
        break;
      }
  }
  resetCallNotes();
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

std::string Evaluator::charactersOf(const Value &list, LazyLoc loc) {
  if (list.kind != Value::Kind::Agg)
    error(loc, diag::err_std_string_ctor);
  std::string text;
  for (const Value &c : list.elems()) {
    if (c.kind != Value::Kind::Int)
      error(loc, diag::err_std_string_ctor);
    text += char(c.i);
  }
  checkStringLength(text.size(), loc);
  return text;
}

std::string Evaluator::arrayPrefix(const std::string &text, const Value &count,
                                   const char *what, LazyLoc loc) {
  __int128 n = count.kind == Value::Kind::Int ? count.wide() : -1;
  if (n >= 0 && n <= __int128(text.size()))
    return text.substr(0, size_t(n));
  if (n == __int128(text.size()) + 1)
    return text + '\0';
  error(loc, diag::err_std_string_count_past_array,
        {what, n < 0 ? describeValue(count) : std::to_string(uint64_t(n)),
         std::to_string(text.size() + 1)});
}

std::string Evaluator::textFrom(const std::string &text, size_t from,
                                size_t count, const char *what, LazyLoc loc) {
  if (from > text.size())
    error(loc, diag::err_std_string_position,
          {what, std::to_string(from), std::to_string(text.size())});
  return text.substr(from, count);
}

void Evaluator::chargeElements(uint64_t n, LazyLoc loc) {
  steps_ += n;
  if (steps_ > limits_.maxSteps)
    error(loc, diag::err_eval_step_limit, {limits_.maxSteps});
}

void Evaluator::reserveElements(size_t n, LazyLoc loc) {
  checkContainerSize(n, loc);
  if (n >= (1u << 12) && limits_.maxMemoryBytes && bulkReadingDue(n) &&
      readHeap() + n * sizeof(Value) >
          heapAtStart_ + limits_.maxMemoryBytes / 4 * 3)
    memoryLimitExceeded(loc);
}

void Evaluator::checkMemory(const Stmt *at) {
  if (!limits_.maxMemoryBytes) {
    nextMemoryCheck_ = UINT64_MAX;
    return;
  }
  if (readHeap() > heapAtStart_ + limits_.maxMemoryBytes / 4 * 3)
    memoryLimitExceeded(at);
}

uint64_t Evaluator::readHeap() {
  support::adviseHeapGrowth();
  support::HeapUsage heap = support::heapUsage();
  freeBlocksWalked_ = heap.freeBlocksWalked;
  elementsSinceReading_ = 0;
  nextMemoryCheck_ =
      steps_ + std::clamp(heap.freeBlocksWalked * StepsPerFreeBlock,
                          MemoryCheckInterval, MaxMemoryCheckInterval);
  return heap.bytesInUse;
}

void Evaluator::memoryLimitExceeded(LazyLoc loc, bool allocationFailed) {
  // The budget is --max-memory's; an allocation that failed may have met a
  // lower limit the parent set (ulimit -v or -d), which names itself.
  support::MemoryLimitText limit =
      allocationFailed ? support::memoryLimitText(limits_.maxMemoryBytes)
                       : support::maxMemoryText(limits_.maxMemoryBytes);
  error(loc, diag::err_eval_memory_limit,
        {limit.mib, limit.setBy, limit.raise});
}

Value *Evaluator::temp(Value v) {
  if (!tempIterRecords_.empty())
    endTemporaryIterators(tempTop_);
  if (tempTop_ < temps_.size()) {
    temps_[tempTop_] = std::move(v);
    tempOrigins_[tempTop_] = nullptr;
  } else {
    temps_.push_back(std::move(v));
    tempOrigins_.push_back(nullptr);
  }
  return &temps_[tempTop_++];
}

Value *Evaluator::referenceArgument(const Expr *arg) {
  if (!arg->isGLValue())
    return temp(eval(arg));
  // A character of a std::string or std::string_view is read as a value
  // (strings hold text, not a Value per character): a reference to it is
  // one to its copy, which nothing else can change meanwhile.
  if (const auto *call = dyn_cast<CallExpr>(arg->IgnoreParenImpCasts());
      call && call->getType()->isAnyCharacterType() && isStringCharAccess(call))
    return temp(evalCall(call));
  Value *object = evalObject(arg);
  if (object->kind == Value::Kind::Uninit) {
    if (const auto *dre = dyn_cast<DeclRefExpr>(arg->IgnoreParenImpCasts()))
      error(arg->getExprLoc(), diag::err_eval_uninitialised_variable,
            {dre->getDecl()->getNameAsString()});
    error(arg->getExprLoc(), diag::err_eval_uninitialised_unnamed);
  }
  return object;
}

std::array<Value *, 2> Evaluator::pickArgument(
    bool isMin, const Expr *first, const Expr *second,
    llvm::function_ref<std::function<bool(Value &, Value &)>()> makeLess,
    llvm::MutableArrayRef<size_t> destroyedBy) {
  const Expr *args[2] = {first, second};
  Value *objects[2];
  std::optional<Borrow> held[2];
  for (unsigned k = 0; k < 2; ++k) {
    objects[k] = referenceArgument(args[k]);
    held[k].emplace(*this, objects[k]);
  }
  // `std::max(v[0], (v.push_back(1), 2))`: the comparison would read a
  // dangling reference.
  if (held[0]->dangling)
    invalidatedDuringUse(*held[0], diag::err_std_reference_argument_invalidated,
                         first);
  std::function<bool(Value &, Value &)> less = makeLess();
  const unsigned picked =
      (isMin ? less(*objects[1], *objects[0]) : less(*objects[0], *objects[1]))
          ? 1
          : 0;
  if (!destroyedBy.empty()) {
    destroyedBy[0] = held[picked]->dangling;
    destroyedBy[1] = held[1 - picked]->dangling;
  } else if (held[picked]->dangling) {
    invalidatedDuringUse(*held[picked],
                         diag::err_std_reference_argument_invalidated,
                         args[picked]);
  }
  return {objects[picked], objects[1 - picked]};
}

bool Evaluator::bindMinmaxReferences(const DecompositionDecl *dd) {
  const auto *call = dyn_cast<CallExpr>(IgnoreExprNodes(
      dd->getInit(), IgnoreImplicitSingleStep, IgnoreParensSingleStep));
  const FunctionDecl *fn = call ? call->getDirectCallee() : nullptr;
  if (!fn || !fn->isInStdNamespace() || !fn->getIdentifier() ||
      fn->getName() != "minmax" || call->getNumArgs() < 2 ||
      call->getNumArgs() > 3 || dd->bindings().size() != 2)
    return false;
  // std::minmax({a, b, ...}[, comp]) gives a pair of values.
  if (const auto *rd =
          call->getArg(0)->getType().getCanonicalType()->getAsCXXRecordDecl();
      rd && classifyStd(rd) == StdClass::InitializerList)
    return false;
  step(call);
  LazyLoc loc(call);
  const size_t tempsBefore = tempTop_;
  QualType elem = call->getArg(0)->getType().getNonReferenceType();
  const Expr *comparator = call->getNumArgs() == 3 ? call->getArg(2) : nullptr;
  // libstdc++'s `b < a ? pair(b, a) : pair(a, b)`: std::min's choice first.
  // A comparator that destroyed an argument leaves its name dangling: an
  // error where it is used, as binding it is not yet a use in C++.
  size_t destroyed[2] = {0, 0};
  auto [lo, hi] = pickArgument(
      /*isMin=*/true, call->getArg(0), call->getArg(1),
      [&] { return minMaxOrder(comparator, elem, "minmax", loc); }, destroyed);
  Frame &f = *frames_.back();
  Value *objects[2] = {lo, hi};
  ValueList pair; // the pair itself has no name a program can use
  for (unsigned k = 0; k < 2; ++k) {
    const BindingDecl *name = dd->bindings()[k];
    // A temporary argument (the `1` of `std::minmax(x, 1)`) ends with the
    // declaration, and C++ leaves the name dangling: an error where it is
    // used, as for `const int &m = std::max(x, 1);`. A string's character,
    // read as a value, is named by a copy of its own.
    const MaterializeTemporaryExpr *ended =
        destroyed[k] ? nullptr : endedTemporary(objects[k], tempsBefore, dd);
    if (!destroyed[k] && !ended && isTemporary(objects[k]))
      objects[k] = declaredSlot(f, name, Value(*objects[k]), call);
    bindReference(f, name, objects[k]);
    if (destroyed[k]) {
      const DanglingCause cause = danglings_[destroyed[k] - 1];
      kill(*f.refs[name], cause.operation, cause.at);
      pair.push_back(Value());
    } else if (ended) {
      kill(*f.refs[name], EndedTemporaryOperation, LazyLoc(ended));
      pair.push_back(*objects[k]);
    } else {
      pair.push_back(*objects[k]);
    }
  }
  f.vars[dd] =
      declaredSlot(f, dd, Value::makeAgg(std::move(pair)), dd->getLocation());
  return true;
}

// ------------------------------------------------------------------ run --

void Evaluator::run(const FunctionDecl *fn, ValueList args) {
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
      tempOrigins_.clear();
      memoryLimitExceeded(current_ ? LazyLoc(current_)
                                   : LazyLoc(fn->getLocation()),
                          /*allocationFailed=*/true);
    }
  }
  // Unless an iterator into them needs telling that they end, the frame's
  // values are kept for the destructor (finishedFrame_), which runs beside
  // the passes.
  popFrame(&finishedFrame_);
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

bool Evaluator::isStringNpos(const VarDecl *vd) {
  if (!vd->isStaticDataMember() || !vd->getIdentifier() ||
      vd->getName() != "npos")
    return false;
  const auto *rd = dyn_cast<CXXRecordDecl>(vd->getDeclContext());
  StdClass cls = rd ? classifyStd(rd) : StdClass::None;
  return cls == StdClass::String || cls == StdClass::StringView;
}

Value *Evaluator::lookupElsewhere(const ValueDecl *d, LazyLoc loc) {
  Frame &f = *frames_.back();
  auto it = f.vars.find(d);
  if (it != f.vars.end()) {
    if (it->second->kind == Value::Kind::Dangling)
      danglingUse(d, *it->second, loc);
    return it->second;
  }
  if (f.closure) {
    for (const RefCapture &cap : f.closure->byRef)
      if (cap.spelledAs() == d)
        return resolveCapture(cap, loc);
    for (auto &[vd, slot] : f.closure->byCopy)
      if (vd == d)
        return slot.get();
  }
  if (const auto *vd = dyn_cast<VarDecl>(d)) {
    // Namespace-scope or static constants: evaluate their initialiser once.
    if (!vd->hasLocalStorage()) {
      auto g = globals_.find(vd);
      if (g != globals_.end()) {
        // Read first from elsewhere, it is kept: the order still counts.
        if (!globalsInitialising_.empty())
          checkGlobalInitOrder(vd, loc);
        return g->second.get();
      }
      QualType t = vd->getType();
      if (!t.isConstQualified() && !vd->isConstexpr()) {
        // std::cout kept in a reference, stdout passed around, ...
        if (isOutputStream(vd))
          error(loc, diag::err_eval_stream_object);
        if (vd->isStaticDataMember())
          error(loc, diag::err_eval_static_member_not_const,
                {vd->getQualifiedNameAsString()});
        error(loc, diag::err_eval_global_not_const, {vd->getNameAsString()});
      }
      const Expr *init = vd->getInit();
      if (!init && isStringNpos(vd)) {
        // Declared in the class template, its initialiser is not
        // instantiated: the largest size_type, as C++ defines it.
        auto v = std::make_unique<Value>(
            makeTyped(__int128(~uint64_t(0)), t, loc, false));
        return globals_.try_emplace(vd, std::move(v)).first->second.get();
      }
      if (!init)
        error(loc, diag::err_eval_global_no_init, {vd->getNameAsString()});
      checkGlobalInitOrder(vd, loc);
      globalsInitialising_.push_back(vd);
      struct Done {
        llvm::SmallVectorImpl<const VarDecl *> &stack;
        ~Done() { stack.pop_back(); }
      } done{globalsInitialising_};
      LibraryEntry entry(*this, loc);
      // C++ initialises a variable at namespace scope (or a static member)
      // before main, when no program exists: a DSL use that needs one is
      // an error there, not an object made whenever it is first read.
      struct OutsideProgram {
        ProgramBuilder &builder;
        std::string before;
        ~OutsideProgram() {
          builder.setNamespaceScopeInitialiser(std::move(before));
        }
      } outside{builder_, builder_.namespaceScopeInitialiser()};
      if (!vd->isStaticLocal() && outside.before.empty())
        builder_.setNamespaceScopeInitialiser(vd->getQualifiedNameAsString());
      auto v = std::make_unique<Value>(eval(init));
      // Evaluating the initialiser may have defined other globals.
      auto [pos, _] = globals_.try_emplace(vd, std::move(v));
      return pos->second.get();
    }
    // An enclosing function's constant, named from a local class's method
    // or a lambda that need not capture it: its value is a constant
    // expression, the same from anywhere.
    if (vd->isUsableInConstantExpressions(ctx_) && vd->getInit()) {
      auto g = globals_.find(vd);
      if (g != globals_.end())
        return g->second.get();
      auto v = std::make_unique<Value>(eval(vd->getInit()));
      if (v->kind == Value::Kind::Int || v->kind == Value::Kind::Float)
        *v = convert(*v, vd->getType(), loc);
      auto [pos, _] = globals_.try_emplace(vd, std::move(v));
      return pos->second.get();
    }
  }
  error(loc, diag::err_eval_not_in_scope, {d->getNameAsString()});
}

void Evaluator::checkGlobalInitOrder(const VarDecl *vd, LazyLoc loc) {
  // Globals are initialised here when first read, C++ initialises them
  // before main in declaration order (constant initialisers first). The
  // two agree unless an initialiser reads its own global, or one declared
  // after it with a dynamic initialiser, not initialised yet in C++.
  if (llvm::is_contained(globalsInitialising_, vd))
    error(loc, diag::err_eval_global_read_in_own_init, {vd->getNameAsString()});
  // Namespace-scope variables, not inline ones or template instances
  // (whose order C++ leaves unspecified): the ones initialised in
  // declaration order.
  auto ordered = [](const VarDecl *v) {
    return v->getDeclContext()->getRedeclContext()->isFileContext() &&
           !v->isInline() &&
           v->getTemplateSpecializationKind() == TSK_Undeclared;
  };
  if (!ordered(vd) || vd->hasConstantInitialization())
    return;
  // The innermost ordered global being initialised (a static local
  // between, in a function its initialiser calls, runs within it).
  auto outer = llvm::find_if(llvm::reverse(globalsInitialising_), ordered);
  if (outer != globalsInitialising_.rend() && *outer != vd &&
      ctx_.getSourceManager().isBeforeInTranslationUnit((*outer)->getLocation(),
                                                        vd->getLocation()))
    error(loc, diag::err_eval_global_read_before_init,
          {vd->getNameAsString(), (*outer)->getNameAsString()});
}

void Evaluator::declare(const VarDecl *vd) {
  Frame &f = *frames_.back();
  SourceLocation loc = vd->getLocation();
  if (vd->isStaticLocal()) {
    // A constant: read like a namespace-scope one, initialised the first
    // time control passes here as C++ does (later passes find it made). A
    // mutable one would carry state across calls.
    if (vd->getType().isConstQualified() || vd->isConstexpr()) {
      // A constant initialiser has the same value whenever it runs (C++
      // runs it before the program): left to the first read, as a
      // namespace-scope constant's is.
      if (!vd->hasConstantInitialization())
        (void)lookupElsewhere(vd, loc);
      return;
    }
    error(loc, diag::err_eval_static_local);
  }
  QualType t = vd->getType();
  const Expr *init = vd->getInit();
  // `auto x = v[i];` of a std::vector<bool>: a proxy that refers to the
  // element, as a reference does.
  if (init && t->isRecordType() && isBitReference(t)) {
    bindReference(f, vd, bitElement(init));
    return;
  }
  if (t->isReferenceType()) {
    if (!init)
      error(loc, diag::err_eval_reference_no_init);
    const size_t tempsBefore = tempTop_;
    Value *target = evalObject(init);
    // `const int &m = std::max(x, x + 1);`: a function returned a
    // reference to a temporary that ends with this declaration (C++ extends
    // only one the reference binds to directly). Binding it is no error;
    // using it is.
    if (init->isGLValue())
      if (const MaterializeTemporaryExpr *ended =
              endedTemporary(target, tempsBefore, vd)) {
        bindReference(f, vd, target);
        kill(*f.refs[vd], EndedTemporaryOperation, LazyLoc(ended));
        return;
      }
    if (!init->isGLValue() || isTemporary(target)) {
      // Lifetime-extended temporary: give it a slot of its own.
      f.vars[vd] = declaredSlot(f, vd, Value(*target), loc);
      return;
    }
    bindReference(f, vd, target);
    return;
  }
  if (const CXXRecordDecl *rd = t->getAsCXXRecordDecl();
      rd && init && classifyStd(rd) == StdClass::Function) {
    // A std::function is in scope in its own initialiser: a lambda that
    // captures it by reference calls itself through it (recursion).
    Value *slot;
    auto idx = f.ownedIndex.find(vd);
    if (idx != f.ownedIndex.end()) {
      slot = f.owned[idx->second].get();
      invalidateContents(*slot, "the end of its scope", loc);
      ++f.redeclared[vd];
    } else {
      f.ownedIndex[vd] = f.owned.size();
      f.owned.push_back(std::make_unique<Value>());
      slot = f.owned.back().get();
    }
    *slot = Value();
    slot->kind = Value::Kind::Uninit;
    f.vars[vd] = slot;
    Value v = eval(init);
    *slot = std::move(v);
    return;
  }
  Value v;
  if (init) {
    NamedObjectSite named(*this, init);
    v = eval(init);
    if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Float)
      v = convert(v, t, loc);
  } else if (t->isRecordType() || t->isArrayType()) {
    v = defaultValue(t, loc, /*valueInit=*/false);
  } else {
    v.kind = Value::Kind::Uninit;
  }
  f.vars[vd] = declaredSlot(f, vd, std::move(v), loc);
}

Value *Evaluator::declaredSlot(Frame &f, const ValueDecl *d, Value &&v,
                               LazyLoc loc) {
  auto idx = f.ownedIndex.find(d);
  if (idx != f.ownedIndex.end()) {
    // A new object in the old slot: what referred to the old one is stale.
    Value &slot = *f.owned[idx->second];
    invalidateContents(slot, "the end of its scope", loc);
    slot = std::move(v);
    ++f.redeclared[d];
    // A lambda that captured a structured binding of the old object by
    // reference names an ended declaration.
    if (const auto *dd = dyn_cast<DecompositionDecl>(d))
      for (const BindingDecl *b : dd->bindings())
        ++f.redeclared[b];
    return &slot;
  }
  f.ownedIndex[d] = f.owned.size();
  f.owned.push_back(std::make_unique<Value>(std::move(v)));
  return f.owned.back().get();
}

// `CollectiveProgram p(...)`, `= CollectiveProgram(...)`, `{...}` and
// `auto p = CollectiveProgram::from_spec(...)` reach the construction
// through implicit nodes only.
static const Expr *stripImplicit(const Expr *e) {
  for (const Expr *next = e; e; e = next) {
    next = e->IgnoreImplicit()->IgnoreParens();
    if (next == e)
      break;
  }
  return e;
}

Evaluator::NamedObjectSite::NamedObjectSite(Evaluator &ev, const Expr *site)
    : ev(ev), outer(ev.namedObjectSite_) {
  ev.namedObjectSite_ = site ? stripImplicit(site) : nullptr;
}

// Whether `e` initialises a member of a struct (a member initialiser, or
// an element of a braced struct), seen through implicit nodes. Asked only
// on the way to an error: the parent map is built on first use.
static bool initialisesMember(ASTContext &ctx, const Expr *e) {
  DynTypedNode node = DynTypedNode::create(*e);
  for (int depth = 0; depth < 8; ++depth) {
    auto parents = ctx.getParents(node);
    if (parents.empty())
      return false;
    const DynTypedNode &parent = parents[0];
    // (Clang's parent map gives a member initialiser's expression the
    // constructor itself as its parent, and a default member
    // initialiser's the field.)
    if (parent.get<CXXCtorInitializer>() || parent.get<CXXConstructorDecl>() ||
        parent.get<FieldDecl>())
      return true;
    if (const auto *list = parent.get<InitListExpr>())
      return list->getType()->isRecordType();
    const auto *up = parent.get<Expr>();
    if (!up || !(isa<ImplicitCastExpr>(up) || isa<ExprWithCleanups>(up) ||
                 isa<CXXBindTemporaryExpr>(up) ||
                 isa<MaterializeTemporaryExpr>(up) || isa<ParenExpr>(up)))
      return false;
    node = parent;
  }
  return false;
}

void Evaluator::requireNamedScopeObject(const Expr *site, bool program) {
  if (namedObjectSite_ && namedObjectSite_ == site)
    return;
  if (initialisesMember(ctx_, site))
    error(site, diag::err_dsl_scope_object_member,
          {program ? "CollectiveProgram" : "LoopIterationContext",
           program ? "program" : "loop"});
  error(site, diag::err_dsl_scope_object_temporary,
        {program ? "CollectiveProgram" : "LoopIterationContext",
         program ? "the program would end before any op is recorded"
                 : "the pipeline would hold no op",
         program ? "program" : "loop"});
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnonnull"
llvm::ArrayRef<CXXBaseSpecifier> directBases(const CXXRecordDecl *rd) {
  return {rd->bases_begin(), rd->bases_end()};
}
#pragma GCC diagnostic pop

void Evaluator::declareDecomposition(const DecompositionDecl *dd) {
  if (bindMinmaxReferences(dd))
    return;
  Frame &f = *frames_.back();
  const Expr *init = dd->getInit();
  Value *whole;
  bool byRef = false;
  if (dd->getType()->isReferenceType() && init->isGLValue()) {
    whole = evalObject(init);
    byRef = !isTemporary(whole);
    if (!byRef)
      whole = declaredSlot(f, dd, Value(*whole), dd->getLocation());
  } else {
    whole = declaredSlot(f, dd, eval(init), dd->getLocation());
  }
  whole->expandChunk();
  if (whole->kind != Value::Kind::Agg)
    error(dd->getLocation(), diag::err_eval_binding_type);
  // C++ binds the fields of the one class that declares them all: the
  // struct itself (after its base subobjects, which have no fields) or
  // one of its bases.
  Value *holder = whole;
  size_t first = 0;
  std::function<bool(const CXXRecordDecl *)> hasFields =
      [&](const CXXRecordDecl *rd) {
        if (!rd->field_empty())
          return true;
        for (const CXXBaseSpecifier &b : directBases(rd))
          if (const auto *brd = b.getType()->getAsCXXRecordDecl();
              brd && hasFields(brd))
            return true;
        return false;
      };
  while (holder->record && baseSlots(holder->record) > 0) {
    const auto *rd = cast<CXXRecordDecl>(holder->record);
    if (!rd->field_empty()) {
      first = rd->getNumBases();
      break;
    }
    size_t i = 0;
    for (const CXXBaseSpecifier &b : directBases(rd)) {
      if (const auto *brd = b.getType()->getAsCXXRecordDecl();
          brd && hasFields(brd))
        break;
      ++i;
    }
    if (i >= holder->elems().size())
      break;
    holder = &holder->elems()[i];
  }
  auto bindings = dd->bindings();
  if (first + bindings.size() != holder->elems().size())
    error(dd->getLocation(), diag::err_eval_binding_count);
  if (byRef) {
    // Expanding an inline chunk replaced its storage: nothing referred to
    // its (scalar) fields before.
    for (size_t i = 0; i < bindings.size(); ++i)
      bindReference(f, bindings[i], &holder->elems()[first + i]);
    bindReference(f, dd, whole);
    return;
  }
  for (size_t i = 0; i < bindings.size(); ++i)
    f.vars[bindings[i]] = &holder->elems()[first + i];
  f.vars[dd] = whole;
}

void Evaluator::finishScopeObject(const VarDecl *vd) {
  const auto *rd = vd->getType()->getAsCXXRecordDecl();
  if (!rd)
    return;
  std::optional<DslScopeEnd> end = findDslScopeEnd(classifyDsl(rd));
  if (!end)
    return;
  switch (*end) {
  case DslScopeEnd::EndPipeline:
    builder_.endLoop();
    break;
  case DslScopeEnd::EndProgram:
    if (builder_.programActive())
      builder_.endProgram();
    break;
  }
}

// ----------------------------------------------------------- statements --

} // namespace mscclc::frontend
