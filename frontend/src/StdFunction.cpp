//===- StdFunction.cpp - std::function over lambdas and functions --------===//
//
// std::function<R(Args...)> holding a lambda (capturing, generic or
// recursive through a by-reference capture of the std::function itself) or
// a function named directly. The value is a Closure that names the
// function to call (a function, or the lambda's call operator for the
// signature) and the lambda's closure; an empty std::function is Null.
//
// A call converts the arguments to Args, as std::function's operator()
// does, then calls the target (which converts them to its own parameter
// types), and converts the result to R. Calling an empty std::function
// (std::bad_function_call in C++) is an error.
//
//===----------------------------------------------------------------------===//
#include "Evaluator.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

namespace mscclc::frontend {

using namespace clang;

namespace {

// R(Args...) of a std::function specialisation.
const FunctionProtoType *signatureOf(const CXXRecordDecl *functionClass) {
  QualType sig = Evaluator::templateArgType(functionClass, 0);
  return sig.isNull() ? nullptr
                      : sig.getCanonicalType()->getAs<FunctionProtoType>();
}

QualType plain(QualType t) {
  return t.getNonReferenceType().getCanonicalType().getUnqualifiedType();
}

} // namespace

// Whether a template's parameter is a forwarding reference: an rvalue
// reference to one of its own unqualified type parameters (A&&, auto&&).
static bool isForwardingReference(QualType t) {
  const auto *rr = t->getAs<RValueReferenceType>();
  if (!rr)
    return false;
  QualType pointee = rr->getPointeeTypeAsWritten();
  return !pointee.hasQualifiers() && pointee->getAs<TemplateTypeParmType>();
}

// The pattern's declared type of a specialisation's parameter `i`: a
// parameter pack (`auto &&...xs`) stands for every parameter from its
// position on, each of the pack's pattern type. Null past the end.
static QualType patternParamType(const FunctionDecl *pattern, unsigned i) {
  unsigned n = pattern->getNumParams();
  if (n == 0)
    return QualType();
  const ParmVarDecl *last = pattern->getParamDecl(n - 1);
  if (last->isParameterPack() && i >= n - 1) {
    if (const auto *pack = last->getType()->getAs<PackExpansionType>())
      return pack->getPattern();
    return last->getType();
  }
  return i < n ? pattern->getParamDecl(i)->getType() : QualType();
}

const FunctionDecl *
Evaluator::templateCallSpecialization(const FunctionTemplateDecl *ft,
                                      llvm::ArrayRef<QualType> params,
                                      ArgCategory category) {
  if (!ft)
    return nullptr;
  const FunctionDecl *pattern = ft->getTemplatedDecl();
  auto isLvalue = [&](QualType param) {
    return category == ArgCategory::AsDeclared
               ? param->isLValueReferenceType()
               : !param->isRValueReferenceType();
  };
  // Clang may have instantiated a forwarding reference both ways (the
  // library passing an lvalue somewhere and an rvalue elsewhere): the
  // first round asks for the arguments' category, the second takes the
  // only one there is.
  for (bool byCategory : {true, false}) {
    for (const FunctionDecl *spec : ft->specializations()) {
      if (spec->getNumParams() != params.size())
        continue;
      bool match = true;
      for (unsigned i = 0; match && i < spec->getNumParams(); ++i) {
        // A parameter of a fixed type ([](int a, auto b)) is the same in
        // every specialisation: the argument converts to it.
        QualType declared = patternParamType(pattern, i);
        if (!declared.isNull() && !declared->isDependentType())
          continue;
        QualType specParam = spec->getParamDecl(i)->getType();
        match = !params[i].isNull() && plain(specParam) == plain(params[i]);
        if (match && byCategory && !declared.isNull() &&
            isForwardingReference(declared))
          match = specParam->isLValueReferenceType() == isLvalue(params[i]);
      }
      if (match)
        return spec;
    }
  }
  return nullptr;
}

const FunctionDecl *
Evaluator::genericLambdaCall(const CXXRecordDecl *lambda,
                             llvm::ArrayRef<QualType> params,
                             ArgCategory category) {
  return templateCallSpecialization(lambda->getDependentLambdaCallOperator(),
                                    params, category);
}

const FunctionDecl *
Evaluator::callOperatorFor(const std::shared_ptr<const Closure> &lambda,
                           const CXXRecordDecl *functionClass, LazyLoc loc) {
  const CXXRecordDecl *rd =
      lambda->lambda ? lambda->lambda->getLambdaClass() : nullptr;
  // A generic lambda: the specialisation std::function<sig> calls, which
  // Clang instantiated with std::function's constructor.
  const FunctionProtoType *sig = signatureOf(functionClass);
  const FunctionDecl *call = nullptr;
  if (rd && !rd->isGenericLambda())
    call = rd->getLambdaCallOperator();
  else if (rd && sig)
    call = genericLambdaCall(rd, sig->getParamTypes(), ArgCategory::AsDeclared);
  if (!call)
    error(loc, diag::err_std_function_target);
  return call;
}

Value Evaluator::makeStdFunction(const Expr *from,
                                 const CXXRecordDecl *functionClass) {
  LazyLoc loc(from);
  const Expr *e = from->IgnoreImplicit();
  if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(e))
    e = mt->getSubExpr()->IgnoreImplicit();
  if (isa<CXXNullPtrLiteralExpr>(e->IgnoreParenImpCasts()))
    return Value::makeNull();
  const CXXRecordDecl *rd =
      e->getType().getCanonicalType()->getAsCXXRecordDecl();
  // Another std::function (copied or moved): the same target.
  if (rd && classifyStd(rd) == StdClass::Function)
    return eval(e);
  auto cl = std::make_shared<Closure>();
  const Expr *named = e->IgnoreParenImpCasts();
  if (const auto *uo = dyn_cast<UnaryOperator>(named);
      uo && uo->getOpcode() == UO_AddrOf)
    named = uo->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *ref = dyn_cast<DeclRefExpr>(named);
      ref && isa<FunctionDecl>(ref->getDecl()) &&
      !isa<CXXMethodDecl>(ref->getDecl())) {
    cl->call = cast<FunctionDecl>(ref->getDecl());
  } else if (const FunctionProtoType *sig = signatureOf(functionClass);
             const CXXMethodDecl *op = functorCallOperator(
                 rd, sig ? sig->getParamTypes() : llvm::ArrayRef<QualType>(),
                 ArgCategory::AsDeclared)) {
    if (!sig || sig->getNumParams() != op->getNumParams())
      error(loc, diag::err_std_function_target);
    cl->call = op;
    cl->functor = std::make_shared<Value>(eval(e));
  } else if (rd && rd->isLambda()) {
    Value lambda = eval(e);
    if (lambda.kind != Value::Kind::Closure || !lambda.closure()->lambda)
      error(loc, diag::err_eval_lambda_not_callable);
    cl->target = lambda.closure();
    cl->call = callOperatorFor(cl->target, functionClass, loc);
  } else {
    error(loc, diag::err_std_function_target);
  }
  Value v;
  v.kind = Value::Kind::Closure;
  v.closure() = std::move(cl);
  return v;
}

Value *Evaluator::stdFunctionMethod(Value *self, const CXXMethodDecl *md,
                                    llvm::ArrayRef<const Expr *> args,
                                    const CallExpr *call, Value &result) {
  LazyLoc loc(call);
  if (isa<CXXConversionDecl>(md)) { // if (f)
    result = Value::makeInt(self->kind != Value::Kind::Null);
    return nullptr;
  }
  switch (md->getOverloadedOperator()) {
  case OO_Equal: {
    // `f = std::move(g)` leaves g empty, as libstdc++ does.
    Value v = md->isMoveAssignmentOperator() && movesFromObject(args[0])
                  ? moveOut(args[0], /*assigned=*/true, loc)
                  : makeStdFunction(args[0], md->getParent());
    invalidateContents(*self, "assignment", loc);
    *self = std::move(v);
    return self;
  }
  case OO_Call: {
    if (self->kind == Value::Kind::Uninit)
      error(loc, diag::err_std_function_uninitialised);
    const FunctionDecl *target = nullptr;
    // Held for the call, which may assign the std::function another target.
    std::shared_ptr<const Closure> fn, closure;
    Value *functor = nullptr;
    if (self->kind == Value::Kind::Agg) {
      // An object of a class of the program's own put in place without a
      // conversion (a std::map's emplace, a std::optional's value): its
      // call operator, on the stored object, as the std::function made
      // from it would call it.
      const FunctionProtoType *sig = signatureOf(md->getParent());
      const auto *rd = dyn_cast_or_null<CXXRecordDecl>(self->record);
      const CXXMethodDecl *op =
          sig && rd ? functorCallOperator(rd, sig->getParamTypes(),
                                          ArgCategory::AsDeclared)
                    : nullptr;
      if (!op || sig->getNumParams() != op->getNumParams())
        error(loc, diag::err_std_function_target);
      target = op;
      functor = self;
    } else {
      if (self->kind != Value::Kind::Closure)
        error(loc, diag::err_std_function_empty);
      fn = self->closure();
      target = fn->call;
      closure = fn->target;
      functor = fn->functor.get();
      if (!target) {
        // A lambda put in place without a conversion (emplace_back).
        target = callOperatorFor(fn, md->getParent(), loc);
        closure = fn;
      }
    }
    // Arguments become std::function's parameters first (a double passed
    // to std::function<void(int)> is truncated even if the lambda takes a
    // double); references stay references.
    llvm::SmallVector<std::unique_ptr<Value>, 4> values;
    llvm::SmallVector<std::unique_ptr<Borrow>, 4> borrows;
    llvm::SmallVector<Value *, 4> pointers;
    // What the target is called with: std::function's parameters.
    llvm::SmallVector<QualType, 4> types;
    for (unsigned i = 0; i < args.size(); ++i) {
      QualType t = md->getParamDecl(i)->getType();
      types.push_back(t);
      if (t->isReferenceType() && args[i]->isGLValue()) {
        Value *object = evalObject(args[i]);
        borrows.push_back(std::make_unique<Borrow>(*this, object));
        pointers.push_back(object);
        continue;
      }
      Value v = eval(args[i]);
      if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Float)
        v = convert(v, t.getNonReferenceType(), args[i]->getExprLoc());
      values.push_back(std::make_unique<Value>(std::move(v)));
      pointers.push_back(values.back().get());
    }
    for (const auto &b : borrows)
      if (b->dangling)
        invalidatedDuringUse(*b, diag::err_eval_object_invalidated, loc);
    borrows.clear();
    returnedRef_ = nullptr;
    Value r = callFunction(target, {}, closure, call, pointers, functor, types);
    QualType rt = md->getReturnType();
    if (Value *ref = std::exchange(returnedRef_, nullptr);
        ref && rt->isReferenceType()) {
      // std::function<int &(int &)>: the call names the object the target
      // returned, as a call of the target itself does (`f(x) = 5` writes
      // x). operator()'s by-value parameters die as it returns.
      for (const auto &param : values)
        if (within(*param, ref))
          error(
              loc, diag::err_eval_reference_to_local,
              {"std::function::operator()", "one of its by-value parameters"});
      // A target that replaced itself during the call (its std::function
      // assigned another) is held by this call alone, and its captures go
      // with it.
      std::function<bool(const Closure &)> owns = [&](const Closure &c) {
        for (const auto &capture : c.byCopy)
          if (within(*capture.second, ref))
            return true;
        return (c.functor && within(*c.functor, ref)) ||
               (c.target && owns(*c.target));
      };
      if (fn && fn.use_count() == 1 && owns(*fn))
        error(loc, diag::err_eval_reference_to_local,
              {"std::function::operator()",
               "a capture of a target the call replaced"});
      return ref;
    }
    if (rt->isVoidType())
      r = Value::makeVoid();
    else if (r.kind == Value::Kind::Int || r.kind == Value::Kind::Float)
      r = convert(r, rt, loc);
    result = std::move(r);
    return nullptr;
  }
  default:
    break;
  }
  if (md->getIdentifier() && md->getName() == "swap" && args.size() == 1)
    return stdMethod(StdClass::Function, self, md, args, call, result);
  unsupportedStdCall(md, loc);
}

} // namespace mscclc::frontend
