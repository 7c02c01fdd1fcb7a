//===- Lifetimes.cpp - references that outlive what they refer to --------===//
//
// The evaluator gives references C++ meaning by pointing at the Value they
// name. Containers move and destroy Values (a vector reallocating on
// push_back, erase, clear, assignment), so any pointer kept across
// evaluation steps is a Borrow: every operation that destroys or moves
// Values marks the borrows into them dangling first, following C++'s
// invalidation rules, and the next use of a dangling borrow is a located
// error. Nothing ever reads through a pointer to a destroyed Value.
//
// Lambdas capturing by reference do not hold pointers: they name the
// variable's frame (by serial number) and declaration, resolved at call
// time, so a lambda that outlives the variable is an error too.
//
// A move leaves its source as libstdc++ leaves it (a vector empty, a
// struct moved member by member): programs refill a vector they moved
// from and count on it starting empty.
//
//===----------------------------------------------------------------------===//

#include "Evaluator.h"

#include "llvm/ADT/SmallPtrSet.h"

#include <functional>

namespace mscclc::frontend {

using namespace clang;

Evaluator::Borrow::Borrow(Evaluator &ev, const Value *t, bool it)
    : target(t), iterating(it) {
  Borrow &head = ev.borrows_;
  if (&head == this) {
    prev = next = this;
    return;
  }
  prev = &head;
  next = head.next;
  head.next->prev = this;
  head.next = this;
}

Evaluator::Borrow::~Borrow() {
  prev->next = next;
  next->prev = prev;
}

Evaluator::Frame *Evaluator::frameBySerial(uint64_t serial) {
  // Frames are pushed in serial order.
  auto it = std::lower_bound(frames_.begin(), frames_.end(), serial,
                             [](const std::unique_ptr<Frame> &f, uint64_t s) {
                               return f->serial < s;
                             });
  return it != frames_.end() && (*it)->serial == serial ? it->get() : nullptr;
}

void Evaluator::bindReference(Frame &f, const ValueDecl *d, Value *target) {
  auto &b = f.refs[d];
  if (!b) {
    b = std::make_unique<Borrow>(*this, target);
    b->frame = &f;
    b->decl = d;
  } else {
    // Bound again (a loop's reference, declared anew each iteration): a
    // lambda that captured the earlier binding by reference names an
    // ended declaration, not this binding's object.
    ++f.redeclared[d];
    b->retarget(target);
  }
  f.vars[d] = target;
}

RefCapture Evaluator::captureByReference(const ValueDecl *d) {
  Frame &f = *frames_.back();
  RefCapture c;
  c.decl = d;
  if (f.vars.count(d)) {
    capturedByReference_ = true;
    capturedByReferenceDecls_.insert(d);
    c.frameSerial = f.serial;
    c.generation = f.redeclared.lookup(d);
    return c;
  }
  if (f.closure) {
    // Captured by the enclosing lambda: by reference names the same
    // variable; by copy names the enclosing closure's member.
    for (const RefCapture &outer : f.closure->byRef)
      if (outer.spelledAs() == d)
        return outer;
    for (const auto &[vd, slot] : f.closure->byCopy)
      if (vd == d) {
        c.holder = f.closure;
        c.member = slot.get();
        return c;
      }
  }
  return c;
}

RefCapture Evaluator::captureInitReference(const VarDecl *capture) {
  // `[&r = x]`: r is another name for the variable x (C++ binds r to x's
  // object). Anything but a variable (`[&r = v[i]]`, a member) is refused:
  // mscclc names captured variables by frame, never by pointer, and has
  // no such name for an element.
  const Expr *init = capture->getInit()->IgnoreParenImpCasts();
  if (const auto *cleanups = dyn_cast<ExprWithCleanups>(init))
    init = cleanups->getSubExpr()->IgnoreParenImpCasts();
  const auto *ref = dyn_cast<DeclRefExpr>(init);
  const ValueDecl *target = ref ? ref->getDecl() : nullptr;
  if (target && (isa<VarDecl>(target) || isa<BindingDecl>(target))) {
    Value *slot = lookup(target, ref); // a dangling one is reported here
    RefCapture c = captureByReference(target);
    if (!c.frameSerial && !c.member)
      if (const auto *var = dyn_cast<VarDecl>(target);
          var && !var->hasLocalStorage())
        c.member = slot; // a global or static constant: stored for good
    if (c.frameSerial || c.member) {
      c.name = capture;
      return c;
    }
  }
  error(capture->getLocation(), diag::err_eval_init_capture_reference,
        {capture->getNameAsString()});
}

Value *Evaluator::resolveCapture(const RefCapture &c, LazyLoc loc) {
  if (c.member)
    return c.member;
  if (Frame *f = frameBySerial(c.frameSerial);
      f && f->redeclared.lookup(c.decl) == c.generation) {
    auto it = f->vars.find(c.decl);
    if (it != f->vars.end()) {
      if (it->second->kind == Value::Kind::Dangling)
        danglingUse(c.decl, *it->second, loc);
      return it->second;
    }
  }
  std::string ended = c.decl->getNameAsString();
  // A reference, or a name bound into an object by reference (auto &[a, b]).
  const auto *binding = dyn_cast<BindingDecl>(c.decl);
  const ValueDecl *declared = binding && binding->getDecomposedDecl()
                                  ? binding->getDecomposedDecl()
                                  : c.decl;
  bool reference = declared->getType()->isReferenceType();
  if (c.name)
    error(loc, diag::err_eval_init_capture_ended,
          {c.name->getNameAsString(), ended,
           reference ? " (mscclc follows a by-reference capture to the "
                       "variable, not to the object a reference names)"
                     : ""});
  if (reference)
    error(loc, diag::err_eval_capture_reference_ended, {ended});
  error(loc, diag::err_eval_capture_ended, {ended});
}

// Whether `p` is `v` or inside it (an element, a field, a map entry).
bool Evaluator::within(const Value &v, const Value *p) {
  if (&v == p)
    return true;
  if (v.kind == Value::Kind::Agg) {
    // An element itself is found by its address; only aggregates and maps
    // can hold `p` further down.
    const ValueList &elems = v.elems();
    if (!elems.empty() && p >= elems.data() && p < elems.data() + elems.size())
      return true;
    for (const Value &e : elems)
      if ((e.kind == Value::Kind::Agg || e.kind == Value::Kind::Map) &&
          within(e, p))
        return true;
  }
  if (v.kind == Value::Kind::Map)
    for (const Value &entry : *v.map())
      if (within(entry, p))
        return true;
  return false;
}

bool Evaluator::canHoldItself(const CXXRecordDecl *rd) {
  if (!rd || !rd->hasDefinition())
    return false;
  rd = rd->getDefinition();
  if (auto known = canHoldItself_.find(rd); known != canHoldItself_.end())
    return known->second;
  // Through members, bases and the type arguments of templates (a
  // std::vector<Node>, a std::map<int, Node>): more than can really hold
  // it is fine (it only costs the assignment a walk of the object).
  llvm::SmallPtrSet<const Type *, 16> seen;
  std::function<bool(QualType)> holds = [&](QualType t) {
    if (t->isReferenceType() || t->isPointerType())
      return false;
    t = t.getCanonicalType().getUnqualifiedType();
    if (!seen.insert(t.getTypePtr()).second)
      return false;
    if (const auto *arr = ctx_.getAsArrayType(t))
      return holds(arr->getElementType());
    const CXXRecordDecl *r = t->getAsCXXRecordDecl();
    if (!r)
      return false;
    if (r->getCanonicalDecl() == rd->getCanonicalDecl())
      return true;
    if (anyTemplateTypeArg(r, holds))
      return true;
    if (r->isInStdNamespace() || !r->hasDefinition())
      return false;
    for (const CXXBaseSpecifier &b : directBases(r))
      if (holds(b.getType()))
        return true;
    for (const FieldDecl *f : r->fields())
      if (holds(f->getType()))
        return true;
    return false;
  };
  bool result = false;
  for (const CXXBaseSpecifier &b : directBases(rd))
    result = result || holds(b.getType());
  for (const FieldDecl *f : rd->fields())
    result = result || holds(f->getType());
  canHoldItself_[rd] = result;
  return result;
}

// Whether an object of type `t` holds references: the evaluator keeps
// copies of what they refer to (`std::minmax(x, y)`'s pair), so a part of
// such a temporary may stand for an object that outlives it.
static bool holdsReferences(QualType t) {
  const CXXRecordDecl *rd = t.getNonReferenceType()->getAsCXXRecordDecl();
  if (!rd || !rd->hasDefinition())
    return false;
  if (rd->isInStdNamespace() && rd->getIdentifier() &&
      rd->getName() == "reference_wrapper")
    return true;
  if (Evaluator::anyTemplateTypeArg(
          rd, [](QualType a) { return a->isReferenceType(); }))
    return true;
  for (const FieldDecl *fd : rd->fields())
    if (fd->getType()->isReferenceType())
      return true;
  return false;
}

const MaterializeTemporaryExpr *
Evaluator::endedTemporary(const Value *target, size_t from,
                          const ValueDecl *extender) const {
  for (size_t k = tempTop_; k-- > from;)
    if (const MaterializeTemporaryExpr *made = tempOrigins_[k];
        made && made->getExtendingDecl() != extender &&
        within(temps_[k], target))
      return holdsReferences(made->getType()) ? nullptr : made;
  return nullptr;
}

bool Evaluator::isTemporary(const Value *p) const {
  // A temporary or a part of one (`const auto &v = make().first;`): it dies
  // with the full-expression, so a reference to it gets a copy of its own.
  for (size_t i = 0; i < tempTop_; ++i)
    if (within(temps_[i], p))
      return true;
  return false;
}

void Evaluator::kill(Borrow &b, llvm::StringRef operation, LazyLoc loc) {
  if (b.dangling)
    return;
  // A loop that ends a reference the same way at every iteration records
  // its cause, and the stand-in below, once: memory stays flat.
  clang::SourceLocation at = loc;
  if (danglings_.empty() || danglings_.back().at != at ||
      danglings_.back().operation != operation)
    danglings_.push_back({operation.str(), at});
  b.dangling = danglings_.size();
  if (b.frame && b.decl) {
    // Later lookups of the variable find a stand-in that names the cause.
    if (danglingValues_.empty() ||
        danglingValues_.back().i != int64_t(b.dangling - 1)) {
      Value &fresh = danglingValues_.emplace_back();
      fresh.kind = Value::Kind::Dangling;
      fresh.i = int64_t(b.dangling - 1);
    }
    Value &stand = danglingValues_.back();
    b.frame->vars[b.decl] = &stand;
    // The names of a structured binding refer into the object it binds:
    // when the object goes, they go (they may still point into storage
    // that moved along with it).
    if (const auto *dd = llvm::dyn_cast<DecompositionDecl>(b.decl))
      for (const BindingDecl *binding : dd->bindings())
        if (auto it = b.frame->refs.find(binding); it != b.frame->refs.end())
          kill(*it->second, operation, loc);
  }
}

void Evaluator::killBorrowsAt(const Value *begin, const Value *end,
                              llvm::StringRef operation, LazyLoc loc) {
  std::less<const Value *> lt;
  for (Borrow *b = borrows_.next; b != &borrows_; b = b->next)
    if (b->target && !lt(b->target, begin) && lt(b->target, end))
      kill(*b, operation, loc);
}

void Evaluator::retargetBorrows(const Value *oldBegin, size_t count,
                                const Value *newBegin) {
  std::less<const Value *> lt;
  for (Borrow *b = borrows_.next; b != &borrows_; b = b->next) {
    if (b->dangling || !b->target || lt(b->target, oldBegin) ||
        !lt(b->target, oldBegin + count))
      continue;
    const Value *moved = newBegin + (b->target - oldBegin);
    b->target = moved;
    if (b->frame && b->decl)
      b->frame->vars[b->decl] = const_cast<Value *>(moved);
  }
}

void Evaluator::killIterations(const Value &v, llvm::StringRef operation,
                               LazyLoc loc) {
  for (Borrow *b = borrows_.next; b != &borrows_; b = b->next)
    if (b->iterating && b->target == &v)
      kill(*b, operation, loc);
}

void Evaluator::killBorrowsWithin(const Value &v, llvm::StringRef operation,
                                  LazyLoc loc) {
  killBorrowsAt(&v, &v + 1, operation, loc);
  killContents(v, operation, loc);
}

// Elements are contiguous: one range test covers them all, and only
// elements that hold Values of their own are walked.
void Evaluator::killContents(const Value &v, llvm::StringRef operation,
                             LazyLoc loc) {
  if (v.kind == Value::Kind::Agg) {
    if (v.elems().empty())
      return;
    killBorrowsAt(v.elems().data(), v.elems().data() + v.elems().size(),
                  operation, loc);
    for (const Value &e : v.elems())
      if (e.kind == Value::Kind::Agg || e.kind == Value::Kind::Map)
        killContents(e, operation, loc);
  } else if (v.kind == Value::Kind::Map) {
    for (const Value &entry : *v.map())
      killBorrowsWithin(entry, operation, loc);
  }
}

void Evaluator::invalidateContentsSlow(const Value &v,
                                       llvm::StringRef operation, LazyLoc loc) {
  killIterations(v, operation, loc);
  killContents(v, operation, loc);
}

void Evaluator::invalidateTail(const Value &v, size_t from,
                               llvm::StringRef operation, LazyLoc loc) {
  if (!hasBorrows())
    return;
  killIterations(v, operation, loc);
  if (from >= v.elems().size())
    return;
  killBorrowsAt(v.elems().data() + from, v.elems().data() + v.elems().size(),
                operation, loc);
  for (size_t i = from; i < v.elems().size(); ++i)
    if (v.elems()[i].kind == Value::Kind::Agg ||
        v.elems()[i].kind == Value::Kind::Map)
      killContents(v.elems()[i], operation, loc);
}

void Evaluator::invalidateGrowth(const Value &v, size_t extra,
                                 llvm::StringRef operation, LazyLoc loc,
                                 QualType elem) {
  if (!hasBorrows())
    return;
  if (v.elems().size() + extra > v.elems().capacity())
    invalidateStorage(v, operation, loc, elem);
  else
    killIterations(v, operation, loc);
}

void Evaluator::invalidateStorage(const Value &v, llvm::StringRef operation,
                                  LazyLoc loc, QualType elem) {
  if (!hasBorrows())
    return;
  killIterations(v, operation, loc);
  // A reallocation moves the elements with their inline parts (what they
  // own on the heap stays put, as with C++'s move-constructed elements).
  if (v.elems().empty())
    return;
  killBorrowsAt(v.elems().data(), v.elems().data() + v.elems().size(),
                operation, loc);
  if (!elem.isNull())
    for (const Value &e : v.elems())
      killInlineParts(e, elem, operation, loc);
}

void Evaluator::killInlineParts(const Value &v, QualType t,
                                llvm::StringRef operation, LazyLoc loc) {
  if (v.kind != Value::Kind::Agg || v.elems().empty() || t.isNull())
    return;
  t = t.getNonReferenceType().getCanonicalType();
  // The type of each of v's elements, when they are inline parts.
  llvm::SmallVector<QualType, 8> parts;
  if (const auto *array = constantArrayType(t)) {
    parts.assign(v.elems().size(), array->getElementType());
  } else if (const CXXRecordDecl *rd = t->getAsCXXRecordDecl()) {
    switch (classifyStd(rd)) {
    case StdClass::Pair:
    case StdClass::Tuple:
      parts = memberTypes(rd);
      break;
    case StdClass::Array:
      parts.assign(v.elems().size(), templateArgType(rd, 0));
      break;
    case StdClass::Optional: // the value is the held object itself
      killInlineParts(v, templateArgType(rd, 0), operation, loc);
      return;
    case StdClass::None:
      if (classifyDsl(rd) != DslClass::None || !rd->hasDefinition())
        return;
      for (const CXXBaseSpecifier &b : directBases(rd))
        parts.push_back(b.getType());
      for (const FieldDecl *f : rd->fields())
        parts.push_back(f->getType());
      break;
    default: // vector, string, map, ...: their elements are on the heap
      return;
    }
  } else {
    return;
  }
  if (parts.size() != v.elems().size())
    return;
  killBorrowsAt(v.elems().data(), v.elems().data() + v.elems().size(),
                operation, loc);
  for (size_t i = 0; i < parts.size(); ++i)
    killInlineParts(v.elems()[i], parts[i], operation, loc);
}

void Evaluator::danglingUse(const ValueDecl *d, const Value &dangling,
                            LazyLoc loc) {
  const DanglingCause &c = danglings_[size_t(dangling.i)];
  resetCallNotes();
  if (c.operation == EndedTemporaryOperation)
    throwDiagnostic(
        diag::err_eval_reference_to_ended_temporary, irLoc(loc),
        {d->getNameAsString()},
        {makeNote(diag::note_eval_ended_temporary_made_here, irLoc(c.at))});
  // C++ keeps such a reference good, into the container swapped with or
  // moved to; the evaluator cannot follow it there.
  if (c.operation == SwapOperation)
    throwDiagnostic(diag::err_eval_reference_after_swap, irLoc(loc),
                    {d->getNameAsString()},
                    {makeNote(diag::note_eval_invalidated_here, irLoc(c.at),
                              {c.operation})});
  throwDiagnostic(
      c.operation == MoveOperation ? diag::err_eval_reference_after_move
                                   : diag::err_eval_dangling_reference,
      irLoc(loc), {d->getNameAsString(), c.operation},
      {makeNote(diag::note_eval_invalidated_here, irLoc(c.at), {c.operation})});
}

void Evaluator::invalidatedDuringUse(const Borrow &b, diag::ID id,
                                     LazyLoc loc) {
  const DanglingCause &c = danglings_[b.dangling - 1];
  resetCallNotes();
  throwDiagnostic(
      id, irLoc(loc), {c.operation},
      {makeNote(diag::note_eval_invalidated_here, irLoc(c.at), {c.operation})});
}

// ------------------------------------------------------------------ moves --

bool Evaluator::movesFromObject(const Expr *source, QualType into) {
  // A temporary's move leaves nothing anyone sees; a const object binds
  // to the copy constructor instead.
  if (!source->isXValue() ||
      isa<MaterializeTemporaryExpr>(source->IgnoreParens()))
    return false;
  QualType t = source->getType().getCanonicalType();
  if (t.isConstQualified())
    return false;
  const CXXRecordDecl *rd = t->getAsCXXRecordDecl();
  if (!rd || !rd->hasDefinition() || rd->isTriviallyCopyable() ||
      rd->isLambda() || classifyDsl(rd) != DslClass::None)
    return false;
  return into.isNull() ||
         into.getCanonicalType().getUnqualifiedType() == t.getUnqualifiedType();
}

Value *Evaluator::moveSource(const Expr *source) {
  // The steps are eval's: the source's node, then what names the object.
  Value *object = evalObject(source);
  if (object->kind == Value::Kind::Uninit)
    error(source->getExprLoc(), diag::err_eval_uninitialised_unnamed);
  return object;
}

Value Evaluator::moveOut(const Expr *source, bool assigned, LazyLoc loc) {
  Value *object = moveSource(source);
  chargeCopy(*object, source);
  Value moved = *object;
  leaveMovedFrom(*object, source->getType(), assigned, loc);
  return moved;
}

Value Evaluator::evalMovedLater(const Expr *a, QualType param, QualType into,
                                PendingMoves &pending, size_t slot) {
  if (param.isNull() || !param->isRValueReferenceType() ||
      !movesFromObject(a, into))
    return evalLibraryArgument(a);
  Value *object = moveSource(a);
  pending.push_back(
      {a, object, a->getType(), std::make_unique<Borrow>(*this, object), slot});
  return Value();
}

void Evaluator::checkMoveSourceKept(const PendingMove &m, LazyLoc loc) {
  if (m.keep->dangling)
    invalidatedDuringUse(*m.keep,
                         danglings_[m.keep->dangling - 1].operation ==
                                 MoveOperation
                             ? diag::err_eval_move_source_moved
                             : diag::err_eval_move_source_invalidated,
                         loc);
}

void Evaluator::finishMoves(PendingMoves &pending,
                            llvm::MutableArrayRef<Value> slots, LazyLoc loc) {
  for (PendingMove &m : pending) {
    checkMoveSourceKept(m, loc);
    m.keep.reset();
    chargeCopy(*m.source, m.arg);
    slots[m.slot] = *m.source;
    leaveMovedFrom(*m.source, m.type, /*assigned=*/false, loc);
  }
  pending.clear();
}

void Evaluator::leaveMovedFrom(Value &v, QualType t, bool assigned,
                               LazyLoc loc) {
  // Programs count on this (`cur = std::move(next);` then refilling
  // `next`): libstdc++ leaves a moved-from container empty, so a copy here
  // would record a different plan than the natively compiled program.
  t = t.getNonReferenceType().getCanonicalType();
  if (t.isConstQualified()) // a const member is copied
    return;
  if (const auto *cat = constantArrayType(t)) {
    if (v.kind == Value::Kind::Agg)
      for (Value &e : v.elems())
        leaveMovedFrom(e, cat->getElementType(), assigned, loc);
    return;
  }
  const CXXRecordDecl *rd = t->getAsCXXRecordDecl();
  if (!rd || !rd->hasDefinition() || rd->isTriviallyCopyable() ||
      rd->isLambda() || rd->isUnion())
    return;
  switch (classifyStd(rd)) {
  case StdClass::Vector:
  case StdClass::Queue:
  case StdClass::Stack:
    if (v.kind == Value::Kind::Agg) {
      invalidateContents(v, MoveOperation, loc);
      v = Value::makeAgg({});
    }
    return;
  case StdClass::Map:
  case StdClass::Set:
    if (v.kind == Value::Kind::Map) {
      invalidateContents(v, MoveOperation, loc);
      v = Value::makeMap();
    }
    return;
  case StdClass::PriorityQueue:
    // The heap goes; the comparator stays (a lambda or function object).
    if (v.kind == Value::Kind::Agg && !v.elems().empty() &&
        v.elems()[0].kind == Value::Kind::Agg) {
      invalidateContents(v.elems()[0], MoveOperation, loc);
      v.elems()[0] = Value::makeAgg({});
    }
    return;
  case StdClass::String:
    if (v.kind == Value::Kind::String)
      v = Value::makeString("");
    return;
  case StdClass::Function:
    if (v.kind == Value::Kind::Closure)
      v = Value::makeNull();
    return;
  case StdClass::Optional:
    // Still engaged, holding a moved-from value.
    if (v.kind != Value::Kind::Null)
      leaveMovedFrom(v, templateArgType(rd, 0), assigned, loc);
    return;
  case StdClass::Array:
    if (v.kind == Value::Kind::Agg)
      for (Value &e : v.elems())
        leaveMovedFrom(e, templateArgType(rd, 0), assigned, loc);
    return;
  case StdClass::Pair:
  case StdClass::Tuple: {
    llvm::SmallVector<QualType, 4> members = memberTypes(rd);
    if (v.kind == Value::Kind::Agg && v.elems().size() == members.size())
      for (size_t i = 0; i < members.size(); ++i)
        leaveMovedFrom(v.elems()[i], members[i], assigned, loc);
    return;
  }
  case StdClass::None:
    break;
  default:
    return;
  }
  if (classifyDsl(rd) != DslClass::None)
    return;
  // A struct of the program's own: its implicit move moves member by
  // member, or copies when it has none (a user-declared copy or
  // destructor suppresses it).
  if (assigned ? !rd->hasMoveAssignment() : !rd->hasMoveConstructor())
    return;
  llvm::ArrayRef<CXXBaseSpecifier> bases = directBases(rd);
  size_t fields = size_t(std::distance(rd->field_begin(), rd->field_end()));
  if (v.kind != Value::Kind::Agg || v.elems().size() != bases.size() + fields)
    return;
  size_t i = 0;
  for (const CXXBaseSpecifier &b : bases)
    leaveMovedFrom(v.elems()[i++], b.getType(), assigned, loc);
  for (const FieldDecl *fd : rd->fields()) {
    Value &member = v.elems()[i++];
    if (!fd->getType()->isReferenceType())
      leaveMovedFrom(member, fd->getType(), assigned, loc);
  }
}

} // namespace mscclc::frontend
