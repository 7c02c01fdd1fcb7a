//===- StdAlgorithms.cpp - numeric, bit and whole-range library calls -----===//
//
// The standard functions that compute rather than hold: <cmath>, <bit>,
// <numeric>'s gcd/lcm, std::clamp, std::ssize, std::numeric_limits, the
// builtins people use for bit tricks, std::views::iota, and the algorithms
// of <algorithm>/<numeric> when they run over one container's whole range
// (`std::sort(v.begin(), v.end())`, `std::ranges::sort(v)`). Iterators are
// not values in the evaluator, so an algorithm is recognised by the shape
// of its arguments; anything else stays an error that says what to write.
//
// Every result is what the C++ program computes, or an error where C++
// would have undefined behaviour (__builtin_ctz(0), an lcm that does not
// fit, std::clamp with lo > hi, a sort of a range holding NaN).
// Floating-point functions are computed in double with the C library and
// rounded to the call's type.
//
//===----------------------------------------------------------------------===//
#include "Evaluator.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"

#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

using namespace clang;

namespace mscclc::frontend {

bool inStdTree(const Decl *d) {
  for (const DeclContext *dc = d->getDeclContext(); dc; dc = dc->getParent())
    if (dc->isStdNamespace())
      return true;
  return false;
}

namespace {

// Strips what lies between an iterator argument and the call that made
// it: implicit casts, temporaries, copies of the iterator.
const Expr *iteratorSource(const Expr *e) {
  for (;;) {
    e = e->IgnoreImplicit();
    if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(e)) {
      e = mt->getSubExpr();
      continue;
    }
    if (const auto *ce = dyn_cast<CXXConstructExpr>(e);
        ce && ce->getNumArgs() == 1 &&
        ce->getConstructor()->isCopyOrMoveConstructor()) {
      e = ce->getArg(0);
      continue;
    }
    return e;
  }
}

// The comparison a sort was given: std::less (or none) sorts ascending,
// std::greater descending; nothing else is modelled.
enum class Order { Ascending, Descending, Other };
Order orderOf(const Expr *comparator) {
  const CXXRecordDecl *rd =
      comparator->getType().getCanonicalType()->getAsCXXRecordDecl();
  if (!rd || !rd->getIdentifier() || !inStdTree(rd))
    return Order::Other;
  if (rd->getName() == "less")
    return Order::Ascending;
  if (rd->getName() == "greater")
    return Order::Descending;
  return Order::Other;
}

// The C library's floating-point functions, by their double names, at
// the precision of T: a float call uses the float functions (`std::log(float)`
// and `logf` round differently from the double ones rounded).
template <typename T> std::optional<double> cmath1(llvm::StringRef n, T x) {
  return llvm::StringSwitch<std::optional<double>>(n)
      .Case("ceil", std::ceil(x))
      .Case("floor", std::floor(x))
      .Case("trunc", std::trunc(x))
      .Case("round", std::round(x))
      .Case("sqrt", std::sqrt(x))
      .Case("cbrt", std::cbrt(x))
      .Case("log", std::log(x))
      .Case("log2", std::log2(x))
      .Case("log10", std::log10(x))
      .Case("exp", std::exp(x))
      .Case("exp2", std::exp2(x))
      .Case("fabs", std::fabs(x))
      .Default(std::nullopt);
}
template <typename T>
std::optional<double> cmath2(llvm::StringRef n, T x, T y) {
  return llvm::StringSwitch<std::optional<double>>(n)
      .Case("pow", std::pow(x, y))
      .Case("fmod", std::fmod(x, y))
      // glibc's choice between zeros of both signs: the first argument
      // (std::fmin/fmax may be inlined as an instruction that takes the
      // second).
      .Case("fmin", std::islessequal(x, y) || std::isnan(y) ? x : y)
      .Case("fmax", std::isgreaterequal(x, y) || std::isnan(y) ? x : y)
      .Case("hypot", std::hypot(x, y))
      .Default(std::nullopt);
}
// libstdc++'s remove loop, in place over [lo, hi): the first element
// `firstDrops` picks, then each later one `drops` does not pick handed to
// `moveForward(to, from)`; the end of the elements kept.
template <typename FirstDrops, typename Drops, typename MoveForward>
size_t removeInPlace(size_t lo, size_t hi, FirstDrops &&firstDrops,
                     Drops &&drops, MoveForward &&moveForward) {
  size_t first = lo;
  while (first < hi && !firstDrops(first))
    ++first;
  if (first >= hi)
    return hi;
  size_t out = first;
  for (size_t i = first + 1; i < hi; ++i)
    if (!drops(i))
      moveForward(out++, i);
  return out;
}

bool isCMathName(llvm::StringRef n) {
  return llvm::StringSwitch<bool>(n)
      .Cases("ceil", "floor", "trunc", "round", "sqrt", "cbrt", true)
      .Cases("log", "log2", "log10", "exp", "exp2", "fabs", true)
      .Cases("pow", "fmod", "fmin", "fmax", "hypot", true)
      .Cases("lround", "llround", true)
      .Default(false);
}

} // namespace

// ------------------------------------------------------------ arguments --

double Evaluator::numberArg(const Expr *e) {
  Value v = eval(e);
  if (v.kind == Value::Kind::Uninit)
    error(e, diag::err_eval_uninitialised);
  if (v.kind == Value::Kind::Int)
    return double(v.wide());
  if (v.kind == Value::Kind::Float)
    return v.f;
  error(e, diag::err_std_number_expected);
}

uint64_t Evaluator::unsignedArg(const Expr *e, unsigned &width) {
  Value v = eval(e);
  if (v.kind == Value::Kind::Uninit)
    error(e, diag::err_eval_uninitialised);
  if (v.kind != Value::Kind::Int)
    error(e, diag::err_std_number_expected);
  width = intType(e->getType()).width;
  uint64_t u = uint64_t(v.i);
  return width >= 64 ? u : u & ((uint64_t(1) << width) - 1);
}

// -------------------------------------------------- <cmath> and builtins --

bool Evaluator::tryCLibraryCall(const CallExpr *call, const FunctionDecl *fd,
                                Value &result) {
  if (!fd->getIdentifier())
    return false;
  LazyLoc loc(call);
  llvm::StringRef name = fd->getName();
  unsigned builtin = fd->getBuiltinID();
  bool global = fd->getDeclContext()->getRedeclContext()->isTranslationUnit();
  bool system = ctx_.getSourceManager().isInSystemHeader(fd->getLocation());
  if (builtin && name.starts_with("__builtin_")) {
    // The GCC bit builtins, at the width of their argument's type.
    llvm::StringRef op = name.drop_front(10);
    while (op.ends_with("l"))
      op = op.drop_back();
    if (op != "popcount" && op != "ctz" && op != "clz" && op != "ffs" &&
        op != "parity")
      return false;
    unsigned width = 0;
    uint64_t u = unsignedArg(call->getArg(0), width);
    int64_t r;
    if (op == "popcount" || op == "parity") {
      r = __builtin_popcountll(u);
      if (op == "parity")
        r &= 1;
    } else if (op == "ffs") {
      r = u ? __builtin_ctzll(u) + 1 : 0;
    } else {
      if (u == 0)
        error(loc, diag::err_std_bit_zero, {name.str()});
      r = op == "ctz" ? __builtin_ctzll(u)
                      : __builtin_clzll(u) - int64_t(64 - width);
    }
    result = makeTyped(r, call->getType(), loc, false);
    return true;
  }
  // libstdc++ declares div(long long, long long) in __gnu_cxx and brings
  // it into std:: with a using-declaration.
  const auto *ns = dyn_cast<NamespaceDecl>(fd->getDeclContext());
  bool gnuExtension =
      system && ns && ns->getIdentifier() && ns->getName() == "__gnu_cxx" &&
      ns->getDeclContext()->getRedeclContext()->isTranslationUnit();
  // <cmath> reaches std:: through using-declarations (std::ceil(double)
  // is ::ceil); the float and long double forms carry a suffix.
  if (!(global && system) && !fd->isInStdNamespace() && !gnuExtension)
    return false;
  // <cstdlib>'s div family (Python's divmod for operands that are not
  // negative): the quotient truncated, as `/` and `%` do, in a div_t-like
  // struct.
  if ((name == "div" || name == "ldiv" || name == "lldiv" ||
       name == "imaxdiv") &&
      call->getNumArgs() == 2) {
    const auto *rd = call->getType()->getAsRecordDecl();
    Value a = eval(call->getArg(0));
    Value b = eval(call->getArg(1));
    if (!rd || a.kind != Value::Kind::Int || b.kind != Value::Kind::Int)
      error(loc, diag::err_std_number_expected);
    if (b.wide() == 0)
      error(loc, diag::err_eval_division_by_zero);
    ValueList fields;
    for (const FieldDecl *field : rd->fields()) {
      bool quot = field->getName() == "quot";
      if (!quot && field->getName() != "rem")
        error(loc, diag::err_std_number_expected);
      fields.push_back(
          makeTyped(quot ? a.wide() / b.wide() : a.wide() % b.wide(),
                    field->getType(), loc, /*checkOverflow=*/true));
    }
    result = Value::makeAgg(std::move(fields));
    return true;
  }
  if (gnuExtension)
    return false;
  llvm::StringRef base = name;
  if (!isCMathName(base) && (base.ends_with("f") || base.ends_with("l")) &&
      isCMathName(base.drop_back()))
    base = base.drop_back();
  if (!isCMathName(base))
    return false;
  if (base == "lround" || base == "llround") {
    double r = std::round(numberArg(call->getArg(0)));
    result = convert(Value::makeFloat(r), call->getType(), loc);
    return true;
  }
  std::optional<double> r;
  const bool single =
      call->getType()->isSpecificBuiltinType(BuiltinType::Float);
  if (call->getNumArgs() == 1) {
    double x = numberArg(call->getArg(0));
    r = single ? cmath1<float>(base, float(x)) : cmath1<double>(base, x);
  } else if (call->getNumArgs() == 2) {
    double x = numberArg(call->getArg(0));
    double y = numberArg(call->getArg(1));
    r = single ? cmath2<float>(base, float(x), float(y))
               : cmath2<double>(base, x, y);
  }
  if (!r)
    return false;
  result = convert(Value::makeFloat(*r), call->getType(), loc);
  return true;
}

// ------------------------------------------- std:: functions that compute --

bool Evaluator::tryStdNumericCall(const CallExpr *call, llvm::StringRef name,
                                  Value &result) {
  LazyLoc loc(call);
  QualType rt = call->getType();
  // <bit>: unsigned arguments, at their type's width.
  if (name == "popcount" || name == "has_single_bit" || name == "bit_width" ||
      name == "bit_ceil" || name == "bit_floor" || name == "countl_zero" ||
      name == "countr_zero" || name == "countl_one" || name == "countr_one") {
    unsigned width = 0;
    uint64_t u = unsignedArg(call->getArg(0), width);
    uint64_t mask = width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
    auto clz = [&](uint64_t x) -> int64_t {
      return x ? __builtin_clzll(x) - int64_t(64 - width) : width;
    };
    auto ctz = [&](uint64_t x) -> int64_t {
      return x ? __builtin_ctzll(x) : width;
    };
    auto bitWidth = [&](uint64_t x) { return int64_t(width) - clz(x); };
    __int128 r = 0;
    if (name == "popcount")
      r = __builtin_popcountll(u);
    else if (name == "has_single_bit")
      r = u && !(u & (u - 1));
    else if (name == "bit_width")
      r = bitWidth(u);
    else if (name == "countl_zero")
      r = clz(u);
    else if (name == "countr_zero")
      r = ctz(u);
    else if (name == "countl_one")
      r = clz(~u & mask);
    else if (name == "countr_one")
      r = ctz(~u & mask);
    else if (name == "bit_floor")
      r = u ? __int128(1) << (bitWidth(u) - 1) : 0;
    else { // bit_ceil
      if (u <= 1) {
        r = 1;
      } else {
        int64_t w = bitWidth(u - 1);
        if (w >= int64_t(width))
          error(loc, diag::err_std_bit_ceil_range,
                {std::to_string(u),
                 rt.getCanonicalType().getAsString(ctx_.getPrintingPolicy())});
        r = __int128(1) << w;
      }
    }
    result = makeTyped(r, rt, loc, false);
    return true;
  }
  if (name == "gcd" || name == "lcm") {
    Value a = eval(call->getArg(0));
    Value b = eval(call->getArg(1));
    if (a.kind != Value::Kind::Int || b.kind != Value::Kind::Int)
      error(loc, diag::err_std_number_expected);
    IntType t = intType(rt);
    __int128 hi = t.isSigned ? (__int128(1) << (t.width - 1)) - 1
                             : (__int128(1) << t.width) - 1;
    __int128 m = a.wide() < 0 ? -a.wide() : a.wide();
    __int128 n = b.wide() < 0 ? -b.wide() : b.wide();
    // C++ leaves it undefined when |m|, |n| or the lcm does not fit.
    auto fits = [&](__int128 v, const Value &shown) {
      if (v > hi)
        error(loc, diag::err_std_numeric_range,
              {name.str(), describeValue(shown),
               rt.getCanonicalType().getAsString(ctx_.getPrintingPolicy())});
    };
    fits(m, a);
    fits(n, b);
    __int128 g = m, h = n;
    while (h) {
      __int128 t2 = g % h;
      g = h;
      h = t2;
    }
    __int128 r = g;
    if (name == "lcm") {
      r = (m == 0 || n == 0) ? 0 : m / g * n;
      if (r > hi)
        error(loc, diag::err_std_numeric_range,
              {name.str(),
               describeValue(
                   Value::makeInt(int64_t(r > INT64_MAX ? INT64_MAX : r))),
               rt.getCanonicalType().getAsString(ctx_.getPrintingPolicy())});
    }
    result = makeTyped(r, rt, loc, false);
    return true;
  }
  if (name == "midpoint" && call->getNumArgs() == 2) {
    Value a = eval(call->getArg(0));
    Value b = eval(call->getArg(1));
    if (a.kind == Value::Kind::Int && b.kind == Value::Kind::Int) {
      // Without overflow, rounded towards the first argument.
      result = makeTyped(a.wide() + (b.wide() - a.wide()) / 2, rt, loc, false);
      return true;
    }
    if (a.kind == Value::Kind::Float && b.kind == Value::Kind::Float) {
      // libstdc++'s order of operations: no overflow near the largest
      // values, no lost bits near the smallest.
      const double lo = std::numeric_limits<double>::min() * 2,
                   hi = std::numeric_limits<double>::max() / 2;
      const double x = a.f, y = b.f;
      double m = std::fabs(x) <= hi && std::fabs(y) <= hi ? (x + y) / 2
                 : std::fabs(x) < lo                      ? x + y / 2
                 : std::fabs(y) < lo                      ? x / 2 + y
                                                          : x / 2 + y / 2;
      result = convert(Value::makeFloat(m), rt, loc);
      return true;
    }
    error(loc, diag::err_std_number_expected);
  }
  if (name == "ssize" && call->getNumArgs() == 1) {
    result = makeTyped(int64_t(containerSize(call->getArg(0), loc, name)), rt,
                       loc, false);
    return true;
  }
  return false;
}

bool Evaluator::tryNumericLimits(const CallExpr *call, const CXXMethodDecl *md,
                                 Value &result) {
  const CXXRecordDecl *rd = md->getParent();
  if (!rd->getIdentifier() || rd->getName() != "numeric_limits" ||
      !md->getIdentifier())
    return false;
  LazyLoc loc(call);
  QualType t = templateArgType(rd, 0);
  llvm::StringRef what = md->getName();
  if (t.isNull())
    return false;
  QualType c = t.getCanonicalType();
  if (c->isIntegralOrEnumerationType() && !c->isEnumeralType()) {
    IntType info = intType(c);
    __int128 hi = info.isBool     ? 1
                  : info.isSigned ? (__int128(1) << (info.width - 1)) - 1
                                  : (__int128(1) << info.width) - 1;
    __int128 lo =
        info.isSigned && !info.isBool ? -(__int128(1) << (info.width - 1)) : 0;
    if (what == "max")
      result = makeTyped(hi, c, loc, false);
    else if (what == "min" || what == "lowest")
      result = makeTyped(lo, c, loc, false);
    else
      return false;
    return true;
  }
  if (c->isRealFloatingType()) {
    bool isFloat = c->isSpecificBuiltinType(BuiltinType::Float);
    double v;
    if (what == "max")
      v = isFloat ? FLT_MAX : DBL_MAX;
    else if (what == "min")
      v = isFloat ? FLT_MIN : DBL_MIN;
    else if (what == "lowest")
      v = isFloat ? -FLT_MAX : -DBL_MAX;
    else if (what == "epsilon")
      v = isFloat ? FLT_EPSILON : DBL_EPSILON;
    else if (what == "infinity")
      v = HUGE_VAL;
    else
      return false;
    if (!c->isSpecificBuiltinType(BuiltinType::Float) &&
        !c->isSpecificBuiltinType(BuiltinType::Double))
      return false; // long double: not a type the evaluator models
    result = Value::makeFloat(v);
    return true;
  }
  return false;
}

// ------------------------------------------------- whole-range algorithms --

// An iterator written as a position in one std::vector or std::array:
// begin() or end() (cbegin, cend, std::begin, std::end) moved by `+ k`,
// `- k`, std::next or std::prev. Iterators are not values in the
// evaluator; these expressions are read where an algorithm or a vector
// edit takes them.

Value *Evaluator::wholeRange(const Expr *first, const Expr *last,
                             llvm::StringRef algorithm, LazyLoc loc) {
  // begin() and end() (cbegin, cend, std::begin, std::end) of one
  // std::vector or std::array, not moved.
  IteratorPosition a, b;
  if (!parseIteratorPosition(first, a) || !parseIteratorPosition(last, b) ||
      a.search || b.search || a.iterator || b.iterator || !a.steps.empty() ||
      !b.steps.empty() || a.fromEnd || !b.fromEnd)
    error(loc, diag::err_std_iterator_range, {algorithm.str()});
  Value *range = positionContainer(a);
  Borrow keep(*this, range);
  Value *other = positionContainer(b);
  if (keep.dangling)
    invalidatedDuringUse(keep, diag::err_eval_object_invalidated, loc);
  if (range != other)
    error(loc, diag::err_std_iterator_two_containers, {algorithm.str()});
  if (range->kind != Value::Kind::Agg)
    error(loc, diag::err_eval_uninitialised);
  return range;
}

// The object `e` (an iterator argument) was made from, when it is a call
// of method `a` or `b` of one of `classes`; null otherwise.
static const CXXMemberCallExpr *
containerCall(const Expr *e, llvm::StringRef a, llvm::StringRef b,
              std::initializer_list<Evaluator::StdClass> classes) {
  const auto *mc = dyn_cast<CXXMemberCallExpr>(iteratorSource(e));
  const CXXMethodDecl *md = mc ? mc->getMethodDecl() : nullptr;
  if (!md || !md->getIdentifier() || (md->getName() != a && md->getName() != b))
    return nullptr;
  Evaluator::StdClass cls = Evaluator::classifyStd(md->getParent());
  return llvm::is_contained(classes, cls) ? mc : nullptr;
}

Value *Evaluator::sameContainer(const CXXMemberCallExpr *first,
                                const CXXMemberCallExpr *last,
                                Value::Kind kind) {
  LazyLoc loc(first);
  Value *range = evalObject(first->getImplicitObjectArgument());
  Borrow keep(*this, range);
  Value *other = evalObject(last->getImplicitObjectArgument());
  if (keep.dangling)
    invalidatedDuringUse(keep, diag::err_eval_object_invalidated, loc);
  if (range != other)
    error(loc, diag::err_std_iterator_two_containers, {"vector"});
  if (range->kind != kind)
    error(loc, diag::err_eval_uninitialised);
  return range;
}

Value *Evaluator::wholeTreeRange(const Expr *first, const Expr *last,
                                 bool &isSet) {
  const CXXMemberCallExpr *from =
      containerCall(first, "begin", "cbegin", {StdClass::Map, StdClass::Set});
  const CXXMemberCallExpr *to =
      containerCall(last, "end", "cend", {StdClass::Map, StdClass::Set});
  if (!from || !to)
    return nullptr;
  const CXXRecordDecl *rd = from->getMethodDecl()->getParent();
  isSet = classifyStd(rd) == StdClass::Set;
  if (isUnorderedContainer(rd))
    error(first, diag::err_eval_unordered_iteration,
          {rd->getName().str(), isSet ? "set" : "map"});
  return sameContainer(from, to, Value::Kind::Map);
}

Value *Evaluator::reverseWholeRange(const Expr *first, const Expr *last) {
  const CXXMemberCallExpr *from = containerCall(
      first, "rbegin", "crbegin", {StdClass::Vector, StdClass::Array});
  const CXXMemberCallExpr *to =
      containerCall(last, "rend", "crend", {StdClass::Vector, StdClass::Array});
  if (!from || !to)
    return nullptr;
  return sameContainer(from, to, Value::Kind::Agg);
}

// ------------------------------------------------- iterator positions --

static bool orderedByValue(QualType t);

// The algorithms whose result is a position in the range they are given.
static bool isSearchAlgorithm(llvm::StringRef n) {
  return n == "find" || n == "find_if" || n == "min_element" ||
         n == "max_element" || n == "lower_bound" || n == "upper_bound" ||
         n == "remove" || n == "remove_if" || n == "unique";
}

bool Evaluator::parseIteratorPosition(const Expr *e, IteratorPosition &pos) {
  e = iteratorSource(e);
  // iterator -> const_iterator (vector::erase and insert take the latter).
  if (const auto *ce = dyn_cast<CXXConstructExpr>(e);
      ce && ce->getNumArgs() == 1 &&
      classifyStd(ce->getConstructor()->getParent()) == StdClass::None &&
      ctx_.getSourceManager().isInSystemHeader(
          ce->getConstructor()->getLocation()))
    return parseIteratorPosition(ce->getArg(0), pos);
  auto isIterator = [](const Expr *x) {
    QualType t = x->getType();
    return !t->isIntegralOrEnumerationType();
  };
  // Any other expression giving a vector iterator: a variable, a call.
  auto iteratorValue = [&] {
    if (iteratorKind(e->getType()) != IterKind::Sequence)
      return false;
    pos.iterator = e;
    pos.containerType = iteratorContainerType(e->getType());
    return true;
  };
  if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(e);
      oc && oc->getNumArgs() == 2 &&
      (oc->getOperator() == OO_Plus || oc->getOperator() == OO_Minus)) {
    const Expr *it = oc->getArg(0), *k = oc->getArg(1);
    if (!isIterator(it))
      std::swap(it, k); // k + it
    if (!isIterator(it) || isIterator(k) || !parseIteratorPosition(it, pos))
      return false;
    pos.steps.push_back({k, oc->getOperator() == OO_Plus ? 1 : -1});
    return true;
  }
  if (const auto *bo = dyn_cast<BinaryOperator>(e);
      bo && (bo->getOpcode() == BO_Add || bo->getOpcode() == BO_Sub) &&
      bo->getType()->isPointerType()) {
    const Expr *it = bo->getLHS(), *k = bo->getRHS();
    if (!it->getType()->isPointerType())
      std::swap(it, k);
    if (!parseIteratorPosition(it, pos))
      return false;
    pos.steps.push_back({k, bo->getOpcode() == BO_Add ? 1 : -1});
    return true;
  }
  const auto *call = dyn_cast<CallExpr>(e);
  const FunctionDecl *fd = call ? call->getDirectCallee() : nullptr;
  if (!fd || !fd->getIdentifier())
    return iteratorValue();
  llvm::StringRef n = fd->getName();
  if ((n == "next" || n == "prev") && fd->isInStdNamespace() &&
      call->getNumArgs() >= 1 && call->getNumArgs() <= 2) {
    if (!parseIteratorPosition(call->getArg(0), pos))
      return false;
    int sign = n == "next" ? 1 : -1;
    if (call->getNumArgs() == 2 && !isa<CXXDefaultArgExpr>(call->getArg(1)))
      pos.steps.push_back({call->getArg(1), sign});
    else
      pos.steps.push_back({nullptr, sign});
    return true;
  }
  if (isSearchAlgorithm(n) && fd->isInStdNamespace() &&
      call->getNumArgs() >= 2) {
    IteratorPosition first;
    if (!parseIteratorPosition(call->getArg(0), first))
      return false;
    pos.container = first.container;
    pos.iterator = first.iterator;
    pos.containerType = first.containerType;
    pos.search = call;
    return true;
  }
  bool begin = n == "begin" || n == "cbegin";
  bool end = n == "end" || n == "cend";
  if (!begin && !end)
    return iteratorValue();
  const Expr *obj = nullptr;
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(call))
    obj = mc->getImplicitObjectArgument();
  else if (fd->isInStdNamespace() && call->getNumArgs() == 1)
    obj = call->getArg(0);
  if (!obj)
    return false;
  StdClass cls =
      classifyStd(obj->getType().getCanonicalType()->getAsCXXRecordDecl());
  if (cls != StdClass::Vector && cls != StdClass::Array)
    return false;
  pos.container = obj;
  pos.containerType = obj->getType().getNonReferenceType();
  pos.fromEnd = end;
  return true;
}

// The index `pos` stands for in `container` (of `size` elements); an
// iterator moved outside [begin, end] is undefined behaviour, an error.
size_t Evaluator::resolveIteratorPosition(const IteratorPosition &pos,
                                          size_t size, LazyLoc loc) {
  __int128 at = pos.search     ? __int128(searchPosition(pos.search))
                : pos.iterator ? __int128(pos.iteratorIndex)
                : pos.fromEnd  ? __int128(size)
                               : 0;
  for (const auto &[k, sign] : pos.steps) {
    __int128 step = 1;
    if (k) {
      Value v = eval(k);
      if (v.kind != Value::Kind::Int)
        error(k->getExprLoc(), diag::err_std_index_type);
      step = v.wide();
    }
    at += sign * step;
    if (at < 0 || at > __int128(size))
      error(k ? LazyLoc(k->getExprLoc()) : loc, diag::err_std_iterator_outside,
            {describeValue(Value::makeInt(int64_t(at < INT64_MIN   ? INT64_MIN
                                                  : at > INT64_MAX ? INT64_MAX
                                                                   : at))),
             size});
  }
  return size_t(at);
}

// The container and [lo, hi) that the positions `first` and `last` (the
// first two arguments of `call`) stand for: one container, in order. `keep`
// (an iterating borrow) follows the container from before `last`'s is read.
Evaluator::PositionRange Evaluator::positionRange(const IteratorPosition &first,
                                                  const IteratorPosition &last,
                                                  const CallExpr *call,
                                                  llvm::StringRef algorithm,
                                                  Borrow &keep) {
  return positionRange(first, last, call->getArg(0), call->getArg(1), call,
                       algorithm, keep);
}

Evaluator::PositionRange
Evaluator::positionRange(const IteratorPosition &first,
                         const IteratorPosition &last, const Expr *firstE,
                         const Expr *lastE, const Expr *site,
                         llvm::StringRef algorithm, Borrow &keep) {
  LazyLoc loc(site);
  Value *range = positionContainer(first);
  keep.retarget(range);
  if (positionContainer(last) != range)
    error(loc, diag::err_std_iterator_two_containers, {algorithm.str()});
  if (range->kind != Value::Kind::Agg)
    error(loc, diag::err_eval_uninitialised);
  size_t size = range->elems().size();
  size_t lo = resolveIteratorPosition(first, size, firstE);
  size_t hi = resolveIteratorPosition(last, size, lastE);
  if (hi < lo)
    error(lastE, diag::err_std_iterator_backwards,
          {("std::" + algorithm).str()});
  return {range, lo, hi};
}

// The count of std::fill_n and its kin, as libstdc++ converts it to an
// integer (a floating-point count truncated); none when it is no number.
static std::optional<__int128> elementCount(const Value &n) {
  if (n.kind == Value::Kind::Int)
    return n.wide();
  if (n.kind == Value::Kind::Float && std::isfinite(n.f) &&
      std::fabs(n.f) < 9.2e18)
    return __int128(int64_t(n.f));
  return std::nullopt;
}

Evaluator::PositionRange Evaluator::countedRange(const IteratorPosition &first,
                                                 const Expr *firstE,
                                                 const Expr *countE,
                                                 llvm::StringRef algorithm,
                                                 Borrow &keep) {
  Value *range = positionContainer(first);
  keep.retarget(range);
  if (range->kind != Value::Kind::Agg)
    error(firstE, diag::err_eval_uninitialised);
  size_t size = range->elems().size();
  size_t lo = resolveIteratorPosition(first, size, firstE);
  Value n = eval(countE);
  std::optional<__int128> given = elementCount(n);
  if (!given)
    error(countE->getExprLoc(), diag::err_std_index_type);
  __int128 count = *given > 0 ? *given : 0;
  if (__int128(lo) + count > __int128(size)) {
    // Writing past the end (fill_n, generate_n) has its own advice.
    if (algorithm == "fill_n" || algorithm == "generate_n")
      error(countE->getExprLoc(), diag::err_std_copy_past_end,
            {algorithm.str(), describeValue(n), lo, size});
    __int128 end = __int128(lo) + count;
    error(countE->getExprLoc(), diag::err_std_iterator_outside,
          {describeValue(
               Value::makeInt(end > INT64_MAX ? INT64_MAX : int64_t(end))),
           size});
  }
  return {range, lo, lo + size_t(count)};
}

Evaluator::SearchValue Evaluator::searchValue(const Expr *valueE, QualType elem,
                                              LazyLoc loc,
                                              const Value *evaluated) {
  SearchValue search;
  search.value = evaluated ? *evaluated : eval(valueE);
  Value &v = search.value;
  search.at = loc;
  // A derived object searched for among elements of its base class is
  // compared as its base part (operator== binds it as a const Base &).
  if (const CXXRecordDecl *elemClass =
          elem.isNull() ? nullptr : elem->getAsCXXRecordDecl()) {
    if (const Value *part = baseSubobjectOf(&v, elemClass); part != &v)
      v = Value(*part);
    if (isProgramClass(elemClass)) {
      // The library compares with `element == value`: a value of another
      // type goes through a converting constructor or an operator== of
      // its own, neither of which a field-by-field comparison models.
      const CXXRecordDecl *valueClass =
          valueE->getType().getNonReferenceType()->getAsCXXRecordDecl();
      if (!valueClass ||
          (valueClass->getCanonicalDecl() != elemClass->getCanonicalDecl() &&
           !valueClass->isDerivedFrom(elemClass)))
        error(valueE->getExprLoc(), diag::err_std_search_other_type,
              {valueE->getType()
                   .getNonReferenceType()
                   .getUnqualifiedType()
                   .getAsString(ctx_.getPrintingPolicy()),
               elemClass->getNameAsString()});
      search.equal = userOrderOperator(elemClass, OO_EqualEqual);
    } else {
      refuseUserComparedParts(elem, loc);
    }
  }
  auto number = [](QualType t) {
    t = t.getCanonicalType();
    return isa<BuiltinType>(t) ? t->isArithmeticType() : t->isEnumeralType();
  };
  if ((v.kind != Value::Kind::Int && v.kind != Value::Kind::Float) ||
      elem.isNull() || !number(elem))
    return search;
  // Enumerations take part as their underlying integer types do.
  QualType valueType = valueE->getType().getNonReferenceType();
  if (number(valueType)) {
    search.common = usualArithmeticType(elem, valueType);
    v = convert(v, search.common, loc);
  } else {
    v = convert(v, elem, loc);
  }
  return search;
}

void Evaluator::refuseUserComparedParts(QualType t, LazyLoc loc) {
  if (const CXXRecordDecl *rd = userComparedIn(t))
    error(loc, diag::err_eval_comparison_user_operator,
          {t.getNonReferenceType().getUnqualifiedType().getAsString(
               ctx_.getPrintingPolicy()),
           rd->getNameAsString()});
}

std::function<bool(Value &, Value &)> Evaluator::naturalEquality(QualType elem,
                                                                 LazyLoc loc) {
  // `x == y` as std::equal_to calls it: a hand-written operator== of the
  // program's own class; a defaulted one compares field by field.
  const CXXRecordDecl *rd =
      elem.isNull() ? nullptr : elem.getCanonicalType()->getAsCXXRecordDecl();
  if (isProgramClass(rd)) {
    if (const FunctionDecl *op = userOrderOperator(rd, OO_EqualEqual)) {
      clang::SourceLocation at = loc;
      return [this, op, at](Value &x, Value &y) {
        return callBinaryOperator(op, x, y, at);
      };
    }
  } else if (!elem.isNull()) {
    refuseUserComparedParts(elem, loc);
  }
  return [](Value &x, Value &y) { return compareValues(x, y, true) == 0; };
}

int Evaluator::compareWithSearch(const Value &element,
                                 const SearchValue &search, LazyLoc loc) {
  if (const FunctionDecl *op = search.equal) {
    // `element == value` with the program's operator== (equal or not:
    // the searches that call this only test for 0).
    return callBinaryOperator(op, const_cast<Value &>(element),
                              const_cast<Value &>(search.value), search.at)
               ? 0
               : 1;
  }
  if (!search.common.isNull() &&
      (element.kind == Value::Kind::Int || element.kind == Value::Kind::Float))
    return compareValues(convert(element, search.common, loc), search.value,
                         /*asCxx=*/true);
  return compareValues(element, search.value, /*asCxx=*/true);
}

// For std::less or std::greater over arithmetic elements: the type they
// compare in, null for a transparent one (std::less<>, std::ranges::less:
// the usual arithmetic conversions); nullopt when the elements or T are
// not arithmetic builtins (they are compared as before, by value).
std::optional<QualType> Evaluator::arithmeticOrderType(const Expr *comparator,
                                                       QualType elem) {
  auto arithmetic = [](QualType t) {
    t = t.getCanonicalType();
    return isa<BuiltinType>(t) && t->isArithmeticType();
  };
  if (elem.isNull() || !arithmetic(elem))
    return std::nullopt;
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      comparator->getType().getCanonicalType()->getAsCXXRecordDecl());
  if (!spec || spec->getTemplateArgs().size() == 0 ||
      spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return QualType();
  QualType t = spec->getTemplateArgs()[0].getAsType().getCanonicalType();
  if (t->isVoidType())
    return QualType();
  if (!arithmetic(t))
    return std::nullopt;
  return t;
}

// Where std::find(first, last, value), find_if(first, last, pred),
// min_element(first, last[, comp]) or max_element(...) stops: the index
// of the first match (of the first smallest or largest element), or of
// `last` when there is none. lower_bound and upper_bound (value[, comp])
// give the first element not before / after the value (binary_search:
// whether it is there, in `matched`). remove, remove_if and unique move
// the elements they keep to the front, in order, and give the end of
// those; what is left after it keeps its old values.
size_t Evaluator::searchPosition(const CallExpr *call, bool *matched) {
  LazyLoc loc(call);
  llvm::StringRef name = call->getDirectCallee()->getName();
  IteratorPosition first, last;
  if (!parseIteratorPosition(call->getArg(0), first) ||
      !parseIteratorPosition(call->getArg(1), last))
    error(loc, diag::err_std_iterator_range, {name.str()});
  Borrow keep(*this, nullptr, /*iterating=*/true);
  auto [range, lo, hi] = positionRange(first, last, call, name, keep);
  const CXXRecordDecl *rd =
      first.containerType.getCanonicalType()->getAsCXXRecordDecl();
  QualType elem = templateArgType(rd, 0);
  ValueList copy = elementCopies(*range, lo, hi, loc);
  size_t found = copy.size();
  if (name == "lower_bound" || name == "upper_bound" ||
      name == "binary_search") {
    if (call->getNumArgs() != 3 && call->getNumArgs() != 4)
      error(loc, diag::err_std_algorithm_args, {name.str()});
    found = boundPosition(name, copy, elem, call->getArg(2),
                          call->getDirectCallee()->getParamDecl(2)->getType(),
                          call->getNumArgs() == 4 ? call->getArg(3) : nullptr,
                          loc, matched);
  } else if (name == "remove" || name == "remove_if" || name == "unique") {
    // As libstdc++ does, in place: find the first element to drop, then
    // move each later element that stays forward, leaving its old place
    // moved-from. The predicate, and a value that is an element of the
    // range (std::remove(v.begin(), v.end(), v[0])), see the range as it
    // is at each call, moves made so far included.
    auto at = [&](size_t i) -> Value & { return range->elems()[i]; };
    auto unmodified = [&] {
      if (keep.dangling)
        invalidatedDuringUse(keep, diag::err_std_predicate_modified, loc);
    };
    auto moveForward = [&](size_t to, size_t from) {
      if (to == from)
        return;
      invalidateContents(at(to), name, loc);
      at(to) = at(from);
      leaveMovedFrom(at(from), elem, /*assigned=*/true, loc);
    };
    if (name == "unique") {
      if (call->getNumArgs() != 2 && call->getNumArgs() != 3)
        error(loc, diag::err_std_algorithm_args, {name.str()});
      // std::adjacent_find, with a copy of the predicate, finds the first
      // duplicate; the predicate itself (with the state it had before
      // that search) then compares each later element with the last one
      // kept.
      std::function<bool(Value &, Value &)> search;
      std::function<bool(Value &, Value &)> same =
          call->getNumArgs() == 3
              ? comparatorFunction(call->getArg(2), elem, name, &search)
              : naturalEquality(elem, loc);
      if (!search)
        search = same;
      auto holds = [&](auto &test, size_t a, size_t b) {
        Value x = at(a), y = at(b);
        bool r = test(x, y);
        unmodified();
        return r;
      };
      size_t duplicate = lo + 1;
      while (duplicate < hi && !holds(search, duplicate - 1, duplicate))
        ++duplicate;
      if (duplicate >= hi)
        return hi;
      size_t dest = duplicate - 1;
      for (size_t i = duplicate + 1; i < hi; ++i)
        if (!holds(same, dest, i))
          moveForward(++dest, i);
      return dest + 1;
    }
    if (call->getNumArgs() != 3)
      error(loc, diag::err_std_algorithm_args, {name.str()});
    SearchValue search;
    std::optional<size_t> alias;
    std::function<bool(Value &)> test, searchCopyOf;
    if (name == "remove") {
      // libstdc++ takes the value by reference: an element of the range
      // changes as elements move over it.
      const Expr *valueE = call->getArg(2);
      const Value *v = valueE->isGLValue() ? evalLValue(valueE) : nullptr;
      if (v && range->kind == Value::Kind::Agg &&
          v >= range->elems().data() + lo && v < range->elems().data() + hi)
        alias = size_t(v - range->elems().data());
      search = searchValue(valueE, elem, loc, v);
    } else {
      // std::find_if, with a copy of the predicate, finds the first element
      // to remove; the predicate itself (with the state it had before that
      // search) then tests the rest.
      test = predicateFunction(call->getArg(2), elem, name, &searchCopyOf);
      if (!searchCopyOf)
        searchCopyOf = test;
    }
    // Whether element i goes, tested by `f` (remove_if) or against the
    // value (remove).
    auto drops = [&](std::function<bool(Value &)> &f, size_t i) {
      bool r;
      if (name == "remove") {
        if (alias)
          search.value = at(*alias);
        r = compareWithSearch(at(i), search, loc) == 0;
      } else {
        Value x = at(i);
        r = f(x);
      }
      unmodified();
      return r;
    };
    return removeInPlace(
        lo, hi, [&](size_t i) { return drops(searchCopyOf, i); },
        [&](size_t i) { return drops(test, i); }, moveForward);
  } else {
    found = searchCopy(
        llvm::ArrayRef(call->getArgs(), call->getNumArgs()).drop_front(2), loc,
        name, copy, elem);
  }
  if (keep.dangling)
    invalidatedDuringUse(keep, diag::err_std_predicate_modified, loc);
  return lo + found;
}

ValueList Evaluator::elementCopies(const Value &range, size_t lo, size_t hi,
                                   LazyLoc loc) {
  if (range.kind != Value::Kind::Agg)
    error(loc, diag::err_eval_uninitialised);
  hi = std::min(hi, range.elems().size());
  chargeElements(hi > lo ? hi - lo : 0, loc);
  ValueList copy(range.elems().begin() + lo, range.elems().begin() + hi);
  for (const Value &e : copy)
    if (e.kind == Value::Kind::Uninit)
      error(loc, diag::err_eval_uninitialised_unnamed);
  return copy;
}

// Where lower_bound, upper_bound and binary_search (`name`, maybe
// "ranges::lower_bound") of the value `valueE` find it in `copy`, whose
// elements have type `elem`: the first element not before (lower) or after
// (upper) the value. `valueParam` is the algorithm's parameter of the
// value; `comparatorE` its comparator, if given. binary_search sets
// `matched`; equal_range gives the lower bound and sets `upperEnd`.
size_t Evaluator::boundPosition(llvm::StringRef name, ValueList &copy,
                                QualType elem, const Expr *valueE,
                                QualType valueParam, const Expr *comparatorE,
                                LazyLoc loc, bool *matched, size_t *upperEnd) {
  llvm::StringRef algorithm = name;
  algorithm.consume_front("ranges::");
  // Without a comparator, `*it < value` in the usual arithmetic
  // conversions, and so with std::less<> or std::greater<> (transparent);
  // std::less<T> and std::greater<T> compare both converted to T. A
  // comparator of the program's own is called as comp(element, value)
  // and comp(value, element), the value of its own type (the algorithm's
  // `const T&`).
  bool byComparator = comparatorE != nullptr;
  QualType valueType = valueParam.getNonReferenceType().getUnqualifiedType();
  Order libraryOrder = byComparator ? orderOf(comparatorE) : Order::Other;
  bool ownValueType = byComparator && libraryOrder == Order::Other &&
                      !valueType->isDependentType();
  std::optional<QualType> orderType;
  if (libraryOrder != Order::Other)
    orderType = arithmeticOrderType(comparatorE, elem);
  SearchValue search;
  if (orderType && !orderType->isNull()) {
    // std::less<T>: the value and every element as T.
    search.value = eval(valueE);
    if (search.value.kind == Value::Kind::Int ||
        search.value.kind == Value::Kind::Float) {
      search.value = convert(search.value, *orderType, loc);
      search.common = *orderType;
    }
  } else if (orderType) {
    search = searchValue(valueE, elem, loc);
  } else if (ownValueType) {
    search.value = eval(valueE);
    if ((search.value.kind == Value::Kind::Int ||
         search.value.kind == Value::Kind::Float) &&
        valueType->isArithmeticType())
      search.value = convert(search.value, valueType, loc);
  } else if (byComparator) {
    search.value = eval(valueE);
    if ((search.value.kind == Value::Kind::Int ||
         search.value.kind == Value::Kind::Float) &&
        !elem.isNull() && elem->isArithmeticType())
      search.value = convert(search.value, elem, loc);
  } else {
    search = searchValue(valueE, elem, loc);
  }
  Value &v = search.value;
  // less(element, value) and less(value, element).
  std::function<bool(Value &, Value &)> lessEV, lessVE;
  if (ownValueType) {
    searchComparators(comparatorE, elem, valueType, name, lessEV, lessVE);
  } else {
    lessEV = lessVE = byComparator ? comparatorFunction(comparatorE, elem, name)
                                   : naturalOrder(elem, false, name, loc);
  }
  if ((!byComparator || orderType) && !search.common.isNull()) {
    // std::greater orders the other way.
    int sign = libraryOrder == Order::Descending ? -1 : 1;
    lessEV = [&, sign](Value &x, Value &) {
      int c = compareWithSearch(x, search, loc);
      return c != UnorderedComparison && sign * c < 0;
    };
    lessVE = [&, sign](Value &, Value &y) {
      int c = compareWithSearch(y, search, loc);
      return c != UnorderedComparison && sign * c > 0;
    };
  }
  // An element is "before" the value when it belongs in front of the
  // result; the range must hold those first (C++'s precondition), which
  // a binary search assumes and this walk checks.
  bool upper = algorithm == "upper_bound";
  auto before = [&](Value &e) { return upper ? !lessVE(v, e) : lessEV(e, v); };
  // Comparisons that run the program's own code (a comparator, a
  // struct's operator<) may count or print: they are made as libstdc++
  // makes them, halving the range, and the order is not checked, which
  // would call them on every element.
  const CXXRecordDecl *elemClass =
      elem.isNull() ? nullptr : elem->getAsCXXRecordDecl();
  // (std::less and std::greater call a struct's operator< and operator>.)
  bool programCode =
      (byComparator && libraryOrder == Order::Other) ||
      (elemClass &&
       userOrderOperator(elemClass, libraryOrder == Order::Descending
                                        ? OO_Greater
                                        : OO_Less));
  // The first position in [at, at + len) that is not before the value.
  auto halve = [&](size_t at, size_t len) {
    while (len > 0) {
      size_t half = len >> 1, middle = at + half;
      if (before(copy[middle])) {
        at = middle + 1;
        len = len - half - 1;
      } else {
        len = half;
      }
    }
    return at;
  };
  // The same, by checking every element in order.
  auto walk = [&] {
    size_t found = copy.size();
    for (size_t i = 0; i < copy.size(); ++i) {
      bool b = before(copy[i]);
      if (b && found != copy.size())
        error(loc, diag::err_std_not_partitioned,
              {name.str(), describeValue(copy[i])});
      if (!b && found == copy.size())
        found = i;
    }
    return found;
  };
  if (algorithm == "equal_range") {
    if (!programCode) {
      size_t lower = walk();
      upper = true;
      *upperEnd = walk();
      return lower;
    }
    // libstdc++'s steps: halve until an element matches, then the lower
    // bound left of it and the upper bound right of it.
    size_t at = 0, len = copy.size();
    while (len > 0) {
      size_t half = len >> 1, middle = at + half;
      if (lessEV(copy[middle], v)) {
        at = middle + 1;
        len = len - half - 1;
      } else if (lessVE(v, copy[middle])) {
        len = half;
      } else {
        size_t lower = halve(at, half);
        upper = true;
        *upperEnd = halve(middle + 1, len - half - 1);
        return lower;
      }
    }
    *upperEnd = at;
    return at;
  }
  // binary_search also needs the range partitioned by !(value < element)
  // (C++'s second precondition): {0, 3, 1, 2} holds 1, and a binary search
  // for it answers false.
  if (algorithm == "binary_search" && !programCode) {
    upper = true;
    walk();
    upper = false;
  }
  size_t found = programCode ? halve(0, copy.size()) : walk();
  if (matched)
    *matched = found < copy.size() && !lessVE(v, copy[found]);
  return found;
}

// Where find(value), find_if(pred), min_element([comp]) or
// max_element([comp]) (the call's arguments after its range) stops in
// `copy`: the index of the first match, of the first smallest or largest
// element, or copy.size() when there is none.
size_t Evaluator::searchCopy(llvm::ArrayRef<const Expr *> rest, LazyLoc loc,
                             llvm::StringRef name, ValueList &copy,
                             QualType elem) {
  // `name` names the call in errors (std::ranges::min_element's too).
  llvm::StringRef algorithm = name;
  algorithm.consume_front("ranges::");
  size_t found = copy.size();
  if (algorithm == "find" || algorithm == "find_if") {
    if (rest.size() != 1)
      error(loc, diag::err_std_algorithm_args, {name.str()});
    if (algorithm == "find") {
      SearchValue search = searchValue(rest[0], elem, loc);
      for (size_t i = 0; i < copy.size() && found == copy.size(); ++i)
        if (compareWithSearch(copy[i], search, loc) == 0)
          found = i;
    } else {
      std::function<bool(Value &)> test =
          predicateFunction(rest[0], elem, name);
      for (size_t i = 0; i < copy.size() && found == copy.size(); ++i)
        if (test(copy[i]))
          found = i;
    }
  } else {
    std::function<bool(Value &, Value &)> less =
        !rest.empty() ? comparatorFunction(rest[0], elem, name)
                      : naturalOrder(elem, false, name, loc);
    if (!copy.empty())
      found = 0;
    for (size_t i = 1; i < copy.size(); ++i)
      if (algorithm == "min_element" ? less(copy[i], copy[found])
                                     : less(copy[found], copy[i]))
        found = i;
  }
  return found;
}

static QualType elementTypeOf(QualType range);

// The arithmetic of std::plus, minus, multiplies, bit_and, bit_or and
// bit_xor (typed or transparent), as an operator.
static std::optional<BinaryOperatorKind> stdArithmeticOp(const Expr *e) {
  const CXXRecordDecl *op =
      e->getType().getCanonicalType()->getAsCXXRecordDecl();
  static const std::pair<llvm::StringRef, BinaryOperatorKind> stdOps[] = {
      {"plus", BO_Add},    {"minus", BO_Sub}, {"multiplies", BO_Mul},
      {"bit_and", BO_And}, {"bit_or", BO_Or}, {"bit_xor", BO_Xor}};
  if (op && inStdTree(op) && op->getIdentifier())
    for (const auto &[n, k] : stdOps)
      if (op->getName() == n)
        return k;
  return std::nullopt;
}

// std::copy, std::copy_n, std::copy_if, std::transform (one input range, a
// unary operation), the running sums std::partial_sum, std::inclusive_scan and
// std::exclusive_scan, and std::adjacent_difference, written as statements,
// over positions of a std::vector or std::array, into positions of a
// std::vector or std::array with room for what is written, or into
// std::back_inserter(v). Elements are read, transformed and written one at a
// time, as the library does, so an operation that reads the destination sees
// the elements written so far.
bool Evaluator::tryCopyStatement(const Expr *e) {
  e = e->IgnoreParens();
  if (const auto *ewc = dyn_cast<ExprWithCleanups>(e))
    e = ewc->getSubExpr()->IgnoreParens();
  if (const auto *cast = dyn_cast<CStyleCastExpr>(e);
      cast && cast->getType()->isVoidType())
    e = cast->getSubExpr()->IgnoreParens();
  // Only a plain call names a namespace-scope function: member and
  // operator calls (every DSL call statement of an inner loop) are settled
  // by the statement's class, before the callee is looked for.
  if (e->getStmtClass() != Stmt::CallExprClass)
    return false;
  const auto *call = cast<CallExpr>(e);
  const FunctionDecl *fd = call->getDirectCallee();
  // Library calls of a container's free functions are settled by their
  // (cached) route.
  if (!fd || calleeRoute(fd).route != CallRoute::General ||
      !fd->getIdentifier() || !fd->isInStdNamespace())
    return false;
  llvm::StringRef name = fd->getName();
  bool copy = name == "copy", copyIf = name == "copy_if",
       transform = name == "transform";
  // std::copy_n(first, n, out): the n elements from first.
  bool copyN = name == "copy_n";
  // (first, last, out[, op]), (first, last, out[, op[, init]]) and
  // (first, last, out, init[, op]): each output is the running value
  // after (inclusive) or before (exclusive) its element.
  bool partialSum = name == "partial_sum", inclusive = name == "inclusive_scan",
       exclusive = name == "exclusive_scan";
  // (first, last, out[, op]): the first element, then each element `op`
  // (by default minus) the one before it.
  bool difference = name == "adjacent_difference";
  bool scan = partialSum || inclusive || exclusive || difference;
  unsigned nargs = call->getNumArgs();
  // std::transform(first1, last1, first2, out, op) reads a second range.
  bool binary = transform && nargs == 5;
  if (scan) {
    if (((partialSum || difference) && nargs != 3 && nargs != 4) ||
        (inclusive && (nargs < 3 || nargs > 5)) ||
        (exclusive && nargs != 4 && nargs != 5))
      return false;
  } else if ((!copy && !copyIf && !transform && !copyN) ||
             (nargs != (copy || copyN ? 3u : 4u) && !binary)) {
    return false;
  }
  const unsigned outArg = binary ? 3 : 2, opArg = binary      ? 4
                                                  : exclusive ? 4
                                                              : 3;
  const Expr *initE = exclusive                 ? call->getArg(3)
                      : inclusive && nargs == 5 ? call->getArg(4)
                                                : nullptr;
  const Expr *opE = nargs > opArg ? call->getArg(opArg) : nullptr;
  LazyLoc loc(call);
  std::string what = name.str();
  IteratorPosition first, last;
  if (!parseIteratorPosition(call->getArg(0), first) || first.search ||
      (!copyN &&
       (!parseIteratorPosition(call->getArg(1), last) || last.search)))
    error(loc,
          copyN ? diag::err_std_counted_position : diag::err_std_iterator_range,
          {what});
  IteratorPosition second;
  if (binary &&
      (!parseIteratorPosition(call->getArg(2), second) || second.search))
    error(call->getArg(2), diag::err_std_iterator_range, {what});
  // The destination: std::back_inserter(v), or a position.
  const Expr *outE = iteratorSource(call->getArg(outArg));
  const Expr *appendTo = nullptr;
  IteratorPosition out;
  if (const auto *bi = dyn_cast<CallExpr>(outE);
      bi && bi->getDirectCallee() && bi->getDirectCallee()->getIdentifier() &&
      bi->getDirectCallee()->getName() == "back_inserter" &&
      bi->getDirectCallee()->isInStdNamespace() && bi->getNumArgs() == 1) {
    appendTo = bi->getArg(0);
    const CXXRecordDecl *ard = appendTo->getType()
                                   .getNonReferenceType()
                                   .getCanonicalType()
                                   ->getAsCXXRecordDecl();
    if (!ard || classifyStd(ard) != StdClass::Vector)
      error(call->getArg(outArg), diag::err_std_iterator_range, {what});
  } else if (!parseIteratorPosition(call->getArg(outArg), out) || out.search) {
    error(call->getArg(outArg), diag::err_std_iterator_range, {what});
  }
  Borrow reading(*this, nullptr, /*iterating=*/true);
  auto [range, lo, hi] =
      copyN
          ? countedRange(first, call->getArg(0), call->getArg(1), name, reading)
          : positionRange(first, last, call, name, reading);
  QualType elem = elementTypeOf(first.containerType);
  Value *other = nullptr;
  size_t otherAt = 0;
  std::unique_ptr<Borrow> readingOther;
  if (binary) {
    other = positionContainer(second);
    readingOther = std::make_unique<Borrow>(*this, other, /*iterating=*/true);
    if (other->kind != Value::Kind::Agg)
      error(loc, diag::err_eval_uninitialised);
    otherAt =
        resolveIteratorPosition(second, other->elems().size(), call->getArg(2));
    if (otherAt + (hi - lo) > other->elems().size())
      error(call->getArg(2), diag::err_std_second_range_short,
            {"transform", hi - lo, otherAt, other->elems().size()});
  }
  Value *dest = appendTo ? evalObject(appendTo) : positionContainer(out);
  // A position in the destination is an iterator into it: a change of its
  // size ends it (the operation may not push_back there); back_inserter
  // holds the container itself.
  Borrow writing(*this, dest, /*iterating=*/!appendTo);
  if (dest->kind != Value::Kind::Agg)
    error(loc, diag::err_eval_uninitialised);
  QualType destElem =
      elementTypeOf(appendTo ? appendTo->getType() : out.containerType);
  size_t at = appendTo ? 0
                       : resolveIteratorPosition(out, dest->elems().size(),
                                                 call->getArg(outArg));
  if (!appendTo && !copyIf && at + (hi - lo) > dest->elems().size())
    error(call->getArg(outArg), diag::err_std_copy_past_end,
          {what, hi - lo, at, dest->elems().size()});
  // Writing ahead of the read (or onto it, for a copy) is undefined;
  // std::transform may write in place.
  auto ahead = [&](const Value *read, size_t from, size_t to) {
    return dest == read && from < to &&
           (appendTo ||
            (at < to && (transform || scan ? at > from : at >= from)));
  };
  if (ahead(range, lo, hi) ||
      (binary && ahead(other, otherAt, otherAt + (hi - lo))))
    error(call->getArg(outArg), diag::err_std_copy_overlap, {what});
  std::function<bool(Value &)> test;
  const FunctionDecl *op = nullptr;
  std::shared_ptr<const Closure> opClosure;
  std::shared_ptr<Value> opObject;
  std::optional<BinaryOperatorKind> arithmetic;
  QualType arithmeticType;
  // A scan's running value and its type: the input's element type, or the
  // initial value's.
  Value running;
  bool runningSet = false;
  QualType runningType = elem;
  if (scan) {
    if (initE) {
      running = eval(initE);
      runningType = initE->getType().getNonReferenceType().getUnqualifiedType();
      runningSet = true;
    }
    if (opE) {
      arithmetic = stdArithmeticOp(opE);
      if (arithmetic) {
        evaluateOperationForEffects(opE);
        arithmeticType = templateArgType(
            opE->getType().getCanonicalType()->getAsCXXRecordDecl(), 0);
      } else {
        op = userComparator(opE, elem, opClosure, 2, runningType, &opObject);
        if (!op || !takesElementsReadOnly(op, 2))
          error(opE, diag::err_std_scan_op, {what});
      }
    } else {
      arithmetic = difference ? BO_Sub : BO_Add;
    }
  }
  // running = running op x, as the library computes it.
  auto combine = [&](Value &x) {
    if (op) {
      Value *args[2] = {&running, &x};
      QualType types[2] = {runningType, elem};
      Value r =
          callFunction(op, {}, opClosure, opE, args, opObject.get(), types);
      if (r.kind == Value::Kind::Int || r.kind == Value::Kind::Float)
        r = convert(r, runningType, loc);
      running = std::move(r);
      return;
    }
    if ((running.kind != Value::Kind::Int &&
         running.kind != Value::Kind::Float) ||
        (x.kind != Value::Kind::Int && x.kind != Value::Kind::Float))
      error(loc, diag::err_std_number_expected);
    // std::plus<T> computes in T; std::plus<> (and none) in the usual
    // arithmetic conversions of the two operands.
    QualType in = arithmeticType;
    if (in.isNull() || in->isVoidType())
      in = usualArithmeticType(runningType, elem);
    running = convert(arith(*arithmetic, convert(running, in, loc),
                            convert(x, in, loc), in, loc),
                      runningType, loc);
  };
  // adjacent_difference's `op(x, previous)`, of two elements, written to
  // the destination as the library assigns it there.
  auto differenceOf = [&](Value &x, Value &previous) -> Value {
    if (op) {
      Value *args[2] = {&x, &previous};
      QualType types[2] = {elem, elem};
      return callFunction(op, {}, opClosure, opE, args, opObject.get(), types);
    }
    if ((x.kind != Value::Kind::Int && x.kind != Value::Kind::Float) ||
        (previous.kind != Value::Kind::Int &&
         previous.kind != Value::Kind::Float))
      error(loc, diag::err_std_number_expected);
    QualType in = arithmeticType;
    if (in.isNull() || in->isVoidType())
      in = usualArithmeticType(elem, elem);
    return arith(*arithmetic, convert(x, in, loc), convert(previous, in, loc),
                 in, loc);
  };
  QualType otherElem; // a binary transform's second range's elements
  if (copyIf) {
    test = predicateFunction(call->getArg(opArg), elem, what);
  } else if (transform) {
    unsigned arity = binary ? 2 : 1;
    if (binary)
      arithmetic = stdArithmeticOp(call->getArg(opArg));
    if (arithmetic) {
      evaluateOperationForEffects(call->getArg(opArg));
      // std::plus<T> computes in T; std::plus<> in the usual arithmetic
      // conversions of the two elements.
      arithmeticType = templateArgType(call->getArg(opArg)
                                           ->getType()
                                           .getCanonicalType()
                                           ->getAsCXXRecordDecl(),
                                       0);
      if (arithmeticType.isNull() || arithmeticType->isVoidType()) {
        QualType a = elem, b = elementTypeOf(second.containerType);
        if (a.isNull() || b.isNull())
          error(call->getArg(opArg), diag::err_std_transform_op);
        arithmeticType = usualArithmeticType(a, b);
      }
    } else {
      // A binary operation takes an element of each range: the
      // specialisation of a generic one is for the two element types.
      otherElem = binary ? elementTypeOf(second.containerType) : QualType();
      if (binary && otherElem.isNull())
        otherElem = elem;
      op = binary ? userComparator(call->getArg(opArg), otherElem, opClosure,
                                   arity, elem, &opObject)
                  : userComparator(call->getArg(opArg), elem, opClosure, arity,
                                   QualType(), &opObject);
      // transform passes elements as lvalues: a non-const reference
      // parameter is valid C++, checked not to change them.
      if (!op || !takesElements(op, arity))
        error(call->getArg(opArg), diag::err_std_transform_op);
    }
  }
  for (size_t i = lo; i < hi; ++i) {
    if (reading.dangling)
      invalidatedDuringUse(reading, diag::err_std_predicate_modified, loc);
    if (writing.dangling)
      invalidatedDuringUse(writing, diag::err_std_output_invalidated, loc);
    Value v = range->elems()[i];
    if (v.kind == Value::Kind::Uninit)
      error(loc, diag::err_eval_uninitialised_unnamed);
    if (copyIf && !test(v))
      continue;
    if (scan) {
      if (!runningSet) {
        running = v.kind == Value::Kind::Int || v.kind == Value::Kind::Float
                      ? convert(v, runningType, loc)
                      : v;
        runningSet = true;
        v = running;
      } else if (difference) {
        // The element read is kept for the next one: the difference may
        // be written over it (in place).
        Value current = std::move(v);
        v = differenceOf(current, running);
        running = std::move(current);
      } else if (exclusive) {
        Value before = running;
        combine(v);
        v = std::move(before);
      } else {
        combine(v);
        v = running;
      }
    } else if (arithmetic) {
      const Value &w = other->elems()[otherAt + (i - lo)];
      if (w.kind == Value::Kind::Uninit)
        error(loc, diag::err_eval_uninitialised_unnamed);
      if ((v.kind != Value::Kind::Int && v.kind != Value::Kind::Float) ||
          (w.kind != Value::Kind::Int && w.kind != Value::Kind::Float))
        error(loc, diag::err_std_number_expected);
      v = arith(*arithmetic, convert(v, arithmeticType, loc),
                convert(w, arithmeticType, loc), arithmeticType, loc);
    } else if (op && binary) {
      Value w = other->elems()[otherAt + (i - lo)];
      if (w.kind == Value::Kind::Uninit)
        error(loc, diag::err_eval_uninitialised_unnamed);
      Value *args[2] = {&v, &w};
      QualType types[2] = {elem, otherElem};
      v = callOnElements(op, opClosure, call->getArg(opArg), args,
                         opObject.get(), "operation", what, types);
      if (readingOther->dangling)
        invalidatedDuringUse(*readingOther, diag::err_std_predicate_modified,
                             loc);
    } else if (op) {
      Value *args[1] = {&v};
      QualType types[1] = {elem};
      v = callOnElements(op, opClosure, call->getArg(opArg), args,
                         opObject.get(), "operation", what, types);
    }
    if (reading.dangling)
      invalidatedDuringUse(reading, diag::err_std_predicate_modified, loc);
    if (writing.dangling)
      invalidatedDuringUse(writing, diag::err_std_output_invalidated, loc);
    // A number written into an element of a class of the program's own
    // goes through its converting constructor, as the library's
    // assignment does.
    if ((v.kind == Value::Kind::Int || v.kind == Value::Kind::Float) &&
        !destElem.isNull() &&
        (destElem->isArithmeticType() ||
         isProgramClass(destElem->getAsCXXRecordDecl())))
      v = convert(v, destElem, loc);
    if (appendTo) {
      checkContainerSize(dest->elems().size() + 1, loc);
      invalidateGrowth(*dest, 1, what, loc, destElem);
      dest->elems().push_back(std::move(v));
      continue;
    }
    if (at >= dest->elems().size())
      error(call->getArg(outArg), diag::err_std_copy_past_end,
            {what, hi - lo, at, dest->elems().size()});
    invalidateContents(dest->elems()[at], what, loc);
    dest->elems()[at++] = std::move(v);
  }
  return true;
}

// C++20's std::erase(v, value) and std::erase_if(v, pred) on a std::vector,
// and std::erase_if(c, pred) on a std::map or std::set (the predicate sees
// each entry, a map's as its (key, value) pair, in key order). The
// predicate runs over a copy; the elements kept stay in order.
Value Evaluator::eraseFromContainer(const CallExpr *call, bool byPredicate) {
  LazyLoc loc(call);
  std::string what = byPredicate ? "erase_if" : "erase";
  const Expr *containerE = call->getArg(0);
  const CXXRecordDecl *rd = containerE->getType()
                                .getNonReferenceType()
                                .getCanonicalType()
                                ->getAsCXXRecordDecl();
  StdClass cls = rd ? classifyStd(rd) : StdClass::None;
  bool keyed = cls == StdClass::Map || cls == StdClass::Set;
  if (cls != StdClass::Vector && !(keyed && byPredicate))
    error(loc, diag::err_std_algorithm_args, {what});
  if (isUnorderedContainer(rd))
    error(containerE->getExprLoc(), diag::err_eval_unordered_iteration,
          {rd->getName().str(), cls == StdClass::Map ? "map" : "set"});
  // What the predicate is called with: the element, a map's entry pair.
  QualType elem = templateArgType(rd, 0);
  if (cls == StdClass::Map)
    for (const NamedDecl *d : rd->lookup(&ctx_.Idents.get("value_type")))
      if (const auto *td = dyn_cast<TypedefNameDecl>(d))
        elem = td->getUnderlyingType();
  Value *c = evalObject(containerE);
  Borrow walking(*this, c, /*iterating=*/true);
  if (c->kind != Value::Kind::Agg && c->kind != Value::Kind::Map)
    error(loc, diag::err_eval_uninitialised);
  std::function<bool(Value &)> test;
  SearchValue search;
  // std::erase's value, an element of the vector: its index (libstdc++
  // takes the value by reference, so it changes as elements move over it).
  std::optional<size_t> alias;
  if (byPredicate) {
    // Clang instantiates a generic lambda for the map's entry type from
    // erase_if's body, kept in the PCH (PchCache.h): one it has not
    // instantiated has no body to run, so ask for the type.
    if (const CXXRecordDecl *lambda =
            call->getArg(1)->getType().getCanonicalType()->getAsCXXRecordDecl();
        keyed && lambda && lambda->isGenericLambda() &&
        !genericLambdaCall(lambda, {elem}))
      error(call->getArg(1), diag::err_std_generic_predicate,
            {what, elem.getAsString(ctx_.getPrintingPolicy())});
    test = predicateFunction(call->getArg(1), elem, what);
  } else {
    const Expr *valueE = call->getArg(1);
    const Value *v = valueE->isGLValue() ? evalLValue(valueE) : nullptr;
    if (v && c->kind == Value::Kind::Agg && v >= c->elems().data() &&
        v < c->elems().data() + c->elems().size())
      alias = size_t(v - c->elems().data());
    search = searchValue(valueE, elem, loc, v);
  }
  if (walking.dangling)
    invalidatedDuringUse(walking, diag::err_eval_object_invalidated, loc);
  auto drop = [&](Value &e) {
    if (e.kind == Value::Kind::Uninit)
      error(loc, diag::err_eval_uninitialised_unnamed);
    return byPredicate ? test(e) : compareWithSearch(e, search, loc) == 0;
  };
  auto unmodified = [&] {
    if (walking.dangling)
      invalidatedDuringUse(walking, diag::err_std_predicate_modified, loc);
  };
  size_t removed = 0;
  if (keyed) {
    // As libstdc++ does: the entries in key order, each erased as soon as
    // the predicate picks it, so a later call sees the container without
    // it (and the walk goes on from whatever follows it then, entries the
    // predicate added included).
    std::optional<Value> key;
    if (!c->map()->empty())
      key = c->map()->begin()->elems()[0];
    while (key) {
      Value entry = *c->map()->find(MapKey{*key});
      bool gone = drop(cls == StdClass::Set ? entry.elems()[0] : entry);
      unmodified();
      auto it = c->map()->find(MapKey{*key});
      // The predicate erased the entry it was given: libstdc++ would then
      // erase (or step from) an entry that is gone.
      if (it == c->map()->end())
        error(loc, diag::err_std_predicate_modified,
              {"it erased the entry it was given"});
      auto next = std::next(it);
      key = next == c->map()->end() ? std::nullopt
                                    : std::optional<Value>(next->elems()[0]);
      if (!gone)
        continue;
      if (hasBorrows())
        killBorrowsWithin(*it, what, loc);
      c->map()->erase(it);
      ++removed;
    }
  } else {
    // As libstdc++ does: std::remove_if in place, with the predicate
    // itself throughout (it passes std::ref(pred)), and std::erase's value
    // by reference (an element of the vector changes as elements move
    // over it); then the tail is erased.
    auto at = [&](size_t i) -> Value & { return c->elems()[i]; };
    auto dropAt = [&](size_t i) {
      if (alias)
        search.value = at(*alias);
      Value e = at(i);
      bool gone = drop(e);
      unmodified();
      return gone;
    };
    size_t n = c->elems().size();
    size_t out =
        removeInPlace(0, n, dropAt, dropAt, [&](size_t to, size_t from) {
          invalidateContents(at(to), what, loc);
          at(to) = at(from);
          leaveMovedFrom(at(from), elem, /*assigned=*/true, loc);
        });
    if (out < n) {
      invalidateTail(*c, out, what, loc);
      ValueList &elems = c->elems();
      removed = elems.size() - out;
      elems.erase(elems.begin() + out, elems.end());
    }
  }
  return makeTyped(__int128(removed), call->getType(), loc, false);
}

// `*it`, `it - jt`, `it == jt`, `it != jt` on vector iterators written as
// positions (std::find(...) - v.begin(), *std::max_element(...)).
bool Evaluator::tryIteratorOperator(const CXXOperatorCallExpr *oc,
                                    Value &result, Value **lvalueResult) {
  OverloadedOperatorKind op = oc->getOperator();
  if (op != OO_Star && op != OO_Minus && op != OO_EqualEqual &&
      op != OO_ExclaimEqual)
    return false;
  auto iteratorClass = [&](const Expr *e) {
    const CXXRecordDecl *rd = e->getType()
                                  .getNonReferenceType()
                                  .getCanonicalType()
                                  ->getAsCXXRecordDecl();
    return rd && classifyStd(rd) == StdClass::None &&
           classifyDsl(rd) == DslClass::None &&
           ctx_.getSourceManager().isInSystemHeader(rd->getLocation());
  };
  if (!iteratorClass(oc->getArg(0)))
    return false;
  LazyLoc loc(oc);
  if (op == OO_Star) {
    IteratorPosition pos;
    if (oc->getNumArgs() != 1 || !parseIteratorPosition(oc->getArg(0), pos))
      return false;
    Value *range = positionContainer(pos);
    Borrow keep(*this, range);
    size_t size = range->kind == Value::Kind::Agg ? range->elems().size() : 0;
    size_t i = resolveIteratorPosition(pos, size, oc->getArg(0));
    if (keep.dangling)
      invalidatedDuringUse(keep, diag::err_eval_object_invalidated, loc);
    if (i >= range->elems().size())
      error(loc, diag::err_std_iterator_deref_end);
    *lvalueResult = &range->elems()[i];
    return true;
  }
  if (oc->getNumArgs() != 2 || !iteratorClass(oc->getArg(1)))
    return false;
  return iteratorDifference(oc->getArg(0), oc->getArg(1),
                            BinaryOperator::getOverloadedOpcode(op),
                            oc->getType(), oc, result);
}

// it - jt (BO_Sub), the comparisons, std::distance(it, jt).
bool Evaluator::iteratorDifference(const Expr *l, const Expr *r,
                                   BinaryOperatorKind op, QualType difference,
                                   LazyLoc loc, Value &result) {
  IteratorPosition a, b;
  if (!parseIteratorPosition(l, a) || !parseIteratorPosition(r, b))
    return false;
  Value *range = positionContainer(a);
  Borrow keep(*this, range);
  if (positionContainer(b) != range)
    error(loc, diag::err_std_iterator_compare_containers);
  if (range->kind != Value::Kind::Agg)
    error(loc, diag::err_eval_uninitialised);
  size_t size = range->elems().size();
  size_t i = resolveIteratorPosition(a, size, l);
  size_t j = resolveIteratorPosition(b, size, r);
  if (keep.dangling)
    invalidatedDuringUse(keep, diag::err_eval_object_invalidated, loc);
  if (op == BO_Sub)
    result = makeTyped(__int128(i) - __int128(j), difference, loc, false);
  else
    result = Value::makeInt(comparisonHolds(op, i < j ? -1 : i > j ? 1 : 0));
  return true;
}

// v.erase(pos), v.erase(first, last), v.insert(pos, value),
// v.insert(pos, count, value), v.insert(pos, {...}),
// v.insert(pos, c.begin(), c.end()) on a std::vector `self`.
bool Evaluator::tryVectorEdit(Value *self, const CXXMethodDecl *md,
                              llvm::ArrayRef<const Expr *> args,
                              const CallExpr *call, Value &result) {
  llvm::StringRef name = md->getIdentifier() ? md->getName() : "";
  if ((name != "erase" && name != "insert" && name != "emplace") ||
      args.empty())
    return false;
  LazyLoc loc(call);
  IteratorPosition at;
  if (!parseIteratorPosition(args[0], at))
    error(args[0], diag::err_std_iterator_position, {name.str()});
  Borrow keep(*this, self);
  Value *target = positionContainer(at);
  if (target != self)
    error(args[0], diag::err_std_iterator_other_container, {name.str()});
  if (self->kind != Value::Kind::Agg)
    error(loc, diag::err_eval_uninitialised);
  size_t p = resolveIteratorPosition(at, self->elems().size(), args[0]);
  // The elements after the position move.
  chargeElements(self->elems().size() - std::min(p, self->elems().size()), loc);
  QualType et = templateArgType(md->getParent(), 0);
  auto typed = [&](Value v) {
    if (v.kind == Value::Kind::Uninit)
      error(loc, diag::err_eval_uninitialised_unnamed);
    if (et.isNull())
      return v;
    if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Float)
      return convert(v, et, loc);
    // A derived element inserted into a vector of its base class.
    const CXXRecordDecl *elemClass = et->getAsCXXRecordDecl();
    return elemClass ? copiedAsBase(v, elemClass, loc) : v;
  };
  if (name == "erase") {
    size_t q = p + 1;
    if (args.size() == 2) {
      IteratorPosition last;
      if (!parseIteratorPosition(args[1], last))
        error(args[1], diag::err_std_iterator_position, {name.str()});
      if (positionContainer(last) != self)
        error(args[1], diag::err_std_iterator_other_container, {name.str()});
      q = resolveIteratorPosition(last, self->elems().size(), args[1]);
      if (q < p)
        error(args[1], diag::err_std_iterator_backwards,
              {("vector::" + name).str()});
    } else if (p >= self->elems().size()) {
      error(args[0], diag::err_std_erase_end, {std::string("vector")});
    }
    if (keep.dangling)
      invalidatedDuringUse(keep, diag::err_eval_object_invalidated, loc);
    invalidateTail(*self, p, "erase", loc);
    ValueList &elems = self->elems();
    elems.erase(elems.begin() + p, elems.begin() + q);
    // The iterator to what follows the erased elements.
    result = call == discardedResult_ ? Value::makeVoid()
                                      : makeIterator(self, p, 0, nullptr, loc);
    return true;
  }
  // insert / emplace: the new elements, evaluated before anything moves.
  // insert(pos, std::move(x)) and emplace(pos, std::move(x)) leave x
  // moved-from.
  auto element = [&](const Expr *last) {
    return bindsLastToMove(md, args) && movesFromObject(last, et)
               ? moveOut(last, /*assigned=*/false, loc)
               : eval(last);
  };
  ValueList fresh;
  if (name == "emplace") {
    if (args.size() != 2)
      error(loc, diag::err_std_algorithm_args, {"vector::emplace"});
    fresh.push_back(typed(element(args[1])));
  } else if (args.size() == 2) {
    Value v = element(args[1]);
    const Expr *x = iteratorSource(args[1]);
    if (isa<CXXStdInitializerListExpr>(x) || isa<InitListExpr>(x)) {
      for (Value &e : v.elems())
        fresh.push_back(typed(e));
    } else {
      fresh.push_back(typed(std::move(v)));
    }
  } else if (args.size() == 3 &&
             args[1]->getType()->isIntegralOrEnumerationType()) {
    Value n = eval(args[1]);
    Value v = typed(eval(args[2]));
    if (n.kind != Value::Kind::Int || n.wide() < 0)
      error(args[1], diag::err_std_index_type);
    checkContainerSize(size_t(std::min<__int128>(n.wide(), SIZE_MAX)), loc);
    reserveElements(size_t(n.wide()), loc);
    fresh.assign(size_t(n.wide()), v);
  } else if (args.size() == 3) {
    // Positions in another std::vector or std::array (`v.begin() + 1,
    // v.end()`), else a whole range (wholeRange's error names the forms).
    IteratorPosition first, last;
    const CXXRecordDecl *fromClass = nullptr;
    if (parseIteratorPosition(args[1], first) &&
        parseIteratorPosition(args[2], last) && !first.search && !last.search &&
        !first.containerType.isNull())
      fromClass = first.containerType.getCanonicalType()->getAsCXXRecordDecl();
    StdClass fromCls = fromClass ? classifyStd(fromClass) : StdClass::None;
    if (fromCls == StdClass::Vector || fromCls == StdClass::Array) {
      Borrow reading(*this, nullptr, /*iterating=*/true);
      auto [range, lo, hi] = positionRange(first, last, args[1], args[2], call,
                                           "vector::insert", reading);
      if (range == self)
        error(loc, diag::err_std_insert_self);
      for (size_t i = lo; i < hi; ++i)
        fresh.push_back(typed(range->elems()[i]));
    } else {
      Value *from = wholeRange(args[1], args[2], "vector::insert", loc);
      if (from == self)
        error(loc, diag::err_std_insert_self);
      for (const Value &e : from->elems())
        fresh.push_back(typed(e));
    }
  } else {
    error(loc, diag::err_std_algorithm_args, {"vector::insert"});
  }
  if (keep.dangling)
    invalidatedDuringUse(keep, diag::err_eval_object_invalidated, loc);
  checkContainerSize(self->elems().size() + fresh.size(), loc);
  invalidateGrowth(*self, fresh.size(), name, loc, et);
  invalidateTail(*self, p, name, loc);
  ValueList &elems = self->elems();
  elems.insert(elems.begin() + p, std::make_move_iterator(fresh.begin()),
               std::make_move_iterator(fresh.end()));
  // The iterator to the first inserted element.
  result = call == discardedResult_ ? Value::makeVoid()
                                    : makeIterator(self, p, 0, nullptr, loc);
  return true;
}

// A struct of the program whose order is its fields' (a defaulted
// operator<=> or operator<, and no hand-written one): sorting it compares
// field by field, which is what std::sort would do.
bool hasDefaultedOrder(const CXXRecordDecl *rd) {
  if (!rd->hasDefinition() || rd->isLambda())
    return false;
  // A defaulted <=> compares the bases first, in order, then the fields:
  // as a Value holds them.
  for (const CXXBaseSpecifier &base : rd->bases()) {
    const CXXRecordDecl *brd = base.getType()->getAsCXXRecordDecl();
    if (base.isVirtual() || !brd || !hasDefaultedOrder(brd))
      return false;
  }
  bool defaulted = false;
  for (const Decl *d : rd->decls()) {
    if (const auto *fr = dyn_cast<FriendDecl>(d))
      d = fr->getFriendDecl();
    const auto *fd = dyn_cast_or_null<FunctionDecl>(d);
    if (!fd)
      continue;
    OverloadedOperatorKind op = fd->getOverloadedOperator();
    if (op != OO_Spaceship && op != OO_Less)
      continue;
    if (!fd->isDefaulted())
      return false;
    defaulted = true;
  }
  if (!defaulted)
    return false;
  for (const FieldDecl *f : rd->fields())
    if (!orderedByValue(f->getType()))
      return false;
  return true;
}

static bool orderedByValue(QualType t) {
  t = t.getCanonicalType().getNonReferenceType().getUnqualifiedType();
  if (t->isArithmeticType() || t->isEnumeralType())
    return true;
  const CXXRecordDecl *rd = t->getAsCXXRecordDecl();
  if (!rd)
    return false;
  switch (Evaluator::classifyStd(rd)) {
  case Evaluator::StdClass::String:
  case Evaluator::StdClass::StringView:
    return true;
  case Evaluator::StdClass::Pair:
  case Evaluator::StdClass::Tuple: {
    if (!isa<ClassTemplateSpecializationDecl>(rd))
      return false;
    for (QualType member : Evaluator::memberTypes(rd))
      if (!orderedByValue(member))
        return false;
    return true;
  }
  // Lexicographically, element by element (an empty optional first), as
  // their operator< and operator<=> compare.
  case Evaluator::StdClass::Vector:
  case Evaluator::StdClass::Array:
  case Evaluator::StdClass::Optional: {
    QualType elem = Evaluator::templateArgType(rd, 0);
    return !elem.isNull() && orderedByValue(elem);
  }
  case Evaluator::StdClass::None:
    return hasDefaultedOrder(rd);
  default:
    return false;
  }
}

// The element type of the std::vector or std::array `range` was read from.
static QualType elementTypeOf(QualType range) {
  const CXXRecordDecl *rd =
      range.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  return Evaluator::templateArgType(rd, 0);
}

// The function a user comparator calls: a lambda's call operator (for a
// generic lambda, its specialisation for the elements), or a function
// named directly. Null for anything else.
const CXXMethodDecl *
Evaluator::functorCallOperator(const CXXRecordDecl *rd,
                               llvm::ArrayRef<QualType> params,
                               ArgCategory category) {
  if (!rd || !rd->hasDefinition() || rd->isLambda() ||
      classifyStd(rd) != StdClass::None || classifyDsl(rd) != DslClass::None ||
      rd->isInStdNamespace() ||
      ctx_.getSourceManager().isInSystemHeader(rd->getLocation()))
    return nullptr;
  const CXXMethodDecl *found = nullptr;
  const FunctionTemplateDecl *foundTemplate = nullptr;
  for (const Decl *d : rd->decls()) {
    if (const auto *m = dyn_cast<CXXMethodDecl>(d);
        m && m->getOverloadedOperator() == OO_Call) {
      if (found || foundTemplate || !m->isConst())
        return nullptr;
      found = m;
    } else if (const auto *ft = dyn_cast<FunctionTemplateDecl>(d);
               ft &&
               ft->getTemplatedDecl()->getOverloadedOperator() == OO_Call) {
      const auto *pattern = dyn_cast<CXXMethodDecl>(ft->getTemplatedDecl());
      if (found || foundTemplate || !pattern || !pattern->isConst())
        return nullptr;
      foundTemplate = ft;
    }
  }
  if (foundTemplate)
    return dyn_cast_or_null<CXXMethodDecl>(
        templateCallSpecialization(foundTemplate, params, category));
  return found;
}

const FunctionDecl *
Evaluator::userComparator(const Expr *comparator, QualType elem,
                          std::shared_ptr<const Closure> &closure,
                          unsigned arity, QualType firstParam,
                          std::shared_ptr<Value> *functor) {
  const Expr *e = comparator->IgnoreParenImpCasts();
  if (const auto *uo = dyn_cast<UnaryOperator>(e);
      uo && uo->getOpcode() == UO_AddrOf)
    e = uo->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *ref = dyn_cast<DeclRefExpr>(e))
    if (const auto *fd = dyn_cast<FunctionDecl>(ref->getDecl()))
      return isa<CXXMethodDecl>(fd) ? nullptr : fd;
  const CXXRecordDecl *rd =
      comparator->getType().getCanonicalType()->getAsCXXRecordDecl();
  if (rd && classifyStd(rd) == StdClass::Function) {
    Value fn = eval(comparator);
    if (fn.kind != Value::Kind::Closure)
      error(comparator, diag::err_std_function_empty);
    if (fn.closure()->call) {
      closure = fn.closure()->target;
      if (fn.closure()->functor) {
        if (!functor)
          return nullptr;
        *functor = fn.closure()->functor;
      }
      return fn.closure()->call;
    }
    closure = fn.closure();
    return callOperatorFor(closure, rd, comparator);
  }
  // A function object of the program's own class: its one const
  // operator() (or the specialisation of its one const template
  // operator()) taking `arity` arguments, called on a copy of the object
  // (the library copies it too).
  llvm::SmallVector<QualType, 2> params(arity, elem);
  if (!firstParam.isNull() && arity > 0)
    params[0] = firstParam;
  if (const CXXMethodDecl *op = functorCallOperator(rd, params)) {
    if (!functor || op->getNumParams() != arity)
      return nullptr;
    *functor = std::make_shared<Value>(eval(comparator));
    return op;
  }
  if (!rd || !rd->isLambda())
    return nullptr;
  const FunctionDecl *call = rd->getLambdaCallOperator();
  if (rd->isGenericLambda()) {
    call = genericLambdaCall(rd, params);
    if (!call)
      return nullptr;
  }
  Value object = eval(comparator);
  if (object.kind != Value::Kind::Closure)
    error(comparator, diag::err_eval_lambda_not_callable);
  closure = object.closure();
  return call;
}

bool Evaluator::takesReadOnly(QualType t) {
  return !t->isRValueReferenceType() &&
         (!t->isLValueReferenceType() ||
          t.getNonReferenceType().isConstQualified());
}

// Whether `fd` takes `n` elements as the library passes them to a
// comparator or predicate: by value or const reference. One that could
// change them would change the range behind the algorithm's back.
bool Evaluator::takesElementsReadOnly(const FunctionDecl *fd, unsigned n) {
  if (fd->getNumParams() != n)
    return false;
  for (const ParmVarDecl *p : fd->parameters())
    if (!takesReadOnly(p->getType()))
      return false;
  return true;
}

bool Evaluator::takesElements(const FunctionDecl *fd, unsigned n) {
  if (fd->getNumParams() != n)
    return false;
  for (const ParmVarDecl *p : fd->parameters())
    if (p->getType()->isRValueReferenceType())
      return false;
  return true;
}

std::optional<std::pair<Value, QualType>>
Evaluator::arithmeticThroughConversion(Value &v, QualType type, QualType target,
                                       LazyLoc loc) {
  const CXXRecordDecl *rd =
      type.isNull()
          ? nullptr
          : type.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  if (!rd || !rd->hasDefinition() || !isProgramClass(rd) ||
      v.kind != Value::Kind::Agg)
    return std::nullopt;
  QualType want = target.isNull()
                      ? QualType()
                      : target.getCanonicalType().getUnqualifiedType();
  const CXXConversionDecl *exact = nullptr, *only = nullptr;
  unsigned arithmetic = 0;
  for (const NamedDecl *d : rd->getVisibleConversionFunctions()) {
    const auto *conv = dyn_cast<CXXConversionDecl>(d->getUnderlyingDecl());
    if (!conv || conv->isExplicit())
      continue;
    QualType to = conv->getConversionType()
                      .getNonReferenceType()
                      .getCanonicalType()
                      .getUnqualifiedType();
    if (!to->isArithmeticType())
      continue;
    ++arithmetic;
    only = conv;
    if (!want.isNull() && to == want)
      exact = conv;
  }
  const CXXConversionDecl *conv = exact             ? exact
                                  : arithmetic == 1 ? only
                                                    : nullptr;
  if (!conv)
    return std::nullopt;
  Value result = callFunction(conv, {}, nullptr, loc, {}, &v);
  return std::make_pair(
      std::move(result),
      conv->getConversionType().getNonReferenceType().getUnqualifiedType());
}

std::optional<Value> Evaluator::classElementAsNumber(Value &arg,
                                                     QualType argType,
                                                     QualType param,
                                                     LazyLoc loc) {
  QualType plain = param.getNonReferenceType().getUnqualifiedType();
  if (!plain->isArithmeticType() || arg.kind != Value::Kind::Agg ||
      argType.isNull())
    return std::nullopt;
  // By value, const & or && (each binds the converted temporary).
  if (!param->isLValueReferenceType() ||
      param.getNonReferenceType().isConstQualified())
    if (auto c = arithmeticThroughConversion(arg, argType, plain, loc))
      return std::move(c->first);
  // An object of the program's own class for a number that no one
  // conversion operator turns into one (C++ would not compile the call).
  if (isProgramClass(argType.getNonReferenceType()
                         .getCanonicalType()
                         ->getAsCXXRecordDecl()))
    error(loc, diag::err_std_number_expected);
  return std::nullopt;
}

Value Evaluator::storedInInit(Value r, QualType returned, QualType t,
                              LazyLoc loc) {
  // A result of the program's own class stored in an arithmetic init.
  if (r.kind == Value::Kind::Agg && t->isArithmeticType()) {
    auto c = arithmeticThroughConversion(r, returned, t, loc);
    if (!c)
      error(loc, diag::err_std_number_expected);
    r = std::move(c->first);
  }
  return r.kind == Value::Kind::Int || r.kind == Value::Kind::Float
             ? convert(r, t, loc)
             : r;
}

Value Evaluator::callOnElements(const FunctionDecl *fd,
                                std::shared_ptr<const Closure> closure,
                                LazyLoc site, llvm::ArrayRef<Value *> args,
                                Value *object, const char *role,
                                llvm::StringRef algorithm,
                                llvm::ArrayRef<QualType> argTypes) {
  llvm::SmallVector<Value *, 2> passed(args.begin(), args.end());
  llvm::SmallVector<Value, 2> copies;
  copies.reserve(args.size());
  // An object of the program's own class given to an arithmetic
  // parameter: its conversion operator's result (not checked for change).
  llvm::SmallVector<bool, 2> converted(args.size(), false);
  for (size_t i = 0; i < args.size() && i < fd->getNumParams(); ++i) {
    QualType t = fd->getParamDecl(unsigned(i))->getType();
    if (i < argTypes.size())
      if (auto number = classElementAsNumber(*args[i], argTypes[i], t, site)) {
        copies.push_back(std::move(*number));
        passed[i] = &copies.back();
        converted[i] = true;
        continue;
      }
    if (t->isLValueReferenceType() &&
        !t.getNonReferenceType().isConstQualified()) {
      copies.push_back(*args[i]);
      passed[i] = &copies.back();
    }
  }
  Value r =
      callFunction(fd, {}, std::move(closure), site, passed, object, argTypes);
  for (size_t i = 0; i < args.size(); ++i)
    if (passed[i] != args[i] && !converted[i] &&
        !valuesEqual(*passed[i], *args[i]))
      error(site, diag::err_std_callback_changed_element,
            {role, algorithm.str(), describeValue(*args[i]),
             describeValue(*passed[i])});
  return r;
}

// The state of a copy of a callable: a lambda's own by-copy captures when
// a `mutable` call operator can change them (copyClosure), and a copy of a
// function object.
static std::pair<std::shared_ptr<const Closure>, std::shared_ptr<Value>>
copiedState(const std::shared_ptr<const Closure> &closure,
            const std::shared_ptr<Value> &object) {
  return {closure ? copyClosure(std::const_pointer_cast<Closure>(closure))
                  : nullptr,
          object ? std::make_shared<Value>(*object) : nullptr};
}

// The comparator `comparator` of std::`algorithm` over `elem`s (std::less,
// std::greater, a lambda or a function) as a predicate the library code
// calls; an error if it is not one mscclc can call.
std::function<bool(Value &, Value &)> Evaluator::comparatorFunction(
    const Expr *comparator, QualType elem, llvm::StringRef algorithm,
    std::function<bool(Value &, Value &)> *searchCopy) {
  // std::less and std::greater: as without a comparator, a struct's own
  // operator< or operator> included. They have no state to copy.
  std::function<bool(Value &, Value &)> natural;
  switch (orderOf(comparator)) {
  case Order::Ascending:
    if (elem.isNull())
      natural = [](Value &x, Value &y) {
        return compareValues(x, y, true) < 0;
      };
    else
      natural = naturalOrder(elem, false, algorithm, comparator);
    break;
  case Order::Descending:
    if (elem.isNull())
      natural = [](Value &x, Value &y) {
        return compareValues(y, x, true) < 0;
      };
    else
      natural = naturalOrder(elem, true, algorithm, comparator);
    break;
  case Order::Other:
    break;
  }
  if (natural) {
    if (searchCopy)
      *searchCopy = natural;
    return natural;
  }
  std::shared_ptr<const Closure> closure;
  std::shared_ptr<Value> object;
  const FunctionDecl *compare =
      userComparator(comparator, elem, closure, 2, QualType(), &object);
  if (!compare)
    error(comparator, diag::err_std_comparator, {algorithm.str()});
  if (!takesElements(compare, 2))
    error(comparator, diag::err_std_comparator_params, {algorithm.str()});
  if (searchCopy) {
    auto [copiedClosure, copiedObject] = copiedState(closure, object);
    *searchCopy = comparatorCall(compare, copiedClosure, copiedObject,
                                 comparator, algorithm, elem, elem);
  }
  return comparatorCall(compare, closure, object, comparator, algorithm, elem,
                        elem);
}

std::function<bool(Value &, Value &)> Evaluator::comparatorCall(
    const FunctionDecl *compare, std::shared_ptr<const Closure> closure,
    std::shared_ptr<Value> object, const Expr *comparator,
    llvm::StringRef algorithm, QualType first, QualType second) {
  std::string name = algorithm.str();
  return [this, compare, closure, object, comparator, name, first,
          second](Value &x, Value &y) {
    // Null: a generic lambda's specialisation Clang did not instantiate,
    // so the algorithm's code never makes this call.
    if (!compare)
      error(comparator, diag::err_std_comparator, {name});
    Value *args[2] = {&x, &y};
    QualType types[2] = {first, second};
    Value r = callOnElements(compare, closure, comparator, args, object.get(),
                             "comparator", name, types);
    return truthy(r, comparator->getExprLoc());
  };
}

void Evaluator::searchComparators(
    const Expr *comparator, QualType elem, QualType value,
    llvm::StringRef algorithm,
    std::function<bool(Value &, Value &)> &elementFirst,
    std::function<bool(Value &, Value &)> &valueFirst) {
  // The call the algorithm's own code makes decides which specialisation
  // of a generic lambda Clang instantiated: comp(value, element) for
  // upper_bound, comp(element, value) for the others (binary_search makes
  // both).
  bool upper = algorithm == "upper_bound";
  QualType first = upper ? value : elem, second = upper ? elem : value;
  std::shared_ptr<const Closure> closure;
  std::shared_ptr<Value> object;
  const FunctionDecl *primary =
      userComparator(comparator, second, closure, 2, first, &object);
  if (!primary)
    error(comparator, diag::err_std_comparator, {algorithm.str()});
  if (!takesElements(primary, 2))
    error(comparator, diag::err_std_comparator_params, {algorithm.str()});
  const FunctionDecl *reversed = primary;
  const CXXRecordDecl *rd =
      comparator->getType().getCanonicalType()->getAsCXXRecordDecl();
  if (rd && rd->isLambda() && rd->isGenericLambda())
    reversed = genericLambdaCall(rd, {second, first});
  else if (object && functorCallOperator(rd, {first, second}))
    // The program's own function object: a template operator() has a
    // specialisation per order of the argument types.
    reversed = functorCallOperator(rd, {second, first});
  elementFirst = comparatorCall(upper ? reversed : primary, closure, object,
                                comparator, algorithm, elem, value);
  valueFirst = comparatorCall(upper ? primary : reversed, closure, object,
                              comparator, algorithm, value, elem);
}

// The predicate `pred` of std::`algorithm` over `elem`s (a lambda, a
// function or a std::function of one element), as the library calls it.
std::function<bool(Value &)>
Evaluator::predicateFunction(const Expr *pred, QualType elem,
                             llvm::StringRef algorithm,
                             std::function<bool(Value &)> *searchCopy) {
  std::shared_ptr<const Closure> closure;
  std::shared_ptr<Value> object;
  const FunctionDecl *test =
      userComparator(pred, elem, closure, 1, QualType(), &object);
  if (!test)
    error(pred, diag::err_std_predicate, {algorithm.str()});
  if (!takesElements(test, 1))
    error(pred, diag::err_std_predicate_params, {algorithm.str()});
  std::string name = algorithm.str();
  auto call = [this, test, pred, name,
               elem](std::shared_ptr<const Closure> closure,
                     std::shared_ptr<Value> object) {
    return [this, test, closure, object, pred, name, elem](Value &x) {
      Value *args[1] = {&x};
      Value r = callOnElements(test, closure, pred, args, object.get(),
                               "predicate", name, elem);
      return truthy(r, pred->getExprLoc());
    };
  };
  if (searchCopy) {
    auto [copiedClosure, copiedObject] = copiedState(closure, object);
    *searchCopy = call(copiedClosure, copiedObject);
  }
  return call(closure, object);
}

const FunctionDecl *Evaluator::userOrderOperator(const CXXRecordDecl *rd,
                                                 OverloadedOperatorKind op) {
  rd = rd->getCanonicalDecl();
  auto isRd = [&](QualType t) {
    QualType bare = t.getNonReferenceType();
    if (t->isLValueReferenceType() && !bare.isConstQualified())
      return false; // the library passes const objects
    if (t->isRValueReferenceType())
      return false;
    const CXXRecordDecl *p = bare->getAsCXXRecordDecl();
    return p && p->getCanonicalDecl() == rd;
  };
  const FunctionDecl *found = nullptr;
  bool ambiguous = false;
  auto consider = [&](const FunctionDecl *fd) {
    if (!fd || fd->getOverloadedOperator() != op || fd->isDefaulted() ||
        fd->isDeleted() || fd->getDescribedFunctionTemplate())
      return;
    if (const auto *md = dyn_cast<CXXMethodDecl>(fd)) {
      if (md->isStatic() || !md->isConst() || md->getNumParams() != 1 ||
          md->getParent()->getCanonicalDecl() != rd ||
          !isRd(md->getParamDecl(0)->getType()))
        return;
    } else if (fd->getNumParams() != 2 ||
               !isRd(fd->getParamDecl(0)->getType()) ||
               !isRd(fd->getParamDecl(1)->getType())) {
      return;
    }
    const FunctionDecl *canon = fd->getCanonicalDecl();
    if (found && found->getCanonicalDecl() != canon)
      ambiguous = true;
    found = fd->getDefinition() ? fd->getDefinition() : fd;
  };
  DeclarationName name = ctx_.DeclarationNames.getCXXOperatorName(op);
  // Members and friends, both among the struct's declarations.
  if (rd->hasDefinition())
    for (const Decl *d : rd->getDefinition()->decls()) {
      if (const auto *fr = dyn_cast<FriendDecl>(d))
        d = fr->getFriendDecl();
      if (const auto *ft = dyn_cast_or_null<FunctionTemplateDecl>(d))
        d = ft->getTemplatedDecl();
      consider(dyn_cast_or_null<FunctionDecl>(d));
    }
  for (const NamedDecl *d :
       rd->getDeclContext()->getRedeclContext()->lookup(name))
    consider(dyn_cast<FunctionDecl>(d));
  return ambiguous || !found || !found->hasBody() ? nullptr : found;
}

std::function<bool(Value &, Value &)>
Evaluator::minMaxOrder(const Expr *comparator, QualType elem,
                       llvm::StringRef name, LazyLoc loc) {
  if (comparator)
    return comparatorFunction(comparator, elem, name);
  if (userComparedIn(elem))
    return naturalOrder(elem, false, name, loc);
  return [](Value &x, Value &y) { return compareValues(x, y, true) < 0; };
}

std::function<bool(Value &, Value &)>
Evaluator::naturalOrder(QualType elem, bool descending,
                        llvm::StringRef algorithm, LazyLoc loc) {
  if (!elem.isNull() && orderedByValue(elem) && !userComparedIn(elem)) {
    if (descending)
      return [](Value &x, Value &y) { return compareValues(y, x, true) < 0; };
    return [](Value &x, Value &y) { return compareValues(x, y, true) < 0; };
  }
  // std::less calls `x < y` and std::greater `x > y`: for a struct of the
  // program's own, its hand-written operator.
  const CXXRecordDecl *rd =
      elem.isNull() ? nullptr : elem.getCanonicalType()->getAsCXXRecordDecl();
  const FunctionDecl *op =
      rd && classifyStd(rd) == StdClass::None &&
              classifyDsl(rd) == DslClass::None && !rd->isInStdNamespace()
          ? userOrderOperator(rd, descending ? OO_Greater : OO_Less)
          : nullptr;
  if (!op)
    error(loc, diag::err_std_sort_type,
          {algorithm.str(), elem.isNull()
                                ? std::string("?")
                                : elem.getAsString(ctx_.getPrintingPolicy())});
  clang::SourceLocation at = loc;
  return [this, op, at](Value &x, Value &y) {
    return callBinaryOperator(op, x, y, at);
  };
}

bool Evaluator::callBinaryOperator(const FunctionDecl *op, Value &x, Value &y,
                                   clang::SourceLocation at) {
  // A member operator is called on x; a free one takes both.
  if (isa<CXXMethodDecl>(op)) {
    Value *args[1] = {&y};
    return truthy(callFunction(op, {}, nullptr, at, args, &x), at);
  }
  Value *args[2] = {&x, &y};
  return truthy(callFunction(op, {}, nullptr, at, args), at);
}

void Evaluator::sortRange(Value &range, QualType elem, const Expr *comparator,
                          llvm::StringRef algorithm, LazyLoc loc) {
  Order order = comparator ? orderOf(comparator) : Order::Ascending;
  std::function<bool(Value &, Value &)> less;
  if (order == Order::Other)
    less = comparatorFunction(comparator, elem, algorithm);
  else if (elem.isNull() || !orderedByValue(elem) || userComparedIn(elem))
    less = naturalOrder(elem, order == Order::Descending, algorithm, loc);
  ValueList &elems = range.elems();
  for (Value &e : elems) {
    if (e.kind == Value::Kind::Uninit)
      error(loc, diag::err_eval_uninitialised_unnamed);
    if (!less && e.kind == Value::Kind::Float && std::isnan(e.f))
      error(loc, diag::err_std_sort_nan, {algorithm.str()});
  }
  if (less) {
    sortWithComparator(range, less, comparator ? LazyLoc(comparator) : loc,
                       algorithm, loc);
    return;
  }
  for (Value &e : elems)
    invalidateContents(e, algorithm, loc);
  // Equal elements keep their order, so std::sort and std::stable_sort
  // give the same (deterministic) result.
  if (order == Order::Ascending)
    std::stable_sort(
        elems.begin(), elems.end(),
        [](const Value &x, const Value &y) { return compareValues(x, y) < 0; });
  else
    std::stable_sort(
        elems.begin(), elems.end(),
        [](const Value &x, const Value &y) { return compareValues(y, x) < 0; });
}

// Sorts `range` by the user's comparator. A merge sort over a permutation
// of a copy of the elements: the comparator sees stable objects however
// the elements move, every comparison stays in bounds whatever the
// comparator answers (std::sort's is undefined on an inconsistent one),
// and equal elements keep their order, as in std::stable_sort.
void Evaluator::sortWithComparator(
    Value &range, const std::function<bool(Value &, Value &)> &less,
    LazyLoc comparatorLoc, llvm::StringRef algorithm, LazyLoc loc) {
  ValueList copy = range.elems();
  size_t n = copy.size();
  // The comparator runs user code: the range must not change meanwhile.
  Borrow sorting(*this, &range, /*iterating=*/true);
  // The commonest mistake, `<=`, is undefined behaviour that usually
  // "works": refuse it.
  for (size_t i = 0; i < n; ++i)
    if (less(copy[i], copy[i]))
      error(comparatorLoc, diag::err_std_comparator_reflexive,
            {algorithm.str(), describeValue(copy[i])});
  std::vector<size_t> order(n), merged(n);
  for (size_t i = 0; i < n; ++i)
    order[i] = i;
  for (size_t width = 1; width < n; width *= 2) {
    for (size_t lo = 0; lo < n; lo += 2 * width) {
      size_t mid = std::min(lo + width, n), hi = std::min(lo + 2 * width, n);
      size_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi)
        merged[k++] =
            less(copy[order[j]], copy[order[i]]) ? order[j++] : order[i++];
      while (i < mid)
        merged[k++] = order[i++];
      while (j < hi)
        merged[k++] = order[j++];
    }
    order.swap(merged);
  }
  if (sorting.dangling)
    invalidatedDuringUse(sorting, diag::err_std_sort_modified, loc);
  ValueList &elems = range.elems();
  for (Value &e : elems)
    invalidateContents(e, algorithm, loc);
  for (size_t i = 0; i < n; ++i)
    elems[i] = std::move(copy[order[i]]);
}

// The range algorithm `algorithm` over the whole of `range` (whose
// elements have type `elem`), with the arguments after the range.
Value Evaluator::rangeAlgorithm(llvm::StringRef algorithm, Value &range,
                                QualType elem,
                                llvm::ArrayRef<const Expr *> rest,
                                const CallExpr *call) {
  LazyLoc loc(call);
  ValueList &elems = range.elems();
  // for_each and generate: walkElements charges the range.
  if (algorithm == "for_each" || algorithm == "generate")
    return walkElements(algorithm, range, 0, elems.size(), elem, rest, call);
  chargeElements(elems.size(), loc);
  auto needArgs = [&](size_t n) {
    if (rest.size() != n)
      error(loc, diag::err_std_algorithm_args, {algorithm.str()});
  };
  if (algorithm == "sort" || algorithm == "stable_sort") {
    if (rest.size() > 1)
      error(rest[1], diag::err_std_comparator, {algorithm.str()});
    sortRange(range, elem, rest.empty() ? nullptr : rest[0], algorithm, loc);
    return Value::makeVoid();
  }
  if (algorithm == "reverse") {
    needArgs(0);
    for (Value &e : elems)
      invalidateContents(e, algorithm, loc);
    std::reverse(elems.begin(), elems.end());
    return Value::makeVoid();
  }
  if (algorithm == "fill" || algorithm == "iota") {
    needArgs(1);
    Value v = eval(rest[0]);
    if (v.kind == Value::Kind::Uninit)
      error(rest[0], diag::err_eval_uninitialised);
    const CXXRecordDecl *elemClass =
        elem.isNull() ? nullptr : elem->getAsCXXRecordDecl();
    for (Value &e : elems) {
      invalidateContents(e, algorithm, loc);
      // A number given to elements of std::optional<T> becomes a T; a
      // pair or tuple of other member types is converted member by member;
      // a class of the program's own is made by its converting
      // constructor, once per element, as the library's assignment does.
      QualType target =
          elemClass && classifyStd(elemClass) == StdClass::Optional
              ? templateArgType(elemClass, 0)
              : elem;
      e = target.isNull() ? v : convertHeld(v, target, loc);
      if (algorithm == "iota") {
        if (v.kind == Value::Kind::Int)
          v = makeTyped(v.wide() + 1, rest[0]->getType(), loc,
                        incrementMayOverflow(rest[0]->getType()));
        else if (v.kind == Value::Kind::Float)
          v.f += 1;
        else
          error(rest[0], diag::err_std_number_expected);
      }
    }
    return Value::makeVoid();
  }
  if (algorithm == "any_of" || algorithm == "all_of" ||
      algorithm == "none_of" || algorithm == "count_if") {
    needArgs(1);
    std::function<bool(Value &)> test =
        predicateFunction(rest[0], elem, algorithm);
    // The predicate runs user code: it sees a copy of the elements, and
    // the range must not change meanwhile.
    ValueList copy = elems;
    Borrow walking(*this, &range, /*iterating=*/true);
    int64_t n = 0;
    for (Value &e : copy) {
      if (e.kind == Value::Kind::Uninit)
        error(loc, diag::err_eval_uninitialised_unnamed);
      bool t = test(e);
      n += t;
      // Like the library, stop at the first element that decides.
      if ((t && (algorithm == "any_of" || algorithm == "none_of")) ||
          (!t && algorithm == "all_of"))
        break;
    }
    if (walking.dangling)
      invalidatedDuringUse(walking, diag::err_std_predicate_modified, loc);
    if (algorithm == "count_if")
      return makeTyped(n, call->getType(), loc, false);
    if (algorithm == "any_of")
      return Value::makeInt(n > 0);
    if (algorithm == "none_of")
      return Value::makeInt(n == 0);
    return Value::makeInt(n == int64_t(copy.size()));
  }
  if (algorithm == "count") {
    needArgs(1);
    SearchValue search = searchValue(rest[0], elem, loc);
    int64_t n = 0;
    for (const Value &e : elems)
      n += compareWithSearch(e, search, loc) == 0;
    return makeTyped(n, call->getType(), loc, false);
  }
  if (algorithm == "accumulate" || algorithm == "reduce") {
    QualType t = call->getType();
    // `init = op(std::move(init), *it)`: std::plus (or none) adds below;
    // the other std:: operations are the same arithmetic; a lambda or a
    // function is called.
    BinaryOperatorKind opcode = BO_Add;
    QualType opType; // std::plus<X> computes in X
    const FunctionDecl *userOp = nullptr;
    std::shared_ptr<const Closure> opClosure;
    std::shared_ptr<Value> opObject;
    if (rest.size() == 2) {
      std::optional<BinaryOperatorKind> known = stdArithmeticOp(rest[1]);
      if (known) {
        evaluateOperationForEffects(rest[1]);
        opcode = *known;
        opType = templateArgType(
            rest[1]->getType().getCanonicalType()->getAsCXXRecordDecl(), 0);
        if (!opType.isNull() && opType->isVoidType())
          opType = QualType();
      }
      if (!known) {
        // accumulate moves the running value in (an rvalue: a
        // forwarding reference takes it as T&&).
        userOp = userComparator(
            rest[1], elem, opClosure, 2,
            algorithm == "accumulate" ? ctx_.getRValueReferenceType(t) : t,
            &opObject);
        if ((!userOp || !takesElementsReadOnly(userOp, 2)) &&
            algorithm == "reduce")
          error(rest[1], diag::err_std_scan_op, {algorithm.str()});
        // accumulate passes the running value as an rvalue and the
        // element as an lvalue: `(T acc, T &x)` is valid C++, and checked
        // not to change x (callOnElements).
        // (C++20 moves the running value in: `T &&acc` takes it too.)
        if (!userOp || userOp->getNumParams() != 2 ||
            userOp->getParamDecl(1)->getType()->isRValueReferenceType() ||
            !(takesReadOnly(userOp->getParamDecl(0)->getType()) ||
              userOp->getParamDecl(0)->getType()->isRValueReferenceType()))
          error(rest[1], diag::err_std_accumulate_op);
      }
    } else if (algorithm != "reduce" || rest.size() > 1) {
      needArgs(1);
    }
    // std::reduce(first, last) starts from the element type's zero.
    if (rest.empty() && elem.isNull())
      error(loc, diag::err_std_algorithm_args, {algorithm.str()});
    Value acc = rest.empty() ? defaultValue(elem, loc) : eval(rest[0]);
    if (rest.empty())
      t = elem;
    // op(a, b) stored in T, as the library's `_Tp x = op(a, b)` and
    // `init = op(init, b)` do; `a` and `b` are of types `at` and `bt`.
    auto apply = [&](Value &a, QualType at, Value &b, QualType bt) -> Value {
      if (a.kind == Value::Kind::Uninit || b.kind == Value::Kind::Uninit)
        error(loc, diag::err_eval_uninitialised_unnamed);
      if (userOp) {
        Value *args[2] = {&a, &b};
        QualType types[2] = {at, bt};
        Value r = callOnElements(userOp, opClosure, rest[1], args,
                                 opObject.get(), "operation", algorithm, types);
        return storedInInit(std::move(r), userOp->getReturnType(), t, loc);
      }
      if (opcode == BO_Add && a.kind == Value::Kind::String &&
          b.kind == Value::Kind::String) {
        checkStringLength(a.s().size() + b.s().size(), loc);
        return Value::makeString(a.s() + b.s());
      }
      if ((a.kind != Value::Kind::Int && a.kind != Value::Kind::Float) ||
          (b.kind != Value::Kind::Int && b.kind != Value::Kind::Float))
        error(loc, diag::err_std_number_expected);
      // `a + b` in the usual arithmetic conversions (or std::plus<X>'s
      // X), then converted to T.
      QualType in = !opType.isNull()             ? opType
                    : at.isNull() || bt.isNull() ? t
                                                 : usualArithmeticType(at, bt);
      return convert(
          arith(opcode, convert(a, in, loc), convert(b, in, loc), in, loc), t,
          loc);
    };
    // User code (the operation) sees copies, and the range must not change
    // meanwhile; the library's own arithmetic reads the elements in place.
    ValueList copied;
    if (userOp)
      copied = elems;
    ValueList &copy = userOp ? copied : elems;
    Borrow walking(*this, &range, /*iterating=*/true);
    size_t at = 0;
    if (algorithm == "reduce") {
      // libstdc++'s std::reduce over a random-access range: four elements
      // at a time, (e0 op e1) op (e2 op e3), folded into init; then the
      // rest one by one. Its result is the library's to the last bit.
      for (; copy.size() - at >= 4; at += 4) {
        Value v1 = apply(copy[at], elem, copy[at + 1], elem);
        Value v2 = apply(copy[at + 2], elem, copy[at + 3], elem);
        Value v3 = apply(v1, t, v2, t);
        acc = apply(acc, t, v3, t);
      }
    }
    for (; at < copy.size(); ++at)
      acc = apply(acc, t, copy[at], elem);
    if (walking.dangling)
      invalidatedDuringUse(walking, diag::err_std_predicate_modified, loc);
    return acc;
  }
  if (algorithm == "is_sorted" || algorithm == "next_permutation" ||
      algorithm == "prev_permutation") {
    if (rest.size() > 1)
      error(rest[1], diag::err_std_algorithm_args, {algorithm.str()});
    std::function<bool(Value &, Value &)> less =
        rest.empty() ? naturalOrder(elem, false, algorithm, loc)
                     : comparatorFunction(rest[0], elem, algorithm);
    for (const Value &e : elems)
      if (e.kind == Value::Kind::Uninit)
        error(loc, diag::err_eval_uninitialised_unnamed);
    // The comparator runs user code: it sees copies.
    ValueList copy = elems;
    Borrow walking(*this, &range, /*iterating=*/true);
    auto check = [&] {
      if (walking.dangling)
        invalidatedDuringUse(walking, diag::err_std_predicate_modified, loc);
    };
    if (algorithm == "is_sorted") {
      bool sorted = true;
      for (size_t i = 1; i < copy.size() && sorted; ++i)
        sorted = !less(copy[i], copy[i - 1]);
      check();
      return Value::makeInt(sorted);
    }
    // The library's steps: the longest non-increasing (for prev,
    // non-decreasing) suffix, the element before it swapped with the
    // last one past it that orders after (before), the suffix reversed.
    bool next = algorithm == "next_permutation";
    auto before = [&](size_t a, size_t b) {
      return next ? less(copy[a], copy[b]) : less(copy[b], copy[a]);
    };
    size_t n = copy.size();
    bool more = false;
    if (n >= 2) {
      size_t i = n - 1;
      while (i > 0 && !before(i - 1, i))
        --i;
      if (i == 0) {
        std::reverse(copy.begin(), copy.end());
      } else {
        size_t j = n - 1;
        while (!before(i - 1, j))
          --j;
        std::swap(copy[i - 1], copy[j]);
        std::reverse(copy.begin() + i, copy.end());
        more = true;
      }
    }
    check();
    for (size_t k = 0; k < n; ++k) {
      invalidateContents(elems[k], algorithm, loc);
      elems[k] = std::move(copy[k]);
    }
    return Value::makeInt(more);
  }
  if (algorithm == "min" || algorithm == "max") {
    // (range[, comp]); a projection after the comparator is refused.
    if (rest.size() > 1)
      error(rest[1], diag::err_std_comparator,
            {("ranges::" + algorithm).str()});
    if (elems.empty())
      error(loc, diag::err_std_minmax_empty, {("ranges::" + algorithm).str()});
    std::function<bool(Value &, Value &)> less =
        minMaxOrder(rest.empty() ? nullptr : rest[0], elem,
                    ("ranges::" + algorithm).str(), loc);
    // A comparator is user code: it sees copies, each element compared
    // with the best so far from the second on, as libstdc++ does.
    ValueList copy = elems;
    size_t best = 0;
    for (size_t i = 1; i < copy.size(); ++i)
      if ((algorithm == "min" && less(copy[i], copy[best])) ||
          (algorithm == "max" && less(copy[best], copy[i])))
        best = i;
    return copy[best];
  }
  unsupportedStdName(("std::" + algorithm).str(), loc);
}

// std::for_each and std::generate over elements [lo, hi) of `range`, in
// place: the function sees the container as it is at each step, as it
// does in C++.
Value Evaluator::walkElements(llvm::StringRef algorithm, Value &range,
                              size_t lo, size_t hi, QualType elem,
                              llvm::ArrayRef<const Expr *> rest,
                              const CallExpr *call) {
  LazyLoc loc(call);
  ValueList &elems = range.elems();
  chargeElements(hi > lo ? hi - lo : 0, loc);
  if (rest.size() != 1)
    error(loc, diag::err_std_algorithm_args, {algorithm.str()});
  // for_each calls f(element) on each element in order: f may take it
  // by reference and change it. generate assigns g() to each in order.
  bool each = algorithm.starts_with("for_each");
  std::shared_ptr<const Closure> closure;
  std::shared_ptr<Value> object;
  const FunctionDecl *fn = userComparator(rest[0], elem, closure, each ? 1 : 0,
                                          each ? elem : QualType(), &object);
  if (!fn || fn->getNumParams() != (each ? 1u : 0u))
    error(rest[0], diag::err_std_callable,
          {algorithm.str(), each ? "one element" : "none"});
  // Over a std::vector<bool> (its iterators, or the vector itself for
  // std::ranges), the function is given proxies, not bools.
  bool bits = false;
  if (call->getNumArgs() > 0) {
    QualType first = call->getArg(0)->getType().getNonReferenceType();
    if (const CXXRecordDecl *frd =
            first.getCanonicalType()->getAsCXXRecordDecl())
      bits = (frd->isInStdNamespace() && frd->getIdentifier() &&
              (frd->getName() == "_Bit_iterator" ||
               frd->getName() == "_Bit_const_iterator")) ||
             (classifyStd(frd) == StdClass::Vector && !elem.isNull() &&
              elem->isBooleanType());
  }
  // The range may not change size meanwhile: an element reference the
  // function holds, or the loop's position, would dangle.
  Borrow walking(*this, &range, /*iterating=*/true);
  for (size_t i = lo; i < hi; ++i) {
    if (each) {
      if (elems[i].kind == Value::Kind::Uninit &&
          !fn->getParamDecl(0)->getType()->isReferenceType())
        error(loc, diag::err_eval_uninitialised_unnamed);
      Value *args[1] = {&elems[i]};
      // An element is an lvalue, and a std::vector<bool> element a proxy:
      // an rvalue reference to an arithmetic type (`long long &&` over
      // ints), or a const one to a bit (`const bool &`), can only bind to
      // a temporary converted from it. A proxy parameter is the element.
      Value converted;
      QualType param = fn->getParamDecl(0)->getType();
      QualType pointee = param.getNonReferenceType();
      if ((param->isRValueReferenceType() ||
           (bits && param->isLValueReferenceType() &&
            pointee.isConstQualified())) &&
          isa<BuiltinType>(pointee.getCanonicalType()) &&
          (elems[i].kind == Value::Kind::Int ||
           elems[i].kind == Value::Kind::Float)) {
        converted = convert(elems[i], pointee, loc);
        args[0] = &converted;
      } else if (auto number =
                     classElementAsNumber(elems[i], elem, param, rest[0])) {
        converted = std::move(*number);
        args[0] = &converted;
      }
      callFunction(fn, {}, closure, rest[0], args, object.get(), elem);
    } else {
      Value v = callFunction(fn, {}, closure, rest[0], {}, object.get());
      if (walking.dangling)
        invalidatedDuringUse(walking, diag::err_std_walk_resized, loc);
      if ((v.kind == Value::Kind::Int || v.kind == Value::Kind::Float) &&
          !elem.isNull())
        v = convert(v, elem, loc);
      invalidateContents(elems[i], algorithm, loc);
      elems[i] = std::move(v);
    }
    if (walking.dangling)
      invalidatedDuringUse(walking, diag::err_std_walk_resized, loc);
  }
  // std::for_each returns its function object, holding the state its calls
  // left (`auto sum = std::for_each(b, e, Summer{}).total;`).
  const FunctionDecl *callee = call->getDirectCallee();
  if (!each || !callee || !callee->getIdentifier() ||
      callee->getName() != "for_each" || !callee->isInStdNamespace())
    return Value::makeVoid();
  const CXXRecordDecl *frd = rest[0]
                                 ->getType()
                                 .getNonReferenceType()
                                 .getCanonicalType()
                                 ->getAsCXXRecordDecl();
  if (frd && frd->isLambda() && closure) {
    Value f;
    f.kind = Value::Kind::Closure;
    f.closure() = std::const_pointer_cast<Closure>(closure);
    return f;
  }
  if (frd && object && isProgramClass(frd))
    return *object;
  return Value::makeVoid();
}

// std::inner_product(first1, last1, first2, init[, op1, op2]): over the
// first range in order, `init = op1(std::move(init), op2(*first1,
// *first2))`, as libstdc++ computes it (by default `init + *first1 *
// *first2`, each operation in the usual arithmetic conversions of its
// operands, the sum stored in init's type). The two ranges are positions
// of std::vectors or std::arrays, as std::transform's are.
//
// std::transform_reduce(first1, last1, first2, init[, reduce, transform])
// and std::transform_reduce(first, last, init, reduce, transform) (the
// transformation of one element) take the same ranges and operations
// (reduce is `op1`, transform `op2`), grouped as libstdc++ groups them over
// random-access ranges: four elements at a time, `init = reduce(init,
// reduce(reduce(t0, t1), reduce(t2, t3)))` with each inner result stored in
// init's type, then the rest one by one; `init` is passed as an lvalue, not
// moved. So the result, floating point included, is the library's.
Value Evaluator::innerProduct(const CallExpr *call, llvm::StringRef name) {
  LazyLoc loc(call);
  const unsigned nargs = call->getNumArgs();
  const bool grouped = name == "transform_reduce";
  const bool unary = grouped && nargs == 5;
  if (grouped ? nargs < 4 || nargs > 6 : nargs != 4 && nargs != 6)
    error(loc, diag::err_std_algorithm_args, {name.str()});
  IteratorPosition first, last, second;
  if (!parseIteratorPosition(call->getArg(0), first) ||
      !parseIteratorPosition(call->getArg(1), last) || first.search ||
      last.search)
    error(loc, diag::err_std_iterator_range, {name.str()});
  if (!unary &&
      (!parseIteratorPosition(call->getArg(2), second) || second.search))
    error(call->getArg(2), diag::err_std_iterator_range, {name.str()});
  Borrow reading(*this, nullptr, /*iterating=*/true);
  auto [range, lo, hi] = positionRange(first, last, call, name, reading);
  QualType elem = elementTypeOf(first.containerType);
  QualType otherElem;
  Value *other = nullptr;
  Borrow readingOther(*this);
  size_t otherAt = 0;
  if (!unary) {
    otherElem = elementTypeOf(second.containerType);
    other = positionContainer(second);
    readingOther.retarget(other);
    readingOther.iterating = true;
    if (other->kind != Value::Kind::Agg)
      error(loc, diag::err_eval_uninitialised);
    otherAt =
        resolveIteratorPosition(second, other->elems().size(), call->getArg(2));
    if (otherAt + (hi - lo) > other->elems().size())
      error(call->getArg(2), diag::err_std_second_range_short,
            {name.str(), hi - lo, otherAt, other->elems().size()});
  }
  if (elem.isNull() || (!unary && otherElem.isNull()))
    error(loc, diag::err_std_algorithm_args, {name.str()});
  const QualType t = call->getType().getUnqualifiedType();
  Value acc = eval(call->getArg(unary ? 2 : 3));
  if (acc.kind == Value::Kind::Int || acc.kind == Value::Kind::Float)
    acc = convert(acc, t, loc);

  // One of the two operations: std::plus<X> and its kin compute in X (in
  // the usual arithmetic conversions without X); anything else is called.
  struct Operation {
    const Expr *expr = nullptr;
    std::optional<BinaryOperatorKind> arithmetic;
    QualType in; // std::plus<X>'s X, or null
    const FunctionDecl *fn = nullptr;
    std::shared_ptr<const Closure> closure;
    std::shared_ptr<Value> object;
  };
  Operation sum, product;
  sum.arithmetic = BO_Add;
  product.arithmetic = BO_Mul;
  QualType productType; // op2's result: what op1 takes as its second
  if (nargs >= 5) {
    for (auto [op, e] : {std::pair{&sum, call->getArg(nargs - 2)},
                         std::pair{&product, call->getArg(nargs - 1)}}) {
      op->expr = e;
      op->arithmetic =
          unary && op == &product ? std::nullopt : stdArithmeticOp(e);
      if (op->arithmetic) {
        evaluateOperationForEffects(e);
        op->in = templateArgType(
            e->getType().getCanonicalType()->getAsCXXRecordDecl(), 0);
        if (!op->in.isNull() && op->in->isVoidType())
          op->in = QualType();
      }
    }
    if (unary) {
      // The transformation of one element, which it must leave as it is.
      product.fn = userComparator(product.expr, elem, product.closure, 1,
                                  QualType(), &product.object);
      if (!product.fn || !takesElementsReadOnly(product.fn, 1))
        error(product.expr, diag::err_std_transform_reduce_op, {name.str()});
      productType = product.fn->getReturnType().getNonReferenceType();
    } else if (!product.arithmetic) {
      product.fn = userComparator(product.expr, otherElem, product.closure, 2,
                                  elem, &product.object);
      if (!product.fn || !takesElementsReadOnly(product.fn, 2))
        error(product.expr, diag::err_std_scan_op, {name.str()});
      productType = product.fn->getReturnType().getNonReferenceType();
    }
  }
  if (productType.isNull())
    productType = !product.in.isNull() ? product.in
                                       : usualArithmeticType(elem, otherElem);
  // The reduction's function for arguments of types `a` and `b`: one
  // declaration, or a generic lambda's (or template operator()'s)
  // specialisation for them: grouping calls it on two transformed
  // elements, on two running values, and on the running value and a
  // transformed element. The operation is evaluated once, for the first.
  auto reductionFor = [&](QualType a, QualType b) -> const FunctionDecl * {
    // inner_product moves the running value in (C++20): `T acc`,
    // `const T &acc` and `T &&acc` take it; transform_reduce passes it as
    // an lvalue, and two results, so only by value or const reference.
    QualType firstType = grouped ? a : ctx_.getRValueReferenceType(a);
    const FunctionDecl *fn = nullptr;
    if (!sum.fn) {
      fn = sum.fn =
          userComparator(sum.expr, b, sum.closure, 2, firstType, &sum.object);
    } else {
      const CXXRecordDecl *rd =
          sum.expr->getType().getCanonicalType()->getAsCXXRecordDecl();
      if (rd && rd->isLambda() && rd->isGenericLambda())
        fn = genericLambdaCall(rd, {firstType, b});
      else if (rd && !rd->isLambda() && classifyStd(rd) == StdClass::None &&
               sum.object)
        fn = functorCallOperator(rd, {firstType, b});
      else
        fn = sum.fn;
    }
    bool fits =
        fn && fn->getNumParams() == 2 &&
        (grouped
             ? takesElementsReadOnly(fn, 2)
             : (takesReadOnly(fn->getParamDecl(0)->getType()) ||
                fn->getParamDecl(0)->getType()->isRValueReferenceType()) &&
                   !fn->getParamDecl(1)->getType()->isRValueReferenceType());
    if (!fits)
      error(sum.expr, diag::err_std_scan_op, {name.str()});
    return fn;
  };
  const FunctionDecl *reduceAccProduct = nullptr, *reduceProducts = nullptr,
                     *reduceAccs = nullptr;
  if (nargs >= 5 && !sum.arithmetic) {
    reduceAccProduct = reductionFor(t, productType);
    if (grouped && hi - lo >= 4) {
      reduceProducts = reductionFor(productType, productType);
      reduceAccs = reductionFor(t, t);
    }
  }
  // std::plus<X> and its kin: numbers, or two strings joined by std::plus.
  // (An operand of the program's own class is refused: C++ picks between
  // its conversion operator and an operator of the program's own.)
  auto arithmetic = [&](const Operation &op, Value a, QualType at, Value b,
                        QualType bt) -> Value {
    if (*op.arithmetic == BO_Add && a.kind == Value::Kind::String &&
        b.kind == Value::Kind::String) {
      checkStringLength(a.s().size() + b.s().size(), loc);
      return Value::makeString(a.s() + b.s());
    }
    if ((a.kind != Value::Kind::Int && a.kind != Value::Kind::Float) ||
        (b.kind != Value::Kind::Int && b.kind != Value::Kind::Float))
      error(loc, diag::err_std_number_expected);
    QualType in = !op.in.isNull() ? op.in : usualArithmeticType(at, bt);
    return arith(*op.arithmetic, convert(a, in, loc), convert(b, in, loc), in,
                 loc);
  };
  auto checkRanges = [&] {
    if (reading.dangling)
      invalidatedDuringUse(reading, diag::err_std_predicate_modified, loc);
    if (readingOther.dangling)
      invalidatedDuringUse(readingOther, diag::err_std_predicate_modified, loc);
  };
  // op2(*first1, *first2), or transform(*first), of the i-th element.
  auto transformed = [&](size_t i) -> Value {
    checkRanges();
    Value x = range->elems()[i];
    if (x.kind == Value::Kind::Uninit)
      error(loc, diag::err_eval_uninitialised_unnamed);
    if (unary) {
      Value *args[1] = {&x};
      QualType types[1] = {elem};
      return callOnElements(product.fn, product.closure, product.expr, args,
                            product.object.get(), "operation", name, types);
    }
    Value y = other->elems()[otherAt + (i - lo)];
    if (y.kind == Value::Kind::Uninit)
      error(loc, diag::err_eval_uninitialised_unnamed);
    if (product.fn) {
      Value *args[2] = {&x, &y};
      QualType types[2] = {elem, otherElem};
      return callOnElements(product.fn, product.closure, product.expr, args,
                            product.object.get(), "operation", name, types);
    }
    return arithmetic(product, x, elem, y, otherElem);
  };
  // op1(a, b), stored in init's type.
  auto reduce = [&](const FunctionDecl *fn, Value &a, QualType at, Value &b,
                    QualType bt) -> Value {
    if (a.kind == Value::Kind::Uninit || b.kind == Value::Kind::Uninit)
      error(loc, diag::err_eval_uninitialised_unnamed);
    Value r;
    if (fn) {
      Value *args[2] = {&a, &b};
      QualType types[2] = {at, bt};
      r = callOnElements(fn, sum.closure, sum.expr, args, sum.object.get(),
                         "operation", name, types);
      return storedInInit(std::move(r), fn->getReturnType(), t, loc);
    }
    return storedInInit(arithmetic(sum, a, at, b, bt), QualType(), t, loc);
  };
  size_t i = lo;
  if (grouped)
    for (; hi - i >= 4; i += 4) {
      Value t0 = transformed(i), t1 = transformed(i + 1);
      Value v1 = reduce(reduceProducts, t0, productType, t1, productType);
      Value t2 = transformed(i + 2), t3 = transformed(i + 3);
      Value v2 = reduce(reduceProducts, t2, productType, t3, productType);
      Value v3 = reduce(reduceAccs, v1, t, v2, t);
      acc = reduce(reduceAccs, acc, t, v3, t);
    }
  for (; i < hi; ++i) {
    Value p = transformed(i);
    acc = reduce(reduceAccProduct, acc, t, p, productType);
  }
  checkRanges();
  return acc;
}

bool Evaluator::tryStdRangeAlgorithm(const CallExpr *call, llvm::StringRef name,
                                     Value &result) {
  if (name == "inner_product" || name == "transform_reduce") {
    result = innerProduct(call, name);
    return true;
  }
  if (name == "for_each_n" || name == "fill_n" || name == "generate_n") {
    result = countedAlgorithm(call, name);
    return true;
  }
  if (name != "sort" && name != "stable_sort" && name != "reverse" &&
      name != "fill" && name != "iota" && name != "count" &&
      name != "accumulate" && name != "reduce" && name != "any_of" &&
      name != "all_of" && name != "for_each" && name != "generate" &&
      name != "is_sorted" && name != "next_permutation" &&
      name != "prev_permutation" && name != "none_of" && name != "count_if" &&
      name != "rotate")
    return false;
  LazyLoc loc(call);
  if (call->getNumArgs() < 2)
    return false;
  llvm::ArrayRef<const Expr *> rest(call->getArgs() + 2,
                                    call->getNumArgs() - 2);
  IteratorPosition first, last;
  bool positions = parseIteratorPosition(call->getArg(0), first) &&
                   parseIteratorPosition(call->getArg(1), last);
  bool whole = positions && first.steps.empty() && last.steps.empty() &&
               !first.iterator && !last.iterator && !first.fromEnd &&
               last.fromEnd;
  if (name != "rotate" && (!positions || whole)) {
    Value *range = wholeRange(call->getArg(0), call->getArg(1), name, loc);
    Borrow keep(*this, range);
    QualType elem =
        elementTypeOf(iteratorSourceObject(call->getArg(0))->getType());
    result = rangeAlgorithm(name, *range, elem, rest, call);
    if (keep.dangling)
      invalidatedDuringUse(keep, diag::err_eval_object_invalidated, loc);
    return true;
  }
  // A part of one container: [first, last), or for std::rotate(first,
  // middle, last) the three positions.
  IteratorPosition end;
  if (name == "rotate" &&
      (!positions || rest.size() != 1 || !parseIteratorPosition(rest[0], end)))
    error(loc, diag::err_std_iterator_range, {name.str()});
  Borrow keep(*this, nullptr, /*iterating=*/true);
  auto [range, lo, hi] = positionRange(first, last, call, name, keep);
  size_t size = range->elems().size();
  std::string what = ("std::" + name).str();
  if (name == "rotate") {
    if (positionContainer(end) != range)
      error(loc, diag::err_std_iterator_two_containers, {name.str()});
    size_t to = resolveIteratorPosition(end, size, rest[0]);
    if (to < hi)
      error(rest[0], diag::err_std_iterator_backwards, {what});
    if (keep.dangling)
      invalidatedDuringUse(keep, diag::err_eval_object_invalidated, loc);
    ValueList &elems = range->elems();
    for (size_t i = lo; i < to; ++i)
      invalidateContents(elems[i], name, loc);
    std::rotate(elems.begin() + lo, elems.begin() + hi, elems.begin() + to);
    // What std::rotate returns: where the first element went. An iterator
    // into a std::vector is a value; into other containers it is not, and
    // the result is unusable (as a void call's).
    const CXXRecordDecl *crd =
        first.containerType.isNull()
            ? nullptr
            : first.containerType.getCanonicalType()->getAsCXXRecordDecl();
    result = crd && classifyStd(crd) == StdClass::Vector
                 ? makeIterator(range, lo + (to - hi), 0, nullptr, loc)
                 : Value::makeVoid();
    return true;
  }
  const CXXRecordDecl *rd =
      first.containerType.getCanonicalType()->getAsCXXRecordDecl();
  if (name == "for_each" || name == "generate") {
    result =
        walkElements(name, *range, lo, hi, templateArgType(rd, 0), rest, call);
    if (keep.dangling)
      invalidatedDuringUse(keep, diag::err_eval_object_invalidated, loc);
    return true;
  }
  result = partAlgorithm(
      name, *range, lo, hi, templateArgType(rd, 0), rest, call, keep, name,
      name == "sort" || name == "stable_sort" || name == "reverse" ||
          name == "fill" || name == "iota" || name == "next_permutation" ||
          name == "prev_permutation");
  return true;
}

Value Evaluator::partAlgorithm(llvm::StringRef algorithm, Value &range,
                               size_t lo, size_t hi, QualType elem,
                               llvm::ArrayRef<const Expr *> rest,
                               const CallExpr *call, Borrow &keep,
                               llvm::StringRef operation, bool writesBack) {
  LazyLoc loc(call);
  Value part = Value::makeAgg(
      ValueList(range.elems().begin() + lo, range.elems().begin() + hi));
  Value result = rangeAlgorithm(algorithm, part, elem, rest, call);
  if (keep.dangling)
    invalidatedDuringUse(keep, diag::err_eval_object_invalidated, loc);
  if (writesBack) {
    ValueList &elems = range.elems();
    for (size_t i = lo; i < hi; ++i) {
      invalidateContents(elems[i], operation, loc);
      elems[i] = std::move(part.elems()[i - lo]);
    }
  }
  return result;
}

// std::for_each_n(first, n, f), std::fill_n(first, n, value) and
// std::generate_n(first, n, g): what for_each, fill and generate do over
// [first, first + n), nothing when n is not positive. The result is
// first + n: an iterator into a std::vector is a value; into a std::array
// it is unusable, as a void call's. fill_n and generate_n may also write
// through std::back_inserter(v), appending n elements.
Value Evaluator::countedAlgorithm(const CallExpr *call, llvm::StringRef name) {
  LazyLoc loc(call);
  if (call->getNumArgs() != 3)
    error(loc, diag::err_std_algorithm_args, {name.str()});
  llvm::StringRef algorithm = name.drop_back(2);
  const Expr *firstE = call->getArg(0), *countE = call->getArg(1),
             *operandE = call->getArg(2);
  if (const Expr *appendTo = backInsertedContainer(firstE)) {
    if (algorithm == "for_each")
      error(firstE, diag::err_std_counted_position, {name.str()});
    Value *dest = evalObject(appendTo);
    Borrow writing(*this, dest);
    if (dest->kind != Value::Kind::Agg)
      error(loc, diag::err_eval_uninitialised);
    std::optional<__int128> count = elementCount(eval(countE));
    if (!count)
      error(countE->getExprLoc(), diag::err_std_index_type);
    QualType destElem = elementTypeOf(appendTo->getType());
    auto stored = [&](Value v) {
      if ((v.kind == Value::Kind::Int || v.kind == Value::Kind::Float) &&
          !destElem.isNull() &&
          (destElem->isArithmeticType() ||
           isProgramClass(destElem->getAsCXXRecordDecl())))
        v = convert(v, destElem, loc);
      return v;
    };
    const FunctionDecl *fn = nullptr;
    std::shared_ptr<const Closure> closure;
    std::shared_ptr<Value> object;
    Value value;
    if (algorithm == "fill") {
      value = eval(operandE);
      if (value.kind == Value::Kind::Uninit)
        error(operandE, diag::err_eval_uninitialised);
    } else {
      fn = userComparator(operandE, destElem, closure, 0, QualType(), &object);
      if (!fn || fn->getNumParams() != 0)
        error(operandE, diag::err_std_callable, {name.str(), "none"});
    }
    for (__int128 i = 0; i < *count; ++i) {
      Value v = fn ? callFunction(fn, {}, closure, operandE, {}, object.get())
                   : value;
      if (writing.dangling)
        invalidatedDuringUse(writing, diag::err_eval_object_invalidated, loc);
      checkContainerSize(dest->elems().size() + 1, loc);
      invalidateGrowth(*dest, 1, name, loc, destElem);
      dest->elems().push_back(stored(std::move(v)));
    }
    return Value::makeVoid();
  }
  IteratorPosition first;
  if (!parseIteratorPosition(firstE, first) || first.search)
    error(firstE, diag::err_std_counted_position, {name.str()});
  Borrow keep(*this, nullptr, /*iterating=*/true);
  auto [range, lo, hi] = countedRange(first, firstE, countE, name, keep);
  const CXXRecordDecl *rd =
      first.containerType.getCanonicalType()->getAsCXXRecordDecl();
  QualType elem = templateArgType(rd, 0);
  if (algorithm == "fill") {
    partAlgorithm(algorithm, *range, lo, hi, elem, {operandE}, call, keep, name,
                  /*writesBack=*/true);
  } else {
    walkElements(name, *range, lo, hi, elem, {operandE}, call);
    if (keep.dangling)
      invalidatedDuringUse(keep, diag::err_eval_object_invalidated, loc);
  }
  return rd && classifyStd(rd) == StdClass::Vector
             ? makeIterator(range, hi, 0, nullptr, loc)
             : Value::makeVoid();
}

// The container `e` appends to when it is std::back_inserter(c) of a
// std::vector; null otherwise.
const Expr *Evaluator::backInsertedContainer(const Expr *e) {
  const auto *bi = dyn_cast<CallExpr>(iteratorSource(e));
  const FunctionDecl *fd = bi ? bi->getDirectCallee() : nullptr;
  if (!fd || !fd->getIdentifier() || fd->getName() != "back_inserter" ||
      !fd->isInStdNamespace() || bi->getNumArgs() != 1)
    return nullptr;
  const CXXRecordDecl *rd = bi->getArg(0)
                                ->getType()
                                .getNonReferenceType()
                                .getCanonicalType()
                                ->getAsCXXRecordDecl();
  return rd && classifyStd(rd) == StdClass::Vector ? bi->getArg(0) : nullptr;
}

// The container whose begin() the iterator argument `e` came from (the
// argument was checked by wholeRange).
const Expr *Evaluator::iteratorSourceObject(const Expr *e) {
  const auto *call = cast<CallExpr>(iteratorSource(e));
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(call))
    return mc->getImplicitObjectArgument();
  return call->getArg(0);
}

// Calls of the function objects in std::ranges and std::views
// (`std::ranges::sort(v)`, `std::views::iota(0, n)`), named by the
// variable they are made through.
bool Evaluator::tryStdFunctionObject(const CallExpr *call,
                                     const CXXMethodDecl *md, Value &result,
                                     Value **lvalueResult) {
  const auto *oc = dyn_cast<CXXOperatorCallExpr>(call);
  if (!oc || oc->getOperator() != OO_Call || !inStdTree(md->getParent()))
    return false;
  LazyLoc loc(call);
  const auto *ref = dyn_cast<DeclRefExpr>(oc->getArg(0)->IgnoreImplicit());
  const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  if (!var || !var->getIdentifier())
    unsupportedStdName(md->getParent()->getQualifiedNameAsString(), loc);
  std::string qualified = var->getQualifiedNameAsString();
  llvm::StringRef name = var->getName();
  // Defaulted comparators and projections (std::ranges::less{},
  // std::identity{}) are what the call does anyway.
  llvm::SmallVector<const Expr *, 4> args;
  for (unsigned i = 1; i < oc->getNumArgs(); ++i)
    if (!isa<CXXDefaultArgExpr>(oc->getArg(i)))
      args.push_back(oc->getArg(i));
  bool inRanges = llvm::StringRef(qualified).starts_with("std::ranges::");
  if (inRanges && name == "iota" &&
      llvm::StringRef(qualified).contains("views")) {
    // std::views::iota(first, last): the integers [first, last), made
    // into the range the loop walks.
    if (args.size() != 2)
      error(loc, diag::err_std_iota_unbounded);
    Value first = eval(args[0]);
    Value last = eval(args[1]);
    if (first.kind != Value::Kind::Int || last.kind != Value::Kind::Int)
      error(loc, diag::err_std_number_expected);
    if (first.wide() > last.wide())
      error(loc, diag::err_std_iota_bounds,
            {describeValue(first), describeValue(last)});
    __int128 n = last.wide() - first.wide();
    checkContainerSize(n > __int128(SIZE_MAX) ? SIZE_MAX : size_t(n), loc);
    reserveElements(size_t(n), loc);
    ValueList elems;
    elems.reserve(size_t(n));
    QualType w = args[0]->getType();
    for (__int128 i = first.wide(); i < last.wide(); ++i)
      elems.push_back(makeTyped(i, w, loc, false));
    result = Value::makeAgg(std::move(elems));
    return true;
  }
  if (inRanges &&
      (name == "find" || name == "find_if" || name == "find_if_not") &&
      args.size() == 2) {
    // std::ranges::find(v, x), find_if(v, pred), find_if_not(v, pred) over
    // a vector: the iterator to the first match, or v.end() (an iterator
    // into a std::vector is a value; other ranges' are refused below).
    const CXXRecordDecl *rd =
        args[0]->getType().getCanonicalType()->getAsCXXRecordDecl();
    if (rd && classifyStd(rd) == StdClass::Vector && args[0]->isGLValue()) {
      Value *range = evalObject(args[0]);
      Borrow keep(*this, range, /*iterating=*/true);
      if (range->kind != Value::Kind::Agg)
        error(loc, diag::err_eval_uninitialised);
      QualType elem = templateArgType(rd, 0);
      size_t found = range->elems().size();
      if (name == "find") {
        SearchValue search = searchValue(args[1], elem, loc);
        for (size_t i = 0; i < range->elems().size(); ++i) {
          step(call);
          if (compareWithSearch(range->elems()[i], search, loc) == 0) {
            found = i;
            break;
          }
        }
      } else {
        std::function<bool(Value &)> test =
            predicateFunction(args[1], elem, ("ranges::" + name).str());
        bool want = name == "find_if";
        for (size_t i = 0; i < range->elems().size(); ++i) {
          step(call);
          Value element = range->elems()[i];
          bool hit = test(element);
          if (keep.dangling)
            invalidatedDuringUse(keep, diag::err_std_predicate_modified, loc);
          if (hit == want) {
            found = i;
            break;
          }
        }
      }
      if (keep.dangling)
        invalidatedDuringUse(keep, diag::err_eval_object_invalidated, loc);
      result = makeIterator(range, found, 0, nullptr, loc);
      return true;
    }
  }
  if (inRanges &&
      (name == "lower_bound" || name == "upper_bound" ||
       name == "binary_search") &&
      args.size() >= 2) {
    // std::ranges::lower_bound(r, value[, comp]) and upper_bound over a
    // std::vector (an iterator into it is a value), binary_search over a
    // std::vector or std::array: as the iterator forms search the whole
    // range. A projection after the comparator is refused below.
    const CXXRecordDecl *rd = args[0]
                                  ->getType()
                                  .getNonReferenceType()
                                  .getCanonicalType()
                                  ->getAsCXXRecordDecl();
    StdClass cls = rd ? classifyStd(rd) : StdClass::None;
    if (args[0]->isGLValue() &&
        (cls == StdClass::Vector ||
         (cls == StdClass::Array && name == "binary_search"))) {
      const std::string qualifiedName = ("ranges::" + name).str();
      if (args.size() > 3) // a projection
        error(args[3], diag::err_std_comparator, {qualifiedName});
      Value *range = evalObject(args[0]);
      Borrow keep(*this, range, /*iterating=*/true);
      ValueList copy = elementCopies(*range, 0, SIZE_MAX, loc);
      bool matched = false;
      size_t found = boundPosition(
          qualifiedName, copy, templateArgType(rd, 0), args[1],
          md->getParamDecl(1)->getType(), args.size() == 3 ? args[2] : nullptr,
          loc, name == "binary_search" ? &matched : nullptr);
      if (keep.dangling)
        invalidatedDuringUse(keep, diag::err_std_predicate_modified, loc);
      result = name == "binary_search"
                   ? Value::makeInt(matched)
                   : makeIterator(range, found, 0, nullptr, loc);
      return true;
    }
  }
  if (inRanges && args.size() == 1 &&
      (name == "size" || name == "ssize" || name == "empty" ||
       name == "distance")) {
    // std::ranges::size(c), ssize(c) and distance(c): the element count,
    // in the call's type; empty(c): whether there is none.
    size_t n = containerSize(args[0], loc, ("ranges::" + name).str());
    result = name == "empty"
                 ? Value::makeInt(n == 0)
                 : makeTyped(__int128(n), call->getType(), loc, false);
    return true;
  }
  // The iterator-pair forms of these (`std::ranges::distance(first,
  // last)`, `std::ranges::min_element(first, last)`) are not run: say so,
  // rather than what iterators are (a std::vector's are values).
  if (inRanges &&
      (name == "distance" || name == "min_element" || name == "max_element") &&
      args.size() >= 2) {
    StdClass first = StdClass::None;
    if (const CXXRecordDecl *rd = args[0]
                                      ->getType()
                                      .getNonReferenceType()
                                      .getCanonicalType()
                                      ->getAsCXXRecordDecl())
      first = classifyStd(rd);
    if (!args[0]->getType()->isArrayType() && first != StdClass::Vector &&
        first != StdClass::Array && first != StdClass::String &&
        first != StdClass::StringView && first != StdClass::InitializerList)
      error(loc, diag::err_std_algorithm_args, {("ranges::" + name).str()});
  }
  if (inRanges && (name == "min_element" || name == "max_element") &&
      !args.empty()) {
    // std::ranges::min_element(v[, comp]) and max_element over a vector:
    // as std::min_element's, the iterator to the first smallest (largest)
    // element, or v.end() when v is empty. Other ranges' iterators are not
    // values (refused below).
    const CXXRecordDecl *rd =
        args[0]->getType().getCanonicalType()->getAsCXXRecordDecl();
    if (rd && classifyStd(rd) == StdClass::Vector && args[0]->isGLValue()) {
      const std::string qualifiedName = ("ranges::" + name).str();
      if (args.size() > 2) // a projection
        error(args[2], diag::err_std_comparator, {qualifiedName});
      Value *range = evalObject(args[0]);
      Borrow keep(*this, range, /*iterating=*/true);
      ValueList copy = elementCopies(*range, 0, SIZE_MAX, loc);
      size_t found = searchCopy(llvm::ArrayRef(args).drop_front(), loc,
                                qualifiedName, copy, templateArgType(rd, 0));
      if (keep.dangling)
        invalidatedDuringUse(keep, diag::err_std_predicate_modified, loc);
      result = makeIterator(range, found, 0, nullptr, loc);
      return true;
    }
  }
  if (inRanges &&
      (name == "sort" || name == "stable_sort" || name == "reverse" ||
       name == "fill" || name == "count" || name == "min" || name == "max" ||
       name == "any_of" || name == "all_of" || name == "none_of" ||
       name == "count_if" || name == "for_each" || name == "generate" ||
       name == "is_sorted" || name == "next_permutation" ||
       name == "prev_permutation")) {
    if (args.empty())
      unsupportedStdName(qualified, loc);
    const CXXRecordDecl *rd =
        args[0]->getType().getCanonicalType()->getAsCXXRecordDecl();
    StdClass cls = rd ? classifyStd(rd) : StdClass::None;
    bool isRange = cls == StdClass::Vector || cls == StdClass::Array ||
                   cls == StdClass::InitializerList;
    // min and max of two values (two vectors, say) are the overload with
    // four parameters (a, b, comp, proj); of a range, three.
    if ((name == "min" || name == "max") && md->getNumParams() == 4)
      isRange = false;
    if ((name == "min" || name == "max") && !isRange) {
      // std::ranges::min(a, b[, comp]): two values (a projection after
      // the comparator is refused).
      if (args.size() != 2 && args.size() != 3)
        error(args.size() > 3 ? args[3] : call, diag::err_std_comparator,
              {("ranges::" + name).str()});
      const Expr *comparator = args.size() == 3 ? args[2] : nullptr;
      // It returns a reference to the argument it picks, as std::min
      // does (tryStdCall): each argument's object, or a temporary.
      QualType elem = args[0]->getType().getNonReferenceType();
      const std::string qualifiedName = ("ranges::" + name).str();
      auto makeLess = [&] {
        return minMaxOrder(comparator, elem, qualifiedName, loc);
      };
      if (lvalueResult && call->isLValue()) {
        *lvalueResult =
            pickArgument(name == "min", args[0], args[1], makeLess)[0];
        return true;
      }
      Value a = eval(args[0]);
      Value b = eval(args[1]);
      std::function<bool(Value &, Value &)> less = makeLess();
      const bool second =
          (name == "min" && less(b, a)) || (name == "max" && less(a, b));
      result = second ? b : a;
      return true;
    }
    if (isRange) {
      Value *range = evalObject(args[0]);
      Borrow keep(*this, range);
      result = rangeAlgorithm(name, *range, templateArgType(rd, 0),
                              llvm::ArrayRef(args).drop_front(), call);
      if (keep.dangling)
        invalidatedDuringUse(keep, diag::err_eval_object_invalidated, loc);
      if (name == "next_permutation" || name == "prev_permutation") {
        // std::ranges:: gives {in, found}: only `.found` is a value.
        ValueList parts;
        parts.push_back(Value::makeVoid());
        parts.push_back(std::move(result));
        result = Value::makeAgg(std::move(parts));
      }
      return true;
    }
    if (args.size() >= 2 && name != "min" && name != "max") {
      Value *range = wholeRange(args[0], args[1], name, loc);
      Borrow keep(*this, range);
      QualType elem = elementTypeOf(iteratorSourceObject(args[0])->getType());
      result = rangeAlgorithm(name, *range, elem,
                              llvm::ArrayRef(args).drop_front(2), call);
      if (keep.dangling)
        invalidatedDuringUse(keep, diag::err_eval_object_invalidated, loc);
      return true;
    }
  }
  // These return a subrange, which algorithm code does not model; their
  // iterator forms over a std::vector work.
  if (inRanges && (name == "equal_range" || name == "unique" ||
                   name == "remove" || name == "remove_if"))
    error(loc, diag::err_std_type_unsupported,
          {qualified,
           ("it returns a subrange, which algorithm code does not model: use "
            "std::" +
            name + "(v.begin(), v.end(), ...)" +
            (name == "equal_range" ? ", a pair of iterators"
             : name == "unique"
                 ? ""
                 : ", or std::erase(v, x) and std::erase_if(v, pred)"))
               .str()});
  unsupportedStdName(qualified, loc);
}

[[noreturn]] void Evaluator::unsupportedStdName(const std::string &qualified,
                                                LazyLoc loc) {
  llvm::StringRef name = llvm::StringRef(qualified).rsplit("::").second;
  if (const char *instead = stdAlternative(name, false))
    error(loc, diag::err_std_type_unsupported, {qualified, instead});
  error(loc, diag::err_std_unsupported, {qualified});
}

} // namespace mscclc::frontend
