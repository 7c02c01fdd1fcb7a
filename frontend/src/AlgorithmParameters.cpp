//===- AlgorithmParameters.cpp - an algorithm's parameters and -P ---------===//
#include "AlgorithmParameters.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <optional>

using namespace clang;

namespace mscclc::frontend {

namespace {

// A multi-line default on one line: comments dropped, blanks collapsed.
std::string oneLine(const std::string &text) {
  std::string out;
  bool blank = false;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 2, "//") == 0) {
      i = text.find('\n', i);
      if (i == std::string::npos)
        break;
    }
    if (text.compare(i, 2, "/*") == 0) {
      size_t end = text.find("*/", i + 2);
      if (end == std::string::npos)
        break;
      i = end + 1;
      blank = true;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(text[i]))) {
      blank = true;
      continue;
    }
    if (blank && !out.empty())
      out += ' ';
    blank = false;
    out += text[i];
  }
  return out;
}

std::string describeType(QualType t, const ASTContext &ctx) {
  return t.getUnqualifiedType().getAsString(ctx.getPrintingPolicy());
}

// An enumerator's name as C++ spells it, or as Python does: without the
// trailing underscore that dodges a keyword (ChannelType::switch_ is
// Python's ChannelType.switch).
std::string pythonName(const EnumConstantDecl *c) {
  std::string n = c->getNameAsString();
  if (n.size() > 1 && n.back() == '_')
    n.pop_back();
  return n;
}

std::string enumeratorList(const EnumDecl *ed) {
  std::string s;
  for (const EnumConstantDecl *c : ed->enumerators())
    s += (s.empty() ? "" : ", ") + c->getNameAsString();
  return s.empty() ? std::string("(none)") : s;
}

// -P for an enum parameter: an enumerator by name (`LL`, `Protocol::LL`,
// `switch` for `switch_`), or an integer equal to an enumerator's value.
std::optional<Value> parseEnumParam(const std::string &text,
                                    const EnumDecl *ed) {
  ed = ed->getDefinition();
  if (!ed)
    return std::nullopt;
  // `Protocol::LL` and `mscclpp::dsl::Protocol::LL` name `LL` too.
  std::string name = text;
  if (size_t colon = text.rfind("::"); colon != std::string::npos) {
    llvm::StringRef scope = llvm::StringRef(text).take_front(colon);
    auto names = [&](const std::string &n) {
      return !n.empty() && (scope == n || scope.ends_with("::" + n));
    };
    // An unscoped enum's enumerators are also its namespace's names.
    std::string outer;
    if (const auto *ns = dyn_cast<NamespaceDecl>(ed->getDeclContext()))
      outer = ns->getNameAsString();
    if (!names(ed->getNameAsString()) && !(!ed->isScoped() && names(outer)))
      return std::nullopt;
    name = text.substr(colon + 2);
  }
  bool isUnsigned = ed->getIntegerType()->isUnsignedIntegerType();
  auto valueOf = [&](const EnumConstantDecl *c) {
    const llvm::APSInt &v = c->getInitVal();
    return Value::makeInt(v.isSigned() ? v.getSExtValue()
                                       : int64_t(v.getZExtValue()),
                          isUnsigned && v.getBitWidth() == 64);
  };
  // An exact name first: `x` is `x`, even when `x_` also exists.
  for (const EnumConstantDecl *c : ed->enumerators())
    if (c->getNameAsString() == name)
      return valueOf(c);
  for (const EnumConstantDecl *c : ed->enumerators())
    if (pythonName(c) == name)
      return valueOf(c);
  llvm::StringRef s(text);
  bool neg = s.consume_front("-");
  if (!neg)
    s.consume_front("+"); // as for integer parameters
  uint64_t u;
  if (s.empty() || s.getAsInteger(0, u))
    return std::nullopt;
  __int128 want = neg ? -__int128(u) : __int128(u);
  for (const EnumConstantDecl *c : ed->enumerators()) {
    const llvm::APSInt &v = c->getInitVal();
    __int128 have =
        v.isSigned() ? __int128(v.getSExtValue()) : __int128(v.getZExtValue());
    if (have == want)
      return valueOf(c);
  }
  return std::nullopt;
}

bool isSettableType(QualType t, const ASTContext &ctx) {
  if (t->isBooleanType())
    return true;
  // float and double: the floating types algorithm code computes with
  // (long double and the extended types are errors there).
  if (t->isRealFloatingType())
    return t->isSpecificBuiltinType(BuiltinType::Float) ||
           t->isSpecificBuiltinType(BuiltinType::Double);
  // -P parses into at most 64 bits (__int128 and _BitInt(N > 64) are
  // kept at their defaults).
  if (t->isIntegerType())
    return t->getAsTagDecl() // an enum: its underlying integer
               ? true
               : ctx.getIntWidth(t) <= 64;
  auto cls = Evaluator::classifyStd(t->getAsCXXRecordDecl());
  return cls == Evaluator::StdClass::String ||
         cls == Evaluator::StdClass::StringView;
}

// Whether -P can set a parameter of (canonical, non-reference) type `t`:
// an enum with its enumerators known, or a type isSettableType takes.
static bool settableWithP(QualType t, const ASTContext &ctx) {
  if (const auto *et = t->getAs<EnumType>())
    return et->getDecl()->getDefinition() != nullptr;
  return isSettableType(t, ctx);
}

// The values an integer type of at most 64 bits holds.
std::pair<__int128, __int128> integerRange(QualType t, const ASTContext &ctx) {
  unsigned width = unsigned(ctx.getIntWidth(t));
  if (t->isSignedIntegerType())
    return {-(__int128(1) << (width - 1)), (__int128(1) << (width - 1)) - 1};
  return {0, (__int128(1) << width) - 1};
}

std::string integerText(__int128 v) {
  return v < 0 ? std::to_string(int64_t(v)) : std::to_string(uint64_t(v));
}

std::optional<Value> parseParam(const std::string &text, QualType t,
                                ASTContext &ctx) {
  if (t->isBooleanType()) {
    if (text == "true" || text == "1" || text == "True")
      return Value::makeInt(1);
    if (text == "false" || text == "0" || text == "False")
      return Value::makeInt(0);
    return std::nullopt;
  }
  if (t->isIntegerType()) {
    // A sign, as C++ and Python's int() take it (`-P n=+4`).
    bool neg = !text.empty() && text[0] == '-';
    llvm::StringRef s(text);
    if (neg || (!text.empty() && text[0] == '+'))
      s = s.drop_front();
    uint64_t u;
    // getAsInteger with radix 0 accepts 0x.. and 0.. prefixes.
    if (s.empty() || s.getAsInteger(0, u))
      return std::nullopt;
    __int128 v = neg ? -__int128(u) : __int128(u);
    auto [lo, hi] = integerRange(t, ctx);
    if (v < lo || v > hi)
      return std::nullopt;
    return Value::makeInt(int64_t(v), !t->isSignedIntegerType() &&
                                          ctx.getIntWidth(t) == 64);
  }
  if (t->isRealFloatingType()) {
    // All of the text a C literal (or Python's float()) reads, rounded
    // once, to the parameter's type: a float gets the float nearest the
    // value, as the literal 0.1f does. Finite values only: `inf`, `nan`
    // and a value beyond the type's range (1e999, or 1e39 for a float)
    // would reach the algorithm as infinities, which no rank count or
    // chunk size is made from. A value too small for the type is zero.
    if (text.empty() || std::isspace(static_cast<unsigned char>(text[0])))
      return std::nullopt;
    const char *begin = text.c_str();
    char *end = nullptr;
    double d;
    if (t->isSpecificBuiltinType(BuiltinType::Float))
      d = std::strtof(begin, &end);
    else
      d = std::strtod(begin, &end);
    if (end != begin + text.size() || !std::isfinite(d))
      return std::nullopt;
    return Value::makeFloat(d);
  }
  if (const auto *rd = t->getAsCXXRecordDecl()) {
    auto cls = Evaluator::classifyStd(rd);
    if (cls == Evaluator::StdClass::String ||
        cls == Evaluator::StdClass::StringView)
      return Value::makeString(text);
  }
  return std::nullopt;
}

// The named namespaces around fn, innermost first.
std::vector<const NamespaceDecl *>
namedNamespacesAround(const FunctionDecl *fn) {
  std::vector<const NamespaceDecl *> around;
  for (const DeclContext *dc = fn->getDeclContext(); dc; dc = dc->getParent())
    if (const auto *ns = dyn_cast<NamespaceDecl>(dc))
      if (!ns->isAnonymousNamespace())
        around.push_back(ns);
  return around;
}

// fn's name qualified by `around`, leaving out the inline namespaces whose
// bit is set in `skipped` (bit k: the k-th inline one, innermost first).
std::string qualifiedName(const FunctionDecl *fn,
                          llvm::ArrayRef<const NamespaceDecl *> around,
                          uint32_t skipped) {
  std::string name = fn->getNameAsString();
  size_t k = 0;
  for (const NamespaceDecl *ns : around) {
    if (ns->isInline()) {
      bool skip = (skipped >> std::min<size_t>(k, 31)) & 1;
      ++k;
      if (skip)
        continue;
    }
    name = ns->getNameAsString() + "::" + name;
  }
  return name;
}

} // namespace

std::string algorithmName(const FunctionDecl *fn) {
  return qualifiedName(fn, namedNamespacesAround(fn), 0);
}

std::vector<std::string> algorithmNameSpellings(const FunctionDecl *fn) {
  std::vector<const NamespaceDecl *> around = namedNamespacesAround(fn);
  size_t inlineCount = llvm::count_if(
      around, [](const NamespaceDecl *ns) { return ns->isInline(); });
  // Bit k of `skipped` leaves out the k-th inline namespace; past a few
  // of them, only all or none (nobody nests more).
  std::vector<uint32_t> masks;
  if (inlineCount <= 4)
    for (uint32_t m = 0; m < (1u << inlineCount); ++m)
      masks.push_back(m);
  else
    masks = {0, ~0u};
  std::vector<std::string> names;
  for (uint32_t skipped : masks) {
    std::string name = qualifiedName(fn, around, skipped);
    if (llvm::find(names, name) == names.end())
      names.push_back(std::move(name));
  }
  return names;
}

AlgorithmInfo describeAlgorithm(const FunctionDecl *fn, ASTContext &ctx,
                                const Evaluator::LocationMapper &mapLoc) {
  const SourceManager &sm = ctx.getSourceManager();
  AlgorithmInfo info;
  info.name = algorithmName(fn);
  info.loc = mapLoc(fn->getLocation());
  for (const ParmVarDecl *p : fn->parameters()) {
    AlgorithmParameter param;
    param.name = p->getNameAsString();
    param.type = describeType(p->getType(), ctx);
    if (p->hasDefaultArg() && !p->hasUninstantiatedDefaultArg()) {
      CharSourceRange range =
          CharSourceRange::getTokenRange(p->getDefaultArgRange());
      // A braced default's range starts at its '=' (`v = {1}`). A
      // default made by a macro has no text of its own here: print
      // the expression instead.
      llvm::StringRef text =
          Lexer::getSourceText(range, sm, ctx.getLangOpts()).trim();
      if (text.consume_front("="))
        text = text.ltrim();
      std::string shown = text.str();
      if (shown.empty()) {
        llvm::raw_string_ostream os(shown);
        p->getDefaultArg()->printPretty(os, nullptr, ctx.getPrintingPolicy());
      }
      param.defaultValue = oneLine(shown);
      param.hasDefault = true;
    }
    QualType t = p->getType().getNonReferenceType().getCanonicalType();
    param.settable = settableWithP(t, ctx);
    if (const auto *et = t->getAs<EnumType>())
      if (const EnumDecl *ed = et->getDecl()->getDefinition())
        for (const EnumConstantDecl *c : ed->enumerators())
          param.enumerators.push_back(c->getNameAsString());
    info.parameters.push_back(std::move(param));
  }
  return info;
}

bool bindParameters(
    const FunctionDecl *fn,
    const std::vector<std::pair<std::string, std::string>> &params,
    Evaluator &eval, DiagnosticSink &sink,
    const Evaluator::LocationMapper &mapLoc, ValueList &args) {
  // One line: a message is printed with its control characters escaped.
  std::string list;
  for (const ParmVarDecl *p : fn->parameters()) {
    list += (list.empty() ? " " : ", ") + p->getNameAsString() + " (" +
            describeType(p->getType(), p->getASTContext()) + ")";
  }
  for (const auto &[name, value] : params) {
    bool found = false;
    for (const ParmVarDecl *p : fn->parameters())
      if (p->getNameAsString() == name)
        found = true;
    if (!found) {
      sink.report(diag::err_unknown_parameter, mapLoc(fn->getLocation()),
                  {name, algorithmName(fn),
                   list.empty() ? std::string(" (none)") : list});
      return false;
    }
  }
  for (const ParmVarDecl *p : fn->parameters()) {
    const std::string pname = p->getNameAsString();
    const std::string *given = nullptr;
    for (const auto &[name, value] : params)
      if (name == pname)
        given = &value;
    QualType t = p->getType().getNonReferenceType().getCanonicalType();
    if (!given) {
      if (!p->hasDefaultArg()) {
        // -P can set only some types: for the others the fix is a default.
        if (settableWithP(t, p->getASTContext()))
          sink.report(diag::err_parameter_no_default, mapLoc(p->getLocation()),
                      {pname});
        else
          sink.report(diag::err_parameter_no_default_not_settable,
                      mapLoc(p->getLocation()),
                      {pname, describeType(p->getType(), p->getASTContext())});
        return false;
      }
      // A default argument's warnings (an implicit truncation) are
      // reported as they arise: before a later parameter's error.
      auto reportWarnings = [&] {
        for (Diagnostic &w : eval.takeWarnings())
          sink.emit(std::move(w));
      };
      try {
        args.push_back(
            eval.evaluateExpression(p->getDefaultArg(), p->getType()));
      } catch (DiagnosticError &e) {
        reportWarnings();
        sink.emit(std::move(e.diag));
        return false;
      }
      reportWarnings();
      continue;
    }
    if (const auto *et = t->getAs<EnumType>()) {
      std::optional<Value> v = parseEnumParam(*given, et->getDecl());
      if (!v) {
        sink.report(diag::err_parameter_bad_enum, mapLoc(p->getLocation()),
                    {*given, pname,
                     describeType(p->getType(), p->getASTContext()),
                     enumeratorList(et->getDecl())});
        return false;
      }
      args.push_back(std::move(*v));
      continue;
    }
    if (!isSettableType(t, p->getASTContext())) {
      sink.report(diag::err_parameter_not_settable, mapLoc(p->getLocation()),
                  {pname, describeType(p->getType(), p->getASTContext())});
      return false;
    }
    std::optional<Value> v = parseParam(*given, t, p->getASTContext());
    if (!v) {
      auto d = sink.report(
          diag::err_parameter_bad_value, mapLoc(p->getLocation()),
          {*given, pname, describeType(p->getType(), p->getASTContext())});
      // What the type takes: its range (and the literal forms), or the
      // spellings of a bool.
      if (t->isBooleanType()) {
        d.note(diag::note_parameter_bool_values, mapLoc(p->getLocation()));
      } else if (t->isIntegerType()) {
        const ASTContext &ctx = p->getASTContext();
        auto [lo, hi] = integerRange(t, ctx);
        d.note(diag::note_parameter_integer_values, mapLoc(p->getLocation()),
               {describeType(p->getType(), ctx), integerText(lo),
                integerText(hi)});
      } else if (t->isRealFloatingType()) {
        const bool isFloat = t->isSpecificBuiltinType(BuiltinType::Float);
        d.note(diag::note_parameter_float_values, mapLoc(p->getLocation()),
               {describeType(p->getType(), p->getASTContext()),
                isFloat ? "3.40282e+38" : "1.79769e+308"});
      }
      return false;
    }
    args.push_back(std::move(*v));
  }
  return true;
}

} // namespace mscclc::frontend
