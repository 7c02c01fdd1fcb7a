//===- Iterators.cpp - iterators as values --------------------------------===//
//
// `auto it = v.begin();`, `auto it = m.find(k);`, the classic
// `for (auto it = c.begin(); it != c.end(); ++it)`, `it = v.erase(it)`:
// iterators of std::vector (and its reverse iterators), std::map and
// std::set are values that variables, parameters and containers hold.
//
// An iterator value never holds a pointer to its container. It names a
// record: one iterating Borrow per container, shared by every iterator
// into it. Whatever C++ says invalidates a container's iterators (a
// vector's size change, clear, assignment, the container's destruction or
// move) marks that borrow dangling (Lifetimes.cpp), and the next use of
// any iterator into it is a located error naming the operation. A vector
// iterator is a position; a map or set iterator holds its entry's key and
// finds the entry again at each use, so erasing other entries keeps it
// valid, as in C++, and using it after its own entry was erased is an
// error.
//
// Positions written in the call that takes them (`v.begin() + k`,
// `std::find(...) - v.begin()`) stay what they were (StdAlgorithms.cpp):
// an iterator variable is one more kind of start for such a position.
//
//===----------------------------------------------------------------------===//

#include "Evaluator.h"

#include "clang/AST/DeclTemplate.h"

namespace mscclc::frontend {

using namespace clang;

namespace {

const ClassTemplateSpecializationDecl *specialisation(QualType t) {
  if (t.isNull())
    return nullptr;
  return dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      t.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl());
}

// Whether `rd` is declared in namespace std or libstdc++'s __gnu_cxx.
bool inLibraryNamespace(const Decl *d) {
  for (const DeclContext *dc = d->getDeclContext(); dc; dc = dc->getParent())
    if (const auto *ns = dyn_cast<NamespaceDecl>(dc);
        ns && ns->getIdentifier() &&
        (ns->getName() == "std" || ns->getName() == "__gnu_cxx"))
      return true;
  return false;
}

QualType templateArg(const ClassTemplateSpecializationDecl *sd, unsigned i) {
  if (!sd || sd->getTemplateArgs().size() <= i ||
      sd->getTemplateArgs()[i].getKind() != TemplateArgument::Type)
    return {};
  return sd->getTemplateArgs()[i].getAsType();
}

} // namespace

Evaluator::IterKind Evaluator::iteratorKind(QualType t) {
  // Asked of most calls' and constructions' types: scalars answer at once,
  // classes from a cache.
  if (t.isNull())
    return IterKind::None;
  const Type *key = t.getNonReferenceType().getCanonicalType().getTypePtr();
  // The classes below are all named _... or reverse_iterator.
  const auto *rd = key->getAsCXXRecordDecl();
  if (!rd || !rd->getIdentifier())
    return IterKind::None;
  llvm::StringRef name = rd->getName();
  if (name.empty() || (name[0] != '_' && name[0] != 'r'))
    return IterKind::None;
  if (key == lastIterType_)
    return lastIterKind_;
  IterKind kind;
  if (auto known = iterKinds_.find(key); known != iterKinds_.end()) {
    kind = known->second;
  } else {
    kind = classifyIterator(t);
    iterKinds_[key] = kind;
  }
  lastIterType_ = key;
  lastIterKind_ = kind;
  return kind;
}

Evaluator::IterKind Evaluator::classifyIterator(QualType t) {
  const auto *sd = specialisation(t);
  if (!sd || !sd->getIdentifier() || !inLibraryNamespace(sd))
    return IterKind::None;
  llvm::StringRef n = sd->getName();
  if (n == "__normal_iterator") {
    QualType c = templateArg(sd, 1);
    const CXXRecordDecl *crd =
        c.isNull() ? nullptr : c.getCanonicalType()->getAsCXXRecordDecl();
    return crd && classifyStd(crd) == StdClass::Vector ? IterKind::Sequence
                                                       : IterKind::None;
  }
  if (n == "reverse_iterator") {
    IterKind base = iteratorKind(templateArg(sd, 0));
    return base == IterKind::Sequence || base == IterKind::Tree
               ? IterKind::Reverse
               : IterKind::None;
  }
  if (n == "_Rb_tree_iterator" || n == "_Rb_tree_const_iterator")
    return IterKind::Tree;
  return IterKind::None;
}

bool Evaluator::calleeUsesIterators(const FunctionDecl *fd) {
  if (auto known = iteratorCallees_.find(fd); known != iteratorCallees_.end())
    return known->second;
  bool uses = iteratorKind(fd->getReturnType()) != IterKind::None;
  if (const auto *md = dyn_cast<CXXMethodDecl>(fd))
    uses = uses || iteratorKind(QualType(md->getParent()->getTypeForDecl(),
                                         0)) != IterKind::None;
  for (const ParmVarDecl *p : fd->parameters())
    uses = uses || iteratorKind(p->getType()) != IterKind::None;
  iteratorCallees_[fd] = uses;
  return uses;
}

QualType Evaluator::iteratorContainerType(QualType t) {
  const auto *sd = specialisation(t);
  if (sd && sd->getIdentifier() && sd->getName() == "reverse_iterator")
    sd = specialisation(templateArg(sd, 0));
  return templateArg(sd, 1);
}

// ----------------------------------------------------------- records --

size_t Evaluator::iterRecord(Value *container, LazyLoc loc) {
  if (auto known = iterRecordOf_.find(container);
      known != iterRecordOf_.end()) {
    const IterRecord &r = iterRecords_[known->second];
    if (r.borrow && !r.borrow->dangling && r.borrow->target == container)
      return known->second;
  }
  // A lambda's captured copies go with the closure, which no borrow
  // follows.
  for (const auto &f : frames_)
    if (f->closure)
      for (const auto &[vd, slot] : f->closure->byCopy)
        if (within(*slot, container))
          error(loc, diag::err_eval_iterator_captured);
  // Invalidated records keep only their cause, so that the borrow list
  // (walked by every change of a container) holds live ones alone.
  if (liveIterRecords_.size() >= 16) {
    llvm::erase_if(liveIterRecords_, [&](size_t id) {
      IterRecord &r = iterRecords_[id];
      if (!r.borrow->dangling)
        return false;
      r.dangling = r.borrow->dangling;
      r.borrow.reset();
      return true;
    });
  }
  size_t id = iterRecords_.size();
  IterRecord &r = iterRecords_.emplace_back();
  r.borrow = std::make_unique<Borrow>(*this, container, /*iterating=*/true);
  liveIterRecords_.push_back(id);
  iterRecordOf_[container] = id;
  for (size_t slot = 0; slot < tempTop_; ++slot)
    if (within(temps_[slot], container)) {
      r.tempSlot = slot;
      tempIterRecords_.push_back(id);
      break;
    }
  return id;
}

void Evaluator::endIteratorsInto(const Value &v, LazyLoc loc) {
  for (size_t id : liveIterRecords_) {
    IterRecord &r = iterRecords_[id];
    if (r.borrow && !r.borrow->dangling && within(v, r.borrow->target))
      kill(*r.borrow, "the end of its scope", loc);
  }
}

void Evaluator::popFrame(std::unique_ptr<Frame> *keep) {
  if (!liveIterRecords_.empty()) {
    const Frame &f = *frames_.back();
    for (const auto &owned : f.owned)
      endIteratorsInto(*owned, LazyLoc(current_));
  } else if (keep) {
    *keep = std::move(frames_.back());
  }
  frames_.pop_back();
}

void Evaluator::endTemporaryIterators(size_t from) {
  llvm::erase_if(tempIterRecords_, [&](size_t id) {
    IterRecord &r = iterRecords_[id];
    if (r.tempSlot < from)
      return false;
    if (r.borrow)
      kill(*r.borrow, "the end of the full-expression", LazyLoc(current_));
    return true;
  });
}

Value Evaluator::makeIterator(Value *container, size_t index, uint8_t flags,
                              const Value *entry, LazyLoc loc) {
  Value it;
  it.kind = Value::Kind::Iter;
  it.chunkType = flags;
  it.i = int64_t(index);
  it.chunkSize = int64_t(iterRecord(container, loc));
  if (flags & IterTree) {
    if (entry)
      it.elems().push_back(entry->elems()[0]);
    else
      it.chunkType |= IterEnd;
  }
  return it;
}

Value *Evaluator::iteratorContainer(const Value &it, LazyLoc loc) {
  if (it.kind != Value::Kind::Iter)
    error(loc, diag::err_eval_uninitialised);
  const IterRecord &r = iterRecords_[size_t(it.chunkSize)];
  // A temporary container lives to the end of its full-expression: while
  // its slot is below the top, which pops at that end.
  if (r.tempSlot != SIZE_MAX && r.tempSlot >= tempTop_)
    error(loc, diag::err_eval_iterator_temporary);
  size_t dangling = r.borrow ? r.borrow->dangling : r.dangling;
  if (dangling) {
    const DanglingCause &c = danglings_[dangling - 1];
    resetCallNotes();
    throwDiagnostic(c.operation == MoveOperation
                        ? diag::err_eval_iterator_after_move
                        : diag::err_eval_iterator_invalidated,
                    irLoc(loc), {c.operation},
                    {makeNote(diag::note_eval_invalidated_here, irLoc(c.at),
                              {c.operation})});
  }
  return const_cast<Value *>(r.borrow->target);
}

MapStore::iterator Evaluator::treePosition(const Value &it, Value &map,
                                           LazyLoc loc) {
  if (it.chunkType & IterEnd)
    return map.map()->end();
  auto at = map.map()->find(MapKey{it.elems()[0]});
  if (at == map.map()->end())
    error(loc, diag::err_eval_iterator_erased);
  return at;
}

Value *Evaluator::iteratorElement(const Value &it, LazyLoc loc) {
  Value *c = iteratorContainer(it, loc);
  if (it.chunkType & IterTree) {
    if (c->kind != Value::Kind::Map)
      error(loc, diag::err_eval_uninitialised);
    auto at = treePosition(it, *c, loc);
    // A reverse iterator reads the entry before its base().
    if (it.chunkType & IterReverse) {
      if (at == c->map()->begin())
        error(loc, diag::err_std_iterator_deref_end);
      --at;
    } else if (at == c->map()->end()) {
      error(loc, diag::err_std_iterator_deref_end);
    }
    Value &entry = mutableEntry(*at);
    // A set's entries are (element, void): its iterators see the element.
    return it.chunkType & IterSet ? &entry.elems()[0] : &entry;
  }
  if (c->kind != Value::Kind::Agg)
    error(loc, diag::err_eval_uninitialised);
  size_t size = c->elems().size();
  bool reverse = it.chunkType & IterReverse;
  if (reverse ? it.i <= 0 || size_t(it.i) > size : size_t(it.i) >= size)
    error(loc, diag::err_std_iterator_deref_end);
  return &c->elems()[size_t(reverse ? it.i - 1 : it.i)];
}

void Evaluator::advanceIterator(Value &it, __int128 n, LazyLoc loc) {
  Value *c = iteratorContainer(it, loc);
  if (!(it.chunkType & IterTree)) {
    if (c->kind != Value::Kind::Agg)
      error(loc, diag::err_eval_uninitialised);
    size_t size = c->elems().size();
    __int128 at = __int128(it.i) + ((it.chunkType & IterReverse) ? -n : n);
    if (at < 0 || at > __int128(size)) {
      // Where the (reverse) iterator would be, counted from its begin().
      __int128 shown = (it.chunkType & IterReverse) ? __int128(size) - at : at;
      error(
          loc, diag::err_std_iterator_outside,
          {describeValue(Value::makeInt(int64_t(shown < INT64_MIN   ? INT64_MIN
                                                : shown > INT64_MAX ? INT64_MAX
                                                                    : shown))),
           size});
    }
    it.i = int64_t(at);
    return;
  }
  if (c->kind != Value::Kind::Map)
    error(loc, diag::err_eval_uninitialised);
  if (it.chunkType & IterReverse)
    n = -n; // its base() moves the other way
  MapStore &store = *c->map();
  auto at = treePosition(it, *c, loc);
  // A tree iterator walks one entry at a time; a walk longer than the
  // container leaves it.
  if (n > __int128(store.size()) || -n > __int128(store.size()))
    error(loc, diag::err_eval_iterator_past_end,
          {std::string(n > 0 ? "past end()" : "before begin()")});
  for (; n > 0; --n) {
    if (at == store.end())
      error(loc, diag::err_eval_iterator_past_end, {"past end()"});
    ++at;
  }
  for (; n < 0; ++n) {
    if (at == store.begin())
      error(loc, diag::err_eval_iterator_past_end, {"before begin()"});
    --at;
  }
  it.elems().clear();
  it.chunkType &= uint8_t(~IterEnd);
  if (at == store.end())
    it.chunkType |= IterEnd;
  else
    it.elems().push_back(at->elems()[0]);
}

Value *Evaluator::positionContainer(const IteratorPosition &pos) {
  if (!pos.iterator)
    return evalObject(pos.container);
  LazyLoc loc(pos.iterator);
  Value it = eval(pos.iterator);
  if (it.kind != Value::Kind::Iter || (it.chunkType & IterTree))
    error(loc, diag::err_eval_uninitialised);
  Value *c = iteratorContainer(it, loc);
  pos.iteratorIndex = size_t(it.i);
  return c;
}

// ------------------------------------------------------ making them --

bool Evaluator::tryIteratorValue(const CallExpr *call, Value &result) {
  IterKind kind = iteratorKind(call->getType());
  if (kind == IterKind::None)
    return false;
  LazyLoc loc(call);
  const FunctionDecl *fd = call->getDirectCallee();
  llvm::StringRef name =
      fd && fd->getIdentifier() ? fd->getName() : llvm::StringRef();
  if (kind == IterKind::Sequence) {
    // begin(), end(), std::find(...), std::next(it, k), it + k, ...: the
    // position such an expression names. A call the position stands for
    // itself (v.erase(it), a user function) is evaluated as a call.
    IteratorPosition pos;
    if (!parseIteratorPosition(call, pos) || pos.iterator == call)
      return false;
    Value *c = positionContainer(pos);
    Borrow keep(*this, c, /*iterating=*/true);
    if (c->kind != Value::Kind::Agg)
      error(loc, diag::err_eval_uninitialised);
    size_t i = resolveIteratorPosition(pos, c->elems().size(), call);
    if (keep.dangling)
      invalidatedDuringUse(keep, diag::err_eval_object_invalidated, loc);
    result = makeIterator(c, i, 0, nullptr, loc);
    return true;
  }
  if ((name == "next" || name == "prev") && fd->isInStdNamespace() &&
      call->getNumArgs() >= 1) {
    __int128 steps = 1;
    Value it = eval(call->getArg(0));
    if (call->getNumArgs() == 2 && !isa<CXXDefaultArgExpr>(call->getArg(1))) {
      Value n = eval(call->getArg(1));
      if (n.kind != Value::Kind::Int)
        error(call->getArg(1), diag::err_std_index_type);
      steps = n.wide();
    }
    advanceIterator(it, name == "next" ? steps : -steps, loc);
    result = std::move(it);
    return true;
  }
  // begin() and end() and their kin, find, lower_bound, upper_bound.
  const Expr *objE = nullptr;
  llvm::SmallVector<const Expr *, 1> args;
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(call)) {
    objE = mc->getImplicitObjectArgument();
    args.append(mc->arg_begin(), mc->arg_end());
  } else if (fd && fd->isInStdNamespace() && call->getNumArgs() == 1 &&
             !isa<CXXOperatorCallExpr>(call)) {
    objE = call->getArg(0); // std::begin(c), std::rbegin(c), ...
  }
  if (!objE)
    return false;
  const CXXRecordDecl *rd = objE->getType()
                                .getNonReferenceType()
                                .getCanonicalType()
                                ->getAsCXXRecordDecl();
  StdClass cls = classifyStd(rd);
  bool first = name == "begin" || name == "cbegin" || name == "rbegin" ||
               name == "crbegin";
  bool last =
      name == "end" || name == "cend" || name == "rend" || name == "crend";
  if (kind == IterKind::Reverse && cls != StdClass::Vector) {
    // A map's or set's reverse iterator: rbegin() is end() as its base().
    if ((!first && !last) || (cls != StdClass::Map && cls != StdClass::Set))
      return false;
    if (isUnorderedContainer(rd))
      error(loc, diag::err_eval_unordered_iteration,
            {rd->getName().str(), cls == StdClass::Map ? "map" : "set"});
    Value *c = evalObject(objE);
    if (c->kind != Value::Kind::Map)
      error(loc, diag::err_eval_uninitialised);
    MapStore &store = *c->map();
    result = makeIterator(
        c, 0, IterTree | IterReverse | (cls == StdClass::Set ? IterSet : 0),
        first || store.empty() ? nullptr : &*store.begin(), loc);
    return true;
  }
  if (kind == IterKind::Reverse) {
    if (!first && !last)
      return false;
    Value *c = evalObject(objE);
    if (c->kind != Value::Kind::Agg)
      error(loc, diag::err_eval_uninitialised);
    // A reverse iterator is its base(): rbegin() is end(), rend() begin().
    result = makeIterator(c, first ? c->elems().size() : 0, IterReverse,
                          nullptr, loc);
    return true;
  }
  if (cls != StdClass::Map && cls != StdClass::Set)
    return false;
  uint8_t flags = IterTree | (cls == StdClass::Set ? IterSet : 0);
  bool search =
      name == "find" || name == "lower_bound" || name == "upper_bound";
  if (!first && !last && !(search && args.size() == 1))
    return false;
  if (isUnorderedContainer(rd))
    error(loc, diag::err_eval_unordered_iteration,
          {rd->getName().str(), cls == StdClass::Map ? "map" : "set"});
  Value *c = evalObject(objE);
  Borrow keep(*this, c);
  Value key = search ? eval(args[0]) : Value();
  if (keep.dangling)
    invalidatedDuringUse(keep, diag::err_eval_object_invalidated, loc);
  if (c->kind != Value::Kind::Map)
    error(loc, diag::err_eval_uninitialised);
  MapStore &store = *c->map();
  MapStore::iterator at = first            ? store.begin()
                          : last           ? store.end()
                          : name == "find" ? store.find(MapKey{key})
                          : name == "lower_bound"
                              ? store.lower_bound(MapKey{key})
                              : store.upper_bound(MapKey{key});
  result = makeIterator(c, 0, flags, at == store.end() ? nullptr : &*at, loc);
  return true;
}

Value Evaluator::treeInsertionResult(Value *self, const Value &key,
                                     bool inserted, bool isSet, LazyLoc loc) {
  uint8_t flags = IterTree | (isSet ? IterSet : 0);
  auto at = self->map()->find(MapKey{key});
  ValueList pair;
  pair.push_back(makeIterator(self, 0, flags,
                              at == self->map()->end() ? nullptr : &*at, loc));
  pair.push_back(Value::makeInt(inserted));
  return Value::makeAgg(std::move(pair));
}

bool Evaluator::tryTreeMethod(Value *self, const CXXMethodDecl *md,
                              llvm::ArrayRef<const Expr *> args,
                              const CallExpr *call, Value &result) {
  if (!md->getIdentifier())
    return false;
  LazyLoc loc(call);
  bool isSet = classifyStd(md->getParent()) == StdClass::Set;
  uint8_t flags = IterTree | (isSet ? IterSet : 0);
  // Insertions whose form decides before their arguments are evaluated:
  // a vector's range taken, hint forms and the rest refused.
  if (md->getName() == "insert" && args.size() == 2 &&
      insertRange(isSet ? StdClass::Set : StdClass::Map, self, md, call)) {
    result = Value::makeVoid();
    return true;
  }
  if (!isSet && !mapInsertionForm(md, args.size())) {
    if (md->getName() == "emplace") // std::piecewise_construct
      error(loc, diag::err_std_map_insert);
    error(loc, diag::err_std_map_insert_form, {md->getName().str()});
  }
  if (md->getName() == "equal_range" && args.size() == 1) {
    // The entries with the key: none or one.
    Borrow keep(*this, self);
    Value key = eval(args[0]);
    if (keep.dangling)
      invalidatedDuringUse(keep, diag::err_eval_object_invalidated, loc);
    if (self->kind != Value::Kind::Map)
      error(loc, diag::err_eval_uninitialised);
    MapStore &store = *self->map();
    auto lo = store.lower_bound(MapKey{key});
    auto hi = store.upper_bound(MapKey{key});
    ValueList pair;
    pair.push_back(
        makeIterator(self, 0, flags, lo == store.end() ? nullptr : &*lo, loc));
    pair.push_back(
        makeIterator(self, 0, flags, hi == store.end() ? nullptr : &*hi, loc));
    result = Value::makeAgg(std::move(pair));
    return true;
  }
  if (md->getName() != "erase" || args.empty() || args.size() > 2 ||
      iteratorKind(args[0]->getType()) != IterKind::Tree)
    return false;
  Borrow keep(*this, self);
  Value first = eval(args[0]);
  Value last = args.size() == 2 ? eval(args[1]) : Value();
  if (keep.dangling)
    invalidatedDuringUse(keep, diag::err_eval_object_invalidated, loc);
  if (self->kind != Value::Kind::Map)
    error(loc, diag::err_eval_uninitialised);
  for (size_t a = 0; a < args.size(); ++a)
    if (iteratorContainer(a ? last : first, args[a]) != self)
      error(args[a], diag::err_std_iterator_other_container, {"erase"});
  MapStore &store = *self->map();
  auto from = treePosition(first, *self, args[0]);
  MapStore::iterator to;
  if (args.size() == 2) {
    to = treePosition(last, *self, args[1]);
    // [first, last) must be a range: last is reached from first.
    auto walk = from;
    while (walk != to && walk != store.end())
      ++walk;
    if (walk != to)
      error(args[1], diag::err_std_iterator_backwards, {"erase"});
  } else {
    if (from == store.end())
      error(args[0], diag::err_std_erase_end,
            {md->getParent()->getName().str()});
    to = std::next(from);
  }
  if (hasBorrows())
    for (auto e = from; e != to; ++e)
      killBorrowsWithin(*e, "erase", loc);
  store.erase(from, to);
  if (call == discardedResult_) {
    result = Value::makeVoid();
    return true;
  }
  result =
      makeIterator(self, 0, flags, to == store.end() ? nullptr : &*to, loc);
  return true;
}

// ------------------------------------------------------- using them --

bool Evaluator::tryIteratorObjectOperator(const CXXOperatorCallExpr *oc,
                                          Value &result, Value **lvalueResult) {
  if (oc->getNumArgs() == 0)
    return false;
  IterKind kind = iteratorKind(oc->getArg(0)->getType());
  OverloadedOperatorKind op = oc->getOperator();
  if (kind == IterKind::None) {
    // k + it
    if (op == OO_Plus && oc->getNumArgs() == 2 &&
        iteratorKind(oc->getArg(1)->getType()) == IterKind::Reverse) {
      Value n = eval(oc->getArg(0));
      Value it = eval(oc->getArg(1));
      if (n.kind != Value::Kind::Int)
        error(oc->getArg(0), diag::err_std_index_type);
      advanceIterator(it, n.wide(), oc);
      result = std::move(it);
      return true;
    }
    return false;
  }
  LazyLoc loc(oc);
  auto requireIterator = [&](const Value &v) {
    if (v.kind != Value::Kind::Iter)
      error(loc, diag::err_eval_uninitialised);
  };
  auto offset = [&](const Expr *e) {
    Value n = eval(e);
    if (n.kind != Value::Kind::Int)
      error(e, diag::err_std_index_type);
    return n.wide();
  };
  switch (op) {
  case OO_PlusPlus:
  case OO_MinusMinus: {
    Value *slot = evalLValue(oc->getArg(0));
    requireIterator(*slot);
    int d = op == OO_PlusPlus ? 1 : -1;
    if (oc->getNumArgs() == 1) { // ++it
      advanceIterator(*slot, d, loc);
      *lvalueResult = slot;
    } else { // it++
      result = *slot;
      advanceIterator(*slot, d, loc);
    }
    return true;
  }
  case OO_PlusEqual:
  case OO_MinusEqual: {
    if (kind == IterKind::Tree)
      break;
    __int128 n = offset(oc->getArg(1));
    Value *slot = evalLValue(oc->getArg(0));
    requireIterator(*slot);
    advanceIterator(*slot, op == OO_PlusEqual ? n : -n, loc);
    *lvalueResult = slot;
    return true;
  }
  case OO_Equal: {
    Value rhs = eval(oc->getArg(1));
    requireIterator(rhs);
    Value *slot = evalLValue(oc->getArg(0));
    *slot = std::move(rhs);
    *lvalueResult = slot;
    return true;
  }
  case OO_Star:
    if (kind == IterKind::Sequence)
      return false; // a position (tryIteratorOperator)
    [[fallthrough]];
  case OO_Arrow:
  case OO_Subscript: {
    if (op == OO_Subscript && kind == IterKind::Tree)
      break;
    if (kind == IterKind::Sequence) {
      // it->field, it[k]: the element at the position, as for `*`.
      IteratorPosition pos;
      if (!parseIteratorPosition(oc->getArg(0), pos))
        return false;
      if (op == OO_Subscript)
        pos.steps.push_back({oc->getArg(1), 1});
      Value *c = positionContainer(pos);
      Borrow keep(*this, c);
      size_t size = c->kind == Value::Kind::Agg ? c->elems().size() : 0;
      size_t i = resolveIteratorPosition(
          pos, size, op == OO_Subscript ? oc->getArg(1) : oc->getArg(0));
      if (keep.dangling)
        invalidatedDuringUse(keep, diag::err_eval_object_invalidated, loc);
      if (i >= c->elems().size())
        error(loc, diag::err_std_iterator_deref_end);
      *lvalueResult = &c->elems()[i];
      return true;
    }
    Value it = eval(oc->getArg(0));
    requireIterator(it);
    if (op == OO_Subscript)
      advanceIterator(it, offset(oc->getArg(1)), loc);
    *lvalueResult = iteratorElement(it, loc);
    return true;
  }
  case OO_Plus:
  case OO_Minus: {
    if (kind == IterKind::Sequence)
      return false; // a position, or the difference of two
    if (kind != IterKind::Reverse || oc->getNumArgs() != 2)
      break;
    if (iteratorKind(oc->getArg(1)->getType()) == IterKind::Reverse) {
      if (op != OO_Minus)
        break;
      Value a = eval(oc->getArg(0)), b = eval(oc->getArg(1));
      if (iteratorContainer(a, loc) != iteratorContainer(b, loc))
        error(loc, diag::err_std_iterator_compare_containers);
      // Reverse positions count from the end.
      result =
          makeTyped(__int128(b.i) - __int128(a.i), oc->getType(), loc, false);
      return true;
    }
    Value it = eval(oc->getArg(0));
    __int128 n = offset(oc->getArg(1));
    advanceIterator(it, op == OO_Plus ? n : -n, loc);
    result = std::move(it);
    return true;
  }
  case OO_EqualEqual:
  case OO_ExclaimEqual:
  case OO_Less:
  case OO_LessEqual:
  case OO_Greater:
  case OO_GreaterEqual:
    if (oc->getNumArgs() != 2)
      break;
    result = compareIterators(BinaryOperator::getOverloadedOpcode(op),
                              oc->getArg(0), oc->getArg(1), loc);
    return true;
  default:
    break;
  }
  error(loc, diag::err_eval_iterator_unsupported,
        {std::string(getOperatorSpelling(op))});
}

Value Evaluator::compareIterators(BinaryOperatorKind op, const Expr *l,
                                  const Expr *r, LazyLoc loc) {
  IterKind kind = iteratorKind(l->getType());
  if (kind == IterKind::Sequence &&
      iteratorKind(r->getType()) == IterKind::Sequence) {
    // Positions, as `it - v.begin()` is one.
    Value result;
    if (iteratorDifference(l, r, op, {}, loc, result))
      return result;
  }
  Value a = eval(l);
  Value b = eval(r);
  if (a.kind != Value::Kind::Iter || b.kind != Value::Kind::Iter)
    error(loc, diag::err_eval_uninitialised);
  if ((a.chunkType & IterTree) && op != BO_EQ && op != BO_NE)
    error(loc, diag::err_eval_iterator_unsupported,
          {std::string(BinaryOperator::getOpcodeStr(op))});
  Value *ca = iteratorContainer(a, l), *cb = iteratorContainer(b, r);
  if (ca != cb)
    error(loc, diag::err_eval_iterator_two_containers);
  int c;
  if (a.chunkType & IterTree) {
    bool aEnd = a.chunkType & IterEnd, bEnd = b.chunkType & IterEnd;
    c = aEnd || bEnd ? (aEnd == bEnd ? 0 : 1)
                     : compareValues(a.elems()[0], b.elems()[0]) != 0;
  } else {
    // A reverse iterator's order is its base()'s, reversed.
    __int128 x = a.i, y = b.i;
    if (a.chunkType & IterReverse)
      std::swap(x, y);
    c = x < y ? -1 : x > y ? 1 : 0;
  }
  return Value::makeInt(comparisonHolds(op, c));
}

// std::advance(it, n), std::distance(first, last) on any iterator.
bool Evaluator::tryIteratorFunction(const CallExpr *call, llvm::StringRef name,
                                    Value &result) {
  if (call->getNumArgs() != 2 ||
      iteratorKind(call->getArg(0)->getType()) == IterKind::None)
    return false;
  LazyLoc loc(call);
  if (name == "advance") {
    Value n = eval(call->getArg(1));
    if (n.kind != Value::Kind::Int)
      error(call->getArg(1), diag::err_std_index_type);
    Value *slot = evalLValue(call->getArg(0));
    if (slot->kind != Value::Kind::Iter)
      error(loc, diag::err_eval_uninitialised);
    advanceIterator(*slot, n.wide(), loc);
    result = Value::makeVoid();
    return true;
  }
  if (name != "distance")
    return false;
  Value a = eval(call->getArg(0));
  Value b = eval(call->getArg(1));
  if (a.kind != Value::Kind::Iter || b.kind != Value::Kind::Iter)
    error(loc, diag::err_eval_uninitialised);
  if (iteratorContainer(a, loc) != iteratorContainer(b, loc))
    error(loc, diag::err_std_iterator_compare_containers);
  if (!(a.chunkType & IterTree)) {
    __int128 d =
        (a.chunkType & IterReverse) ? __int128(a.i) - b.i : __int128(b.i) - a.i;
    result = makeTyped(d, call->getType(), loc, false);
    return true;
  }
  // A map's or set's: the steps from first to last (reverse ones walk
  // their bases from last to first).
  Value *c = iteratorContainer(a, loc);
  bool reverse = a.chunkType & IterReverse;
  auto at = treePosition(reverse ? b : a, *c, call->getArg(0));
  auto to = treePosition(reverse ? a : b, *c, call->getArg(1));
  int64_t d = 0;
  for (; at != to; ++at, ++d)
    if (at == c->map()->end())
      error(loc, diag::err_std_iterator_backwards, {"std::distance"});
  result = makeTyped(d, call->getType(), loc, false);
  return true;
}

// ----------------------------------- algorithms over walked ranges --

// The read-only algorithms over a range of map, set or reverse iterators:
// the elements are walked from `first` to `last` into a copy, which the
// algorithm reads (as it would a vector's); a search gives the iterator
// `first` moved to what it found.
bool Evaluator::tryWalkedRangeAlgorithm(const CallExpr *call,
                                        llvm::StringRef name, Value &result) {
  if (call->getNumArgs() < 2)
    return false;
  IterKind kind = iteratorKind(call->getArg(0)->getType());
  if (kind != IterKind::Tree && kind != IterKind::Reverse)
    return false;
  bool search = name == "find" || name == "find_if" || name == "min_element" ||
                name == "max_element";
  bool reading = name == "count" || name == "count_if" || name == "any_of" ||
                 name == "all_of" || name == "none_of" || name == "accumulate";
  LazyLoc loc(call);
  if (!search && !reading)
    error(loc, diag::err_eval_iterator_unsupported, {"std::" + name.str()});
  Value first = eval(call->getArg(0));
  Value last = eval(call->getArg(1));
  if (first.kind != Value::Kind::Iter || last.kind != Value::Kind::Iter)
    error(loc, diag::err_eval_uninitialised);
  Value *c = iteratorContainer(first, call->getArg(0));
  if (iteratorContainer(last, call->getArg(1)) != c)
    error(loc, diag::err_std_iterator_two_containers, {name.str()});
  // The element type: a tree iterator's value_type is its template
  // argument; a reverse iterator's is its base iterator's.
  const auto *sd = specialisation(call->getArg(0)->getType());
  if (kind == IterKind::Reverse)
    sd = specialisation(templateArg(sd, 0));
  QualType elem;
  if (sd && sd->getIdentifier() && sd->getName() == "__normal_iterator") {
    QualType container = templateArg(sd, 1);
    if (!container.isNull())
      elem = templateArgType(container->getAsCXXRecordDecl(), 0);
  } else {
    elem = templateArg(sd, 0);
  }
  auto at = [&](const Value &a, const Value &b) {
    return (a.chunkType & IterEnd) == (b.chunkType & IterEnd) &&
           ((a.chunkType & IterTree)
                ? ((a.chunkType & IterEnd) ||
                   compareValues(a.elems()[0], b.elems()[0]) == 0)
                : a.i == b.i);
  };
  ValueList elems;
  for (Value walk = first; !at(walk, last); advanceIterator(walk, 1, loc)) {
    step(call);
    elems.push_back(*iteratorElement(walk, loc));
  }
  Value part = Value::makeAgg(std::move(elems));
  if (reading) {
    llvm::ArrayRef<const Expr *> rest(call->getArgs() + 2,
                                      call->getNumArgs() - 2);
    result = rangeAlgorithm(name, part, elem, rest, call);
    return true;
  }
  if ((name == "min_element" || name == "max_element") &&
      call->getNumArgs() <= 2)
    error(loc, diag::err_eval_iterator_unsupported,
          {"std::" + name.str() + " without a comparator"});
  ValueList &copy = part.elems();
  size_t found = searchCopy(
      llvm::ArrayRef(call->getArgs(), call->getNumArgs()).drop_front(2), loc,
      name, copy, elem);
  // The container may have changed under a predicate: the iterators say.
  iteratorContainer(first, call->getArg(0));
  if (found == copy.size()) {
    result = std::move(last);
    return true;
  }
  advanceIterator(first, __int128(found), loc);
  result = std::move(first);
  return true;
}

} // namespace mscclc::frontend
