//===- EvalExpressions.cpp - expressions of the dialect ------------------===//
//
// eval() dispatches on the expression's kind and returns a value;
// evalLValue() returns the object an lvalue names. Casts, initializer
// lists, default values, lambdas, member access and subscripts are here.
//
//===----------------------------------------------------------------------===//
#include "Evaluator.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Type.h"
#include "clang/Basic/SourceManager.h"

#include <functional>

using namespace clang;

namespace mscclc::frontend {

using clang::SourceLocation;

namespace {
// A string literal, or a choice between string literals (`c ? "a" : "bc"`,
// which decays as a whole when both arms have one length): what a
// `const char *` may hold in the dialect, evaluated as a string.
bool isStringLiteralChoice(const Expr *e) {
  e = e->IgnoreParens();
  if (const auto *ice = dyn_cast<ImplicitCastExpr>(e))
    if (ice->getCastKind() == CK_ArrayToPointerDecay ||
        ice->getCastKind() == CK_NoOp)
      return isStringLiteralChoice(ice->getSubExpr());
  if (const auto *pe = dyn_cast<PredefinedExpr>(e)) // __func__
    return pe->getFunctionName() != nullptr;
  if (const auto *co = dyn_cast<ConditionalOperator>(e))
    return isStringLiteralChoice(co->getTrueExpr()) &&
           isStringLiteralChoice(co->getFalseExpr());
  return isa<StringLiteral>(e);
}

// `opt->...`: the call of std::optional's operator-> under `e`, or null.
const CXXOperatorCallExpr *optionalArrow(const Expr *e) {
  const auto *arrow = dyn_cast<CXXOperatorCallExpr>(e->IgnoreImplicit());
  return arrow && arrow->getOperator() == OO_Arrow ? arrow : nullptr;
}
} // namespace

Value Evaluator::evalCast(const CastExpr *ce) {
  const Expr *sub = ce->getSubExpr();
  LazyLoc loc(ce);
  switch (ce->getCastKind()) {
  case CK_LValueToRValue: {
    // A string's character is read as a value (strings hold text, not
    // a Value per character).
    if (const auto *call = dyn_cast<CallExpr>(sub->IgnoreParens());
        call && call->getType()->isAnyCharacterType() &&
        isStringCharAccess(call))
      return evalCall(call);
    Value *slot = evalLValue(sub);
    if (slot->kind == Value::Kind::Uninit) {
      if (const auto *dre = dyn_cast<DeclRefExpr>(sub->IgnoreParens()))
        error(sub->getExprLoc(), diag::err_eval_uninitialised_variable,
              {dre->getDecl()->getNameAsString()});
      error(sub->getExprLoc(), diag::err_eval_uninitialised_unnamed);
    }
    // `const int &r = *opt; opt.reset(); int x = r;`: the reference names
    // the optional's slot, empty now.
    if (slot->kind == Value::Kind::Null &&
        (ce->getType()->isArithmeticType() || ce->getType()->isEnumeralType()))
      error(sub->getExprLoc(), diag::err_std_optional_value_destroyed);
    chargeCopy(*slot, ce);
    return *slot;
  }
  case CK_DerivedToBase:
  case CK_UncheckedDerivedToBase: {
    Value whole = eval(sub);
    Value *part = baseSubobject(&whole, ce);
    if (part == &whole)
      return whole;
    Value copy = std::move(*part);
    return copy;
  }
  case CK_NoOp:
  case CK_ConstructorConversion:
  case CK_UserDefinedConversion:
  case CK_FunctionToPointerDecay:
  case CK_BuiltinFnToFnPtr:
  case CK_AtomicToNonAtomic:
  case CK_NonAtomicToAtomic:
    return eval(sub);
  case CK_ToVoid:
    // `(void)x;` names x without reading it (no lvalue-to-rvalue
    // conversion): no error for an uninitialised or dangling x, as in C++.
    if (const auto *named = dyn_cast<DeclRefExpr>(sub->IgnoreParens());
        named && sub->isGLValue() &&
        isa<VarDecl, BindingDecl>(named->getDecl())) {
      step(named);
      return Value::makeVoid();
    }
    eval(sub);
    return Value::makeVoid();
  case CK_ArrayToPointerDecay: {
    if (isStringLiteralChoice(sub)) {
      // A `const char *` ends at its first NUL: whatever reads it as a C
      // string (std::string's operations, a map key, printf's %s) stops
      // there. A count that reaches past it (`std::string("a\0b", 3)`)
      // reads the literal itself (decayedLiteral).
      Value text = eval(sub);
      if (size_t nul = text.s().find('\0'); nul != std::string::npos)
        text.s().resize(nul);
      return text;
    }
    error(loc, diag::err_eval_array_decay);
  }
  case CK_PointerToBoolean:
    // `assert(ok && "message")`: a string literal is never a null pointer.
    if (isa<StringLiteral>(sub->IgnoreParenImpCasts()))
      return Value::makeInt(1);
    error(loc, diag::err_eval_unsupported_conversion, {ce->getCastKindName()});
  case CK_IntegralCast:
    if (isa<ImplicitCastExpr>(ce) && !ce->getType()->isEnumeralType()) {
      Value v = eval(sub);
      if (auto cut = cutImplicitly(v, ce, sub->getType(), ce->getType(), loc))
        return std::move(*cut);
      return convert(v, ce->getType(), loc);
    }
    return convert(eval(sub), ce->getType(), loc);
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
  case CK_BaseToDerived:
    error(loc, diag::err_eval_base_to_derived);
  default:
    error(loc, diag::err_eval_unsupported_conversion, {ce->getCastKindName()});
  }
}

const ConstantArrayType *Evaluator::constantArrayType(QualType t) {
  if (!t->isArrayType())
    return nullptr;
  auto [it, added] = constantArrayTypes_.try_emplace(t.getAsOpaquePtr());
  if (added)
    it->second = ctx_.getAsConstantArrayType(t);
  return it->second;
}

Value Evaluator::evalInitList(const InitListExpr *ile) {
  if (ile->isSyntacticForm() && ile->getSemanticForm())
    ile = ile->getSemanticForm();
  if (auto known = recordInitLists_.find(ile);
      known != recordInitLists_.end()) {
    // A copy: evaluating a field may add lists to the map.
    RecordInitList shape = known->second;
    if (shape.defaultsUseThis)
      return aggregateWithThis(shape.record, ile->inits(), shape.fields,
                               LazyLoc(ile));
    // The fields eval would return kept values for (unless
    // MSCCLC_NO_FAST_ROUTES is set, for differential testing).
    if (!shape.constants && fastRoutes_) {
      shape.constants = initListConstants(ile, shape.fields);
      known->second.constants = shape.constants;
    }
    ValueList fields;
    fields.reserve(shape.fields);
    for (unsigned i = 0; i < shape.fields; ++i) {
      if (!shape.constants ||
          shape.constants->values[i].kind == Value::Kind::Uninit) {
        fields.push_back(eval(ile->getInit(i)));
        continue;
      }
      step(ile->getInit(i)); // all that eval does before returning it
      fields.push_back(shape.constants->values[i]);
    }
    return Value::makeAgg(std::move(fields), shape.record);
  }
  QualType t = ile->getType().getCanonicalType();
  SourceLocation loc = ile->getBeginLoc();
  if (t->isScalarType()) {
    if (ile->getNumInits() == 0)
      return defaultValue(t, loc);
    return convert(eval(ile->getInit(0)), t, loc);
  }
  if (const auto *cat = constantArrayType(t))
    return arrayElements(cat, ile->inits(), ile->getArrayFiller(), loc);
  if (const auto *rd = t->getAsCXXRecordDecl()) {
    StdClass sc = classifyStd(rd);
    if (sc == StdClass::Array) {
      // std::array is an aggregate wrapping one C array.
      if (ile->getNumInits() == 1) {
        Value inner = eval(ile->getInit(0));
        if (inner.kind == Value::Kind::Agg)
          return Value::makeAgg(std::move(inner.elems()));
        // `std::array<char, 4> a = {"abc"}`: a char array made from a
        // string literal is held as its text; std::array's elements are
        // characters, the literal's then zeros up to the size.
        const auto *chars =
            rd->field_empty()
                ? nullptr
                : constantArrayType(
                      rd->field_begin()->getType().getCanonicalType());
        if (inner.kind == Value::Kind::String && chars) {
          const uint64_t n = chars->getSize().getZExtValue();
          reserveElements(n, loc);
          ValueList elems;
          elems.reserve(n);
          for (uint64_t i = 0; i < n; ++i)
            elems.push_back(
                convert(Value::makeInt(i < inner.s().size() ? inner.s()[i] : 0),
                        chars->getElementType(), loc));
          return Value::makeAgg(std::move(elems));
        }
      }
      return defaultValue(t, loc);
    }
    if (sc != StdClass::None)
      error(loc, diag::err_eval_std_brace_init);
    if (classifyDsl(rd) == DslClass::None)
      checkUserStruct(rd, loc);
    // C++17's aggregates with bases: the list initialises the bases in
    // order, then the fields, as a Value holds them.
    const unsigned numBases = rd->getNumBases();
    const unsigned numSlots =
        numBases + unsigned(std::distance(rd->field_begin(), rd->field_end()));
    // Clang's semantic form names every base and field, defaults included;
    // a list that does can skip the checks above the next time.
    bool usesThis = defaultsUseThis(ile);
    if (usesThis && numBases > 0)
      error(loc, diag::err_eval_aggregate_bases);
    if (numSlots == ile->getNumInits())
      recordInitLists_[ile] = {rd, numSlots, usesThis};
    if (usesThis)
      return aggregateWithThis(rd, ile->inits(), numSlots, LazyLoc(ile));
    ValueList fields;
    fields.reserve(numSlots);
    unsigned i = 0;
    for (const CXXBaseSpecifier &base : directBases(rd)) {
      fields.push_back(i < ile->getNumInits()
                           ? eval(ile->getInit(i))
                           : defaultValue(base.getType(), loc));
      ++i;
    }
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

// C++20's aggregate initialisation with parentheses, `P p(1, 2);`,
// `int a[3](4, 5);`: as braces, without their narrowing checks (Clang's
// node lists every field's initialiser, defaults included, and an array's
// filler).
Value Evaluator::evalParenListInit(const CXXParenListInitExpr *pl) {
  QualType t = pl->getType().getCanonicalType();
  SourceLocation loc = pl->getBeginLoc();
  llvm::ArrayRef<Expr *> inits = pl->getInitExprs();
  if (const auto *cat = constantArrayType(t))
    return arrayElements(cat, inits, pl->getArrayFiller(), loc);
  const auto *rd = t->getAsCXXRecordDecl();
  if (!rd || classifyStd(rd) != StdClass::None || rd->isUnion())
    error(loc, diag::err_eval_unsupported_expr, {pl->getStmtClassName()});
  if (classifyDsl(rd) == DslClass::None)
    checkUserStruct(rd, loc);
  // The bases first, then the fields, as evalInitList.
  return aggregateWithThis(
      rd, inits,
      rd->getNumBases() +
          unsigned(std::distance(rd->field_begin(), rd->field_end())),
      loc);
}

const Evaluator::InitListConstants *
Evaluator::initListConstants(const InitListExpr *ile, unsigned fields) {
  auto constants = std::make_unique<InitListConstants>();
  constants->values.resize(fields);
  for (unsigned i = 0; i < fields; ++i) {
    const Expr *init = ile->getInit(i);
    Value &value = constants->values[i];
    // What eval returns for these right after its step: a literal's value,
    // or the kept value of a constant initialiser evaluated before (the
    // list's first evaluation evaluated every field).
    if (const auto *b = dyn_cast<CXXBoolLiteralExpr>(init)) {
      value = Value::makeInt(b->getValue());
    } else if (isa<IntegerLiteral>(init)) {
      if (auto it = constantInits_.find(init); it != constantInits_.end())
        value = it->second;
    } else if (const auto *di = dyn_cast<CXXDefaultInitExpr>(init)) {
      if (isConstantInitializer(di->getExpr()))
        if (auto it = constantInits_.find(di->getExpr());
            it != constantInits_.end())
          value = it->second;
    }
  }
  initListConstantsStore_.push_back(std::move(constants));
  return initListConstantsStore_.back().get();
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
  // std::map<K, V, Compare>, std::set<K, Compare>,
  // std::unordered_map<K, V, Hash, Equal>, std::unordered_set<K, Hash, Equal>.
  unsigned compareIndex = classifyStd(rd) == StdClass::Set ? 1 : 2;
  bool unordered = isUnorderedContainer(rd);
  if (!spec || spec->getTemplateArgs().size() <= compareIndex)
    return;
  const TemplateArgumentList &args = spec->getTemplateArgs();
  auto mapType = [&] {
    return QualType(spec->getTypeForDecl(), 0)
        .getAsString(spec->getASTContext().getPrintingPolicy());
  };
  auto isStd = [&](unsigned i, llvm::StringRef name) {
    if (args.size() <= i || args[i].getKind() != TemplateArgument::Type)
      return false;
    const CXXRecordDecl *c =
        args[i].getAsType().getCanonicalType()->getAsCXXRecordDecl();
    return c && c->isInStdNamespace() && c->getIdentifier() &&
           c->getName() == name;
  };
  if (unordered) {
    // Entries are told apart by value, as std::hash and std::equal_to do.
    if (!isStd(compareIndex, "hash") || !isStd(compareIndex + 1, "equal_to"))
      error(loc, diag::err_eval_unordered_hash, {mapType()});
  } else if (!isStd(compareIndex, "less")) {
    error(loc, diag::err_eval_map_comparator, {mapType()});
  }
  auto isUser = [](const CXXRecordDecl *r) {
    return classifyStd(r) == StdClass::None &&
           classifyDsl(r) == DslClass::None && !r->isInStdNamespace() &&
           !hasDefaultedOrder(r);
  };
  const CXXRecordDecl *krd = structInKey(args[0].getAsType(), isUser);
  if (!krd) // a struct ordered by a defaulted <=> but compared by hand too
    krd = userComparedIn(args[0].getAsType());
  if (krd)
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
  // `~S() = default;` does nothing a destructor would have to run (it
  // only suppresses the implicit move, which Clang's record reflects).
  if (rd->hasUserDeclaredDestructor() &&
      !(rd->getDestructor() && rd->getDestructor()->isDefaulted()))
    error(loc, diag::err_eval_destructor, {rd->getNameAsString()});
  if (rd->isPolymorphic() || rd->getNumVBases() > 0)
    error(loc, diag::err_eval_polymorphic, {rd->getNameAsString()});
  // mscclc copies and moves a struct member by member, as the implicit
  // members do: a hand-written one would not run.
  for (const CXXMethodDecl *m : rd->methods()) {
    const auto *ctor = dyn_cast<CXXConstructorDecl>(m);
    bool copyOrMove =
        ctor ? ctor->isCopyOrMoveConstructor()
             : m->isCopyAssignmentOperator() || m->isMoveAssignmentOperator();
    if (copyOrMove && m->isUserProvided())
      error(loc, diag::err_eval_user_copy,
            {rd->getNameAsString(),
             ctor ? (ctor->isMoveConstructor() ? "move constructor"
                                               : "copy constructor")
                  : (m->isMoveAssignmentOperator() ? "move assignment"
                                                   : "copy assignment")});
  }
  for (const FieldDecl *fd : rd->fields()) {
    if (fd->isBitField())
      error(loc, diag::err_eval_bit_field,
            {fd->getNameAsString(), rd->getNameAsString()});
    if (fd->getType()->isReferenceType())
      error(loc, diag::err_eval_reference_member,
            {fd->getNameAsString(), rd->getNameAsString()});
  }
  for (const CXXBaseSpecifier &b : directBases(rd))
    if (const CXXRecordDecl *base = b.getType()->getAsCXXRecordDecl())
      checkUserStruct(base, loc);
}

unsigned Evaluator::baseSlots(const RecordDecl *rd) {
  const auto *crd = dyn_cast_or_null<CXXRecordDecl>(rd);
  return crd && crd->hasDefinition() ? crd->getNumBases() : 0;
}

Value *Evaluator::baseSubobject(Value *v, const CastExpr *ce) {
  QualType from = ce->getSubExpr()->getType();
  if (from->isPointerType())
    from = from->getPointeeType();
  const CXXRecordDecl *derived = from->getAsCXXRecordDecl();
  for (const CXXBaseSpecifier *spec : ce->path()) {
    if (!derived || v->kind != Value::Kind::Agg || !v->record ||
        v->record->getCanonicalDecl() != derived->getCanonicalDecl())
      return v;
    unsigned i = 0;
    for (const CXXBaseSpecifier &b : directBases(derived)) {
      if (&b == spec)
        break;
      ++i;
    }
    if (i >= v->elems().size())
      error(ce->getExprLoc(), diag::err_eval_member_unreadable,
            {spec->getType().getAsString()});
    v = &v->elems()[i];
    derived = spec->getType()->getAsCXXRecordDecl();
  }
  return v;
}

const Value *Evaluator::baseSubobjectOf(const Value *v,
                                        const CXXRecordDecl *base) {
  if (v->kind != Value::Kind::Agg || !v->record || !base)
    return v;
  const auto *from = dyn_cast<CXXRecordDecl>(v->record);
  if (!from || !from->hasDefinition() ||
      from->getCanonicalDecl() == base->getCanonicalDecl() ||
      !from->isDerivedFrom(base))
    return v;
  unsigned i = 0;
  for (const CXXBaseSpecifier &b : directBases(from)) {
    const CXXRecordDecl *direct = b.getType()->getAsCXXRecordDecl();
    if (direct && (direct->getCanonicalDecl() == base->getCanonicalDecl() ||
                   direct->isDerivedFrom(base)))
      return i < v->elems().size() ? baseSubobjectOf(&v->elems()[i], base) : v;
    ++i;
  }
  return v;
}

bool Evaluator::defaultsUseThis(const InitListExpr *ile) {
  std::function<bool(const Stmt *)> usesThis = [&](const Stmt *s) {
    if (!s)
      return false;
    if (isa<CXXThisExpr>(s))
      return true;
    for (const Stmt *child : s->children())
      if (usesThis(child))
        return true;
    return false;
  };
  for (const Expr *init : ile->inits())
    if (const auto *di = dyn_cast<CXXDefaultInitExpr>(init))
      if (usesThis(di->getExpr()))
        return true;
  return false;
}

bool Evaluator::hasConvertingConstructor(const CXXRecordDecl *rd) {
  for (const Decl *d : rd->decls()) {
    if (const auto *ft = dyn_cast<FunctionTemplateDecl>(d);
        ft && isa<CXXConstructorDecl>(ft->getTemplatedDecl()))
      return true;
    if (const auto *ctor = dyn_cast<CXXConstructorDecl>(d);
        ctor && !ctor->isImplicit() && !ctor->isCopyOrMoveConstructor() &&
        ctor->getNumParams() >= 1 && ctor->getMinRequiredArguments() <= 1)
      return true;
  }
  return false;
}

Value Evaluator::copiedAsBase(const Value &v, const CXXRecordDecl *base,
                              LazyLoc loc) {
  const Value *part = baseSubobjectOf(&v, base);
  if (part == &v)
    return v;
  if (hasConvertingConstructor(base))
    error(loc, diag::err_std_derived_element_constructor,
          {v.record ? v.record->getNameAsString() : std::string("?"),
           base->getNameAsString()});
  return *part;
}

Value Evaluator::arrayElements(const ConstantArrayType *cat,
                               llvm::ArrayRef<const Expr *> inits,
                               const Expr *filler, LazyLoc loc) {
  uint64_t n = cat->getSize().getZExtValue();
  reserveElements(n, loc);
  ValueList elems;
  elems.reserve(n);
  for (size_t i = 0; i < inits.size() && i < n; ++i)
    elems.push_back(eval(inits[i]));
  while (elems.size() < n)
    elems.push_back(filler ? eval(filler)
                           : defaultValue(cat->getElementType(), loc));
  return Value::makeAgg(std::move(elems));
}

Value Evaluator::aggregateWithThis(const CXXRecordDecl *rd,
                                   llvm::ArrayRef<const Expr *> inits,
                                   unsigned slots, LazyLoc loc) {
  // The bases, then the fields, in order; a default member initialiser
  // runs with `this` bound to the object so far, as in C++ (a member
  // initialised later is still uninitialised when read).
  Value uninit;
  uninit.kind = Value::Kind::Uninit;
  Value object = Value::makeAgg(ValueList(slots, uninit), rd);
  Borrow keep(*this, &object);
  unsigned i = 0;
  for (const CXXBaseSpecifier &base : directBases(rd)) {
    if (i >= slots)
      break;
    object.elems()[i] =
        i < inits.size() ? eval(inits[i]) : defaultValue(base.getType(), loc);
    ++i;
  }
  for (const FieldDecl *fd : rd->fields()) {
    if (i >= slots)
      break;
    const Expr *init = i < inits.size() ? inits[i] : nullptr;
    Value v;
    if (const auto *di = dyn_cast_or_null<CXXDefaultInitExpr>(init)) {
      SelfFrame self(*this, &object);
      v = evalMemberDefault(fd, di->getExpr(), di->getUsedLocation());
      if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Float)
        v = convert(v, fd->getType(), loc);
    } else {
      v = init ? eval(init) : defaultValue(fd->getType(), loc);
    }
    object.elems()[i++] = std::move(v);
  }
  return object;
}

Evaluator::SelfFrame::SelfFrame(Evaluator &e, Value *object) : ev(e) {
  auto frame = ev.newFrame();
  frame->self = object;
  frame->selfBorrow = std::make_unique<Borrow>(ev, object);
  ev.frames_.push_back(std::move(frame));
}

Value Evaluator::defaultUserObject(const CXXRecordDecl *rd, LazyLoc loc,
                                   bool valueInit) {
  Value uninit;
  uninit.kind = Value::Kind::Uninit;
  size_t slots = rd->getNumBases() +
                 size_t(std::distance(rd->field_begin(), rd->field_end()));
  Value object = Value::makeAgg(ValueList(slots, uninit), rd);
  SelfFrame self(*this, &object);
  size_t slot = 0;
  for (const CXXBaseSpecifier &b : directBases(rd))
    object.elems()[slot++] = defaultValue(b.getType(), loc, valueInit);
  for (const FieldDecl *fd : rd->fields()) {
    const Expr *init = fd->getInClassInitializer();
    object.elems()[slot++] = init ? evalMemberDefault(fd, init, loc)
                                  : defaultValue(fd->getType(), loc, valueInit);
  }
  return object;
}

Value Evaluator::evalMemberDefault(const FieldDecl *fd, const Expr *init,
                                   SourceLocation builtAt) {
  try {
    return eval(init);
  } catch (DiagnosticError &e) {
    // Innermost first, like the call notes (see callFunction).
    auto &notes = e.diag.notes;
    size_t at = std::min<size_t>(callNotes_, notes.size());
    const bool cutChain = outermostCallShown_;
    if (cutChain) {
      // Past the three innermost calls, the notes end with the outermost
      // call so far (after the count of those hidden): the initialiser is
      // further out, so it goes after them, and the calls beyond it form a
      // new chain, shown and counted afresh.
      at = std::min<size_t>(at + (hiddenCalls_ ? 2 : 1), notes.size());
      callNotes_ = at;
      outermostCallShown_ = false;
      hiddenCalls_ = 0;
    }
    notes.insert(
        notes.begin() + at,
        makeNote(diag::note_eval_member_default, irLoc(builtAt),
                 {fd->getNameAsString(), fd->getParent()->getNameAsString()}));
    ++callNotes_;
    ++memberNotes_;
    if (cutChain)
      chainStart_ = callNotes_ - memberNotes_;
    throw;
  }
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
  if (const auto *cat = constantArrayType(t)) {
    uint64_t n = cat->getSize().getZExtValue();
    reserveElements(n, loc);
    ValueList elems;
    elems.reserve(n);
    for (uint64_t i = 0; i < n; ++i)
      elems.push_back(defaultValue(cat->getElementType(), loc, valueInit));
    return Value::makeAgg(std::move(elems));
  }
  // A default-constructed iterator is singular: it can only be assigned.
  if (iteratorKind(t) != IterKind::None)
    return Value();
  if (const auto *rd = t->getAsCXXRecordDecl()) {
    StdClass sc = classifyStd(rd);
    const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(rd);
    switch (sc) {
    case StdClass::Vector:
      return Value::makeAgg({});
    case StdClass::Map:
    case StdClass::Set:
      checkMapType(rd, loc);
      return Value::makeMap();
    case StdClass::Optional:
      checkOptionalType(rd, loc);
      return Value::makeNull();
    case StdClass::Function:
      return Value::makeNull();
    case StdClass::Queue:
    case StdClass::Stack:
    case StdClass::PriorityQueue:
      return emptyAdapter(sc);
    case StdClass::String:
    case StdClass::StringView:
      return Value::makeString("");
    case StdClass::Array: {
      const auto &args = spec->getTemplateArgs();
      uint64_t n = args[1].getAsIntegral().getZExtValue();
      reserveElements(n, loc);
      ValueList elems;
      for (uint64_t i = 0; i < n; ++i)
        elems.push_back(defaultValue(args[0].getAsType(), loc, valueInit));
      return Value::makeAgg(std::move(elems));
    }
    case StdClass::Pair:
    case StdClass::Tuple: {
      ValueList elems;
      for (QualType member : memberTypes(rd))
        elems.push_back(defaultValue(member, loc));
      return Value::makeAgg(std::move(elems));
    }
    default:
      break;
    }
    DslClass dc = classifyDsl(rd);
    if (isDslHandleClass(dc))
      error(loc, diag::err_eval_no_default_value, {rd->getNameAsString()});
    if (dc == DslClass::None) {
      checkUserStruct(rd, loc);
      // `std::vector<S> v(3)`, a field of type S: C++ runs S's
      // hand-written default constructor.
      for (const CXXConstructorDecl *ctor : rd->ctors())
        if (ctor->isDefaultConstructor() && ctor->isUserProvided())
          return runConstructor(ctor, {}, {}, loc);
      // A default member initialiser may read an earlier member
      // (`int b = a * 3;`): they run with the object being built as `this`.
      if (llvm::any_of(rd->fields(), [](const FieldDecl *fd) {
            return fd->hasInClassInitializer();
          }))
        return defaultUserObject(rd, loc, valueInit);
    }
    ValueList fields;
    for (const CXXBaseSpecifier &b : directBases(rd))
      fields.push_back(defaultValue(b.getType(), loc, valueInit));
    for (const FieldDecl *fd : rd->fields()) {
      if (const Expr *init = fd->getInClassInitializer())
        fields.push_back(evalMemberDefault(fd, init, loc));
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
    // This lambda's own init-capture (an enclosing lambda's is captured
    // like any variable of that lambda).
    if (const auto *var = dyn_cast<VarDecl>(vd);
        var && le->isInitCapture(&cap)) {
      if (var->getType()->isReferenceType())
        cl->byRef.push_back(captureInitReference(var));
      else
        cl->byCopy.push_back(
            {vd, std::make_unique<Value>(eval(var->getInit()))});
      continue;
    }
    Value *slot = lookup(vd, cap.getLocation());
    if (cap.getCaptureKind() == LCK_ByRef) {
      cl->byRef.push_back(captureByReference(vd));
      continue;
    }
    // A copy like any other: charged by its size, so capturing a large
    // container in a loop is bounded by --max-steps.
    chargeCopy(*slot, le);
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
    checkFloatType(e->getType().getCanonicalType(), e->getExprLoc());
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
  case Stmt::CXXDefaultArgExprClass: {
    const auto *dae = cast<CXXDefaultArgExpr>(e);
    LibraryEntry entry(*this, dae->getUsedLocation());
    return eval(dae->getExpr());
  }
  case Stmt::CXXDefaultInitExprClass: {
    const auto *di = cast<CXXDefaultInitExpr>(e);
    const Expr *init = di->getExpr();
    if (!isConstantInitializer(init))
      return evalMemberDefault(di->getField(), init, di->getUsedLocation());
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
  case Stmt::CXXParenListInitExprClass:
    return evalParenListInit(cast<CXXParenListInitExpr>(e));
  case Stmt::CXXStdInitializerListExprClass:
    return eval(cast<CXXStdInitializerListExpr>(e)->getSubExpr());
  case Stmt::ImplicitCastExprClass:
    if (scalarRootShape(e) && isScalarExpr(e))
      return evalScalarRoot(e);
    return evalCast(cast<CastExpr>(e));
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
  case Stmt::UnaryOperatorClass:
    if (scalarRootShape(e) && isScalarExpr(e))
      return evalScalarRoot(e);
    if (const auto *uo = dyn_cast<UnaryOperator>(e))
      return evalUnary(uo);
    return evalBinary(cast<BinaryOperator>(e));
  case Stmt::CompoundAssignOperatorClass:
    return evalBinary(cast<BinaryOperator>(e));
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
  case Stmt::CXXMemberCallExprClass:
  case Stmt::CXXOperatorCallExprClass:
    // What evalCall does with an element it reaches: the same checks.
    if (const AccessPath *path = accessPath(cast<CallExpr>(e))) {
      Value *element = runAccessPath(*path, /*outerStepped=*/true);
      if (element->kind == Value::Kind::Uninit)
        error(LazyLoc(e), diag::err_eval_uninitialised_unnamed);
      return *element;
    }
    return evalCall(cast<CallExpr>(e));
  case Stmt::CallExprClass:
  case Stmt::UserDefinedLiteralClass: // 5_k calls operator""_k(5)
    return evalCall(cast<CallExpr>(e));
  case Stmt::PredefinedExprClass: // __func__: the function's name
    if (const StringLiteral *name = cast<PredefinedExpr>(e)->getFunctionName())
      return eval(name);
    break;
  case Stmt::UnaryExprOrTypeTraitExprClass: {
    const auto *ue = cast<UnaryExprOrTypeTraitExpr>(e);
    // sizeof and alignof are the target's layout (x86-64, as the native
    // compile of the same headers): sizeof(arr) / sizeof(arr[0]) is the
    // classic element-count idiom; a struct's size counts its padding.
    if (ue->getKind() == UETT_SizeOf || ue->getKind() == UETT_AlignOf ||
        ue->getKind() == UETT_PreferredAlignOf) {
      QualType t = ue->getTypeOfArgument();
      if (!t->isDependentType() && !t->isIncompleteType() &&
          !t->isFunctionType()) {
        int64_t n = ue->getKind() == UETT_SizeOf
                        ? ctx_.getTypeSizeInChars(t).getQuantity()
                        : ctx_.getTypeAlignInChars(t).getQuantity();
        return makeTyped(__int128(n), e->getType(), e, false);
      }
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
    reachedThrow(cast<CXXThrowExpr>(e));
  case Stmt::CXXThisExprClass:
    error(e->getExprLoc(), diag::err_eval_this);
  case Stmt::CXXNoexceptExprClass:
  case Stmt::TypeTraitExprClass:
  case Stmt::SizeOfPackExprClass:            // sizeof...(Ts): a constant
  case Stmt::ArrayTypeTraitExprClass:        // __array_rank(T)
  case Stmt::ConceptSpecializationExprClass: // std::integral<T>
  case Stmt::RequiresExprClass:              // requires (T t) { t + 1; }
  case Stmt::CXXUuidofExprClass: {
    Expr::EvalResult r;
    if (e->EvaluateAsRValue(r, ctx_) && r.Val.isInt())
      return makeTyped(__int128(r.Val.getInt().getSExtValue()), e->getType(),
                       e->getExprLoc(), false);
    break;
  }
  case Stmt::ArrayInitLoopExprClass:
    error(e->getExprLoc(), diag::err_eval_c_array_copy);
  default:
    break;
  }
  unsupportedNode(e);
}

// A construct algorithm code cannot run: by its C++ name with what to
// write instead, or (for the rare rest) by Clang's node class.
void Evaluator::unsupportedNode(const Stmt *s) {
  const char *what = nullptr, *fix = nullptr;
  switch (s->getStmtClass()) {
  case Stmt::BinaryConditionalOperatorClass:
    what = "GNU's 'a ?: b'";
    fix = "write 'a ? a : b' (with a in a variable if it should be computed "
          "once)";
    break;
  case Stmt::StmtExprClass:
    what = "a GNU statement expression '({ ... })'";
    fix = "run the statements before the expression, or call a lambda in "
          "place: [&] { ...; return value; }()";
    break;
  case Stmt::OffsetOfExprClass:
    what = "offsetof";
    fix = "algorithm code has no object layout; compute positions in chunks";
    break;
  case Stmt::CXXTypeidExprClass:
    what = "typeid";
    fix = "algorithm code has no run-time type information; tell types apart "
          "with overloads, or with if constexpr and std::is_same_v";
    break;
  case Stmt::SourceLocExprClass:
    what = "std::source_location and __builtin_LINE()";
    fix = "use the __FILE__ and __LINE__ macros";
    break;
  case Stmt::ChooseExprClass:
    what = "__builtin_choose_expr";
    fix = "use if constexpr or the conditional operator";
    break;
  case Stmt::BuiltinBitCastExprClass:
    what = "std::bit_cast";
    fix = "algorithm code has no object representation; compute the value "
          "arithmetically";
    break;
  case Stmt::CoroutineBodyStmtClass:
  case Stmt::CoreturnStmtClass:
  case Stmt::CoawaitExprClass:
  case Stmt::DependentCoawaitExprClass:
  case Stmt::CoyieldExprClass:
    what = "a coroutine (co_await, co_yield, co_return)";
    fix = "write the algorithm with ordinary functions and loops";
    break;
  case Stmt::AddrLabelExprClass:
    what = "GNU's address of a label '&&label'";
    fix = "choose the code to run with a switch or a function";
    break;
  case Stmt::VAArgExprClass:
    what = "va_arg";
    fix = "take a std::vector, a std::initializer_list or a parameter pack";
    break;
  case Stmt::AtomicExprClass:
    what = "an atomic builtin";
    fix = "algorithm code runs on one thread: use a plain variable";
    break;
  default:
    break;
  }
  LazyLoc loc(s);
  if (what)
    error(loc, diag::err_eval_unsupported_construct, {what, fix});
  if (isa<Expr>(s))
    error(loc, diag::err_eval_unsupported_expr, {s->getStmtClassName()});
  error(loc, diag::err_eval_unsupported_stmt, {s->getStmtClassName()});
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
  // `this` is a prvalue, and so is every cast of it.
  if (e->isGLValue())
    return evalLValue(e);
  if (isa<CXXThisExpr>(e->IgnoreParenImpCasts())) { // `this->f()`, `f()`
    // A base class's member through `this` of a derived struct.
    if (const auto *ce = dyn_cast<CastExpr>(e->IgnoreParens())) {
      Value *object = evalObject(ce->getSubExpr());
      return ce->getCastKind() == CK_DerivedToBase ||
                     ce->getCastKind() == CK_UncheckedDerivedToBase
                 ? baseSubobject(object, ce)
                 : object;
    }
    return currentSelf(e);
  }
  // The object of `opt->f()` or `opt->field`: what std::optional's
  // operator-> (a pointer, so a prvalue) points to, not a copy of it.
  if (const CXXOperatorCallExpr *arrow = optionalArrow(e))
    return evalCallLValue(arrow);
  if (isBitReference(e->getType()))
    return bitElement(e);
  return temp(eval(e));
}

Value *Evaluator::evalLValue(const Expr *e) {
  if (e->getStmtClass() == Stmt::CXXOperatorCallExprClass ||
      e->getStmtClass() == Stmt::CXXMemberCallExprClass)
    if (const AccessPath *path = accessPath(cast<CallExpr>(e)))
      return runAccessPath(*path, /*outerStepped=*/false);
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
    if (isBitReference(sub->getType()))
      return bitElement(sub);
    Value *made = temp(eval(sub));
    tempOrigins_[tempTop_ - 1] = cast<MaterializeTemporaryExpr>(e);
    return made;
  }
  case Stmt::ImplicitCastExprClass:
  case Stmt::CXXStaticCastExprClass:
  case Stmt::CStyleCastExprClass: {
    const auto *ce = cast<CastExpr>(e);
    switch (ce->getCastKind()) {
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase:
      return baseSubobject(ce->getSubExpr()->isGLValue()
                               ? evalLValue(ce->getSubExpr())
                               : evalObject(ce->getSubExpr()),
                           ce);
    case CK_NoOp:
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
    if (me->isArrow() && !optionalArrow(me->getBase()) &&
        !isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts()))
      error(loc, diag::err_eval_pointers);
    const auto *fd = dyn_cast<FieldDecl>(me->getMemberDecl());
    if (!fd)
      error(loc, diag::err_eval_member_not_field);
    Value *base = evalObject(me->getBase());
    base->expandChunk();
    if (base->kind != Value::Kind::Agg) {
      const auto *rd = dyn_cast<CXXRecordDecl>(fd->getParent());
      if (isProgramClass(rd) &&
          (base->kind == Value::Kind::Int || base->kind == Value::Kind::Float ||
           base->kind == Value::Kind::String))
        error(loc, diag::err_eval_member_of_unconverted,
              {fd->getNameAsString(), rd->getNameAsString(),
               describeValue(*base)});
      error(loc, diag::err_eval_member_unreadable, {fd->getNameAsString()});
    }
    unsigned idx = baseSlots(fd->getParent()) + fd->getFieldIndex();
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
    if (base->kind == Value::Kind::String)
      error(loc, diag::err_eval_char_array_subscript);
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
    // `c += 1` of a char: computed in int, stored back into the char.
    if (auto cut = cutImplicitly(res, bo, compT, lt, loc))
      res = std::move(*cut);
    *slot = convert(res, lt, loc);
    return slot;
  }
  case Stmt::UnaryOperatorClass: {
    const auto *uo = cast<UnaryOperator>(e);
    if (uo->getOpcode() == UO_Deref &&
        isa<CXXThisExpr>(uo->getSubExpr()->IgnoreParenImpCasts()))
      return isa<CXXThisExpr>(uo->getSubExpr()->IgnoreParens())
                 ? currentSelf(e)
                 : evalObject(uo->getSubExpr()); // *this
    if (uo->getOpcode() == UO_PreInc || uo->getOpcode() == UO_PreDec) {
      Value *slot = evalLValue(uo->getSubExpr());
      incrementSlot(*slot, uo->getOpcode() == UO_PreInc ? 1 : -1,
                    uo->getSubExpr()->getType(), loc, uo);
      return slot;
    }
    // The element itself at a position in a std::array (written through,
    // bound to a reference); eval refuses other pointers.
    if (uo->getOpcode() == UO_Deref)
      if (Value *element = arrayPositionElement(uo->getSubExpr(), loc))
        return element;
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
  case Stmt::InitListExprClass:
    // `int &w{x};`: a braced list of one glvalue is that object.
    if (const auto *list = cast<InitListExpr>(e);
        list->getNumInits() == 1 && list->getInit(0)->isGLValue())
      return evalLValue(list->getInit(0));
    return temp(eval(e));
  case Stmt::CXXDefaultArgExprClass: {
    // A default argument's temporary (`const int &d = 0`) is the
    // program's own temporary, made where the call uses it.
    const auto *dae = cast<CXXDefaultArgExpr>(e);
    LibraryEntry entry(*this, dae->getUsedLocation());
    return evalLValue(dae->getExpr());
  }
  default:
    return temp(eval(e));
  }
}

} // namespace mscclc::frontend
