//===- ProgramOutput.cpp - printf and std::cout in algorithm code ---------===//
//
// Debug prints, as a Python DSL program prints while it generates its plan:
// printf, fprintf to stdout or stderr, puts, and `std::cout << ...` (also
// std::cerr and std::clog) with numbers, characters, strings, bools,
// std::endl and std::flush. Whatever the stream, the text goes to mscclc's
// stderr as the program runs, so that it never mixes into a plan written
// to stdout (`-o -`). Formatting follows C and the C++ streams' defaults;
// what C leaves undefined (a conversion that does not match its argument,
// too few arguments) is an error, as is %n.
//
//===----------------------------------------------------------------------===//

#include "Evaluator.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <cstring>

#include <cstdio>

namespace mscclc::frontend {

using namespace clang;

namespace {

// The total a program may print (a print in a runaway loop stops here).
constexpr size_t MaxProgramOutput = size_t(16) << 20;

bool isStdStreamVariable(const Expr *e) {
  const auto *dre = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  const auto *vd = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
  return vd && vd->isInStdNamespace() && isOutputStream(vd);
}

bool isOstream(QualType t) {
  const auto *rd =
      t.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  return rd && rd->isInStdNamespace() && rd->getIdentifier() &&
         rd->getName() == "basic_ostream";
}

// printf's `stdout` and `stderr` (glibc's globals of those names).
bool isStdFile(const Expr *e) {
  const auto *dre = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  const auto *vd = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
  return vd && !vd->isInStdNamespace() && isOutputStream(vd);
}

bool isCharType(QualType t) {
  t = t.getCanonicalType();
  return t->isSpecificBuiltinType(BuiltinType::Char_S) ||
         t->isSpecificBuiltinType(BuiltinType::Char_U) ||
         t->isSpecificBuiltinType(BuiltinType::SChar) ||
         t->isSpecificBuiltinType(BuiltinType::UChar);
}

} // namespace

bool isOutputStream(const VarDecl *vd) {
  if (!vd->getIdentifier())
    return false;
  llvm::StringRef n = vd->getName();
  return vd->isInStdNamespace() ? n == "cout" || n == "cerr" || n == "clog"
                                : n == "stdout" || n == "stderr";
}

void Evaluator::printProgramOutput(llvm::StringRef text, LazyLoc loc) {
  programOutput_ += text.size();
  if (programOutput_ > MaxProgramOutput)
    error(loc, diag::err_eval_output_limit, {int64_t(MaxProgramOutput >> 20)});
  llvm::errs() << text;
  llvm::errs().flush();
}

// C's printf over evaluated arguments: each conversion is checked against
// its argument, then formatted by the C library at 64 bits (integers are
// first cut to the width the length modifier names, as C reads them).
std::string Evaluator::formatPrintf(const CallExpr *call, unsigned formatArg) {
  LazyLoc loc(call);
  const Expr *fmtE = call->getArg(formatArg);
  Value fmtV = eval(fmtE);
  if (fmtV.kind != Value::Kind::String)
    error(fmtE, diag::err_eval_printf_format,
          {"the format", "is not a string"});
  const std::string fmt = fmtV.s();
  unsigned next = formatArg + 1;
  auto nextArg = [&](const char *conversion) -> std::pair<Value, const Expr *> {
    if (next >= call->getNumArgs())
      error(loc, diag::err_eval_printf_format,
            {conversion, "has no argument (too few arguments for the format)"});
    const Expr *a = call->getArg(next++);
    return {eval(a), a};
  };
  std::string out;
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%') {
      out += fmt[i];
      continue;
    }
    size_t start = i++;
    std::string spec = "%";
    while (i < fmt.size() && std::strchr("-+ #0", fmt[i]))
      spec += fmt[i++];
    // Width and precision: digits, or `*` taken from an int argument; at
    // most 4096 (the text is formatted into bounded buffers).
    auto number = [&](bool precision) {
      int64_t value = 0;
      const Expr *from = fmtE;
      if (i < fmt.size() && fmt[i] == '*') {
        auto [v, e] = nextArg("'*'");
        if (v.kind != Value::Kind::Int)
          error(e, diag::err_eval_printf_format,
                {"'*'", "takes an int argument"});
        value = v.i;
        from = e;
        ++i;
      } else {
        if (i >= fmt.size() ||
            !std::isdigit(static_cast<unsigned char>(fmt[i])))
          return;
        while (i < fmt.size() &&
               std::isdigit(static_cast<unsigned char>(fmt[i])))
          value = std::min<int64_t>(value * 10 + (fmt[i++] - '0'), 1 << 20);
      }
      if ((value > 4096 || value < -4096) && !(precision && value < 0))
        error(from, diag::err_eval_printf_format,
              {"'" + fmt.substr(start, i - start) + "'",
               "has a width or precision over 4096"});
      // A negative precision from `*` is taken as omitted; a negative
      // width is the '-' flag and the width (C's rules for both).
      if (precision && value < 0)
        spec.pop_back();
      else
        spec += std::to_string(value);
    };
    number(false);
    if (i < fmt.size() && fmt[i] == '.') {
      spec += fmt[i++];
      number(true);
    }
    unsigned width = 32;
    while (i < fmt.size() && std::strchr("hlqjztL", fmt[i])) {
      char m = fmt[i++];
      width = m == 'h' ? (width == 16 ? 8 : 16) : m == 'L' ? width : 64;
    }
    if (i >= fmt.size())
      error(fmtE, diag::err_eval_printf_format,
            {"'" + fmt.substr(start) + "'", "is an incomplete conversion"});
    char conv = fmt[i];
    std::string what = "'" + fmt.substr(start, i + 1 - start) + "'";
    // Appends one conversion as the C library formats it, whole: a %c of
    // 0 is a NUL character of the output, and a width may reach 4096.
    auto append = [&out](const std::string &format, auto value) {
      int n = std::snprintf(nullptr, 0, format.c_str(), value);
      if (n <= 0)
        return;
      size_t at = out.size();
      out.resize(at + size_t(n) + 1);
      std::snprintf(out.data() + at, size_t(n) + 1, format.c_str(), value);
      out.resize(at + size_t(n));
    };
    switch (conv) {
    case '%':
      out += '%';
      continue;
    case 'd':
    case 'i':
    case 'u':
    case 'o':
    case 'x':
    case 'X':
    case 'c': {
      auto [v, e] = nextArg(what.c_str());
      if (v.kind != Value::Kind::Int)
        error(e, diag::err_eval_printf_format, {what, "takes an integer"});
      uint64_t bits = uint64_t(v.i);
      if (width < 64)
        bits &= (uint64_t(1) << width) - 1;
      if (conv == 'c') {
        append(spec + "c", int(static_cast<unsigned char>(bits)));
      } else if (conv == 'd' || conv == 'i') {
        int64_t s = width < 64 && (bits >> (width - 1)) & 1
                        ? int64_t(bits | ~((uint64_t(1) << width) - 1))
                        : int64_t(bits);
        append(spec + "lld", static_cast<long long>(s));
      } else {
        append(spec + "ll" + conv, static_cast<unsigned long long>(bits));
      }
      continue;
    }
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
    case 'a':
    case 'A': {
      auto [v, e] = nextArg(what.c_str());
      if (v.kind != Value::Kind::Float)
        error(e, diag::err_eval_printf_format,
              {what, "takes a floating-point number"});
      append(spec + conv, v.f);
      continue;
    }
    case 's': {
      auto [v, e] = nextArg(what.c_str());
      if (v.kind != Value::Kind::String)
        error(e, diag::err_eval_printf_format, {what, "takes a string"});
      // Width and precision apply to the string as C applies them.
      append(spec + "s", v.s().c_str());
      continue;
    }
    default:
      error(fmtE, diag::err_eval_printf_format,
            {what, "is not supported (use %d, %u, %x, %c, %s, %f, %e, %g)"});
    }
  }
  if (next < call->getNumArgs())
    error(call->getArg(next), diag::err_eval_printf_format,
          {"the format", "has fewer conversions than arguments"});
  return out;
}

// `s << a << b`: the left operand first (C++17 orders them), each
// operand formatted as the stream's defaults do. `out` holds what is not
// yet written.
void Evaluator::writeStreamChain(const Expr *e, std::string &out) {
  e = e->IgnoreParenImpCasts();
  if (isStdStreamVariable(e))
    return;
  const auto *oc = dyn_cast<CXXOperatorCallExpr>(e);
  if (!oc || oc->getOperator() != OO_LessLess || oc->getNumArgs() != 2)
    error(e, diag::err_eval_stream_object);
  writeStreamChain(oc->getArg(0), out);
  const Expr *arg = oc->getArg(1);
  QualType t = arg->getType();
  if (const FunctionDecl *op = oc->getDirectCallee();
      op && !ctx_.getSourceManager().isInSystemHeader(op->getLocation()))
    error(arg, diag::err_eval_stream_user_operator,
          {t.getNonReferenceType().getUnqualifiedType().getAsString(
              ctx_.getPrintingPolicy())});
  const auto *fnRef = dyn_cast<DeclRefExpr>(arg->IgnoreParenImpCasts());
  if (t->isFunctionType() || t->isFunctionPointerType() ||
      (fnRef && isa<FunctionDecl>(fnRef->getDecl()))) {
    // Manipulators: std::endl, std::flush.
    const auto *dre = dyn_cast<DeclRefExpr>(arg->IgnoreParenImpCasts());
    llvm::StringRef name =
        dre && dre->getDecl()->getIdentifier() ? dre->getDecl()->getName() : "";
    if (name == "endl")
      out += '\n';
    else if (name != "flush")
      error(arg, diag::err_eval_stream_output,
            {name.empty() ? std::string("this manipulator")
                          : "std::" + name.str()});
    return;
  }
  // C++17 sequences each `<<` before the next operand: the text so far is
  // out before this operand is evaluated (and prints what it prints).
  if (!out.empty()) {
    printProgramOutput(out, LazyLoc(oc));
    out.clear();
  }
  Value v = eval(arg);
  QualType vt = t.getNonReferenceType().getCanonicalType();
  if (v.kind == Value::Kind::Int && vt->isBooleanType()) {
    out += v.i ? "1" : "0";
  } else if (v.kind == Value::Kind::Int && isCharType(vt)) {
    out += char(v.i);
  } else if (v.kind == Value::Kind::Int &&
             (vt->isIntegerType() || vt->isEnumeralType())) {
    out += v.isUnsigned ? std::to_string(uint64_t(v.i)) : std::to_string(v.i);
  } else if (v.kind == Value::Kind::Float) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", v.f);
    out += buf;
  } else if (v.kind == Value::Kind::String) {
    out += v.s();
  } else {
    error(arg, diag::err_eval_stream_output,
          {"a value of type '" +
           t.getNonReferenceType().getUnqualifiedType().getAsString(
               ctx_.getPrintingPolicy()) +
           "'"});
  }
}

bool Evaluator::mayBeProgramOutput(const FunctionDecl *fd) {
  if (fd->getOverloadedOperator() == OO_LessLess)
    return true;
  if (!fd->getIdentifier())
    return false;
  llvm::StringRef name = fd->getName();
  return name == "printf" || name == "puts" || name == "fprintf";
}

bool Evaluator::tryProgramOutput(const CallExpr *call, const FunctionDecl *fd,
                                 Value &result) {
  if (!mayBeProgramOutput(fd))
    return false;
  LazyLoc loc(call);
  if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(call);
      oc && oc->getOperator() == OO_LessLess && oc->getNumArgs() == 2 &&
      isOstream(oc->getArg(0)->getType())) {
    std::string text;
    writeStreamChain(oc, text);
    printProgramOutput(text, loc);
    result = Value::makeVoid();
    return true;
  }
  if (!fd->getIdentifier())
    return false;
  llvm::StringRef name = fd->getName();
  unsigned formatArg;
  if (name == "printf" || name == "puts")
    formatArg = 0;
  else if (name == "fprintf")
    formatArg = 1;
  else
    return false;
  if (!ctx_.getSourceManager().isInSystemHeader(fd->getLocation()))
    return false;
  if (name == "fprintf" && !isStdFile(call->getArg(0)))
    error(call->getArg(0), diag::err_eval_stream_object);
  std::string text;
  if (name == "puts") {
    Value s = eval(call->getArg(0));
    if (s.kind != Value::Kind::String)
      error(call->getArg(0), diag::err_eval_printf_format,
            {"puts", "takes a string"});
    text = s.s() + "\n";
  } else {
    text = formatPrintf(call, formatArg);
  }
  printProgramOutput(text, loc);
  result = makeTyped(__int128(text.size()), call->getType(), loc, false);
  return true;
}

} // namespace mscclc::frontend
