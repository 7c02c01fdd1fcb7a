//===- Frontend.cpp - Clang LibTooling driver for algorithm files --------===//
//
// Builds a Clang invocation (C++20, the DSL header's directory, the resource
// directory for builtin headers, the user's -D/-I), finds the algorithm, binds
// parameters and evaluates it. All user-facing errors go through Clang's
// DiagnosticsEngine, so they print as `file:line:col: error:` with a caret
// and work with `-verify`.
//
//===----------------------------------------------------------------------===//
#include "mscclc/frontend/Frontend.h"

#include "Evaluator.h"
#include "ProgramBuilder.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <unistd.h>

#ifndef MSCCLC_CLANG_RESOURCE_DIR
#define MSCCLC_CLANG_RESOURCE_DIR ""
#endif
#ifndef MSCCLC_SOURCE_INCLUDE_DIR
#define MSCCLC_SOURCE_INCLUDE_DIR ""
#endif

using namespace clang;

namespace mscclc::frontend {

std::string dslIncludeDir() {
  if (const char *env = std::getenv("MSCCLC_INCLUDE_DIR"))
    return env;
  char buf[4096];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
  if (n > 0) {
    buf[n] = 0;
    llvm::SmallString<256> dir(llvm::sys::path::parent_path(buf));
    llvm::SmallString<256> installed(dir);
    llvm::sys::path::append(installed, "..", "include", "mscclpp", "dsl.hpp");
    if (llvm::sys::fs::exists(installed)) {
      llvm::sys::path::append(dir, "..", "include");
      return std::string(dir);
    }
  }
  return MSCCLC_SOURCE_INCLUDE_DIR;
}

namespace {

// Reports IR-level diagnostics through Clang, mapping locations back.
class ClangDiagnosticSink : public DiagnosticSink {
public:
  explicit ClangDiagnosticSink(DiagnosticsEngine &diags) : diags_(diags) {}
  void report(Severity severity, mscclc::SourceLocation loc,
              const std::string &message,
              const std::vector<DiagNote> &notes) override {
    DiagnosticsEngine::Level level = DiagnosticsEngine::Error;
    switch (severity) {
    case Severity::Error:
      level = DiagnosticsEngine::Error;
      break;
    case Severity::Warning:
      level = DiagnosticsEngine::Warning;
      break;
    case Severity::Note:
      level = DiagnosticsEngine::Note;
      break;
    case Severity::Remark:
      level = DiagnosticsEngine::Remark;
      break;
    }
    emit(level, loc, message);
    for (const auto &n : notes)
      emit(DiagnosticsEngine::Note, n.loc, n.message);
  }
  void emit(DiagnosticsEngine::Level level, mscclc::SourceLocation loc,
            const std::string &message) {
    unsigned id = diags_.getCustomDiagID(level, "%0");
    clang::SourceLocation cl =
        loc.rawClangLoc
            ? clang::SourceLocation::getFromRawEncoding(loc.rawClangLoc)
            : clang::SourceLocation();
    diags_.Report(cl, id) << message;
  }

private:
  DiagnosticsEngine &diags_;
};

class AlgorithmConsumer : public ASTConsumer {
public:
  AlgorithmConsumer(const FrontendOptions &opts, const ProgramConsumer &consume,
                    CompilerInstance &ci, bool &committed)
      : opts_(opts), consume_(consume), ci_(ci), committed_(committed) {}

  void HandleTranslationUnit(ASTContext &ctx) override {
    auto t0 = std::chrono::steady_clock::now();
    DiagnosticsEngine &diags = ci_.getDiagnostics();
    if (diags.hasErrorOccurred())
      return;
    ClangDiagnosticSink sink(diags);
    sink.setWarningsAsErrors(opts_.warningsAsErrors);
    SourceManager &sm = ctx.getSourceManager();
    auto mapLoc = [&sm](clang::SourceLocation l) {
      mscclc::SourceLocation out;
      if (l.isInvalid())
        return out;
      PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(l));
      if (p.isInvalid())
        return out;
      out.fileId = 0;
      out.line = p.getLine();
      out.column = p.getColumn();
      out.rawClangLoc = l.getRawEncoding();
      return out;
    };

    // Find algorithm functions defined in the main file.
    std::vector<const FunctionDecl *> algos;
    collect(ctx.getTranslationUnitDecl(), sm, algos);
    clang::SourceLocation fileStart =
        sm.getLocForStartOfFile(sm.getMainFileID());
    auto listNames = [&]() {
      std::string s;
      for (const auto *f : algos)
        s += (s.empty() ? "" : ", ") + f->getNameAsString();
      return s;
    };
    if (algos.empty()) {
      sink.error(mapLoc(fileStart),
                 "no algorithm in this file: mark the algorithm function "
                 "with MSCCLPP_ALGORITHM");
      return;
    }
    const FunctionDecl *fn = nullptr;
    if (opts_.algorithm) {
      for (const auto *f : algos)
        if (f->getNameAsString() == *opts_.algorithm)
          fn = f;
      if (!fn) {
        sink.error(mapLoc(fileStart),
                   "no algorithm named '" + *opts_.algorithm +
                       "' in this file; it defines: " + listNames());
        return;
      }
    } else if (algos.size() > 1) {
      sink.error(mapLoc(algos[1]->getLocation()),
                 "this file defines several algorithms (" + listNames() +
                     "); choose one with --algo NAME");
      return;
    } else {
      fn = algos[0];
    }
    if (!fn->getReturnType()->isVoidType()) {
      sink.error(mapLoc(fn->getLocation()),
                 "an algorithm function must return void");
      return;
    }

    ProgramBuilder builder(ProgramBuilder::Limits{}, opts_.sharedBarriers);
    EvalLimits limits;
    limits.maxSteps = opts_.maxSteps;
    limits.maxCallDepth = opts_.maxCallDepth;
    limits.maxContainerElements = opts_.maxContainerElements;
    Evaluator eval(ctx, builder, limits, mapLoc);

    auto reportEval = [&](const EvalError &e) {
      unsigned id = diags.getCustomDiagID(DiagnosticsEngine::Error, "%0");
      diags.Report(e.loc, id) << e.message;
      for (const auto &n : e.notes) {
        unsigned nid = diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
        diags.Report(n.first, nid) << n.second;
      }
      for (const auto &n : e.irNotes)
        sink.emit(DiagnosticsEngine::Note, n.loc, n.message);
    };

    std::vector<Value> args;
    if (!bindParameters(fn, eval, args, sink, mapLoc))
      return;
    try {
      eval.run(fn, std::move(args));
    } catch (const EvalError &e) {
      reportEval(e);
      return;
    }
    if (!builder.hasProgram()) {
      sink.error(mapLoc(fn->getLocation()),
                 "algorithm '" + fn->getNameAsString() +
                     "' did not create a CollectiveProgram");
      return;
    }
    chunk::Program program = builder.takeProgram();
    if (diags.hasErrorOccurred())
      return;
    size_t recordedOps = opts_.timePhases ? chunk::countOps(program) : 0;
    auto t1 = std::chrono::steady_clock::now();
    committed_ = consume_(program, sink);
    auto t2 = std::chrono::steady_clock::now();
    if (opts_.timePhases) {
      auto ms = [](auto a, auto b) {
        return std::chrono::duration<double, std::milli>(b - a).count();
      };
      llvm::errs() << "time: evaluate " << ms(t0, t1) << " ms (" << eval.steps()
                   << " steps, recorded " << recordedOps
                   << " ops), passes+output " << ms(t1, t2) << " ms\n";
    }
  }

private:
  void collect(const DeclContext *dc, const SourceManager &sm,
               std::vector<const FunctionDecl *> &out) {
    // noload_decls: only what this file declared; walking everything would
    // deserialise the whole precompiled standard library.
    for (const Decl *d : dc->noload_decls()) {
      if (const auto *ns = dyn_cast<NamespaceDecl>(d)) {
        collect(ns, sm, out);
        continue;
      }
      if (const auto *ls = dyn_cast<LinkageSpecDecl>(d)) {
        collect(ls, sm, out);
        continue;
      }
      const auto *fd = dyn_cast<FunctionDecl>(d);
      if (!fd || !fd->doesThisDeclarationHaveABody())
        continue;
      if (!sm.isInMainFile(sm.getExpansionLoc(fd->getLocation())))
        continue;
      for (const auto *a : fd->specific_attrs<AnnotateAttr>())
        if (a->getAnnotation() == "mscclpp.algorithm")
          out.push_back(fd);
    }
  }

  static std::string describeType(QualType t, const ASTContext &ctx) {
    return t.getUnqualifiedType().getAsString(ctx.getPrintingPolicy());
  }

  bool bindParameters(const FunctionDecl *fn, Evaluator &eval,
                      std::vector<Value> &args, ClangDiagnosticSink &sink,
                      const Evaluator::LocationMapper &mapLoc) {
    std::string list;
    for (const ParmVarDecl *p : fn->parameters()) {
      list += "\n  " + p->getNameAsString() + " (" +
              describeType(p->getType(), p->getASTContext()) + ")";
    }
    for (const auto &[name, value] : opts_.params) {
      bool found = false;
      for (const ParmVarDecl *p : fn->parameters())
        if (p->getNameAsString() == name)
          found = true;
      if (!found) {
        sink.error(mapLoc(fn->getLocation()),
                   "unknown parameter '" + name + "' for algorithm '" +
                       fn->getNameAsString() + "'; its parameters are:" +
                       (list.empty() ? std::string(" (none)") : list));
        return false;
      }
    }
    for (const ParmVarDecl *p : fn->parameters()) {
      const std::string pname = p->getNameAsString();
      const std::string *given = nullptr;
      for (const auto &[name, value] : opts_.params)
        if (name == pname)
          given = &value;
      QualType t = p->getType().getNonReferenceType().getCanonicalType();
      if (!given) {
        if (!p->hasDefaultArg()) {
          sink.error(mapLoc(p->getLocation()),
                     "parameter '" + pname +
                         "' has no default value; pass -P " + pname + "=VALUE");
          return false;
        }
        try {
          args.push_back(evalDefault(eval, p));
        } catch (const EvalError &e) {
          sink.error(mapLoc(e.loc), e.message);
          return false;
        }
        continue;
      }
      if (!isSettableType(t)) {
        sink.error(mapLoc(p->getLocation()),
                   "parameter '" + pname + "' of type '" +
                       describeType(p->getType(), p->getASTContext()) +
                       "' cannot be set with -P; only integer, bool, "
                       "floating-point and string parameters can (keep its "
                       "default or change it in the source)");
        return false;
      }
      std::optional<Value> v = parseParam(*given, t, p->getASTContext());
      if (!v) {
        sink.error(mapLoc(p->getLocation()),
                   "invalid value '" + *given + "' for parameter '" + pname +
                       "' of type '" +
                       describeType(p->getType(), p->getASTContext()) + "'");
        return false;
      }
      args.push_back(std::move(*v));
    }
    return true;
  }

  Value evalDefault(Evaluator &eval, const ParmVarDecl *p) {
    return eval.evaluateExpression(p->getDefaultArg(), p->getType());
  }

  static bool isSettableType(QualType t) {
    if (t->isBooleanType() || t->isIntegerType() || t->isRealFloatingType())
      return true;
    auto cls = Evaluator::classifyStd(t->getAsCXXRecordDecl());
    return cls == Evaluator::StdClass::String ||
           cls == Evaluator::StdClass::StringView;
  }

  static std::optional<Value> parseParam(const std::string &text, QualType t,
                                         ASTContext &ctx) {
    if (t->isBooleanType()) {
      if (text == "true" || text == "1" || text == "True")
        return Value::makeInt(1);
      if (text == "false" || text == "0" || text == "False")
        return Value::makeInt(0);
      return std::nullopt;
    }
    if (t->isIntegerType()) {
      bool neg = !text.empty() && text[0] == '-';
      llvm::StringRef s(text);
      if (neg)
        s = s.drop_front();
      uint64_t u;
      // getAsInteger with radix 0 accepts 0x.. and 0.. prefixes.
      if (s.empty() || s.getAsInteger(0, u))
        return std::nullopt;
      unsigned width = unsigned(ctx.getIntWidth(t));
      bool isSigned = t->isSignedIntegerType();
      __int128 v = neg ? -__int128(u) : __int128(u);
      __int128 lo = isSigned ? -(__int128(1) << (width - 1)) : 0;
      __int128 hi = isSigned ? (__int128(1) << (width - 1)) - 1
                             : (__int128(1) << width) - 1;
      if (v < lo || v > hi)
        return std::nullopt;
      return Value::makeInt(int64_t(v), !isSigned && width == 64);
    }
    if (t->isRealFloatingType()) {
      double d;
      if (llvm::StringRef(text).getAsDouble(d))
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

  const FrontendOptions &opts_;
  const ProgramConsumer &consume_;
  CompilerInstance &ci_;
  bool &committed_;
};

class AlgorithmAction : public ASTFrontendAction {
public:
  AlgorithmAction(const FrontendOptions &opts, const ProgramConsumer &consume,
                  bool &committed)
      : opts_(opts), consume_(consume), committed_(committed) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci,
                                                 llvm::StringRef) override {
    return std::make_unique<AlgorithmConsumer>(opts_, consume_, ci, committed_);
  }

private:
  const FrontendOptions &opts_;
  const ProgramConsumer &consume_;
  bool &committed_;
};

class AlgorithmActionFactory : public tooling::FrontendActionFactory {
public:
  AlgorithmActionFactory(const FrontendOptions &opts,
                         const ProgramConsumer &consume, bool &committed)
      : opts_(opts), consume_(consume), committed_(committed) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<AlgorithmAction>(opts_, consume_, committed_);
  }

private:
  const FrontendOptions &opts_;
  const ProgramConsumer &consume_;
  bool &committed_;
};

} // namespace

namespace {

class SkipBodiesPchAction : public GeneratePCHAction {
public:
  explicit SkipBodiesPchAction(std::string out) : out_(std::move(out)) {}
  bool BeginInvocation(CompilerInstance &ci) override {
    ci.getFrontendOpts().SkipFunctionBodies = true;
    ci.getFrontendOpts().OutputFile = out_;
    return GeneratePCHAction::BeginInvocation(ci);
  }

private:
  std::string out_;
};

class SkipBodiesPchFactory : public tooling::FrontendActionFactory {
public:
  explicit SkipBodiesPchFactory(std::string out) : out_(std::move(out)) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<SkipBodiesPchAction>(out_);
  }

private:
  std::string out_;
};

// The DSL header pulls in <vector>, <map>, <optional> and <string_view>;
// parsing them costs most of a small compile. mscclc therefore keeps a
// precompiled header of <mscclpp/dsl.hpp> in a cache directory, keyed by the
// header's contents and the flags that shape it, built once with clang-19 and
// validated before first use. Any failure simply means no PCH.
std::string cacheDir() {
  if (const char *d = std::getenv("MSCCLC_CACHE_DIR"))
    return d;
  if (const char *x = std::getenv("XDG_CACHE_HOME"); x && *x)
    return std::string(x) + "/mscclc";
  if (const char *h = std::getenv("HOME"); h && *h)
    return std::string(h) + "/.cache/mscclc";
  return "";
}

std::optional<std::string>
precompiledDslHeader(const std::vector<std::string> &baseArgs) {
  if (std::getenv("MSCCLC_NO_PCH"))
    return std::nullopt;
  std::string header = dslIncludeDir() + "/mscclpp/dsl.hpp";
  auto buf = llvm::MemoryBuffer::getFile(header);
  if (!buf)
    return std::nullopt;
  llvm::sys::fs::file_status st;
  if (llvm::sys::fs::status(header, st))
    return std::nullopt;
  std::string keyText = (*buf)->getBuffer().str();
  for (const auto &a : baseArgs)
    keyText += "\n" + a;
  keyText +=
      "\n" +
      std::to_string(st.getLastModificationTime().time_since_epoch().count());
  keyText += "\npch-format: skip-function-bodies v1";
  uint64_t key = llvm::xxh3_64bits(llvm::StringRef(keyText));
  std::string dir = cacheDir();
  if (dir.empty() || llvm::sys::fs::create_directories(dir))
    return std::nullopt;
  char name[64];
  snprintf(name, sizeof(name), "/dsl-%016llx.pch", (unsigned long long)key);
  std::string pch = dir + name;
  if (llvm::sys::fs::exists(pch + ".bad"))
    return std::nullopt;
  // A PCH is used only if it is exactly the file that passed validation.
  auto recordedSize = [&]() -> uint64_t {
    std::ifstream in(pch + ".ok");
    uint64_t n = 0;
    return in >> n ? n : 0;
  };
  uint64_t size = 0;
  if (!llvm::sys::fs::file_size(pch, size) && size > 0 &&
      size == recordedSize())
    return pch;

  // Build it in-process (to a temporary name, then rename: concurrent
  // compiles are safe). Function bodies of the headers are skipped, as
  // clangd does for preambles: mscclc implements the library calls it
  // supports itself, and skipping them saves both the PCH load and the
  // instantiation of every standard-library member the algorithm uses.
  std::string tmp = pch + ".tmp." + std::to_string(getpid());
  {
    std::vector<std::string> args = baseArgs;
    args.push_back("-xc++-header");
    tooling::FixedCompilationDatabase db(".", args);
    tooling::ClangTool tool(db, {header});
    tool.setPrintErrorMessage(false);
    IgnoringDiagConsumer quiet;
    tool.setDiagnosticConsumer(&quiet);
    SkipBodiesPchFactory factory(tmp);
    if (tool.run(&factory) != 0 || !llvm::sys::fs::exists(tmp)) {
      llvm::sys::fs::remove(tmp);
      return std::nullopt;
    }
  }
  // Validate: an empty translation unit must compile with it.
  std::vector<std::string> probe = baseArgs;
  probe.push_back("-include-pch");
  probe.push_back(tmp);
  bool valid;
  {
    tooling::FixedCompilationDatabase db(".", probe);
    tooling::ClangTool tool(db, {"mscclc-pch-probe.cpp"});
    tool.mapVirtualFile("mscclc-pch-probe.cpp", "int mscclc_probe;\n");
    tool.setPrintErrorMessage(false);
    IgnoringDiagConsumer quiet;
    tool.setDiagnosticConsumer(&quiet);
    auto factory = tooling::newFrontendActionFactory<SyntaxOnlyAction>();
    valid = tool.run(factory.get()) == 0;
  }
  if (!valid) {
    llvm::sys::fs::remove(tmp);
    std::ofstream(pch + ".bad") << "clang could not use this PCH\n";
    return std::nullopt;
  }
  if (llvm::sys::fs::file_size(tmp, size) || llvm::sys::fs::rename(tmp, pch)) {
    llvm::sys::fs::remove(tmp);
    return std::nullopt;
  }
  std::string okTmp = pch + ".ok.tmp." + std::to_string(getpid());
  std::ofstream(okTmp) << size << "\n";
  llvm::sys::fs::rename(okTmp, pch + ".ok");
  return pch;
}

} // namespace

int compileAlgorithmFile(const FrontendOptions &options,
                         const ProgramConsumer &consume) {
  std::vector<std::string> args = {"-std=c++20", "-fsyntax-only",
                                   "-Wno-unused-parameter"};
  if (std::string res = MSCCLC_CLANG_RESOURCE_DIR; !res.empty()) {
    args.push_back("-resource-dir");
    args.push_back(res);
  }
  args.push_back("-isystem");
  args.push_back(dslIncludeDir());
  args.push_back("-D__MSCCLC__=1");
  if (auto pch = precompiledDslHeader(args)) {
    args.push_back("-include-pch");
    args.push_back(*pch);
  }
  for (const auto &d : options.defines)
    args.push_back("-D" + d);
  for (const auto &u : options.undefines)
    args.push_back("-U" + u);
  for (const auto &i : options.includeDirs)
    args.push_back("-I" + i);
  if (options.verify) {
    args.push_back("-Xclang");
    args.push_back("-verify");
  }
  if (options.warningsAsErrors)
    args.push_back("-Werror");
  tooling::FixedCompilationDatabase db(".", args);
  tooling::ClangTool tool(db, {options.inputFile});
  // Our diagnostics already say what went wrong.
  tool.setPrintErrorMessage(false);
  bool committed = false;
  AlgorithmActionFactory factory(options, consume, committed);
  auto start = std::chrono::steady_clock::now();
  int rc = tool.run(&factory);
  if (options.timePhases)
    llvm::errs() << "time: total front end + pipeline "
                 << std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - start)
                        .count()
                 << " ms\n";
  if (rc != 0)
    return 1;
  if (options.verify)
    return 0;
  return committed ? 0 : 1;
}

} // namespace mscclc::frontend
