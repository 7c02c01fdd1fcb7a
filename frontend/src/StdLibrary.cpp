//===- StdLibrary.cpp - the supported part of the standard library -------===//
//
// The evaluator does not interpret libstdc++'s templates: calls to the
// supported std:: classes and functions (vector, array, map, pair, tuple,
// optional, string, string_view, and the free functions algorithm code
// uses) are recognised by name and implemented here with the same
// observable behaviour, including C++'s rules for which references a
// change invalidates.
//
//===----------------------------------------------------------------------===//
#include "Evaluator.h"

#include "clang/Basic/SourceManager.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>

using namespace clang;

namespace mscclc::frontend {

using clang::SourceLocation;

// -------------------------------------------------------- classification --

// The classification cache is keyed by declaration address, which a later
// compile's AST may reuse for another declaration: it is per-thread (each
// compile runs on a thread of its own) and cleared when an evaluator is
// made.
namespace {
thread_local llvm::DenseMap<const CXXRecordDecl *, Evaluator::StdClass>
    stdClassCache;

// The string literal a `const char *` argument decays from, or null: its
// decayed value ends at the first NUL, the literal itself does not.
const StringLiteral *decayedLiteral(const Expr *e) {
  const auto *decay = dyn_cast<ImplicitCastExpr>(e->IgnoreParens());
  if (!decay || decay->getCastKind() != CK_ArrayToPointerDecay)
    return nullptr;
  return dyn_cast<StringLiteral>(decay->getSubExpr()->IgnoreParens());
}
} // namespace

void Evaluator::resetClassCaches() {
  stdClassCache.clear();
  resetDslClassCache();
}

Evaluator::StdClass Evaluator::classifyStd(const CXXRecordDecl *rd) {
  auto &cache = stdClassCache;
  auto [it, inserted] = cache.try_emplace(rd, StdClass::None);
  if (inserted)
    it->second = classifyStdUncached(rd);
  return it->second;
}

bool Evaluator::isUnorderedContainer(const CXXRecordDecl *rd) {
  if (!rd || !rd->getIdentifier())
    return false;
  StdClass cls = classifyStd(rd);
  return (cls == StdClass::Map || cls == StdClass::Set) &&
         rd->getName().starts_with("unordered_");
}

Evaluator::StdClass Evaluator::classifyStdUncached(const CXXRecordDecl *rd) {
  if (!rd || !rd->isInStdNamespace() || !rd->getIdentifier())
    return StdClass::None;
  llvm::StringRef n = rd->getName();
  if (n == "vector")
    return StdClass::Vector;
  if (n == "array")
    return StdClass::Array;
  // The unordered containers hold the same entries; only their iteration
  // order (unspecified in C++) differs, and iterating them is an error.
  if (n == "map" || n == "unordered_map")
    return StdClass::Map;
  if (n == "set" || n == "unordered_set")
    return StdClass::Set;
  if (n == "pair")
    return StdClass::Pair;
  if (n == "tuple")
    return StdClass::Tuple;
  if (n == "optional")
    return StdClass::Optional;
  // Strings of bytes only (char, char8_t): a wide string's characters are
  // not bytes (and wide literals are refused), so std::wstring and the
  // rest are not strings here.
  if (n == "basic_string" || n == "basic_string_view") {
    QualType c = templateArgType(rd, 0);
    const Type *ct = c.isNull() ? nullptr : c.getCanonicalType().getTypePtr();
    if (!ct || !(ct->isSpecificBuiltinType(BuiltinType::Char_S) ||
                 ct->isSpecificBuiltinType(BuiltinType::Char_U) ||
                 ct->isSpecificBuiltinType(BuiltinType::Char8)))
      return StdClass::None;
    return n == "basic_string" ? StdClass::String : StdClass::StringView;
  }
  if (n == "initializer_list")
    return StdClass::InitializerList;
  if (n == "nullopt_t")
    return StdClass::NulloptT;
  if (n == "function")
    return StdClass::Function;
  if (n == "queue")
    return StdClass::Queue;
  if (n == "stack")
    return StdClass::Stack;
  if (n == "priority_queue")
    return StdClass::PriorityQueue;
  if (n == "_Bit_reference")
    return StdClass::BitReference;
  return StdClass::None;
}

// ------------------------------------------------------------ map helpers --

Value *Evaluator::mapFind(Value &map, const Value &key) {
  MapStore &store = *map.map();
  // Loops look a map's integer keys up in order (`channel[r].at(p)` for
  // p = 0, 1, ...): the entry after the last one found is tried first, a
  // step or two through the tree where a search from the root misses the
  // cache at every level. Only while no entry of any map has gone since
  // (mapRemovals) is that entry's iterator still good.
  if (key.kind == Value::Kind::Int && lastMapFind_.store == &store &&
      lastMapFind_.removals == mapRemovals()) {
    auto next = std::next(lastMapFind_.at);
    if (next != store.end() && compareEntryKey(*next, key) == 0) {
      lastMapFind_.at = next;
      return &mutableEntry(*next).elems()[1];
    }
  }
  auto it = store.find(MapKey{key});
  if (it == store.end())
    return nullptr;
  lastMapFind_ = {&store, it, mapRemovals()};
  return &mutableEntry(*it).elems()[1];
}

Value *Evaluator::mapInsert(Value &map, Value key, Value val, bool overwrite,
                            LazyLoc loc) {
  // One descent finds the entry or where it goes.
  auto it = map.map()->lower_bound(MapKey{key});
  if (it != map.map()->end() && compareEntryKey(*it, key) == 0) {
    Value *mapped = &mutableEntry(*it).elems()[1];
    if (overwrite) {
      invalidateContents(*mapped, "insert_or_assign", loc);
      *mapped = std::move(val);
    }
    return mapped;
  }
  checkContainerSize(map.map()->size() + 1, loc);
  ValueList entry;
  entry.reserve(2);
  entry.push_back(std::move(key));
  entry.push_back(std::move(val));
  Value made = Value::makeAgg(std::move(entry));
  auto pos = map.map()->insert(it, std::move(withCachedKey(made)));
  return &mutableEntry(*pos).elems()[1];
}

// A set is a map whose entries are (element, void): the same ordering,
// lookup and invalidation as a map's keys.
Value Evaluator::setEntry(const Value &k) {
  ValueList entry;
  entry.reserve(2);
  entry.push_back(k);
  entry.push_back(Value::makeVoid());
  Value made = Value::makeAgg(std::move(entry));
  return std::move(withCachedKey(made));
}

bool Evaluator::setInsert(Value &set, Value key, QualType keyType,
                          LazyLoc loc) {
  if (key.kind == Value::Kind::Uninit)
    error(loc, diag::err_eval_uninitialised_unnamed);
  if (key.kind == Value::Kind::Int || key.kind == Value::Kind::Float)
    key = convert(key, keyType, loc);
  if (set.map()->find(MapKey{key}) != set.map()->end())
    return false;
  checkContainerSize(set.map()->size() + 1, loc);
  set.map()->insert(setEntry(key));
  return true;
}

// ------------------------------------------------------------ std calls --

QualType Evaluator::templateArgType(const CXXRecordDecl *rd, unsigned i) {
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(rd);
  if (!spec || spec->getTemplateArgs().size() <= i)
    return QualType();
  const TemplateArgument &a = spec->getTemplateArgs()[i];
  if (a.getKind() != TemplateArgument::Type)
    return QualType();
  return a.getAsType();
}

bool Evaluator::anyTemplateTypeArg(const CXXRecordDecl *rd,
                                   llvm::function_ref<bool(QualType)> pred) {
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(rd);
  if (!spec)
    return false;
  std::function<bool(const TemplateArgument &)> any =
      [&](const TemplateArgument &a) {
        if (a.getKind() == TemplateArgument::Pack)
          return llvm::any_of(a.pack_elements(), any);
        return a.getKind() == TemplateArgument::Type && pred(a.getAsType());
      };
  return llvm::any_of(spec->getTemplateArgs().asArray(), any);
}

bool Evaluator::isPairOrTuple(const CXXRecordDecl *rd) {
  StdClass cls = rd ? classifyStd(rd) : StdClass::None;
  return cls == StdClass::Pair || cls == StdClass::Tuple;
}
bool Evaluator::isPairOrTuple(QualType t) {
  return !t.isNull() && isPairOrTuple(t->getAsCXXRecordDecl());
}

llvm::SmallVector<QualType, 4> Evaluator::memberTypes(const CXXRecordDecl *rd) {
  llvm::SmallVector<QualType, 4> types;
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(rd);
  if (!spec || !isPairOrTuple(rd))
    return types;
  for (const TemplateArgument &a : spec->getTemplateArgs().asArray()) {
    if (a.getKind() == TemplateArgument::Pack) {
      for (const TemplateArgument &p : a.pack_elements())
        if (p.getKind() == TemplateArgument::Type)
          types.push_back(p.getAsType());
    } else if (a.getKind() == TemplateArgument::Type) {
      types.push_back(a.getAsType());
    }
  }
  return types;
}

[[noreturn]] void Evaluator::unsupportedStdType(const CXXRecordDecl *rd,
                                                LazyLoc loc) {
  llvm::StringRef n = rd->getName();
  const char *instead =
      n == "multiset" || n == "unordered_multiset"
          ? "use std::set (it iterates its elements in ascending order), or "
            "a std::map from element to count"
      : n == "multimap" || n == "unordered_multimap"
          ? "use std::map (it iterates its keys in ascending order)"
      : n == "move_only_function" || n == "copyable_function"
          ? "use std::function, or keep the lambda in an `auto` variable"
      : n == "deque" ? "use std::vector, or std::queue for first-in first-out"
      : n == "list" || n == "forward_list" ? "use std::vector"
      : n == "basic_string" || n == "basic_string_view"
          ? "strings are of char or char8_t (std::string, std::u8string and "
            "their string_views): the characters of wide strings are not "
            "bytes"
      : n.starts_with("_Bit_")
          ? "std::vector<bool>'s elements work through `v[i]`, `at`, "
            "`front`, `back` and range-for; its iterators do not, beyond "
            "`v.begin()` and `v.end()` as an algorithm's range: loop over "
            "indices"
      : n.contains("iterator")
          ? "iterators of std::vector, std::map and std::set work when "
            "declared with their value (`auto it = v.begin();`) and moved "
            "with ++, --, std::next or arithmetic; others (a hint to insert, "
            "inserters, stream iterators) are not supported: loop over "
            "indices or with a range-for instead"
          : "the standard types algorithm code can use are vector, array, "
            "map, set, unordered_map, unordered_set, queue, stack, "
            "priority_queue, pair, tuple, optional, function, string and "
            "string_view";
  error(loc, diag::err_std_type_unsupported,
        {rd->getQualifiedNameAsString(), instead});
}

Value Evaluator::stdConstruct(StdClass cls, const CXXConstructExpr *ce) {
  LazyLoc loc(ce);
  const CXXRecordDecl *rd = ce->getConstructor()->getParent();
  llvm::SmallVector<const Expr *, 4> args;
  for (const Expr *a : ce->arguments())
    if (!isa<CXXDefaultArgExpr>(a))
      args.push_back(a);
  auto isInitList = [](const Expr *a) {
    const Expr *x = a->IgnoreImplicit();
    if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(x))
      x = mt->getSubExpr()->IgnoreImplicit();
    return isa<CXXStdInitializerListExpr>(x) || isa<InitListExpr>(x);
  };
  switch (cls) {
  case StdClass::Vector: {
    if (args.empty())
      return Value::makeAgg({});
    if (isInitList(args[0])) {
      Value v = eval(args[0]);
      QualType et = templateArgType(rd, 0);
      for (Value &e : v.elems())
        if (e.kind == Value::Kind::Int || e.kind == Value::Kind::Float)
          e = convert(e, et, loc);
      return Value::makeAgg(std::move(v.elems()));
    }
    if (args.size() == 2 && (args[0]->getType()->isRecordType() ||
                             args[0]->getType()->isPointerType())) {
      // std::vector<T> w(v.begin(), v.end()): a copy of a whole container;
      // w(v.rbegin(), v.rend()): the same, reversed; w(v.begin() + 1,
      // v.end()): a part of a std::vector or std::array.
      QualType et = templateArgType(rd, 0);
      const CXXRecordDecl *elemClass =
          et.isNull() ? nullptr : et->getAsCXXRecordDecl();
      // An element as the vector holds it: a number converted, a derived
      // object's base part.
      auto asElement = [&](const Value &e) {
        return (e.kind == Value::Kind::Int || e.kind == Value::Kind::Float) &&
                       !et.isNull()
                   ? convert(e, et, loc)
               : elemClass ? copiedAsBase(e, elemClass, loc)
                           : e;
      };
      // w(s.begin(), s.end()) of a std::set (its keys in order) or a
      // std::map (its (key, value) pairs).
      bool isSet = false;
      if (Value *tree = wholeTreeRange(args[0], args[1], isSet)) {
        Borrow keep(*this, tree, /*iterating=*/true);
        reserveElements(tree->map()->size(), loc);
        ValueList elems;
        elems.reserve(tree->map()->size());
        for (const Value &entry : *tree->map())
          elems.push_back(asElement(isSet ? entry.elems()[0] : entry));
        return Value::makeAgg(std::move(elems));
      }
      IteratorPosition first, last;
      if (parseIteratorPosition(args[0], first) &&
          parseIteratorPosition(args[1], last) &&
          !(first.steps.empty() && last.steps.empty() && !first.iterator &&
            !last.iterator && !first.search && !last.search && !first.fromEnd &&
            last.fromEnd)) {
        Value *c = positionContainer(first);
        Borrow keep(*this, c, /*iterating=*/true);
        if (positionContainer(last) != c)
          error(loc, diag::err_std_iterator_two_containers, {"vector"});
        if (c->kind != Value::Kind::Agg)
          error(loc, diag::err_eval_uninitialised);
        size_t size = c->elems().size();
        size_t lo = resolveIteratorPosition(first, size, args[0]);
        size_t hi = resolveIteratorPosition(last, size, args[1]);
        if (hi < lo)
          error(args[1], diag::err_std_iterator_backwards, {"std::vector"});
        if (keep.dangling)
          invalidatedDuringUse(keep, diag::err_eval_object_invalidated, loc);
        reserveElements(hi - lo, loc);
        ValueList elems;
        elems.reserve(hi - lo);
        for (size_t i = lo; i < hi; ++i)
          elems.push_back(asElement(c->elems()[i]));
        return Value::makeAgg(std::move(elems));
      }
      bool reversed = false;
      Value *from = reverseWholeRange(args[0], args[1]);
      if (from)
        reversed = true;
      else
        from = wholeRange(args[0], args[1], "vector", loc);
      reserveElements(from->elems().size(), loc);
      ValueList elems;
      elems.reserve(from->elems().size());
      ValueList backwards;
      if (reversed)
        backwards.assign(from->elems().rbegin(), from->elems().rend());
      for (const Value &e : reversed ? backwards : from->elems())
        elems.push_back(asElement(e));
      return Value::makeAgg(std::move(elems));
    }
    Value n = eval(args[0]);
    if (n.kind != Value::Kind::Int)
      error(loc, diag::err_std_vector_ctor);
    if (n.wide() < 0)
      error(loc, diag::err_std_vector_negative_size);
    reserveElements(size_t(n.i), loc);
    QualType et = templateArgType(rd, 0);
    if (args.size() < 2)
      return Value::makeAgg(defaultElements(et, size_t(n.i), loc));
    Value fill = eval(args[1]);
    if (fill.kind == Value::Kind::Int || fill.kind == Value::Kind::Float)
      fill = convert(fill, et, loc);
    return Value::makeAgg(ValueList(size_t(n.i), fill));
  }
  case StdClass::Map: {
    checkMapType(rd, loc);
    Value m = Value::makeMap();
    if (args.empty())
      return m;
    if (isInitList(args[0])) {
      Value l = eval(args[0]);
      for (Value &kv : l.elems())
        mapInsert(m, kv.elems()[0], kv.elems()[1], false, loc);
      return m;
    }
    // std::map<K, V> m(v.begin(), v.end()) of a std::vector's or
    // std::array's pairs: each inserted in order, the first of equal keys
    // kept.
    if (args.size() == 2 &&
        insertPositions(StdClass::Map, m, rd, args[0], args[1], ce, "map"))
      return m;
    error(loc, diag::err_std_map_ctor);
  }
  case StdClass::Set: {
    checkMapType(rd, loc);
    Value m = Value::makeMap();
    if (args.empty())
      return m;
    if (isInitList(args[0])) {
      Value l = eval(args[0]);
      QualType kt = templateArgType(rd, 0);
      for (Value &k : l.elems())
        setInsert(m, std::move(k), kt, loc);
      return m;
    }
    // std::set<T> s(v.begin() + 1, v.end()): the distinct elements
    // between two positions of a std::vector or std::array.
    if (args.size() == 2 &&
        insertPositions(StdClass::Set, m, rd, args[0], args[1], ce, "set"))
      return m;
    if (args.size() == 2 && (args[0]->getType()->isRecordType() ||
                             args[0]->getType()->isPointerType())) {
      // Anything else: wholeRange's error, which names the forms taken.
      Value *from = wholeRange(args[0], args[1], "set", loc);
      Borrow keep(*this, from);
      QualType kt = templateArgType(rd, 0);
      for (const Value &e : from->elems())
        setInsert(m, e, kt, loc);
      return m;
    }
    error(loc, diag::err_std_set_ctor);
  }
  case StdClass::Pair:
  case StdClass::Tuple: {
    // Each element converted to its member type, as the constructor's
    // parameters are (std::tuple<unsigned> t{-1} holds 4294967295).
    llvm::SmallVector<QualType, 4> members = memberTypes(rd);
    auto toMember = [&](Value v, size_t i) {
      if (i >= members.size() || members[i].isNull())
        return v;
      const bool number =
          v.kind == Value::Kind::Int || v.kind == Value::Kind::Float;
      const CXXRecordDecl *memberClass = members[i]->getAsCXXRecordDecl();
      // A number into a member of a class of the program's own
      // (std::pair<int, Peer>{1, 3}): the converting constructor that the
      // library's template calls, and Clang's AST of the program does not
      // show, runs here.
      if (number && (members[i]->isArithmeticType() || memberClass))
        return convert(v, members[i], loc);
      // A derived object into a member of its base class: sliced.
      if (memberClass)
        v = copiedAsBase(v, memberClass, loc);
      return v;
    };
    // A pair or tuple converted from another one (not a struct member),
    // unless this is a tuple of one pair or tuple, which the argument
    // initialises (std::tuple<std::tuple<int>> t{inner}).
    if (args.size() == 1 && isPairOrTuple(args[0]->getType()) &&
        !(members.size() == 1 && isPairOrTuple(members[0]))) {
      PendingMoves moves; // from std::move(other): member by member
      Value v = evalMovedLater(args[0],
                               ce->getConstructor()->getParamDecl(0)->getType(),
                               args[0]->getType(), moves, 0);
      finishMoves(moves, v, loc);
      if (v.kind == Value::Kind::Agg) {
        ValueList elems = std::move(v.elems());
        for (size_t i = 0; i < elems.size(); ++i)
          elems[i] = toMember(std::move(elems[i]), i);
        return Value::makeAgg(std::move(elems));
      }
    }
    ValueList elems;
    PendingMoves moves; // std::pair p(1, std::move(peers))
    const CXXConstructorDecl *ctor = ce->getConstructor();
    size_t i = 0;
    // A std::function member made from a function or a functor object
    // (std::pair<int, std::function<int(int)>>{1, Mul{2}}), as the
    // std::function's constructor makes it; another std::function is
    // copied or moved as any member is.
    auto stdFunctionClass = [](QualType t) -> const CXXRecordDecl * {
      const CXXRecordDecl *rd =
          t.isNull() ? nullptr : t.getNonReferenceType()->getAsCXXRecordDecl();
      return rd && classifyStd(rd) == StdClass::Function ? rd : nullptr;
    };
    for (const Expr *a : args) {
      QualType param = i < ctor->getNumParams()
                           ? ctor->getParamDecl(unsigned(i))->getType()
                           : QualType();
      QualType member = i < members.size() ? members[i] : QualType();
      if (const CXXRecordDecl *functionClass = stdFunctionClass(member);
          functionClass && !stdFunctionClass(a->getType())) {
        elems.push_back(makeStdFunction(a, functionClass));
        ++i;
        continue;
      }
      size_t before = moves.size();
      Value v = member.isNull()
                    ? evalLibraryArgument(a)
                    : evalMovedLater(a, param, member, moves, elems.size());
      // A moved member is of the member's type already.
      elems.push_back(moves.size() > before ? std::move(v)
                                            : toMember(std::move(v), i));
      ++i;
    }
    finishMoves(moves, {elems.data(), elems.size()}, loc);
    if (args.empty()) {
      return defaultValue(ce->getType(), loc);
    }
    return Value::makeAgg(std::move(elems));
  }
  case StdClass::Optional: {
    checkOptionalType(rd, loc);
    if (args.empty())
      return Value::makeNull();
    const auto *argRd = args[0]->getType()->getAsCXXRecordDecl();
    if (classifyStd(argRd) == StdClass::NulloptT)
      return Value::makeNull();
    QualType et = templateArgType(rd, 0);
    if (argRd && argRd->isInStdNamespace() && argRd->getIdentifier() &&
        argRd->getName() == "in_place_t") {
      // optional<T>(std::in_place, args...): a T made from the rest.
      llvm::ArrayRef<const Expr *> rest = llvm::ArrayRef(args).drop_front();
      llvm::SmallVector<Value, 4> argv;
      for (const Expr *a : rest)
        argv.push_back(evalLibraryArgument(a));
      return emplacedElement(et, rest, argv, ce, [&] {
        error(loc, diag::err_std_optional_in_place,
              {"std::optional<T>(std::in_place, ...)"});
      });
    }
    // std::optional<std::vector<int>> o(std::move(peers)) moves peers.
    PendingMoves moves;
    const CXXConstructorDecl *ctor = ce->getConstructor();
    Value from = evalMovedLater(
        args[0],
        ctor->getNumParams() ? ctor->getParamDecl(0)->getType() : QualType(),
        et, moves, 0);
    finishMoves(moves, from, loc);
    return optionalValueFrom(rd, args[0], std::move(from), ce,
                             "a std::optional made from this value");
  }
  case StdClass::String:
  case StdClass::StringView: {
    if (args.empty())
      return Value::makeString("");
    const CXXConstructorDecl *ctor = ce->getConstructor();
    auto paramType = [&](unsigned i) {
      return i < ctor->getNumParams()
                 ? ctor->getParamDecl(i)->getType().getNonReferenceType()
                 : QualType();
    };
    // std::string{'a', 'b'}, std::string s = {65, 66}: the characters.
    if (cls == StdClass::String && isInitList(args[0])) {
      Value list = eval(args[0]);
      return Value::makeString(charactersOf(list, loc));
    }
    // std::string(3, 'x'): a count of one character.
    if (cls == StdClass::String && args.size() == 2 &&
        paramType(0)->isIntegerType() && paramType(1)->isAnyCharacterType()) {
      Value n = eval(args[0]);
      Value c = eval(args[1]);
      checkStringLength(size_t(uint64_t(n.i)), loc);
      return Value::makeString(std::string(size_t(uint64_t(n.i)), char(c.i)));
    }
    Value v = evalLibraryArgument(args[0]);
    if (v.kind != Value::Kind::String)
      error(loc, diag::err_std_string_ctor);
    // From a `const char *` (a string literal decays to one) the text ends
    // at its first NUL, where the constructor stops reading ("p\0q" makes
    // "p").
    const bool fromPointer = paramType(0)->isPointerType();
    if (args.size() == 1 && fromPointer)
      if (size_t nul = v.s().find('\0'); nul != std::string::npos)
        v.s().resize(nul);
    if (args.size() >= 2 && fromPointer) {
      // (const char *s, count): the first count characters, of the whole
      // literal when s is one.
      if (const StringLiteral *literal = decayedLiteral(args[0]))
        v.s() = literal->getString().str();
      v = Value::makeString(arrayPrefix(v.s(), eval(args[1]),
                                        cls == StdClass::String
                                            ? "std::string's constructor"
                                            : "std::string_view's constructor",
                                        loc));
    } else if (args.size() >= 2 && paramType(1)->isIntegerType()) {
      // (str, pos[, count]), str a string or anything a string_view is
      // made from: the characters from pos on, as substr takes them.
      Value pos = eval(args[1]);
      size_t from = size_t(uint64_t(pos.i));
      size_t count = std::string::npos;
      if (args.size() >= 3 && paramType(2)->isIntegerType())
        count = size_t(uint64_t(eval(args[2]).i));
      v = Value::makeString(
          textFrom(v.s(), from, count, "std::string's constructor", loc));
    } else if (args.size() >= 2) {
      error(loc, diag::err_std_string_ctor);
    }
    return v;
  }
  case StdClass::InitializerList:
    if (!args.empty())
      return eval(args[0]);
    return Value::makeAgg({});
  case StdClass::NulloptT:
    return Value::makeNull();
  case StdClass::Function:
    return args.empty() ? Value::makeNull() : makeStdFunction(args[0], rd);
  case StdClass::Queue:
  case StdClass::Stack:
  case StdClass::PriorityQueue:
    return adapterConstruct(cls, ce, args);
  case StdClass::Array:
    // std::array<int, N> a; leaves its elements uninitialised; a{} zeroes.
    return defaultValue(ce->getType(), loc, ce->requiresZeroInitialization());
  case StdClass::BitReference:
  case StdClass::None:
    break;
  }
  error(loc, diag::err_std_ctor);
}

void Evaluator::checkOptionalType(const CXXRecordDecl *optional, LazyLoc loc) {
  // An empty optional is the Null value, so an optional holding an empty
  // optional would read as empty itself.
  QualType held = templateArgType(optional, 0);
  if (const CXXRecordDecl *rd =
          held.isNull() ? nullptr : held->getAsCXXRecordDecl();
      rd && classifyStd(rd) == StdClass::Optional)
    error(loc, diag::err_std_optional_nested);
  // A pipeline or program records its end when it is destroyed; an
  // optional's reset, assignment and end would each have to, so the
  // extent is a block of its own instead, as Python's `with` is.
  if (const CXXRecordDecl *rd =
          held.isNull() ? nullptr : held->getAsCXXRecordDecl();
      rd && findDslScopeEnd(classifyDsl(rd)))
    error(loc, diag::err_std_optional_scope_object, {rd->getNameAsString()});
}

Value Evaluator::optionalValueFrom(const CXXRecordDecl *optional,
                                   const Expr *arg, Value v, const Expr *site,
                                   const char *what) {
  LazyLoc loc(site);
  const CXXRecordDecl *argRd = arg->getType()->getAsCXXRecordDecl();
  StdClass from = argRd ? classifyStd(argRd) : StdClass::None;
  if (from == StdClass::NulloptT)
    return Value::makeNull();
  QualType et = templateArgType(optional, 0);
  if (et.isNull() || v.kind == Value::Kind::Null)
    return v;
  // An optional of another type: its value, converted.
  if (from == StdClass::Optional)
    return convertHeld(std::move(v), et, loc);
  // A value that makes a T (through T's constructor, for a class of the
  // program's own).
  llvm::SmallVector<Value, 1> one;
  one.push_back(std::move(v));
  return emplacedElement(et, arg, one, site, [&] {
    error(loc, diag::err_std_optional_in_place, {what});
  });
}

const CXXConstructorDecl *
Evaluator::convertingConstructor(const CXXRecordDecl *rd, QualType from) {
  const CXXConstructorDecl *ctor = userConstructorFor(rd, 1);
  if (!ctor)
    return nullptr;
  // The parameter must take the value as it is: a number for a number,
  // the same class or a base of it. A conversion the argument's own class
  // defines (operator S()) is not made.
  QualType param = ctor->getParamDecl(0)->getType().getNonReferenceType();
  const auto *paramRd = param->getAsCXXRecordDecl();
  const auto *fromRd = from->getAsCXXRecordDecl();
  bool asIs = ctx_.hasSameUnqualifiedType(param, from) ||
              (param->isArithmeticType() &&
               (from->isArithmeticType() ||
                (from->isEnumeralType() && !from->isScopedEnumeralType()))) ||
              (paramRd && fromRd && fromRd->hasDefinition() &&
               (fromRd == paramRd || fromRd->isDerivedFrom(paramRd)));
  return asIs ? ctor : nullptr;
}

Value Evaluator::convertHeld(Value v, QualType held, LazyLoc loc) {
  const CXXRecordDecl *rd = held->getAsCXXRecordDecl();
  // A number held as a class of the program's own goes through its
  // converting constructor (convert's).
  if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Float)
    return convert(v, held, loc);
  StdClass cls = rd ? classifyStd(rd) : StdClass::None;
  if (v.kind == Value::Kind::Agg &&
      (cls == StdClass::Pair || cls == StdClass::Tuple)) {
    llvm::SmallVector<QualType, 4> types = memberTypes(rd);
    if (types.size() == v.elems().size())
      for (size_t i = 0; i < types.size(); ++i)
        v.elems()[i] = convertHeld(std::move(v.elems()[i]), types[i], loc);
  }
  return v;
}

Value Evaluator::emplacedElement(QualType elem,
                                 llvm::ArrayRef<const Expr *> args,
                                 llvm::MutableArrayRef<Value> argv,
                                 const Expr *site,
                                 llvm::function_ref<void()> refuse) {
  LazyLoc loc(site);
  const CXXRecordDecl *erd = elem->getAsCXXRecordDecl();
  StdClass ec = erd ? classifyStd(erd) : StdClass::None;
  auto numeric = [](const Value &v) {
    return v.kind == Value::Kind::Int || v.kind == Value::Kind::Float;
  };
  // An element itself (or a scalar converted to the element type).
  if (argv.size() == 1 &&
      (!erd || ctx_.hasSameUnqualifiedType(
                   args[0]->getType().getNonReferenceType(), elem))) {
    // `v.emplace_back(big)`, `opt = big`, `opt.value_or(big)` into an int:
    // the library converts the user's argument, which may cut it.
    if (auto cut =
            cutImplicitly(argv[0], args[0],
                          args[0]->getType().getNonReferenceType(), elem, loc))
      return std::move(*cut);
    return numeric(argv[0]) ? convert(argv[0], elem, loc) : std::move(argv[0]);
  }
  if (argv.empty())
    return defaultValue(elem, loc); // value-initialised, as C++ does
  if (argv.size() == 1 && (ec == StdClass::Pair || ec == StdClass::Tuple) &&
      argv[0].kind == Value::Kind::Agg) {
    // A pair or tuple from one of other member types: member by member.
    if (memberTypes(erd).size() != argv[0].elems().size())
      refuse();
    return convertHeld(std::move(argv[0]), elem, loc);
  }
  if (ec == StdClass::Pair || ec == StdClass::Tuple) {
    // A pair's or tuple's members, each converted to its type.
    llvm::SmallVector<QualType, 4> types = memberTypes(erd);
    if (types.size() != argv.size())
      refuse();
    ValueList members;
    for (size_t i = 0; i < argv.size(); ++i)
      members.push_back(numeric(argv[i]) ? convert(argv[i], types[i], loc)
                                         : std::move(argv[i]));
    return Value::makeAgg(std::move(members));
  }
  // A derived object copied into an element of its base class: the
  // implicit copy (or move) constructor takes the base part.
  if (const CXXRecordDecl *argRd =
          argv.size() == 1 && erd
              ? args[0]->getType().getNonReferenceType()->getAsCXXRecordDecl()
              : nullptr;
      argRd && argRd->hasDefinition() && erd->hasDefinition() &&
      argRd->isDerivedFrom(erd) && !erd->hasUserDeclaredCopyConstructor() &&
      !erd->hasUserDeclaredMoveConstructor() && !hasConvertingConstructor(erd))
    return copiedAsBase(argv[0], erd, loc);
  if (erd && isDslHandleClass(classifyDsl(erd)))
    return dslConstruct(classifyDsl(erd), erd,
                        ValueList(std::make_move_iterator(argv.begin()),
                                  std::make_move_iterator(argv.end())),
                        site);
  if (const CXXConstructorDecl *ctor =
          erd ? userConstructorFor(erd, argv.size()) : nullptr) {
    // The arguments are values here: a constructor that changes one
    // through a non-const reference would change a copy, not the caller's
    // variable.
    for (const ParmVarDecl *p : ctor->parameters())
      if (p->getType()->isLValueReferenceType() &&
          !p->getType().getNonReferenceType().isConstQualified())
        refuse();
    llvm::SmallVector<Value *, 4> values;
    for (Value &a : argv)
      values.push_back(&a);
    return runConstructor(ctor, {}, values, loc);
  }
  // C++20's parenthesised aggregate initialisation (`v.emplace_back(1, 2)`
  // of `struct P { int a, b; }`): the bases, then the fields, each from its
  // argument as if copy-initialised, the rest from their default member
  // initialisers or value-initialised, as evalParenListInit does.
  const size_t slots =
      erd && erd->hasDefinition()
          ? erd->getNumBases() +
                size_t(std::distance(erd->field_begin(), erd->field_end()))
          : 0;
  if (erd && ec == StdClass::None && classifyDsl(erd) == DslClass::None &&
      erd->hasDefinition() && erd->isAggregate() && !erd->isUnion() &&
      !erd->isLambda() && argv.size() <= slots) {
    checkUserStruct(erd, loc);
    Value uninit;
    uninit.kind = Value::Kind::Uninit;
    // An argument of a class of the program's own for a member of another
    // type would go through its conversion operator, which is not run
    // here.
    auto throughConversion = [&](size_t k, QualType member) {
      const CXXRecordDecl *given =
          args[k]->getType().getNonReferenceType()->getAsCXXRecordDecl();
      if (!given || classifyStd(given) != StdClass::None ||
          classifyDsl(given) != DslClass::None)
        return false;
      const CXXRecordDecl *to = member->getAsCXXRecordDecl();
      return !to || (given->getCanonicalDecl() != to->getCanonicalDecl() &&
                     !(given->hasDefinition() && to->hasDefinition() &&
                       given->isDerivedFrom(to)));
    };
    {
      size_t k = 0;
      for (const CXXBaseSpecifier &base : directBases(erd))
        if (k < argv.size() && throughConversion(k++, base.getType()))
          refuse();
      for (const FieldDecl *fd : erd->fields())
        if (k < argv.size() && throughConversion(k++, fd->getType()))
          refuse();
    }
    Value object = Value::makeAgg(ValueList(slots, uninit), erd);
    // A default member initialiser may read an earlier member.
    SelfFrame frame(*this, &object);
    size_t i = 0;
    for (const CXXBaseSpecifier &base : directBases(erd)) {
      object.elems()[i] =
          i < argv.size() ? emplacedElement(base.getType(), args.slice(i, 1),
                                            argv.slice(i, 1), site, refuse)
                          : defaultValue(base.getType(), loc, true);
      ++i;
    }
    for (const FieldDecl *fd : erd->fields()) {
      if (i < argv.size())
        object.elems()[i] = emplacedElement(fd->getType(), args.slice(i, 1),
                                            argv.slice(i, 1), site, refuse);
      else if (const Expr *init = fd->getInClassInitializer())
        object.elems()[i] = evalMemberDefault(fd, init, loc);
      else
        object.elems()[i] = defaultValue(fd->getType(), loc, true);
      ++i;
    }
    return object;
  }
  if (argv.size() == 1 && ec == StdClass::Optional) {
    // optional<T> from a T (or from std::nullopt).
    if (classifyStd(args[0]->getType()->getAsCXXRecordDecl()) ==
        StdClass::NulloptT)
      return Value::makeNull();
    QualType held = templateArgType(erd, 0);
    if (held.isNull())
      refuse();
    return emplacedElement(held, args, argv, site, refuse);
  }
  // One argument converting to a library class: a string from a literal, a
  // std::function from a lambda. A number is refused: it would size a
  // container (std::vector<int>(3)), which a conversion cannot do.
  if (argv.size() == 1 && ec != StdClass::None && !numeric(argv[0]))
    return convert(argv[0], elem, loc);
  refuse();
  llvm_unreachable("refuse() reports an error");
}

// What a map's or set's insert, emplace, try_emplace and
// insert_or_assign return: (iterator, inserted), of which only `.second`
// has a value.
void Evaluator::checkStdObject(StdClass cls, const Value &self, LazyLoc loc) {
  // A reference to an optional's value that was reset since: the same
  // Value is now the empty optional.
  if (cls != StdClass::Optional && cls != StdClass::NulloptT &&
      self.kind == Value::Kind::Null)
    error(loc, diag::err_std_optional_empty);
  if (self.kind == Value::Kind::Uninit)
    error(loc, diag::err_eval_uninitialised);
}

size_t Evaluator::elementIndex(const Value &sequence, const Value &i,
                               const Expr *indexExpr) {
  if (i.kind != Value::Kind::Int)
    error(indexExpr->getExprLoc(), diag::err_std_index_type);
  return elementIndex(sequence, i.wide(), indexExpr);
}

size_t Evaluator::elementIndex(const Value &sequence, __int128 i,
                               const Expr *indexExpr) {
  if (i < 0 || i >= __int128(sequence.elems().size()))
    error(indexExpr->getExprLoc(),
          sequence.elems().size() == 1 ? diag::err_std_index_range_one
                                       : diag::err_std_index_range,
          {int64_t(i), sequence.elems().size()});
  return size_t(i);
}

Value *Evaluator::mapAt(Value &map, const Value &key, LazyLoc loc) {
  Value *v = mapFind(map, key);
  if (!v)
    error(loc,
          map.map()->size() == 1 ? diag::err_std_map_at_missing_one
                                 : diag::err_std_map_at_missing,
          {describeValue(key), map.map()->size()});
  return v;
}

Value Evaluator::evalLibraryArgument(const Expr *a) {
  Value v = eval(a);
  if (v.kind == Value::Kind::String)
    if (const ConstantArrayType *array =
            constantArrayType(a->getType().getNonReferenceType());
        array && array->getElementType()->isAnyCharacterType())
      if (size_t nul = v.s().find('\0'); nul != std::string::npos)
        v.s().resize(nul);
  return v;
}

llvm::SmallVector<Value, 2>
Evaluator::evaluateArguments(Value *self, llvm::ArrayRef<const Expr *> args,
                             const Expr *site, QualType moveLastInto) {
  llvm::SmallVector<Value, 2> argv;
  Borrow selfBorrow(*this, self);
  for (const Expr *a : args)
    // The last argument is moved from after every argument is evaluated,
    // as the call's body would.
    argv.push_back(!moveLastInto.isNull() && a == args.back() &&
                           movesFromObject(a, moveLastInto)
                       ? moveOut(a, /*assigned=*/false, site)
                       : evalLibraryArgument(a));
  if (selfBorrow.dangling)
    invalidatedDuringUse(selfBorrow, diag::err_eval_object_invalidated, site);
  return argv;
}

Value *Evaluator::stdElementAccess(StdClass cls, StdAccess access, Value *self,
                                   const Expr *indexE, const CallExpr *call) {
  return elementAccess(cls, access, self, indexE, call,
                       indexPlan(access, indexE));
}

Value *Evaluator::elementAccess(StdClass cls, StdAccess access, Value *self,
                                const Expr *indexE, const CallExpr *call,
                                const ScalarPlan &plan) {
  LazyLoc loc(call);
  if (plan.scalar) {
    // `v[i]`, `v[r * n + t]`. Reading a static local for the first time
    // runs its initialiser, which may change the vector: still borrowed.
    Borrow selfBorrow(*this, self);
    __int128 i = evalScalar(indexE, plan.code);
    if (selfBorrow.dangling)
      invalidatedDuringUse(selfBorrow, diag::err_eval_object_invalidated, call);
    checkStdObject(cls, *self, loc);
    return &self->elems()[elementIndex(*self, i, indexE)];
  }
  // `m.at(p)`: the key variable, seen through the const its reference
  // parameter adds, is read in place instead of copied.
  const ImplicitCastExpr *addConst = addedConst(indexE);
  const auto *keyVar =
      dyn_cast<DeclRefExpr>(addConst ? addConst->getSubExpr() : indexE);
  if (access == StdAccess::MapAt && keyVar && isa<VarDecl>(keyVar->getDecl())) {
    // What eval does for it: a step per node and one more for the lookup,
    // the uninitialised check and the copy's charge, with the map
    // borrowed as evaluateArguments borrows it.
    Borrow selfBorrow(*this, self);
    if (addConst)
      step(addConst);
    step(keyVar);
    // evalLValue of a variable: its step and lookup().
    step(keyVar);
    Value *key = lookup(keyVar->getDecl(), LazyLoc(keyVar));
    if (key->kind == Value::Kind::Uninit)
      error(keyVar->getExprLoc(), diag::err_eval_uninitialised_variable,
            {keyVar->getDecl()->getNameAsString()});
    chargeCopy(*key, keyVar);
    if (selfBorrow.dangling)
      invalidatedDuringUse(selfBorrow, diag::err_eval_object_invalidated, call);
    checkStdObject(cls, *self, loc);
    return mapAt(*self, *key, loc);
  }
  Value index = std::move(evaluateArguments(self, indexE, call)[0]);
  checkStdObject(cls, *self, loc);
  if (access == StdAccess::MapAt)
    return mapAt(*self, index, loc);
  return &self->elems()[elementIndex(*self, index, indexE)];
}

bool Evaluator::bindsLastToMove(const FunctionDecl *fd,
                                llvm::ArrayRef<const Expr *> args) {
  // Most calls are ruled out by their last argument, a temporary or an
  // lvalue (channel set-up emplaces a temporary per channel), before the
  // declaration is asked.
  return !args.empty() && movesFromObject(args.back()) &&
         fd->getNumParams() == args.size() &&
         fd->getParamDecl(unsigned(args.size() - 1))
             ->getType()
             ->isRValueReferenceType();
}

QualType Evaluator::argumentMovedInto(StdClass cls, const CXXMethodDecl *md,
                                      llvm::ArrayRef<const Expr *> args) {
  // Only calls that move whatever happens. std::map's insert, emplace and
  // try_emplace leave the source alone when the key is there (libstdc++
  // looks first), so they copy; an unordered map's or a set's emplace
  // builds the entry before it looks.
  if (!bindsLastToMove(md, args))
    return QualType();
  if (md->isMoveAssignmentOperator())
    return QualType(md->getParent()->getTypeForDecl(), 0);
  llvm::StringRef name = md->getIdentifier() ? md->getName()
                         : md->getOverloadedOperator() == OO_Equal ? "operator="
                                                                   : "";
  const CXXRecordDecl *rd = md->getParent();
  switch (cls) {
  case StdClass::Vector:
    if (name == "push_back" || name == "emplace_back")
      return templateArgType(rd, 0);
    break;
  case StdClass::Queue:
  case StdClass::Stack:
  case StdClass::PriorityQueue:
    if (name == "push" || name == "emplace")
      return templateArgType(rd, 0);
    break;
  case StdClass::Optional:
    if (name == "emplace" || name == "operator=")
      return templateArgType(rd, 0);
    break;
  case StdClass::Map: // emplace(key, std::move(value))
    if ((name == "emplace" && args.size() == 2 && isUnorderedContainer(rd)) ||
        name == "insert_or_assign")
      return templateArgType(rd, 1);
    break;
  case StdClass::Set:
    if (name == "emplace" && args.size() == 1)
      return templateArgType(rd, 0);
    break;
  default:
    break;
  }
  return QualType();
}

QualType Evaluator::movedIntoNewEntry(StdClass cls, const CXXMethodDecl *md,
                                      llvm::ArrayRef<const Expr *> args) {
  if (cls != StdClass::Map || !md->getIdentifier() ||
      isUnorderedContainer(md->getParent()) || !bindsLastToMove(md, args))
    return QualType();
  llvm::StringRef name = md->getName();
  QualType mapped = templateArgType(md->getParent(), 1);
  if ((name == "emplace" && args.size() == 2) ||
      (name == "try_emplace" && args.size() >= 2))
    return mapped;
  if (name != "insert" || args.size() != 1 || mapped.isNull())
    return QualType();
  // insert(std::move(p)) of a pair whose second member is the mapped type:
  // the pair's members are moved into the entry's.
  QualType given = args[0]->getType().getNonReferenceType();
  const CXXRecordDecl *pair = given->getAsCXXRecordDecl();
  if (!pair || classifyStd(pair) != StdClass::Pair)
    return QualType();
  llvm::SmallVector<QualType, 4> members = memberTypes(pair);
  if (members.size() != 2 || !ctx_.hasSameUnqualifiedType(members[1], mapped))
    return QualType();
  return given;
}

bool Evaluator::lookedUpBeforeMaking(QualType given, QualType key) {
  if (given.isNull())
    return false;
  given = given.getNonReferenceType();
  return ctx_.hasSameUnqualifiedType(given, key) ||
         (given->isScalarType() && key->isScalarType());
}

bool Evaluator::insertRange(StdClass cls, Value *self, const CXXMethodDecl *md,
                            const CallExpr *call) {
  return insertPositions(cls, *self, md->getParent(), call->getArg(0),
                         call->getArg(1), call, "insert");
}

bool Evaluator::insertPositions(StdClass cls, Value &self,
                                const CXXRecordDecl *container,
                                const Expr *firstE, const Expr *lastE,
                                const Expr *site, llvm::StringRef what) {
  IteratorPosition first, last;
  if (!parseIteratorPosition(firstE, first) ||
      !parseIteratorPosition(lastE, last) || first.search || last.search ||
      first.containerType.isNull())
    return false;
  const CXXRecordDecl *from =
      first.containerType.getCanonicalType()->getAsCXXRecordDecl();
  StdClass fromCls = from ? classifyStd(from) : StdClass::None;
  if (fromCls != StdClass::Vector && fromCls != StdClass::Array)
    return false;
  LazyLoc loc(site);
  if (self.kind != Value::Kind::Map)
    error(loc, diag::err_eval_uninitialised);
  ValueList elems;
  {
    Borrow keep(*this, nullptr, /*iterating=*/true);
    auto [range, lo, hi] =
        positionRange(first, last, firstE, lastE, site, what, keep);
    elems.assign(range->elems().begin() + lo, range->elems().begin() + hi);
  }
  QualType kt = templateArgType(container, 0);
  QualType vt = templateArgType(container, 1);
  for (Value &e : elems) {
    if (e.kind == Value::Kind::Uninit)
      error(loc, diag::err_eval_uninitialised_unnamed);
    if (cls == StdClass::Set) {
      setInsert(self, std::move(e), kt, loc);
      continue;
    }
    if (e.kind != Value::Kind::Agg || e.elems().size() != 2)
      error(loc, diag::err_std_map_insert_pair);
    // The mapped value is converted (a converting constructor run) only
    // for a key not there, as libstdc++ makes the node only then.
    Value k = convertHeld(std::move(e.elems()[0]), kt, loc);
    if (!mapFind(self, k))
      mapInsert(self, std::move(k),
                convertHeld(std::move(e.elems()[1]), vt, loc), false, loc);
  }
  return true;
}

bool Evaluator::isInitializerListParam(const FunctionDecl *fd, unsigned i) {
  if (i >= fd->getNumParams())
    return false;
  const CXXRecordDecl *rd = fd->getParamDecl(i)
                                ->getType()
                                .getNonReferenceType()
                                .getCanonicalType()
                                ->getAsCXXRecordDecl();
  return rd && classifyStd(rd) == StdClass::InitializerList;
}

bool Evaluator::mapInsertionForm(const CXXMethodDecl *md, size_t nargs) {
  llvm::StringRef name = md->getName();
  if (name == "try_emplace") {
    // Not the form with a hint first (`m.try_emplace(m.end(), k, v)`).
    QualType key = templateArgType(md->getParent(), 0);
    return md->getNumParams() > 0 && !key.isNull() &&
           ctx_.hasSameUnqualifiedType(
               md->getParamDecl(0)->getType().getNonReferenceType(), key);
  }
  // emplace with std::piecewise_construct, and the forms with a hint (and
  // insert's of a range other than a std::vector's or std::array's
  // positions, which insertRange takes).
  if (name == "emplace" || name == "insert_or_assign")
    return nargs <= 2;
  if (name == "insert")
    return nargs == 1;
  return name != "emplace_hint";
}

Value *Evaluator::stdMethod(StdClass cls, Value *self, const CXXMethodDecl *md,
                            llvm::ArrayRef<const Expr *> args, const Expr *site,
                            Value &result, Value *evaluated) {
  LazyLoc loc(site);
  if (md->getIdentifier() && md->getName() == "swap" && args.size() == 1 &&
      cls != StdClass::Optional) {
    // `a.swap(b)`: b is an object, not a value.
    Borrow selfBorrow(*this, self);
    Value *other = evalObject(args[0]);
    if (selfBorrow.dangling)
      invalidatedDuringUse(selfBorrow, diag::err_eval_object_invalidated, site);
    swapValues(self, other, args[0]->getType(), loc);
    result = Value::makeVoid();
    return nullptr;
  }
  // std::map's emplace, try_emplace and insert move from their last
  // argument only when they make the entry (libstdc++ looks a usable key
  // up first): the argument is copied here and its object noted, to be
  // left moved-from once the entry is made (leaveMovedIfMade).
  PendingMoves movedIfMade;
  llvm::SmallVector<Value, 2> argv;
  if (evaluated) {
    argv.push_back(std::move(*evaluated));
  } else if (QualType into = movedIntoNewEntry(cls, md, args); !into.isNull()) {
    Borrow selfBorrow(*this, self);
    for (const Expr *a : args)
      argv.push_back(
          a == args.back()
              ? evalMovedLater(
                    a, md->getParamDecl(unsigned(args.size() - 1))->getType(),
                    into, movedIfMade, argv.size())
              : evalLibraryArgument(a));
    if (selfBorrow.dangling)
      invalidatedDuringUse(selfBorrow, diag::err_eval_object_invalidated, site);
    for (PendingMove &m : movedIfMade) {
      chargeCopy(*m.source, m.arg);
      argv[m.slot] = *m.source;
    }
  } else {
    argv =
        evaluateArguments(self, args, site, argumentMovedInto(cls, md, args));
  }
  auto leaveMovedIfMade = [&](bool made) {
    for (PendingMove &m : movedIfMade) {
      if (made)
        checkMoveSourceKept(m, loc);
      m.keep.reset();
      if (made)
        leaveMovedFrom(*m.source, m.type, /*assigned=*/false, loc);
    }
    movedIfMade.clear();
  };
  // Hot path: avoid getNameAsString(), which builds a printing policy.
  llvm::StringRef name;
  if (md->getIdentifier()) {
    name = md->getName();
  } else {
    switch (md->getOverloadedOperator()) {
    case OO_Subscript:
      name = "operator[]";
      break;
    case OO_Star:
      name = "operator*";
      break;
    case OO_Arrow:
      name = "operator->";
      break;
    case OO_Equal:
      name = "operator=";
      break;
    case OO_PlusEqual:
      name = "operator+=";
      break;
    default:
      name = "<operator>";
      break;
    }
  }
  if (const auto *conv = dyn_cast<CXXConversionDecl>(md)) {
    if (cls == StdClass::Optional &&
        conv->getConversionType()->isBooleanType()) {
      result = Value::makeInt(self->kind != Value::Kind::Null);
      return nullptr;
    }
    result = *self;
    return nullptr;
  }
  if (md->isCopyAssignmentOperator() || md->isMoveAssignmentOperator() ||
      name == "operator=") {
    Value v = std::move(argv[0]);
    // s = 'y', s = {'a', 'b'}, s = {}: std::string's assignments from a
    // character and from a list of them.
    if (cls == StdClass::String && v.kind != Value::Kind::String)
      v = Value::makeString(v.kind == Value::Kind::Int
                                ? std::string(1, char(v.i))
                                : charactersOf(v, loc));
    if (cls == StdClass::Optional)
      v = optionalValueFrom(md->getParent(), args[0], std::move(v), site,
                            "a value assigned to a std::optional");
    // A pair or tuple of other member types (`p = std::make_pair(1.5, 2)`)
    // is assigned member by member, each converted to its type.
    if (cls == StdClass::Pair || cls == StdClass::Tuple)
      v = convertHeld(std::move(v),
                      QualType(md->getParent()->getTypeForDecl(), 0), loc);
    if (cls == StdClass::Set && v.kind == Value::Kind::Agg) {
      // s = {a, b, ...}.
      Value m = Value::makeMap();
      QualType kt = templateArgType(md->getParent(), 0);
      for (Value &k : v.elems())
        setInsert(m, std::move(k), kt, loc);
      v = std::move(m);
    }
    if (cls == StdClass::Map && v.kind == Value::Kind::Agg) {
      // m = {{k, v}, ...}: an initializer list of pairs.
      Value m = Value::makeMap();
      for (Value &kv : v.elems()) {
        if (kv.kind != Value::Kind::Agg || kv.elems().size() != 2)
          error(loc, diag::err_std_map_insert_pair);
        mapInsert(m, kv.elems()[0], kv.elems()[1], true, loc);
      }
      v = std::move(m);
    }
    invalidateContents(*self, "assignment", loc);
    *self = std::move(v);
    return self;
  }
  checkStdObject(cls, *self, loc);
  if (isAdapter(cls))
    return adapterMethod(cls, self, md, name, args, argv, site, result);
  auto index = [&](size_t arg) -> size_t {
    return elementIndex(*self, argv[arg], args[arg]);
  };
  if (name == "erase" && argv.size() == 1 &&
      (cls == StdClass::Map || cls == StdClass::Set)) {
    // erase(key): a set's entries are keyed like a map's.
    auto it = self->map()->find(MapKey{argv[0]});
    if (it != self->map()->end() && hasBorrows())
      killBorrowsWithin(*it, "erase", loc);
    size_t erased = it != self->map()->end();
    if (erased)
      self->map()->erase(it);
    result = Value::makeInt(int64_t(erased), true);
    return nullptr;
  }
  if ((name == "reserve" || name == "rehash") && argv.size() == 1 &&
      isUnorderedContainer(md->getParent())) {
    // Bucket counts are the library's business: nothing to model, and no
    // reference to an element changes.
    if (argv[0].kind != Value::Kind::Int)
      error(args[0]->getExprLoc(), diag::err_std_index_type);
    result = Value::makeVoid();
    return nullptr;
  }
  switch (cls) {
  case StdClass::Vector:
  case StdClass::Array:
  case StdClass::InitializerList: {
    if (name == "size") {
      result = Value::makeInt(int64_t(self->elems().size()), true);
      return nullptr;
    }
    if (name == "empty") {
      result = Value::makeInt(self->elems().empty());
      return nullptr;
    }
    if (name == "operator[]" || name == "at")
      return &self->elems()[index(0)];
    if (name == "back" || name == "front") {
      if (self->elems().empty())
        error(loc, diag::err_std_empty_container, {name.str()});
      return name == "back" ? &self->elems().back() : &self->elems().front();
    }
    if (cls == StdClass::Vector) {
      if (name == "push_back") {
        checkContainerSize(self->elems().size() + 1, loc);
        Value v = std::move(argv[0]);
        QualType et = templateArgType(md->getParent(), 0);
        if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Float)
          v = convert(v, et, loc);
        invalidateGrowth(*self, 1, "push_back", loc, et);
        self->elems().push_back(std::move(v));
        result = Value::makeVoid();
        return nullptr;
      }
      if (name == "emplace_back") {
        checkContainerSize(self->elems().size() + 1, loc);
        Value v = emplacedElement(
            templateArgType(md->getParent(), 0), args, argv, site,
            [&] { error(loc, diag::err_std_emplace_back); });
        invalidateGrowth(*self, 1, "emplace_back", loc,
                         templateArgType(md->getParent(), 0));
        self->elems().push_back(std::move(v));
        return &self->elems().back();
      }
      if (name == "pop_back") {
        if (self->elems().empty())
          error(loc, diag::err_std_pop_back_empty);
        invalidateTail(*self, self->elems().size() - 1, "pop_back", loc);
        self->elems().pop_back();
        result = Value::makeVoid();
        return nullptr;
      }
      if (name == "clear") {
        invalidateTail(*self, 0, "clear", loc);
        self->elems().clear();
        result = Value::makeVoid();
        return nullptr;
      }
      // The elements live in a std::vector of the evaluator's, whose
      // capacity follows libstdc++'s exactly as the program's would:
      // reserve and shrink_to_fit change it as C++ does, so references
      // stay valid across a push_back within a reserved capacity and die
      // when the storage moves.
      if (name == "reserve") {
        const Value &n = argv[0];
        size_t want = n.kind != Value::Kind::Int ? 0
                      : n.isUnsigned || n.i >= 0 ? size_t(uint64_t(n.i))
                                                 : SIZE_MAX;
        // A request past the limit is what throws std::length_error.
        checkContainerSize(want, loc);
        if (want > self->elems().capacity()) {
          reserveElements(want, loc);
          invalidateStorage(*self, "reserve", loc,
                            templateArgType(md->getParent(), 0));
          self->elems().reserve(want);
        }
        result = Value::makeVoid();
        return nullptr;
      }
      if (name == "shrink_to_fit") {
        if (self->elems().capacity() > self->elems().size()) {
          invalidateStorage(*self, "shrink_to_fit", loc,
                            templateArgType(md->getParent(), 0));
          self->elems().shrink_to_fit();
        }
        result = Value::makeVoid();
        return nullptr;
      }
      if (name == "assign") {
        QualType et = templateArgType(md->getParent(), 0);
        ValueList fresh;
        if (args.size() == 2 && argv[0].kind == Value::Kind::Int) {
          if (argv[0].wide() < 0)
            error(loc, diag::err_std_vector_negative_size);
          checkContainerSize(size_t(argv[0].i), loc);
          reserveElements(size_t(argv[0].i), loc);
          chargeElements(size_t(argv[0].i), loc);
          Value fill = argv[1];
          if (fill.kind == Value::Kind::Int || fill.kind == Value::Kind::Float)
            fill = convert(fill, et, loc);
          fresh.assign(size_t(argv[0].i), fill);
        } else if (args.size() == 1 && argv[0].kind == Value::Kind::Agg) {
          for (Value &e : argv[0].elems())
            fresh.push_back(e.kind == Value::Kind::Int ||
                                    e.kind == Value::Kind::Float
                                ? convert(e, et, loc)
                                : std::move(e));
        } else {
          unsupportedStdCall(md, loc);
        }
        // As libstdc++: new storage only when the capacity is too small;
        // otherwise the elements past the new size are destroyed and the
        // others overwritten in place.
        if (fresh.size() > self->elems().capacity()) {
          invalidateStorage(*self, "assign", loc,
                            templateArgType(md->getParent(), 0));
        } else {
          invalidateTail(*self, std::min(fresh.size(), self->elems().size()),
                         "assign", loc);
          for (size_t i = 0; i < std::min(fresh.size(), self->elems().size());
               ++i)
            invalidateContents(self->elems()[i], "assign", loc);
        }
        self->elems().assign(std::make_move_iterator(fresh.begin()),
                             std::make_move_iterator(fresh.end()));
        result = Value::makeVoid();
        return nullptr;
      }
      if (name == "resize") {
        const Value &n = argv[0];
        if (n.wide() < 0)
          error(loc, diag::err_std_vector_negative_size);
        reserveElements(size_t(n.i), loc);
        QualType et = templateArgType(md->getParent(), 0);
        size_t newSize = size_t(n.i), oldSize = self->elems().size();
        // The new elements are made before any is stored.
        ValueList added;
        if (newSize > oldSize) {
          if (args.size() >= 2)
            added.assign(newSize - oldSize, argv[1]);
          else
            added = defaultElements(et, newSize - oldSize, loc);
        }
        if (newSize < self->elems().size())
          invalidateTail(*self, newSize, "resize", loc);
        else if (newSize > self->elems().size())
          invalidateGrowth(*self, newSize - self->elems().size(), "resize", loc,
                           et);
        if (newSize <= self->elems().size())
          self->elems().resize(newSize);
        else
          self->elems().insert(self->elems().end(),
                               std::make_move_iterator(added.begin()),
                               std::make_move_iterator(added.end()));
        result = Value::makeVoid();
        return nullptr;
      }
    }
    if (cls == StdClass::Array && name == "fill") {
      const Value &v = argv[0];
      for (Value &e : self->elems()) {
        invalidateContents(e, "fill", loc);
        e = v;
      }
      result = Value::makeVoid();
      return nullptr;
    }
    break;
  }
  case StdClass::Map: {
    if (name == "size") {
      result = Value::makeInt(int64_t(self->map()->size()), true);
      return nullptr;
    }
    if (name == "empty") {
      result = Value::makeInt(self->map()->empty());
      return nullptr;
    }
    if (name == "clear") {
      invalidateContents(*self, "clear", loc);
      self->map()->clear();
      result = Value::makeVoid();
      return nullptr;
    }
    if (name == "count" || name == "contains") {
      const Value &k = argv[0];
      bool has = mapFind(*self, k) != nullptr;
      result =
          name == "count" ? Value::makeInt(has, true) : Value::makeInt(has);
      return nullptr;
    }
    if (name == "at")
      return mapAt(*self, argv[0], loc);
    if (name == "operator[]") {
      QualType vt = templateArgType(md->getParent(), 1);
      // C++ refuses the call for a mapped DSL object, which has no default
      // constructor, whether or not the key is there. Clang says so first
      // now that it instantiates operator[] (PchCache.h); this stays for a
      // map whose body it did not instantiate.
      if (const auto *vrd = vt->getAsCXXRecordDecl()) {
        DslClass dc = classifyDsl(vrd);
        if (isDslHandleClass(dc))
          error(loc, diag::err_eval_map_subscript_no_default,
                {vrd->getNameAsString()});
      }
      Value k = std::move(argv[0]);
      if (Value *v = mapFind(*self, k))
        return v;
      return mapInsert(*self, std::move(k), defaultValue(vt, loc), false, loc);
    }
    if (name == "try_emplace") {
      // try_emplace(k, args...): the mapped value is made from args (none:
      // value-initialised) only when k is not there yet, as C++ does, so a
      // constructor's side effects (a channel it records) happen only then.
      if (args.empty())
        error(loc, diag::err_std_map_insert);
      QualType kt = templateArgType(md->getParent(), 0);
      QualType vt = templateArgType(md->getParent(), 1);
      Value key = std::move(argv[0]);
      if (!kt.isNull())
        key = convertHeld(std::move(key), kt, loc);
      bool inserted = mapFind(*self, key) == nullptr;
      if (inserted) {
        Value v = emplacedElement(
            vt, args.drop_front(),
            llvm::MutableArrayRef<Value>(argv).drop_front(), site, [&] {
              error(loc, diag::err_std_try_emplace_args,
                    {vt.getUnqualifiedType().getAsString(
                        ctx_.getPrintingPolicy())});
            });
        mapInsert(*self, key, std::move(v), false, loc);
      }
      leaveMovedIfMade(inserted);
      result = site == discardedResult_
                   ? Value::makeVoid()
                   : treeInsertionResult(self, key, inserted, false, loc);
      return nullptr;
    }
    if (name == "insert" && args.size() == 1 && isInitializerListParam(md, 0)) {
      // insert({{k1, v1}, {k2, v2}}): the list's pairs are all made first
      // (each converted to the map's types), then inserted in order, a key
      // already there (or given twice) keeping its first value, as C++
      // does.
      QualType kt = templateArgType(md->getParent(), 0);
      QualType vt = templateArgType(md->getParent(), 1);
      if (argv[0].kind != Value::Kind::Agg)
        error(loc, diag::err_std_map_insert_pair);
      for (Value &kv : argv[0].elems()) {
        if (kv.kind != Value::Kind::Agg || kv.elems().size() != 2)
          error(loc, diag::err_std_map_insert_pair);
        kv.elems()[0] = convertHeld(std::move(kv.elems()[0]), kt, loc);
        kv.elems()[1] = convertHeld(std::move(kv.elems()[1]), vt, loc);
      }
      for (Value &kv : argv[0].elems()) // a key there keeps its value
        mapInsert(*self, std::move(kv.elems()[0]), std::move(kv.elems()[1]),
                  false, loc);
      result = Value::makeVoid();
      return nullptr;
    }
    if (name == "insert" || name == "emplace" || name == "insert_or_assign") {
      Value k, v;
      if (args.size() == 1) {
        Value kv = std::move(argv[0]);
        if (kv.kind != Value::Kind::Agg || kv.elems().size() != 2)
          error(loc, diag::err_std_map_insert_pair);
        k = kv.elems()[0];
        v = kv.elems()[1];
      } else if (args.size() == 2) {
        k = std::move(argv[0]);
        v = std::move(argv[1]);
      } else {
        error(loc, diag::err_std_map_insert);
      }
      QualType kt = templateArgType(md->getParent(), 0);
      QualType vt = templateArgType(md->getParent(), 1);
      // The key as the map holds it: `emplace(1.5, x)` into a map of int
      // keys stores 1, a pair key's members are converted, a struct key is
      // made from another type's value as emplace_back makes an element.
      if (!kt.isNull() && name == "emplace" && args.size() == 2 &&
          kt->isRecordType() &&
          !ctx_.hasSameUnqualifiedType(args[0]->getType().getNonReferenceType(),
                                       kt)) {
        llvm::SmallVector<Value, 1> one;
        one.push_back(std::move(k));
        k = emplacedElement(kt, args[0], one, site,
                            [&] { error(loc, diag::err_std_map_insert); });
      } else if (!kt.isNull()) {
        k = convertHeld(std::move(k), kt, loc);
      }
      // libstdc++'s map::emplace(k, v) looks a usable key (the key type,
      // or a scalar for a scalar key) up first and makes no value when it
      // is there: the value's constructor does not run. (An unordered
      // map's emplace makes the entry first.)
      auto insertedKeyType = [&](const Expr *pair) {
        const CXXRecordDecl *rd =
            pair->getType().getNonReferenceType()->getAsCXXRecordDecl();
        llvm::SmallVector<QualType, 4> members;
        if (rd && classifyStd(rd) == StdClass::Pair)
          members = memberTypes(rd);
        return members.size() == 2 ? members[0] : QualType();
      };
      const bool lookedUpFirst =
          !kt.isNull() && !isUnorderedContainer(md->getParent()) &&
          ((name == "emplace" && args.size() == 2 &&
            lookedUpBeforeMaking(args[0]->getType(), kt)) ||
           (name == "insert" && args.size() == 1 &&
            lookedUpBeforeMaking(insertedKeyType(args[0]), kt)));
      if (name == "emplace" && lookedUpFirst && mapFind(*self, k)) {
        leaveMovedIfMade(false);
        result = site == discardedResult_
                     ? Value::makeVoid()
                     : treeInsertionResult(self, k, false, false, loc);
        return nullptr;
      }
      // The mapped value is made as emplace_back makes an element (a
      // number converted, a class of the program's own constructed).
      if (!vt.isNull() && args.size() == 2 && name != "insert") {
        llvm::SmallVector<Value, 1> one;
        one.push_back(std::move(v));
        v = emplacedElement(vt, args[1], one, site,
                            [&] { error(loc, diag::err_std_map_insert); });
      } else if (!vt.isNull()) {
        v = convertHeld(std::move(v), vt, loc);
      }
      size_t before = self->map()->size();
      Value key = k;
      mapInsert(*self, std::move(k), std::move(v), name == "insert_or_assign",
                loc);
      bool inserted = self->map()->size() > before;
      // Without the look-up first, the entry was made (from the moved
      // argument) before the key was compared.
      leaveMovedIfMade(inserted || !lookedUpFirst);
      result = site == discardedResult_
                   ? Value::makeVoid()
                   : treeInsertionResult(self, key, inserted, false, loc);
      return nullptr;
    }
    break;
  }
  case StdClass::Set: {
    if (name == "size") {
      result = Value::makeInt(int64_t(self->map()->size()), true);
      return nullptr;
    }
    if (name == "empty") {
      result = Value::makeInt(self->map()->empty());
      return nullptr;
    }
    if (name == "clear") {
      invalidateContents(*self, "clear", loc);
      self->map()->clear();
      result = Value::makeVoid();
      return nullptr;
    }
    if (name == "count" || name == "contains") {
      bool has = self->map()->find(MapKey{argv[0]}) != self->map()->end();
      result =
          name == "count" ? Value::makeInt(has, true) : Value::makeInt(has);
      return nullptr;
    }
    if (name == "insert" && args.size() == 1 && isInitializerListParam(md, 0)) {
      // insert({a, b, c}): each in order.
      QualType kt = templateArgType(md->getParent(), 0);
      if (argv[0].kind != Value::Kind::Agg)
        error(loc, diag::err_eval_uninitialised);
      for (Value &key : argv[0].elems())
        setInsert(*self, std::move(key), kt, loc);
      result = Value::makeVoid();
      return nullptr;
    }
    if ((name == "insert" && args.size() == 1) || name == "emplace") {
      QualType kt = templateArgType(md->getParent(), 0);
      Value key;
      if (name == "emplace") {
        // The key made from its constructor's arguments (a pair's or a
        // tuple's members, an aggregate's, a struct's constructor), as
        // vector's emplace_back makes an element (one argument of the
        // key's type is the key itself, as insert's).
        key = emplacedElement(kt, args, argv, site,
                              [&] { error(loc, diag::err_std_set_emplace); });
      } else {
        key = std::move(argv[0]);
        if (key.kind == Value::Kind::Int || key.kind == Value::Kind::Float)
          key = convert(key, kt, loc);
      }
      bool inserted = setInsert(*self, key, kt, loc);
      result = site == discardedResult_
                   ? Value::makeVoid()
                   : treeInsertionResult(self, key, inserted, true, loc);
      return nullptr;
    }
    break;
  }
  case StdClass::Optional: {
    if (name == "has_value") {
      result = Value::makeInt(self->kind != Value::Kind::Null);
      return nullptr;
    }
    if (name == "value" || name == "operator*" || name == "operator->") {
      if (self->kind == Value::Kind::Null)
        error(loc, diag::err_std_optional_empty);
      return self;
    }
    if (name == "value_or") {
      // The fallback converts to T, as the library's static_cast<T> does
      // (a number to T's type, a pair member by member, a class of the
      // program's own through its constructor).
      QualType et = templateArgType(md->getParent(), 0);
      if (self->kind != Value::Kind::Null)
        result = *self;
      else if (et.isNull())
        result = std::move(argv[0]);
      else
        result = emplacedElement(et, args, argv, site, [&] {
          error(loc, diag::err_std_optional_in_place,
                {"std::optional::value_or"});
        });
      return nullptr;
    }
    if (name == "reset") {
      invalidateContents(*self, "reset", loc);
      *self = Value::makeNull();
      result = Value::makeVoid();
      return nullptr;
    }
    if (name == "emplace") {
      // Destroys the value held (references to it dangle) and constructs
      // a T from the arguments, as emplace_back does.
      Value v =
          emplacedElement(templateArgType(md->getParent(), 0), args, argv, site,
                          [&] { error(loc, diag::err_std_optional_emplace); });
      invalidateContents(*self, "emplace", loc);
      *self = std::move(v);
      return self;
    }
    break;
  }
  case StdClass::String:
  case StdClass::StringView: {
    // append(const char *s, count) of a literal: its characters past a NUL
    // count too.
    if (name == "append" && args.size() == 2 && argv.size() == 2 &&
        argv[0].kind == Value::Kind::String)
      if (const StringLiteral *literal = decayedLiteral(args[0]))
        argv[0].s() = literal->getString().str();
    Value *lvalue = nullptr;
    if (stringMethod(self, md, name, argv, site, result, lvalue))
      return lvalue;
    break;
  }
  case StdClass::Pair:
  case StdClass::Tuple:
  case StdClass::NulloptT:
  case StdClass::Function:
  case StdClass::Queue: // adapterMethod, above
  case StdClass::Stack:
  case StdClass::PriorityQueue:
  case StdClass::BitReference: // bitReferenceCall, in tryStdCall
  case StdClass::None:
    break;
  }
  unsupportedStdCall(md, loc);
}

Value Evaluator::parseInteger(const CallExpr *call, llvm::StringRef name) {
  LazyLoc loc(call);
  // The position out-parameter is a pointer: only its default (none).
  if (call->getNumArgs() >= 2 && !isa<CXXDefaultArgExpr>(call->getArg(1)) &&
      !call->getArg(1)->IgnoreParenImpCasts()->isNullPointerConstant(
          ctx_, Expr::NPC_ValueDependentIsNotNull))
    error(call->getArg(1)->getExprLoc(), diag::err_std_parse_position,
          {name.str()});
  Value text = eval(call->getArg(0));
  if (text.kind != Value::Kind::String)
    error(loc, diag::err_std_string_argument, {name.str()});
  int base = 10;
  if (call->getNumArgs() >= 3)
    base = int(eval(call->getArg(2)).i);
  // What the library calls (strtol, strtoul, ...), on the same text: the
  // same number, the same leading blanks and sign accepted.
  const char *start = text.s().c_str();
  char *end = nullptr;
  errno = 0;
  bool isUnsigned = name == "stoul" || name == "stoull";
  __int128 v = isUnsigned ? __int128(std::strtoull(start, &end, base))
                          : __int128(std::strtoll(start, &end, base));
  bool badBase = base != 0 && (base < 2 || base > 36);
  if (end == start || badBase)
    error(loc, diag::err_std_parse_invalid, {name.str(), text.s()});
  QualType t = call->getType();
  if (errno == ERANGE || !fitsIntType(v, intType(t.getCanonicalType())))
    error(loc, diag::err_std_parse_range, {name.str(), text.s()});
  return makeTyped(v, t, loc, false);
}

bool Evaluator::isProgramClass(const CXXRecordDecl *rd) {
  return rd && classifyStd(rd) == StdClass::None &&
         classifyDsl(rd) == DslClass::None &&
         !ctx_.getSourceManager().isInSystemHeader(rd->getLocation());
}

bool Evaluator::defaultConstructionRunsCode(QualType t) {
  if (t.isNull())
    return false;
  t = ctx_.getBaseElementType(t.getNonReferenceType().getCanonicalType());
  const auto *rd = t->getAsCXXRecordDecl();
  if (!rd || !rd->hasDefinition())
    return false;
  StdClass sc = classifyStd(rd);
  if (sc == StdClass::Pair || sc == StdClass::Tuple || sc == StdClass::Array) {
    const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(rd);
    if (!spec)
      return false;
    auto runs = [&](const TemplateArgument &a) {
      return a.getKind() == TemplateArgument::Type &&
             defaultConstructionRunsCode(a.getAsType());
    };
    for (const TemplateArgument &a : spec->getTemplateArgs().asArray()) {
      if (a.getKind() == TemplateArgument::Pack) {
        if (llvm::any_of(a.pack_elements(), runs))
          return true;
      } else if (runs(a)) {
        return true;
      }
    }
    return false;
  }
  return isProgramClass(rd) && rd->hasNonTrivialDefaultConstructor();
}

ValueList Evaluator::defaultElements(QualType t, size_t n, LazyLoc loc) {
  chargeElements(n, loc);
  if (!defaultConstructionRunsCode(t))
    return ValueList(n, defaultValue(t, loc));
  ValueList elems;
  elems.reserve(n);
  for (size_t i = 0; i < n; ++i)
    elems.push_back(defaultValue(t, loc));
  return elems;
}

size_t Evaluator::containerSize(const Expr *container, LazyLoc loc,
                                llvm::StringRef function) {
  // std::size(x) of an object of the program's own class calls x.size(),
  // which would have to run: the call is refused, not read as the class's
  // member count.
  if (isProgramClass(container->getType()
                         .getNonReferenceType()
                         .getCanonicalType()
                         ->getAsCXXRecordDecl()))
    error(loc, diag::err_std_size_user_class, {function.str()});
  Value *obj = evalObject(container);
  // A char array (or a string literal) holds its text: its size is the
  // array's extent, the text's characters with the NUL and any room after
  // them (std::size("ab") is 3).
  if (const ConstantArrayType *array = ctx_.getAsConstantArrayType(
          container->getType().getNonReferenceType()))
    if (obj->kind == Value::Kind::String)
      return size_t(array->getSize().getZExtValue());
  return obj->kind == Value::Kind::String ? obj->s().size()
         : obj->kind == Value::Kind::Map  ? obj->map()->size()
                                          : obj->elems().size();
}

bool Evaluator::isStringCharAccess(const CallExpr *call) {
  CallSite site = callSite(call);
  if (site.route.route != CallRoute::StdMethod ||
      (site.route.stdClass != StdClass::String &&
       site.route.stdClass != StdClass::StringView))
    return false;
  const auto *md = cast<CXXMethodDecl>(site.callee);
  if (md->getOverloadedOperator() == OO_Subscript)
    return true;
  return md->getIdentifier() &&
         (md->getName() == "at" || md->getName() == "front" ||
          md->getName() == "back");
}

// Strings hold text: the methods take and return what the same std::string
// calls do (positions are size_type, npos when nothing is found), computed
// by std::string itself on the same characters.
bool Evaluator::stringMethod(Value *self, const CXXMethodDecl *md,
                             llvm::StringRef name,
                             llvm::MutableArrayRef<Value> argv,
                             const Expr *site, Value &result, Value *&lvalue) {
  LazyLoc loc(site);
  std::string &text = self->s();
  QualType returned = md->getReturnType().getNonReferenceType();
  auto size = [&](size_t n) {
    result = makeTyped(__int128(n), returned, loc, false);
    return true;
  };
  // A position or count argument (size_type: already converted).
  auto position = [&](unsigned i) { return size_t(uint64_t(argv[i].i)); };
  // The text of a string, string literal or character argument.
  auto textOf = [&](unsigned i) {
    const Value &v = argv[i];
    if (v.kind == Value::Kind::String)
      return v.s();
    if (v.kind == Value::Kind::Int &&
        md->getParamDecl(i)->getType()->isAnyCharacterType())
      return std::string(1, char(v.i));
    error(loc, diag::err_std_string_argument, {name.str()});
  };
  auto character = [&](size_t at) {
    result =
        makeTyped(__int128(static_cast<char>(text[at])), returned, loc, false);
    return true;
  };
  if (name == "size" || name == "length")
    return size(text.size());
  if (name == "c_str" || (name == "data" && argv.empty())) {
    // The characters, for printf's %s or to make another string: a
    // string literal is the same text (pointer arithmetic stays refused).
    // (A view's data() gives the view's characters only: a reader of a C
    // string stops at its end where C++ reads on into the text it views;
    // docs/dialect.md §4.)
    result = *self;
    return true;
  }
  if (name == "empty") {
    result = Value::makeInt(text.empty());
    return true;
  }
  if (name == "append" && (argv.size() == 2 || argv.size() == 3)) {
    // append(count, c), append(const char *s, count), append(str, pos[,
    // count]) (str a string or anything a string_view is made from).
    auto paramType = [&](unsigned i) {
      return md->getParamDecl(i)->getType().getNonReferenceType();
    };
    std::string more;
    if (argv.size() == 2 && paramType(0)->isIntegerType() &&
        paramType(1)->isAnyCharacterType()) {
      checkStringLength(position(0), loc);
      more = std::string(position(0), char(argv[1].i));
    } else if (argv[0].kind != Value::Kind::String ||
               !paramType(1)->isIntegerType()) {
      error(loc, diag::err_std_string_append);
    } else if (paramType(0)->isPointerType()) {
      more = arrayPrefix(argv[0].s(), argv[1], "append", loc);
    } else {
      more = textFrom(argv[0].s(), position(1),
                      argv.size() == 3 ? position(2) : std::string::npos,
                      "append", loc);
    }
    checkStringLength(text.size() + more.size(), loc);
    text += more;
    lvalue = self;
    return true;
  }
  if (name == "operator+=" || name == "append") {
    if (argv.size() != 1)
      return false;
    const Value &v = argv[0];
    std::string more;
    if (v.kind == Value::Kind::String)
      more = v.s();
    else if (v.kind == Value::Kind::Int && name == "operator+=")
      more = std::string(1, char(v.i));
    else if (v.kind == Value::Kind::Agg) // s += {'c', 'd'}
      more = charactersOf(v, loc);
    else
      error(loc, diag::err_std_string_append);
    checkStringLength(text.size() + more.size(), loc);
    text += more;
    lvalue = self;
    return true;
  }
  if (name == "push_back") {
    checkStringLength(text.size() + 1, loc);
    text += char(argv[0].i);
    result = Value::makeVoid();
    return true;
  }
  if (name == "pop_back" || name == "front" || name == "back") {
    if (text.empty())
      error(loc, diag::err_std_string_char_empty, {name.str()});
    if (name == "front")
      return character(0);
    if (name == "back")
      return character(text.size() - 1);
    text.pop_back();
    result = Value::makeVoid();
    return true;
  }
  if (name == "clear") {
    text.clear();
    result = Value::makeVoid();
    return true;
  }
  if (name == "operator[]" || name == "at") {
    // s[s.size()] is the terminating '\0' (C++11); at() refuses it.
    size_t i = position(0);
    if (i > text.size() || (name == "at" && i == text.size()))
      error(loc, diag::err_std_string_position,
            {name.str(), std::to_string(i), std::to_string(text.size())});
    if (i == text.size()) {
      result = makeTyped(0, returned, loc, false);
      return true;
    }
    return character(i);
  }
  if (name == "substr") {
    result = Value::makeString(
        textFrom(text, position(0), position(1), "substr", loc));
    return true;
  }
  if ((name == "find" || name == "rfind") && argv.size() == 2)
    return size(name == "find" ? text.find(textOf(0), position(1))
                               : text.rfind(textOf(0), position(1)));
  if (name == "starts_with" || name == "ends_with") {
    std::string part = textOf(0);
    bool at = part.size() <= text.size() &&
              (name == "starts_with" ? text.compare(0, part.size(), part) == 0
                                     : text.compare(text.size() - part.size(),
                                                    part.size(), part) == 0);
    result = Value::makeInt(at);
    return true;
  }
  return false;
}

const char *stdAlternative(llvm::StringRef name, bool ofMap) {
  if (name == "find" || name == "find_if" || name == "lower_bound" ||
      name == "upper_bound" || name == "remove" || name == "remove_if" ||
      name == "unique" || name == "min_element" || name == "max_element")
    return ofMap ? "this form is not supported: test with count(key) or "
                   "contains(key), then use at(key), or take an iterator with "
                   "find(key), lower_bound(key) or upper_bound(key)"
                 : "an iterator into a std::array or std::string is not a "
                   "value in algorithm code (a std::vector's is): use the "
                   "position in the expression that needs it "
                   "(std::find(v.begin(), v.end(), x) - v.begin() is an "
                   "index, != v.end() a test, v.erase(std::remove(v.begin(), "
                   "v.end(), x), v.end()) an erase), or std::ranges::count(v, "
                   "x)";
  if (name == "begin" || name == "end" || name == "cbegin" || name == "cend" ||
      name == "rbegin" || name == "rend" || name == "equal_range" ||
      name == "next" || name == "prev" || name == "advance" ||
      name == "distance")
    return "iterators are values for std::vector, std::map and std::set "
           "(`auto it = v.begin();`, m.find(k), std::next(it)); those of "
           "std::array and std::string are positions only, written in the "
           "call that takes them (std::sort(a.begin() + 1, a.end())): loop "
           "over indices or with a range-for";
  if (name == "insert" || name == "erase" || name == "emplace")
    return ofMap ? "std::map's and std::set's insert and emplace take keys "
                   "and values, not a hint; erase takes a key, an iterator or "
                   "two: erase(key), erase(it), emplace(key, value)"
                 : "build the new std::vector with push_back, or assign a "
                   "whole vector";
  if (name == "assign")
    return "assign(count, value) and assign({a, b, ...}) are supported; "
           "iterators are not";
  if (name == "tie")
    return "unpack with a structured binding: `auto [a, b] = ...;`";
  if (name == "transform" || name == "copy" || name == "copy_n" ||
      name == "copy_if" || name == "partial_sum" || name == "inclusive_scan" ||
      name == "exclusive_scan" || name == "adjacent_difference")
    return "std::copy, std::copy_n, std::copy_if, std::transform, the "
           "running sums "
           "(std::partial_sum, std::inclusive_scan, std::exclusive_scan) and "
           "std::adjacent_difference run as statements over positions of a "
           "std::vector or std::array, into such positions or "
           "std::back_inserter(v); the iterator they return is not a value "
           "in algorithm code";
  if (name == "count_if" || name == "any_of" || name == "all_of" ||
      name == "none_of" || name == "for_each" || name == "rotate" ||
      name == "reduce" || name == "contains" || name == "nth_element" ||
      name == "partial_sort" || name == "partition" ||
      name == "stable_partition" || name == "equal" ||
      name == "minmax_element" || name == "adjacent_find" ||
      name == "reverse_copy" || name == "set_union" ||
      name == "set_intersection" || name == "set_difference" ||
      name == "merge" || name == "search" || name == "mismatch")
    return "of the standard algorithms, mscclc runs the ones docs/dialect.md "
           "lists (sort, reverse, fill, iota, accumulate, reduce, count, "
           "count_if, any_of, for_each, generate, rotate, find, lower_bound, "
           "remove, unique, next_permutation, copy, transform, partial_sum, "
           "exclusive_scan, adjacent_difference, erase_if, ...): write the "
           "loop";
  return nullptr;
}

[[noreturn]] void Evaluator::unsupportedStdCall(const clang::FunctionDecl *fd,
                                                LazyLoc loc) {
  std::string name = fd->getQualifiedNameAsString();
  const auto *md = dyn_cast<CXXMethodDecl>(fd);
  bool ofMap = md && (classifyStd(md->getParent()) == StdClass::Map ||
                      classifyStd(md->getParent()) == StdClass::Set);
  if (ofMap && isUnorderedContainer(md->getParent()) &&
      fd->getReturnType()->getAsCXXRecordDecl() &&
      fd->getReturnType()->getAsCXXRecordDecl()->getName().contains("iterator"))
    error(loc, diag::err_std_type_unsupported,
          {name, "iterators of unordered containers are not supported (C++ "
                 "leaves their order unspecified): test with count(key) or "
                 "contains(key) and read with at(key), or use std::map or "
                 "std::set, whose iterators are"});
  if (const auto *ret = fd->getReturnType()->getAsCXXRecordDecl();
      ret && ret->getIdentifier() && ret->getName().starts_with("_Bit_") &&
      ret->isInStdNamespace() && !isBitReferenceClass(ret))
    error(loc, diag::err_std_type_unsupported,
          {name, "std::vector<bool>'s iterators are not values (its elements "
                 "are bits): loop over indices or with a range-for; "
                 "`v.begin(), v.end()` work as an algorithm's whole range"});
  if (StdClass cls = md ? classifyStd(md->getParent()) : StdClass::None;
      cls == StdClass::String || cls == StdClass::StringView)
    error(loc, diag::err_std_type_unsupported,
          {name, "strings provide size, length, empty, +, +=, append, "
                 "push_back, pop_back, clear, reading [], at, front and back, "
                 "substr, find and rfind (of a string or a character, from a "
                 "position), starts_with, ends_with and the comparisons"});
  if (const char *instead = stdAlternative(fd->getName(), ofMap))
    error(loc, diag::err_std_type_unsupported, {name, instead});
  error(loc, diag::err_std_unsupported, {name});
}

void Evaluator::swapObjects(const Expr *first, const Expr *second,
                            LazyLoc loc) {
  Value *a = evalObject(first);
  Borrow aBorrow(*this, a);
  Value *b = evalObject(second);
  if (aBorrow.dangling)
    invalidatedDuringUse(aBorrow, diag::err_eval_object_invalidated, loc);
  swapValues(a, b, first->getType(), loc);
}

void Evaluator::swapValues(Value *a, Value *b, QualType type, LazyLoc loc) {
  // An object swapped with a part of itself would end up owning itself.
  if (a != b && (within(*a, b) || within(*b, a)))
    error(loc, diag::err_std_swap_overlap);
  swapParts(*a, *b, type, loc);
}

void Evaluator::swapParts(Value &a, Value &b, QualType type, LazyLoc loc) {
  if (&a == &b)
    return;
  llvm::SmallVector<QualType, 4> members;
  if (a.kind == Value::Kind::Agg && b.kind == Value::Kind::Agg &&
      a.elems().size() == b.elems().size() &&
      fixedShapeMembers(type, a.elems().size(), members)) {
    for (size_t i = 0; i < members.size(); ++i)
      swapParts(a.elems()[i], b.elems()[i], members[i], loc);
    return;
  }
  // Two engaged optionals swap their values (the Value is the value held);
  // swapped with an empty one, an optional's value is destroyed.
  const CXXRecordDecl *rd = type.getNonReferenceType()->getAsCXXRecordDecl();
  if (rd && classifyStd(rd) == StdClass::Optional) {
    if (a.kind != Value::Kind::Null && b.kind != Value::Kind::Null) {
      swapParts(a, b, templateArgType(rd, 0), loc);
      return;
    }
    invalidateContents(a, "swap with an empty optional", loc);
    invalidateContents(b, "swap with an empty optional", loc);
    std::swap(a, b);
    return;
  }
  // Anything else exchanges its value, and references into either side
  // end. C++ keeps those into a vector's, map's or set's elements (they
  // follow the storage into the other container), but the storage's new
  // owner may end without a container operation (a block's variable, a
  // temporary: `std::vector<int>().swap(v)`), which no borrow would see.
  invalidateContents(a, SwapOperation, loc);
  invalidateContents(b, SwapOperation, loc);
  std::swap(a, b);
}

bool Evaluator::fixedShapeMembers(QualType type, size_t count,
                                  llvm::SmallVectorImpl<QualType> &members) {
  type = type.getNonReferenceType().getCanonicalType();
  if (const auto *cat = constantArrayType(type)) {
    members.assign(count, cat->getElementType());
    return true;
  }
  const CXXRecordDecl *rd = type->getAsCXXRecordDecl();
  if (!rd || !rd->hasDefinition() || rd->isLambda() || rd->isUnion())
    return false;
  switch (classifyStd(rd)) {
  case StdClass::Array:
    members.assign(count, templateArgType(rd, 0));
    return !members.empty() ? !members[0].isNull() : true;
  case StdClass::Pair:
  case StdClass::Tuple:
    members = memberTypes(rd);
    return members.size() == count;
  case StdClass::None:
    break;
  default:
    return false;
  }
  if (classifyDsl(rd) != DslClass::None)
    return false;
  for (const CXXBaseSpecifier &base : directBases(rd))
    members.push_back(base.getType());
  for (const FieldDecl *fd : rd->fields()) {
    if (fd->getType()->isReferenceType())
      return false;
    members.push_back(fd->getType());
  }
  return members.size() == count;
}

const CallExpr *Evaluator::tieCall(const Expr *e) {
  for (;;) {
    e = e->IgnoreImplicit()->IgnoreParens();
    if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(e)) {
      e = mt->getSubExpr();
      continue;
    }
    break;
  }
  const auto *call = dyn_cast<CallExpr>(e);
  const FunctionDecl *fd = call ? call->getDirectCallee() : nullptr;
  return fd && fd->getIdentifier() && fd->getName() == "tie" &&
                 fd->isInStdNamespace()
             ? call
             : nullptr;
}

void Evaluator::assignThroughTie(const CallExpr *tie, const Expr *from,
                                 LazyLoc loc) {
  // C++17: the right operand of `=` is evaluated before the left one.
  Value v = eval(from);
  if (v.kind != Value::Kind::Agg || v.elems().size() != tie->getNumArgs())
    error(loc, diag::err_std_tie, {"tie"});
  // std::tie(i, v[i]) names its targets before any is assigned (they are
  // its arguments): every target first, tracked, then the assignments.
  llvm::SmallVector<Value *, 4> slots(tie->getNumArgs(), nullptr);
  std::vector<std::unique_ptr<Borrow>> held;
  for (unsigned i = 0; i < tie->getNumArgs(); ++i) {
    const Expr *target = tie->getArg(i);
    // std::ignore takes any value and keeps none.
    if (const auto *ref = dyn_cast<DeclRefExpr>(target->IgnoreImplicit());
        ref && ref->getDecl()->getIdentifier() &&
        ref->getDecl()->getName() == "ignore" &&
        ref->getDecl()->isInStdNamespace())
      continue;
    slots[i] = evalLValue(target);
    held.push_back(std::make_unique<Borrow>(*this, slots[i]));
  }
  for (const auto &b : held)
    if (b->dangling)
      invalidatedDuringUse(*b, diag::err_eval_object_invalidated, loc);
  for (unsigned i = 0; i < tie->getNumArgs(); ++i) {
    if (!slots[i])
      continue;
    Value &x = v.elems()[i];
    if (x.kind == Value::Kind::Int || x.kind == Value::Kind::Float)
      x = convert(x, tie->getArg(i)->getType(), loc);
    invalidateContents(*slots[i], "assignment", loc);
    *slots[i] = std::move(x);
  }
}

Evaluator::MethodOperands Evaluator::methodOperands(const CallExpr *call) {
  llvm::ArrayRef<const Expr *> args(call->getArgs(), call->getNumArgs());
  if (const auto *mce = dyn_cast<CXXMemberCallExpr>(call))
    return {mce->getImplicitObjectArgument(), args};
  // An operator called as a member: its object is the first argument.
  return {call->getArg(0), args.drop_front()};
}

bool Evaluator::rightOperandFirst(const CallExpr *call,
                                  llvm::ArrayRef<const Expr *> args) {
  const auto *oc = dyn_cast<CXXOperatorCallExpr>(call);
  if (!oc || !oc->isAssignmentOp() || args.size() != 1)
    return false;
  return args[0]->isPRValue() ||
         isa<MaterializeTemporaryExpr>(args[0]->IgnoreImpCasts());
}

void Evaluator::stdMethodCall(const CallExpr *call, const CXXMethodDecl *md,
                              StdClass cls, StdAccess access, Value &result,
                              Value **lvalueResult) {
  *lvalueResult = nullptr;
  auto [objE, args] = methodOperands(call);
  if (access != StdAccess::None) {
    *lvalueResult =
        stdElementAccess(cls, access, evalObject(objE), args[0], call);
    return;
  }
  if (cls == StdClass::BitReference) {
    bitReferenceCall(call, md, objE, args, result, lvalueResult);
    return;
  }
  if (cls == StdClass::Tuple && args.size() == 1 &&
      md->getOverloadedOperator() == OO_Equal) {
    if (const CallExpr *tie = tieCall(objE)) {
      assignThroughTie(tie, args[0], LazyLoc(call));
      result = Value::makeVoid();
      return;
    }
  }
  // C++17 evaluates the right operand of an assignment first, also of a
  // class's operator: `ids[k] = {int(ids.size()), 0}` sizes the map
  // before ids[k] makes the entry.
  if (cls != StdClass::Function && rightOperandFirst(call, args)) {
    Value right = eval(args[0]);
    Value *self = evalObject(objE);
    *lvalueResult = stdMethod(cls, self, md, args, call, result, &right);
    return;
  }
  Value *self = evalObject(objE);
  if (cls == StdClass::Vector && tryVectorEdit(self, md, args, call, result))
    return;
  if ((cls == StdClass::Map || cls == StdClass::Set) &&
      tryTreeMethod(self, md, args, call, result))
    return;
  *lvalueResult = cls == StdClass::Function
                      ? stdFunctionMethod(self, md, args, call, result)
                      : stdMethod(cls, self, md, args, call, result);
}

// The indices that lead from `root` down to `part` (an element, a field, a
// map entry, or a part of one), or false when `part` is not inside `root`.
static bool pathWithin(const Value &root, const Value *part,
                       llvm::SmallVectorImpl<size_t> &path) {
  if (!root.hasHeap())
    return false;
  size_t k = 0;
  auto visit = [&](const Value &child) {
    path.push_back(k++);
    if (&child == part || pathWithin(child, part, path))
      return true;
    path.pop_back();
    return false;
  };
  if (root.kind == Value::Kind::Agg) {
    for (const Value &e : root.elems())
      if (visit(e))
        return true;
  } else if (root.kind == Value::Kind::Map && root.map()) {
    for (const Value &e : *root.map())
      if (visit(e))
        return true;
  }
  return false;
}

// The part of `root` at `path` (pathWithin's, taken in a copy of the value
// it was found in).
static Value *partAt(Value &root, llvm::ArrayRef<size_t> path) {
  Value *v = &root;
  for (size_t k : path) {
    if (v->kind == Value::Kind::Agg) {
      v = &v->elems()[k];
    } else {
      auto it = v->map()->begin();
      std::advance(it, k);
      v = &mutableEntry(*it);
    }
  }
  return v;
}

bool Evaluator::tryStdCall(const CallExpr *call, const FunctionDecl *fd,
                           Value &result, Value **lvalueResult) {
  LazyLoc loc(call);
  *lvalueResult = nullptr;
  if (calleeUsesIterators(fd)) {
    if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(call);
        oc && (tryIteratorObjectOperator(oc, result, lvalueResult) ||
               tryIteratorOperator(oc, result, lvalueResult)))
      return true;
    if (tryIteratorValue(call, result))
      return true;
    if (call->getNumArgs() == 2 && fd->getIdentifier() &&
        fd->getName() == "distance" && fd->isInStdNamespace() &&
        iteratorDifference(call->getArg(1), call->getArg(0), BO_Sub,
                           call->getType(), call, result))
      return true;
    if (fd->getIdentifier() && fd->isInStdNamespace() &&
        tryIteratorFunction(call, fd->getName(), result))
      return true;
  }
  if (tryProgramOutput(call, fd, result))
    return true;
  if (const auto *md = dyn_cast<CXXMethodDecl>(fd)) {
    StdClass cls = classifyStd(md->getParent());
    if (cls == StdClass::None) {
      if (md->isStatic() && md->getParent()->isInStdNamespace()) {
        if (tryNumericLimits(call, md, result))
          return true;
        unsupportedStdCall(md, loc);
      }
      return tryStdFunctionObject(call, md, result, lvalueResult);
    }
    if (md->isStatic())
      unsupportedStdCall(md, loc);
    stdMethodCall(call, md, cls, StdAccess::None, result, lvalueResult);
    return true;
  }
  // The C library's abs family reaches std:: through a using-declaration:
  // std::abs(int) is ::abs.
  bool cAbs = fd->getDeclContext()->getRedeclContext()->isTranslationUnit() &&
              fd->getIdentifier() &&
              (fd->getName() == "abs" || fd->getName() == "labs" ||
               fd->getName() == "llabs") &&
              ctx_.getSourceManager().isInSystemHeader(fd->getLocation());
  if (tryCLibraryCall(call, fd, result))
    return true;
  if (!fd->isInStdNamespace() && !cAbs)
    return false;
  llvm::StringRef name = cAbs ? llvm::StringRef("abs") : fd->getName();
  if (fd->getDeclName().getNameKind() == DeclarationName::CXXOperatorName) {
    OverloadedOperatorKind op = fd->getOverloadedOperator();
    if (call->getNumArgs() == 1)
      error(loc, diag::err_eval_unsupported_operator);
    if (isComparison(op)) {
      result = compareOperands(BinaryOperator::getOverloadedOpcode(op),
                               call->getArg(0), call->getArg(1), loc);
      return true;
    }
    Value l = eval(call->getArg(0));
    Value r = eval(call->getArg(1));
    // s + 'c' and 'c' + s: the character is a string of one.
    auto asText = [&](Value &v, unsigned i) {
      if (v.kind == Value::Kind::Int && i < fd->getNumParams() &&
          fd->getParamDecl(i)->getType()->isAnyCharacterType())
        v = Value::makeString(std::string(1, char(v.i)));
    };
    switch (op) {
    case OO_Plus:
      asText(l, 0);
      asText(r, 1);
      if (l.kind == Value::Kind::String && r.kind == Value::Kind::String) {
        checkStringLength(l.s().size() + r.s().size(), loc);
        result = Value::makeString(l.s() + r.s());
        return true;
      }
      break;
    default:
      break;
    }
    error(loc, diag::err_std_operator);
  }
  if (name == "move" || name == "forward" || name == "as_const") {
    *lvalueResult = evalObject(call->getArg(0));
    return true;
  }
  if (name == "min" || name == "max" || name == "minmax") {
    // std::min(a, b), std::min({a, b, ...}), each with an optional
    // comparator; minmax gives both, as a pair.
    const auto *listRd =
        call->getArg(0)->getType().getCanonicalType()->getAsCXXRecordDecl();
    bool list = listRd && classifyStd(listRd) == StdClass::InitializerList;
    unsigned values = list ? 1 : 2;
    const Expr *comparator =
        call->getNumArgs() > values ? call->getArg(values) : nullptr;
    ValueList vals;
    // std::min(a, b) and std::max(a, b) return a reference to the argument
    // they pick (`const int &m = std::max(a, b);` follows a later change
    // of `a`): each argument's object, an argument that is not one held in
    // a temporary, as its reference parameter would hold it. The list forms
    // return a copy; minmax's pair of references is made of copies (a pair
    // of references is not modelled).
    QualType elem = list ? templateArgType(listRd, 0)
                         : call->getArg(0)->getType().getNonReferenceType();
    auto makeLess = [&] { return minMaxOrder(comparator, elem, name, loc); };
    if (!list && call->isLValue() && name != "minmax") {
      // A comparator taking the arguments by reference sees them, and what
      // it changes.
      *lvalueResult = pickArgument(name == "min", call->getArg(0),
                                   call->getArg(1), makeLess)[0];
      return true;
    }
    if (list) {
      Value l = eval(call->getArg(0));
      vals = l.elems();
    } else {
      vals.push_back(eval(call->getArg(0)));
      vals.push_back(eval(call->getArg(1)));
    }
    if (vals.empty())
      error(loc, diag::err_std_minmax_empty, {name.str()});
    std::function<bool(Value &, Value &)> less = makeLess();
    // The first of equal smallest values, as the library does; the first
    // of equal largest for max, the last for minmax.
    // The comparator runs as often, and on the same pairs, as libstdc++
    // runs it: a comparator that counts or prints sees the same.
    size_t smallest = 0, largest = 0;
    if (name == "minmax" && vals.size() == 2) {
      if (less(vals[1], vals[0]))
        smallest = 1, largest = 0;
      else
        largest = 1;
    } else if (name == "minmax" && vals.size() > 2) {
      // minmax_element: elements in pairs, about 3n/2 comparisons.
      if (less(vals[1], vals[0]))
        smallest = 1;
      else
        largest = 1;
      size_t i = 2;
      while (i < vals.size()) {
        if (i + 1 == vals.size()) {
          if (less(vals[i], vals[smallest]))
            smallest = i;
          else if (!less(vals[i], vals[largest]))
            largest = i;
          break;
        }
        size_t lo = i, hi = i + 1;
        if (less(vals[i + 1], vals[i]))
          std::swap(lo, hi);
        if (less(vals[lo], vals[smallest]))
          smallest = lo;
        if (!less(vals[hi], vals[largest]))
          largest = hi;
        i += 2;
      }
    } else {
      for (size_t i = 1; i < vals.size(); ++i)
        if (name == "min" ? less(vals[i], vals[smallest])
                          : less(vals[largest], vals[i]))
          (name == "min" ? smallest : largest) = i;
    }
    if (name == "minmax") {
      // minmax(a, b) is (b, a) only when b < a: equal values keep their
      // order, which the search above gives too.
      ValueList pair;
      pair.push_back(vals[smallest]);
      pair.push_back(vals[largest]);
      result = Value::makeAgg(std::move(pair));
    } else {
      result = vals[name == "min" ? smallest : largest];
    }
    return true;
  }
  if (name == "clamp") {
    // std::clamp(v, lo, hi) returns a reference to the one of the three
    // it picks, as std::min does (above): each argument's object, or a
    // temporary for an argument that is not one.
    // `std::clamp(v, lo, hi, comp)`: the same two comparisons, by comp.
    if (call->getNumArgs() != 3 && call->getNumArgs() != 4)
      error(loc, diag::err_std_comparator, {"clamp"});
    const Expr *comparator =
        call->getNumArgs() == 4 ? call->getArg(3) : nullptr;
    Value *objects[3];
    std::optional<Borrow> held[3];
    for (unsigned k = 0; k < 3; ++k) {
      objects[k] = referenceArgument(call->getArg(k));
      held[k].emplace(*this, objects[k]);
    }
    auto checkHeld = [&](unsigned k) {
      if (held[k]->dangling)
        invalidatedDuringUse(*held[k],
                             diag::err_std_reference_argument_invalidated,
                             call->getArg(k));
    };
    // A later argument may have destroyed an earlier one.
    for (unsigned k = 0; k < 3; ++k)
      checkHeld(k);
    Value &v = *objects[0], &lo = *objects[1], &hi = *objects[2];
    QualType elem = call->getArg(0)->getType().getNonReferenceType();
    // `hi < lo` breaks clamp's precondition: checked with the built-in
    // order only, as a program's operator< or comparator called once more
    // than the library calls it would show (libstdc++ asserts it only in
    // debug mode).
    const bool userOrder = comparator || userComparedIn(elem);
    if (!userOrder && compareValues(hi, lo) < 0)
      error(loc, diag::err_std_clamp_bounds,
            {describeValue(lo), describeValue(hi)});
    std::function<bool(Value &, Value &)> less =
        minMaxOrder(comparator, elem, "clamp", loc);
    // libstdc++: std::min(std::max(v, lo), hi), two comparisons; a
    // program's operator< may destroy what the second one reads.
    const unsigned atLeastLo = less(v, lo) ? 1 : 0;
    checkHeld(atLeastLo);
    checkHeld(2);
    const unsigned picked = less(hi, *objects[atLeastLo]) ? 2 : atLeastLo;
    checkHeld(picked);
    if (call->isLValue())
      *lvalueResult = objects[picked];
    else
      result = *objects[picked];
    return true;
  }
  if (name == "exchange" && call->getNumArgs() == 2) {
    // libstdc++'s `T old = std::move(obj); obj = std::forward<U>(new_val);
    // return old;`.
    Value *target = evalObject(call->getArg(0));
    Borrow held(*this, target);
    const Expr *newArg = call->getArg(1);
    QualType t = call->getArg(0)->getType().getNonReferenceType();
    QualType from = newArg->getType().getNonReferenceType();
    if (newArg->isGLValue() && t->isRecordType() &&
        ctx_.hasSameUnqualifiedType(t.getCanonicalType(),
                                    from.getCanonicalType())) {
      // An object of the same class (`std::exchange(v, w)`, or
      // `std::move(w)`) is bound by reference and read once `obj` has been
      // moved from: `std::exchange(v, v)` leaves v empty, as natively.
      Value *source = evalObject(newArg);
      Borrow heldSource(*this, source);
      if (held.dangling)
        invalidatedDuringUse(held, diag::err_eval_object_invalidated, loc);
      if (source->kind == Value::Kind::Uninit)
        error(newArg->getExprLoc(), diag::err_eval_uninitialised_unnamed);
      result = *target;
      // A part of `obj` (a tree's own child, `std::exchange(n, n.kids[0])`)
      // goes with the move into the old value, where C++ reads it: here,
      // the copy's part at the same place.
      llvm::SmallVector<size_t, 4> path;
      const bool partOfTarget =
          source != target && pathWithin(*target, source, path);
      Value *read = partOfTarget ? partAt(result, path) : source;
      invalidateContents(*target, "exchange", loc);
      leaveMovedFrom(*target, t, /*assigned=*/false, loc);
      // Any other way the move could have taken the source (none is known)
      // is an error, not a read of what it freed.
      if (!partOfTarget && heldSource.dangling)
        invalidatedDuringUse(
            heldSource, diag::err_std_reference_argument_invalidated, newArg);
      Value replacement = *read;
      if (movesFromObject(newArg, t))
        leaveMovedFrom(*read, from, /*assigned=*/true, loc);
      *target = std::move(replacement);
      return true;
    }
    // A value (a prvalue, a scalar: moving one copies it) is computed
    // first; a class of another type is converted to `T` as `obj = value`
    // converts it.
    Value replacement;
    if (t->isRecordType() &&
        !ctx_.hasSameUnqualifiedType(t.getCanonicalType(),
                                     from.getCanonicalType())) {
      // `obj = value` in the library runs the class's converting
      // constructor, as emplace would.
      Value argv[] = {eval(call->getArg(1))};
      replacement = emplacedElement(
          t.getUnqualifiedType(), {call->getArg(1)}, argv, call,
          [&] { error(loc, diag::err_std_unsupported, {"std::exchange"}); });
    } else {
      replacement = convert(eval(call->getArg(1)), t, loc);
    }
    if (held.dangling)
      invalidatedDuringUse(held, diag::err_eval_object_invalidated, loc);
    result = *target;
    invalidateContents(*target, "exchange", loc);
    *target = std::move(replacement);
    return true;
  }
  if (name == "abs") {
    Value v = eval(call->getArg(0));
    if (v.kind == Value::Kind::Float)
      result = Value::makeFloat(std::fabs(v.f)); // -0.0 and -NaN too
    else
      result = makeTyped(v.wide() < 0 ? -v.wide() : v.wide(), call->getType(),
                         loc, true);
    return true;
  }
  if (name == "make_pair" || name == "make_tuple" || name == "tie" ||
      name == "forward_as_tuple") {
    if (name == "tie" || name == "forward_as_tuple")
      error(loc, diag::err_std_tie, {name.str()});
    // Each argument decays to its own type: std::move(peers) moves.
    ValueList elems;
    PendingMoves moves;
    for (unsigned i = 0; i < call->getNumArgs(); ++i) {
      const Expr *a = call->getArg(i);
      elems.push_back(evalMovedLater(
          a,
          i < fd->getNumParams() ? fd->getParamDecl(i)->getType() : QualType(),
          a->getType(), moves, elems.size()));
    }
    finishMoves(moves, {elems.data(), elems.size()}, loc);
    result = Value::makeAgg(std::move(elems));
    return true;
  }
  if (name == "make_optional") {
    // make_optional(v) holds a copy of v as its decayed type;
    // make_optional<T>(args...) constructs a T as emplace does.
    checkOptionalType(call->getType()->getAsCXXRecordDecl(), loc);
    QualType et = templateArgType(call->getType()->getAsCXXRecordDecl(), 0);
    llvm::SmallVector<const Expr *, 4> args(call->arguments());
    llvm::SmallVector<Value, 4> argv;
    PendingMoves moves; // make_optional(std::move(peers)) moves
    for (unsigned i = 0; i < args.size(); ++i)
      argv.push_back(evalMovedLater(args[i],
                                    args.size() == 1 && fd->getNumParams() == 1
                                        ? fd->getParamDecl(0)->getType()
                                        : QualType(),
                                    et, moves, argv.size()));
    finishMoves(moves, argv, loc);
    result = emplacedElement(et, args, argv, call, [&] {
      error(loc, diag::err_std_optional_in_place, {"std::make_optional"});
    });
    return true;
  }
  if (name == "get") {
    const TemplateArgumentList *targs = fd->getTemplateSpecializationArgs();
    if (!targs || targs->size() == 0 ||
        (*targs)[0].getKind() != TemplateArgument::Integral)
      error(loc, diag::err_std_get_index);
    uint64_t i = (*targs)[0].getAsIntegral().getZExtValue();
    Value *obj = evalObject(call->getArg(0));
    if (obj->kind != Value::Kind::Agg || i >= obj->elems().size())
      error(loc, diag::err_std_get_range);
    *lvalueResult = &obj->elems()[i];
    return true;
  }
  if (name == "size" && call->getNumArgs() == 1) {
    result = Value::makeInt(
        int64_t(containerSize(call->getArg(0), LazyLoc(call), name)), true);
    return true;
  }
  if (name == "to_string") {
    Value v = eval(call->getArg(0));
    if (v.kind == Value::Kind::Int)
      result = Value::makeString(v.isUnsigned ? std::to_string(uint64_t(v.i))
                                              : std::to_string(v.i));
    else
      result = Value::makeString(std::to_string(v.f));
    return true;
  }
  if (name == "stoi" || name == "stol" || name == "stoll" || name == "stoul" ||
      name == "stoull") {
    result = parseInteger(call, name);
    return true;
  }
  if (name == "swap") {
    swapObjects(call->getArg(0), call->getArg(1), loc);
    result = Value::makeVoid();
    return true;
  }
  if (name == "binary_search" && call->getNumArgs() >= 2) {
    bool matched = false;
    searchPosition(call, &matched);
    result = Value::makeInt(matched);
    return true;
  }
  if (name == "equal_range" &&
      (call->getNumArgs() == 3 || call->getNumArgs() == 4)) {
    // std::equal_range(first, last, value[, comp]) over positions of a
    // std::vector: the pair of iterators (values) lower_bound and
    // upper_bound would give.
    IteratorPosition first, last;
    if (parseIteratorPosition(call->getArg(0), first) &&
        parseIteratorPosition(call->getArg(1), last) && !first.search &&
        !last.search && !first.containerType.isNull() &&
        classifyStd(
            first.containerType.getCanonicalType()->getAsCXXRecordDecl()) ==
            StdClass::Vector) {
      Borrow keep(*this, nullptr, /*iterating=*/true);
      auto [range, lo, hi] = positionRange(first, last, call, name, keep);
      ValueList copy = elementCopies(*range, lo, hi, loc);
      size_t upper = 0;
      size_t lower = boundPosition(
          name, copy,
          templateArgType(
              first.containerType.getCanonicalType()->getAsCXXRecordDecl(), 0),
          call->getArg(2), fd->getParamDecl(2)->getType(),
          call->getNumArgs() == 4 ? call->getArg(3) : nullptr, loc, nullptr,
          &upper);
      if (keep.dangling)
        invalidatedDuringUse(keep, diag::err_std_predicate_modified, loc);
      ValueList pair;
      pair.push_back(makeIterator(range, lo + lower, 0, nullptr, loc));
      pair.push_back(makeIterator(range, lo + upper, 0, nullptr, loc));
      result = Value::makeAgg(std::move(pair));
      return true;
    }
  }
  if ((name == "erase" || name == "erase_if") && call->getNumArgs() == 2) {
    result = eraseFromContainer(call, name == "erase_if");
    return true;
  }
  if (tryWalkedRangeAlgorithm(call, name, result) ||
      tryStdNumericCall(call, name, result) ||
      tryStdRangeAlgorithm(call, name, result))
    return true;
  unsupportedStdCall(fd, loc);
}

} // namespace mscclc::frontend
