//===- Frontend.cpp - Clang LibTooling driver for algorithm files --------===//
//
// Builds a Clang invocation (C++20, the DSL header's directory, the resource
// directory for builtin headers, the user's -D/-I), finds the algorithm, binds
// parameters and evaluates it. Clang's own diagnostics are forwarded to the
// DiagnosticSink, and the DiagnosticErrors the evaluator throws are emitted
// to it here, so every message prints as `file:line:col: error:` with a
// caret and works with `-verify`.
//
//===----------------------------------------------------------------------===//
#include "mscclc/frontend/Frontend.h"

#include "AlgorithmParameters.h"
#include "Evaluator.h"
#include "GuardedFileSystem.h"
#include "PchCache.h"
#include "SpellingSuggestions.h"
#include "mscclc/frontend/ProgramBuilder.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclFriend.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticAST.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Sema/Sema.h"
#include "clang/Serialization/ASTReader.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include "mscclc/support/HeapReservation.h"
#include "mscclc/support/PhaseTimes.h"
#include "mscclc/support/ResourceLimits.h"

#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <malloc.h>
#include <map>
#include <mutex>
#include <optional>
#include <pthread.h>
#include <set>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MSCCLC_CLANG_RESOURCE_DIR
#define MSCCLC_CLANG_RESOURCE_DIR ""
#endif
#ifndef MSCCLC_SOURCE_INCLUDE_DIR
#define MSCCLC_SOURCE_INCLUDE_DIR ""
#endif

using namespace clang;

namespace mscclc::frontend {

bool FrontendOptions::leavesMemoryToExit() const {
  return skipClangTeardown && !support::SanitizerBuild;
}

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

constexpr unsigned FrontendStackBytes = 512u << 20;
// The least stack the front end runs with under a memory limit.
constexpr size_t MinFrontendStackBytes = size_t(16) << 20;
// Room a limit must leave for the heap before the whole stack is taken.
constexpr uint64_t HeapRoomBytes = uint64_t(256) << 20;

// The front end thread's stack: FrontendStackBytes, or less where a limit
// on the process's address space (ulimit -v) or data (ulimit -d, or the
// ceiling --max-memory sets) would not leave room for it and a heap, and
// the thread could not start. Then half of what the limit
// leaves. 0 when not even MinFrontendStackBytes fit; `limitMiB` is the
// limit that decided.
size_t frontendStackBytes(uint64_t &limitMiB) {
  size_t stack = FrontendStackBytes;
  const support::MemoryRoom room = support::memoryRoom();
  if (!room.known)
    return stack;
  const uint64_t page = uint64_t(sysconf(_SC_PAGESIZE));
  auto fit = [&](const support::LimitRoom &limit) {
    if (!limit.set ||
        limit.roomBytes >= uint64_t(FrontendStackBytes) + HeapRoomBytes ||
        limit.roomBytes / 2 >= stack)
      return;
    stack = size_t(limit.roomBytes / 2) & ~size_t(page - 1);
    limitMiB = limit.limitBytes >> 20;
  };
  fit(room.addressSpace);
  fit(room.data);
  return stack >= MinFrontendStackBytes ? stack : 0;
}

// The preprocessor's budget: tokens after macro expansion. The DSL header
// comes precompiled, so algorithm files use a tiny fraction of it; a macro
// that expands exponentially exhausts it in seconds rather than running
// for hours.
constexpr uint64_t MaxTokens = 20'000'000;
constexpr unsigned MaxIdentifierLength = 4096;

// Where Clang is working, for the messages of limits hit inside it (the
// token budget, the memory ceiling): the last token it lexed.
struct ClangProgress {
  const SourceManager *sm = nullptr;
  clang::SourceLocation lastToken;
  uint64_t tokens = 0;
  // Set while a source file is being compiled: spelling suggestions
  // consult its Sema.
  CompilerInstance *compiler = nullptr;
  // Reports a hard limit hit inside Clang at the last token, like any other
  // error (after a Clang error held for its instantiation context, see
  // ForwardingClangConsumer).
  std::function<void(diag::ID, std::initializer_list<DiagArg>)> reportFatal;
  // --time-phases: Clang set-up, parse and sema, evaluation.
  support::PhaseSequence phases;
  // The front end thread's stack (frontendStackBytes): the evaluator keeps
  // its nesting within a part of it.
  size_t stackBytes = FrontendStackBytes;
  // Gives the result to the caller of runFrontend, which goes on with the
  // passes while this thread frees what the evaluation and Clang leave
  // (FrontendTeardown). After it, nothing here may touch the caller's
  // result, sink or phases.
  std::function<void()> handOff;
};

// Ends the process on a limit hit inside Clang, which cannot be unwound:
// the error is reported where Clang is (the last token it lexed) to the
// front end's sink, as every other diagnostic, and exitNow runs the
// command's closing words (its summary, the json or sarif document).
[[noreturn]] void fatalClangError(const ClangProgress &p, diag::ID id,
                                  std::initializer_list<DiagArg> args = {}) {
  if (p.reportFatal) {
    p.reportFatal(id, args);
    support::exitNow(nullptr, 1);
  }
  // No sink to report to: the message alone, unlocated.
  std::string text =
      "mscclc: error: " +
      formatDiagnostic(diagInfo(id).format, std::vector<DiagArg>(args)) + "\n";
  support::exitNow(text.c_str(), 1);
}

// Macro expansions are counted too: a macro exploding inside #if never
// reaches the parser's token stream.
constexpr uint64_t MaxMacroExpansions = 10'000'000;
class ExpansionBudget : public PPCallbacks {
public:
  explicit ExpansionBudget(ClangProgress &p) : p_(p) {}
  void MacroExpands(const clang::Token &name, const MacroDefinition &,
                    SourceRange, const MacroArgs *) override {
    if (++expansions_ > MaxMacroExpansions) {
      p_.lastToken = name.getLocation();
      fatalClangError(p_, diag::err_clang_macro_expansions,
                      {MaxMacroExpansions});
    }
  }

private:
  ClangProgress &p_;
  uint64_t expansions_ = 0;
};

// The algorithm's undefined behaviour that Clang proves (-Werror=unsequenced,
// -Werror=dangling) must stay an error: a `#pragma clang diagnostic` (or GCC
// diagnostic, or _Pragma) that ignores or demotes a group containing those
// checks is refused where it stands. System headers may do as they like.
class UndefinedBehaviourPragmaGuard : public PPCallbacks {
public:
  explicit UndefinedBehaviourPragmaGuard(CompilerInstance &ci) : ci_(ci) {
    const DiagnosticIDs &ids = *ci.getDiagnostics().getDiagnosticIDs();
    for (llvm::StringRef group : {"unsequenced", "dangling"})
      ids.getDiagnosticsInGroup(clang::diag::Flavor::WarningOrError, group,
                                guarded_);
    ids.getDiagnosticsInGroup(clang::diag::Flavor::WarningOrError, "date-time",
                              reproducible_);
  }

  // `#embed` would read a data file into the program. The guarded file
  // system hands a refused file (a device, a FIFO, one too large) over as
  // an #error line for #include to stop at, which #embed would take as
  // data: refused here, where it stands, whatever the file.
  void EmbedDirective(clang::SourceLocation hash, llvm::StringRef, bool,
                      clang::OptionalFileEntryRef,
                      const clang::LexEmbedParametersResult &) override {
    DiagnosticsEngine &de = ci_.getDiagnostics();
    de.Report(hash, de.getCustomDiagID(
                        DiagnosticsEngine::Error,
                        "#embed is not supported: an algorithm reads no data "
                        "files; write the values in the source, or pass "
                        "them with -P name=value"));
  }
  void PragmaDiagnostic(clang::SourceLocation loc, llvm::StringRef,
                        clang::diag::Severity mapping,
                        llvm::StringRef option) override {
    if (mapping == clang::diag::Severity::Error ||
        mapping == clang::diag::Severity::Fatal || inSystemDirectory(loc))
      return;
    llvm::StringRef group = option;
    if (!group.consume_front("-W"))
      return;
    bool hides = group == "everything", hidesDateTime = hides;
    if (!hides) {
      llvm::SmallVector<clang::diag::kind, 256> inGroup;
      const DiagnosticIDs &ids = *ci_.getDiagnostics().getDiagnosticIDs();
      if (ids.getDiagnosticsInGroup(clang::diag::Flavor::WarningOrError, group,
                                    inGroup))
        return; // not a group Clang knows: it warns about that itself
      for (clang::diag::kind k : inGroup) {
        hides |= llvm::is_contained(guarded_, k);
        hidesDateTime |= llvm::is_contained(reproducible_, k);
      }
    }
    DiagnosticsEngine &de = ci_.getDiagnostics();
    if (hidesDateTime && !hides) {
      de.Report(loc, de.getCustomDiagID(
                         DiagnosticsEngine::Error,
                         "this pragma would turn off Clang's '-W%0' check, "
                         "which mscclc relies on to keep plans reproducible "
                         "(no __DATE__, __TIME__ or __TIMESTAMP__); remove it"))
          << group;
      return;
    }
    if (!hides)
      return;
    de.Report(loc, de.getCustomDiagID(
                       DiagnosticsEngine::Error,
                       "this pragma would turn off Clang's '-W%0' checks, "
                       "which mscclc relies on to reject undefined behaviour "
                       "(unsequenced modifications, dangling references); "
                       "remove it"))
        << group;
  }

private:
  // A header found in a system include directory. Not one that calls
  // itself a system header (#pragma clang system_header, a line marker):
  // a user's file could then silence the checks for the algorithm.
  bool inSystemDirectory(clang::SourceLocation loc) const {
    const clang::SourceManager &sm = ci_.getSourceManager();
    bool invalid = false;
    const clang::SrcMgr::SLocEntry &entry =
        sm.getSLocEntry(sm.getFileID(sm.getExpansionLoc(loc)), &invalid);
    return !invalid && entry.isFile() &&
           clang::SrcMgr::isSystem(entry.getFile().getFileCharacteristic());
  }

  CompilerInstance &ci_;
  llvm::SmallVector<clang::diag::kind, 64> guarded_;
  llvm::SmallVector<clang::diag::kind, 4> reproducible_;
};

// Clang's parser recurses once per nested operator (60,000 unary minuses)
// and has no limit of its own. If the front end's stack runs out anyway, a
// handler on an alternate stack reports it at the last token and ends the
// process cleanly, instead of a crash.
struct StackGuard {
  static inline ClangProgress *progress = nullptr;
  static inline char *stackLow = nullptr, *stackHigh = nullptr;
  static inline struct sigaction previous[2];
  static constexpr size_t AltStackBytes = 256 << 10;
  static inline thread_local void *ownAltStack = nullptr;

  static void onFault(int sig, siginfo_t *info, void *) {
    char *addr = static_cast<char *>(info->si_addr);
    bool overflow = stackLow && addr >= stackLow - (1 << 20) &&
                    addr < stackLow + (64 << 10);
    if (!overflow || !progress) {
      // Not ours: the previous handler (or the default action) takes it
      // when the instruction faults again.
      ::sigaction(sig, &previous[sig == SIGSEGV ? 0 : 1], nullptr);
      return;
    }
    fatalClangError(*progress, diag::err_clang_stack);
  }

  // On the front end's thread, before Clang runs.
  static void install(ClangProgress &p) {
    progress = &p;
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      void *low = nullptr;
      size_t size = 0;
      if (pthread_attr_getstack(&attr, &low, &size) == 0) {
        stackLow = static_cast<char *>(low);
        stackHigh = stackLow + size;
      }
      pthread_attr_destroy(&attr);
    }
    // The handler needs a stack of its own. A sanitizer runtime gives every
    // thread one already (and unmaps it at thread exit): keep that one.
    stack_t current{};
    if (::sigaltstack(nullptr, &current) == 0 &&
        (current.ss_flags & SS_DISABLE)) {
      void *mem = ::mmap(nullptr, AltStackBytes, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (mem != MAP_FAILED) {
        stack_t ss{};
        ss.ss_sp = mem;
        ss.ss_size = AltStackBytes;
        if (::sigaltstack(&ss, nullptr) == 0)
          ownAltStack = mem;
        else
          ::munmap(mem, AltStackBytes);
      }
    }
    struct sigaction sa {};
    sa.sa_sigaction = onFault;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    ::sigaction(SIGSEGV, &sa, &previous[0]);
    ::sigaction(SIGBUS, &sa, &previous[1]);
  }

  // On the front end's thread, when Clang is done.
  static void uninstallStack() {
    if (!ownAltStack)
      return;
    stack_t ss{};
    ss.ss_flags = SS_DISABLE;
    ::sigaltstack(&ss, nullptr);
    ::munmap(ownAltStack, AltStackBytes);
    ownAltStack = nullptr;
  }

  static void remove() {
    ::sigaction(SIGSEGV, &previous[0], nullptr);
    ::sigaction(SIGBUS, &previous[1], nullptr);
    progress = nullptr;
  }
};

void reportClangOutOfMemory(void *context) {
  const auto &p = *static_cast<const ClangProgress *>(context);
  support::MemoryLimitText limit = support::memoryLimitText();
  fatalClangError(p, diag::err_clang_memory_limit,
                  {limit.mib, limit.setBy, limit.raise});
}

// Maps Clang locations to (file table id, line, column), adding each file
// to the table the first time a location points into it. File 0 is the
// algorithm file under the name the user gave.
class LocationTable {
public:
  LocationTable(std::shared_ptr<SourceFiles> files, std::string mainName)
      : files_(std::move(files)), mainName_(std::move(mainName)) {}

  void setSourceManager(const clang::SourceManager *sm) { sm_ = sm; }

  mscclc::SourceLocation map(clang::SourceLocation l) {
    mscclc::SourceLocation out;
    if (!sm_ || l.isInvalid())
      return out;
    // A token of a macro argument is where it is written (`slice` in
    // `WRAP(input.slice(0, 9))`, as Clang points at it), one of a macro's
    // own body where the macro is used.
    clang::SourceLocation e = sm_->getFileLoc(l);
    clang::FileID fid = sm_->getFileID(e);
    if (fid.isInvalid())
      return out;
    auto [it, fresh] = ids_.try_emplace(fid.getHashValue(), -1);
    if (fresh)
      it->second = addFile(fid);
    if (it->second < 0)
      return out;
    bool bad = false;
    unsigned line = sm_->getSpellingLineNumber(e, &bad);
    unsigned col = bad ? 0 : sm_->getSpellingColumnNumber(e, &bad);
    if (bad)
      return out;
    out.fileId = it->second;
    out.line = line;
    out.column = col;
    return out;
  }

private:
  int32_t addFile(clang::FileID fid) {
    bool isMain = fid == sm_->getMainFileID();
    std::string name;
    if (isMain)
      name = mainName_;
    else if (auto ref = sm_->getFileEntryRefForID(fid))
      name = ref->getName().str();
    else
      return -1;
    if (int32_t id = files_->find(name); id >= 0)
      return id;
    std::optional<llvm::StringRef> text = sm_->getBufferDataOrNone(fid);
    return files_->add(name, text ? text->str() : std::string());
  }

  std::shared_ptr<SourceFiles> files_;
  std::string mainName_;
  const clang::SourceManager *sm_ = nullptr;
  llvm::DenseMap<unsigned, int32_t> ids_;
};

// The standard library and the DSL header: an error there is caused by
// the user's line that instantiated it.
bool isLibraryLocation(const clang::SourceManager &sm,
                       clang::SourceLocation l) {
  if (l.isInvalid())
    return false;
  // Where the token was used: a DSL header macro (MSCCLPP_ALGORITHM)
  // expanded in the user's file is the user's.
  l = sm.getExpansionLoc(l);
  if (sm.isInSystemHeader(l))
    return true;
  llvm::StringRef name = sm.getFilename(l);
  static const std::string dslDir = dslIncludeDir();
  return name.starts_with(dslDir);
}

// Clang's notes on its fixed limits name the flag that would raise them or
// show the whole backtrace (-fbracket-depth=N, -ftemplate-depth=N,
// -ftemplate-backtrace-limit=0, ...). mscclc takes no such flag: the note
// says what to change in the algorithm instead, or drops the advice. Notes
// are recognised by Clang's ID, so a change of wording cannot slip past.
std::string withoutClangFlagAdvice(unsigned clangId, llvm::StringRef note) {
  auto kept = [](llvm::StringRef flag) {
    return "mscclc keeps this limit (it takes no " + flag.str() + " option)";
  };
  switch (clangId) {
  case clang::diag::note_bracket_depth:
    return kept("-fbracket-depth") +
           ": split the expression or block into named parts";
  case clang::diag::note_template_recursion_depth:
    return kept("-ftemplate-depth") +
           ": give the recursion a base case, or write it as a loop";
  case clang::diag::note_operator_arrow_depth:
    return kept("-foperator-arrow-depth");
  case clang::diag::note_instantiation_contexts_suppressed:
  case clang::diag::note_constexpr_calls_suppressed:
    // "(skipping 12 contexts in backtrace; use -f...=0 to see all)"
    return (note.take_until([](char c) { return c == ';'; }) + ")").str();
  case clang::diag::note_ovl_too_many_candidates:
    // "remaining 3 candidates omitted; pass -fshow-overloads=all to ..."
    return note.take_until([](char c) { return c == ';'; }).str();
  case clang::diag::note_constexpr_new_exceeds_limits:
    // "...exceeds the limit (N); use '-fconstexpr-steps' to increase ..."
    return (note.take_front(note.rfind("; use")) + "; " +
            kept("-fconstexpr-steps"))
        .str();
  default:
    return note.str();
  }
}

// Hands Clang's own diagnostics (syntax and type errors, warnings) to the
// DiagnosticSink every other stage reports to.
class ForwardingClangConsumer : public clang::DiagnosticConsumer {
public:
  ForwardingClangConsumer(DiagnosticSink &diags, LocationTable &locs,
                          const ClangProgress &progress)
      : sink_(&diags), warningOptions_(diags), locs_(locs),
        progress_(progress) {}

  // What Clang reports from now on goes to `later`, unlocated: the caller
  // owns the sink and the files from now on (FrontendTeardown::handOff).
  void detach(DiagnosticSink &later) {
    flushPending();
    sink_ = &later;
    detached_ = true;
  }

  void HandleDiagnostic(DiagnosticsEngine::Level level,
                        const clang::Diagnostic &info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    diag::ID id = diag::err_clang;
    switch (level) {
    case DiagnosticsEngine::Ignored:
      return;
    case DiagnosticsEngine::Note:
      id = diag::note_clang;
      break;
    case DiagnosticsEngine::Remark:
      id = diag::remark_clang;
      break;
    case DiagnosticsEngine::Warning:
      id = diag::warn_clang;
      break;
    case DiagnosticsEngine::Error:
    case DiagnosticsEngine::Fatal:
      id = diag::err_clang;
      break;
    }
    // Clang's notes follow the diagnostic they explain: when -Wno-clang
    // silences that warning, its notes go with it.
    if (id == diag::warn_clang) {
      // A warning inside the standard library is not the user's to fix
      // (Clang 19 flags libstdc++ 12's own use of get_temporary_buffer in
      // std::stable_sort): it goes, with its notes.
      bool inSystemHeader =
          info.hasSourceManager() && info.getLocation().isValid() &&
          info.getSourceManager().isInSystemHeader(
              info.getSourceManager().getExpansionLoc(info.getLocation()));
      droppedWarning_ = warningOptions_.isIgnored(id) || inSystemHeader;
      if (inSystemHeader)
        return;
    } else if (id != diag::note_clang) {
      droppedWarning_ = false;
    }
    if (id == diag::note_clang && droppedWarning_)
      return;
    llvm::SmallString<256> text;
    info.FormatDiagnostic(text);
    if (id == diag::note_clang) {
      std::string note = withoutClangFlagAdvice(info.getID(), text);
      text = note;
    }
    if (detached_) {
      // Unlocated: mapping a location adds to the file table, which the
      // caller's thread reads meanwhile.
      sink_->report(id, {}, {std::string(text)});
      return;
    }
    if (info.hasSourceManager())
      locs_.setSourceManager(&info.getSourceManager());
    mscclc::SourceLocation loc = locs_.map(info.getLocation());
    bool inLibrary =
        info.hasSourceManager() &&
        isLibraryLocation(info.getSourceManager(), info.getLocation());
    if (id == diag::note_clang && pending_) {
      pending_->notes.push_back({loc, std::string(text), inLibrary});
      return;
    }
    flushPending();
    if (id != diag::note_clang) {
      errorAt_ = id == diag::err_clang && !inLibrary ? info.getLocation()
                                                     : clang::SourceLocation();
      hintedAt_.clear();
    }
    // An error inside the standard library (or the DSL header) is the
    // user's line's doing: hold it until its notes have arrived, then
    // report it at the innermost point of instantiation in the user's
    // files (flushPending).
    if (id == diag::err_clang && inLibrary && loc.isValid() &&
        progress_.compiler && progress_.compiler->hasSema()) {
      const auto &contexts =
          progress_.compiler->getSema().CodeSynthesisContexts;
      mscclc::SourceLocation user;
      for (const auto &c : contexts) // outermost first
        if (!isLibraryLocation(info.getSourceManager(), c.PointOfInstantiation))
          user = locs_.map(
              info.getSourceManager().getExpansionLoc(c.PointOfInstantiation));
      if (user.isValid()) {
        last_ = loc;
        pending_ = PendingError{
            loc, std::string(text), {}, user, contexts.front().Entity};
        return;
      }
    }
    // A few of Clang's messages have no place ("too many errors emitted,
    // stopping now"): they belong where the last one was.
    if (loc.isValid())
      last_ = loc;
    else if (id == diag::err_clang)
      loc = placeOfUnlocatedError();
    const NamedDecl *suggestion = nullptr;
    std::string hint;
    if (id == diag::err_clang && !suggesting_ && progress_.compiler &&
        progress_.compiler->hasSema()) {
      // Looking names up can load declarations from the precompiled
      // header; a diagnostic raised by that must not recurse into here.
      suggesting_ = true;
      // A Python habit's spelling in C++ says more than the closest name
      // (`True` is not a misspelt `free`).
      hint = portingHint(info, text);
      if (hint.empty())
        suggestion = suggestSpelling(progress_.compiler->getSema(), info);
      suggesting_ = false;
    }
    if (!suggestion) {
      text += hint;
      sink_->report(id, loc, {std::string(text)});
      if (!inLibrary && !droppedWarning_)
        reportInclusion(info, id == diag::note_clang);
      if (id == diag::note_clang &&
          text.str().find("cannot convert initializer list argument to") !=
              std::string::npos)
        stringForEnumHint(info);
      return;
    }
    std::string name = suggestion->getName().str();
    sink_->report(id, loc,
                  {std::string(text) + "; did you mean '" + name + "'?"});
    if (!inLibrary && !droppedWarning_)
      reportInclusion(info, id == diag::note_clang);
    mscclc::SourceLocation declared = locs_.map(suggestion->getLocation());
    if (declared.isValid())
      sink_->report(diag::note_clang, declared,
                    {"'" + name + "' declared here"});
  }

  void finish() override { flushPending(); }

  // A hard limit hit inside Clang at `at`, just before the process ends:
  // after the error held for its notes, as any other error.
  void reportFatal(clang::SourceLocation at, diag::ID id,
                   std::initializer_list<DiagArg> args) {
    flushPending();
    mscclc::SourceLocation loc;
    if (!detached_ && progress_.sm) {
      locs_.setSourceManager(progress_.sm);
      loc = locs_.map(at);
    }
    if (!loc.isValid())
      loc = placeOfUnlocatedError();
    sink_->report(id, loc, args);
  }

  // Where an error without a place of its own is reported: where the last
  // one was, or else the start of the algorithm file.
  mscclc::SourceLocation placeOfUnlocatedError() const {
    return last_.isValid() ? last_ : mscclc::SourceLocation{0, 1, 1};
  }

  // Where the user's header a diagnostic is in was included, innermost
  // first (Clang's "In file included from"): of a header included twice,
  // which #include each place came through. As Clang does, a note in the
  // same file (the same inclusion) as the diagnostic before it says it
  // once.
  void reportInclusion(const clang::Diagnostic &info, bool note) {
    if (!info.hasSourceManager() || info.getLocation().isInvalid())
      return;
    const clang::SourceManager &sm = info.getSourceManager();
    clang::FileID file = sm.getFileID(sm.getFileLoc(info.getLocation()));
    if (note && file == inclusionShown_)
      return;
    inclusionShown_ = file;
    for (int depth = 0; depth < 16; ++depth) {
      clang::SourceLocation from = sm.getIncludeLoc(file);
      if (from.isInvalid() || isLibraryLocation(sm, from))
        return;
      mscclc::SourceLocation at = locs_.map(from);
      if (!at.isValid())
        return;
      llvm::StringRef name = sm.getFilename(sm.getLocForStartOfFile(file));
      sink_->report(
          diag::note_clang, at,
          {"'" + llvm::sys::path::filename(name).str() + "' is included here"});
      file = sm.getFileID(sm.getFileLoc(from));
    }
  }

  // Reports the held library error at the user's line that instantiated
  // it, with the library's own location and Clang's explanatory notes
  // (candidates) as notes; the chain of "in instantiation of" notes in
  // between says nothing the new location does not.
  void flushPending() {
    if (!pending_)
      return;
    PendingError p = std::move(*pending_);
    pending_.reset();
    mscclc::SourceLocation at = p.userLoc;
    if (at == lastHeld_.userLoc && p.instantiation == lastHeld_.instantiation) {
      // A further error of the same instantiation, from the same line:
      // detail of the mistake already reported there.
      sink_->report(diag::note_clang, p.loc, {"also: " + p.text});
      return;
    }
    lastHeld_ = {at, p.instantiation};
    last_ = at;
    std::string hint = libraryHint(p.text, p.notes);
    sink_->report(diag::err_clang, at, {p.text + hint});
    sink_->report(diag::note_clang, p.loc,
                  {"inside the library, instantiated from the line above"});
    // The library's chain of instantiations says nothing the new location
    // does not; what is in the user's files, and Clang's other notes
    // (candidates), stay.
    for (const auto &n : p.notes) {
      llvm::StringRef t = n.text;
      bool chain = t.starts_with("in instantiation of") ||
                   t.starts_with("in call to") ||
                   t.starts_with("while substituting");
      if (!chain || (!n.inLibrary && !(n.loc == at)))
        sink_->report(diag::note_clang, n.loc, {n.text});
    }
  }

private:
  // `{.protocol = "LL"}`: Python passes enum members as strings, and for a
  // designated initializer Clang only says that the braced list does not
  // convert to the DSL options struct. Finds, in the failed call's
  // statement, each string given to an enum field of that struct and adds
  // a note there with the enumerator to write.
  void stringForEnumHint(const clang::Diagnostic &info) {
    if (errorAt_.isInvalid() || !info.hasSourceManager() || !progress_.compiler)
      return;
    const auto *record =
        dyn_cast_or_null<RecordDecl>(dslTagArgument(info, /*wantEnum=*/false));
    if (!record || !(record = record->getDefinition()))
      return;
    const clang::SourceManager &sm = info.getSourceManager();
    auto [file, offset] = sm.getDecomposedLoc(sm.getExpansionLoc(errorAt_));
    bool invalid = false;
    llvm::StringRef buffer = sm.getBufferData(file, &invalid);
    if (invalid || offset > buffer.size())
      return;
    Lexer lexer(sm.getLocForStartOfFile(file),
                progress_.compiler->getLangOpts(), buffer.begin(),
                buffer.begin() + offset, buffer.end());
    // The last three tokens before the current one: `.`, name, `=`.
    Token window[3];
    for (Token &t : window)
      t.startToken();
    Token tok;
    // The statement ends at `;` (a bound keeps a hostile file cheap).
    for (int budget = 4096; budget > 0; --budget) {
      lexer.LexFromRawLexer(tok);
      if (tok.isOneOf(tok::semi, tok::eof))
        return;
      if (tok.is(tok::string_literal) && window[2].is(tok::equal) &&
          window[1].is(tok::raw_identifier) && window[0].is(tok::period))
        noteEnumField(*record, window[1].getRawIdentifier(),
                      llvm::StringRef(tok.getLiteralData(), tok.getLength()),
                      tok.getLocation());
      window[0] = window[1];
      window[1] = window[2];
      window[2] = tok;
    }
  }

  void noteEnumField(const RecordDecl &record, llvm::StringRef field,
                     llvm::StringRef literal, clang::SourceLocation at) {
    for (const FieldDecl *f : record.fields()) {
      if (f->getName() != field)
        continue;
      const auto *enumType = f->getType()->getAs<EnumType>();
      if (!enumType || !hintedAt_.insert(at.getRawEncoding()).second)
        return;
      const EnumDecl *e = enumType->getDecl();
      std::string text = "'." + field.str() + "' is a " + e->getName().str() +
                         ": DSL options take enumerators, not strings; " +
                         enumeratorToWrite(*e, literal);
      sink_->report(diag::note_clang, locs_.map(at), {text});
      return;
    }
  }

  // What to write for the string literal `written` (its source text,
  // quotes included) given for enum `e`: "write E::X" when it spells an
  // enumerator, else "one of E::A, E::B, ...".
  static std::string enumeratorToWrite(const EnumDecl &e,
                                       llvm::StringRef written) {
    llvm::StringRef value;
    if (written.size() >= 2 && written.front() == '"' && written.back() == '"')
      value = written.drop_front().drop_back();
    std::string names;
    for (const EnumConstantDecl *c : e.enumerators()) {
      std::string spelt = e.getName().str() + "::" + c->getName().str();
      if (!value.empty() && c->getName() == value)
        return "write " + spelt;
      names += (names.empty() ? "" : ", ") + spelt;
    }
    return "one of " + names;
  }

  // Whether `tag` is declared in the DSL's namespace.
  static bool isDslTag(const TagDecl *tag) {
    const auto *ns =
        tag ? dyn_cast<NamespaceDecl>(tag->getDeclContext()) : nullptr;
    return ns && ns->getName() == "dsl";
  }

  // A DSL type named by one of the diagnostic's arguments, or null.
  static const TagDecl *dslTagArgument(const clang::Diagnostic &info,
                                       bool wantEnum) {
    for (unsigned i = 0; i < info.getNumArgs(); ++i) {
      if (info.getArgKind(i) != DiagnosticsEngine::ak_qualtype)
        continue;
      QualType t = QualType::getFromOpaquePtr(
          reinterpret_cast<void *>(info.getRawArg(i)));
      const TagDecl *tag = t.isNull() ? nullptr : t->getAsTagDecl();
      if (tag && isa<EnumDecl>(tag) == wantEnum && isDslTag(tag))
        return tag;
    }
    return nullptr;
  }

  // The source text before and after the diagnostic's location, in its
  // file (empty without one).
  struct SourceText {
    llvm::StringRef before, after;
  };
  static SourceText sourceAround(const clang::Diagnostic &info) {
    if (!info.hasSourceManager() || info.getLocation().isInvalid())
      return {};
    const clang::SourceManager &sm = info.getSourceManager();
    auto [file, offset] =
        sm.getDecomposedLoc(sm.getSpellingLoc(info.getLocation()));
    bool invalid = false;
    llvm::StringRef text = sm.getBufferData(file, &invalid);
    if (invalid || offset > text.size())
      return {};
    return {text.take_front(offset), text.drop_front(offset)};
  }

  // The DSL class a "no member named X in Y" names as Y, or null.
  static const TagDecl *dslClassArgument(const clang::Diagnostic &info) {
    for (unsigned i = 0; i < info.getNumArgs(); ++i) {
      if (info.getArgKind(i) != DiagnosticsEngine::ak_declcontext)
        continue;
      const auto *tag = dyn_cast_or_null<TagDecl>(
          reinterpret_cast<const DeclContext *>(info.getRawArg(i)));
      if (isDslTag(tag))
        return tag;
    }
    return dslTagArgument(info, /*wantEnum=*/false);
  }

  // The DSL channel class other than `c` that has a member `member` (empty
  // when none has).
  std::string dslClassWithMember(const TagDecl &c, llvm::StringRef member) {
    if (!progress_.compiler || !progress_.compiler->hasASTContext())
      return "";
    ASTContext &ctx = progress_.compiler->getASTContext();
    const DeclContext *ns = c.getDeclContext();
    for (llvm::StringRef other : {"MemoryChannel", "PortChannel",
                                  "SwitchChannel", "Rank", "BaseBuffer"}) {
      if (other == c.getName())
        continue;
      for (const NamedDecl *d : ns->lookup(&ctx.Idents.get(other))) {
        const auto *rd = dyn_cast<CXXRecordDecl>(d);
        if (rd && (rd = rd->getDefinition()) &&
            !rd->lookup(&ctx.Idents.get(member)).empty())
          return other.str();
      }
    }
    return "";
  }

  // Whether `name` is a field of one of the DSL's options structs (the
  // braced lists after a call's operands: OpOptions, SyncOptions, ...,
  // ProgramOptions, AlgoSpec), read from the header's declarations.
  bool isOptionsField(llvm::StringRef name) {
    if (!optionFields_) {
      optionFields_.emplace();
      if (!progress_.compiler || !progress_.compiler->hasASTContext())
        return false;
      const auto *tu =
          progress_.compiler->getASTContext().getTranslationUnitDecl();
      for (const Decl *d : tu->decls()) {
        const auto *outer = dyn_cast<NamespaceDecl>(d);
        if (!outer || outer->getName() != "mscclpp")
          continue;
        for (const Decl *dd : outer->decls()) {
          const auto *ns = dyn_cast<NamespaceDecl>(dd);
          if (!ns || ns->getName() != "dsl")
            continue;
          for (const Decl *m : ns->decls()) {
            const auto *rd = dyn_cast<CXXRecordDecl>(m);
            if (!rd || !rd->getIdentifier() ||
                !rd->isThisDeclarationADefinition() ||
                !(rd->getName().ends_with("Options") ||
                  rd->getName() == "AlgoSpec"))
              continue;
            for (const FieldDecl *f : rd->fields())
              optionFields_->insert(f->getName().str());
          }
        }
      }
    }
    return optionFields_->count(name.str()) != 0;
  }

  // What a Python DSL habit is spelt as in C++, for Clang's errors that
  // such habits cause (empty when the error is not one of them).
  std::string portingHint(const clang::Diagnostic &info, llvm::StringRef t) {
    // protocol = "LL": Python passes enum members as strings.
    if (t.contains("'const char[") || t.contains("'const char *'")) {
      if (const auto *e = dyn_cast_or_null<EnumDecl>(
              dslTagArgument(info, /*wantEnum=*/true))) {
        // The string itself, when the error points at it ("LL").
        std::string written;
        if (info.hasSourceManager() && progress_.compiler &&
            info.getLocation().isFileID()) {
          const clang::SourceManager &sm = info.getSourceManager();
          unsigned length = Lexer::MeasureTokenLength(
              info.getLocation(), sm, progress_.compiler->getLangOpts());
          written =
              llvm::StringRef(sm.getCharacterData(info.getLocation()), length)
                  .str();
        }
        return "; DSL options take enumerators, not strings: " +
               enumeratorToWrite(*e, written);
      }
    }
    // assert and len are built into Python; in C++ they come from a header
    // or are a method.
    if (t == "use of undeclared identifier 'assert'")
      return "; add #include <cassert>";
    if (t == "use of undeclared identifier 'len'")
      return "; a container's length is its .size() (Python's len(x))";
    const SourceText source = sourceAround(info);
    // __TIME__ and its kin (-Werror=date-time, clangBaseArgs).
    if (t == "expansion of date or time macro is not reproducible")
      return "; the same source must give the same plan on every compile: "
             "pass the value with -D NAME=VALUE or -P name=value";
    // ChannelType.switch: a keyword in C++.
    if (t == "expected unqualified-id" &&
        source.before.rtrim(" \t").ends_with("::") &&
        source.after.starts_with("switch") &&
        !isAsciiIdentifierContinue(
            source.after.drop_front(6).empty() ? ' ' : source.after[6]))
      return "; switch is a C++ keyword: the enumerator is spelt switch_ "
             "(ChannelType::switch_)";
    if (t.consume_front("use of undeclared identifier '") &&
        t.consume_back("'")) {
      // ch.signal(tb=0): a keyword argument, in a call's parentheses (not
      // for (i = 0; ...), if (x = f(), ...)).
      llvm::StringRef after = source.after.drop_front(t.size()).ltrim(" \t");
      llvm::StringRef before = source.before.rtrim(" \t\n");
      auto statementParen = [&] {
        size_t open = before.rfind('(');
        if (open == llvm::StringRef::npos)
          return false;
        llvm::StringRef word =
            before.take_front(open).rtrim(" \t\n").take_back(6);
        for (llvm::StringRef keyword : {"for", "if", "while", "switch"})
          if (word.ends_with(keyword) &&
              (word.size() == keyword.size() ||
               !isAsciiIdentifierContinue(
                   word[word.size() - keyword.size() - 1])))
            return true;
        return false;
      };
      if (after.starts_with("=") && !after.starts_with("==") &&
          (before.ends_with("(") || before.ends_with(",")) &&
          !statementParen()) {
        if (isOptionsField(t))
          return "; C++ has no keyword arguments: the DSL's options are a "
                 "braced list of fields, {." +
                 t.str() + " = ...}";
        // barrier(tb_list=...), Semaphore(0, initial_value=1): a parameter
        // of its own, which no options struct holds.
        return "; C++ has no keyword arguments: pass " + t.str() +
               " by position (in the order <mscclpp/dsl.hpp> declares)";
      }
      static const std::pair<llvm::StringRef, llvm::StringRef> Words[] = {
          {"True", "; C++ spells it true"},
          {"False", "; C++ spells it false"},
          {"None", "; C++ has no None: leave an option out for its default, "
                   "or use std::nullopt for an empty std::optional"},
          {"range", "; C++ counts with a loop, for (int i = 0; i < n; ++i) "
                    "(Python's for i in range(n))"},
          {"print", "; print with printf from <cstdio>: printf(\"%d\\n\", x)"},
          {"self", "; in a member function C++ names the object's members "
                   "directly, or as this->member"},
          {"elif", "; C++ writes else if"},
      };
      for (const auto &[word, hint] : Words)
        if (t == word)
          return hint.str();
      return "";
    }
    // SyncType.after: Python names an enum's member with a dot.
    if (t.ends_with("' does not refer to a value") && t.starts_with("'")) {
      llvm::StringRef name =
          t.drop_front().take_until([](char c) { return c == '\''; });
      if (source.after.drop_front(name.size()).ltrim(" \t").starts_with("."))
        return "; name a member of " + name.str() + " with ::, as " +
               name.str() + "::member (Python's " + name.str() + ".member)";
      return "";
    }
    // return program: Python's builders make a program in a with block
    // and return it; CollectiveProgram is neither copied nor moved (it is
    // the current program from its construction to the end of its scope).
    if (t.starts_with("call to deleted constructor of '") &&
        (t.ends_with("'CollectiveProgram'") ||
         t.ends_with("::CollectiveProgram'")))
      return "; a program is not copied or moved: a helper may return a new "
             "one (return CollectiveProgram::from_spec(spec);), but one it "
             "named stays in the helper; make the program in the algorithm "
             "function and record its ops in helpers that take what they "
             "need (the spec, the rank count)";
    // n ** 2: the second * reads as a dereference.
    if (t.starts_with("indirection requires pointer operand") &&
        source.before.rtrim(" \t").ends_with("*"))
      return "; C++ has no ** operator: multiply (n * n), or call std::pow "
             "from <cmath>";
    // [a, b] for a list: the brackets start a lambda's captures.
    if (t == "expected ',' or ']' in lambda capture list")
      return "; C++ writes a list in braces, {a, b} (Python's [a, b])";
    // buffer[1:2]: Python's slice.
    if (t == "expected ']'" && source.after.starts_with(":"))
      return "; take chunks with .slice(start, stop) (Python's "
             "buffer[start:stop])";
    if (t == "no matching member function for call to 'slice'")
      return "; slice takes (start, stop), as Python's buffer[start:stop] "
             "(buffer[i:] is slice(i, end) with the buffer's end), or "
             "nothing for the whole buffer";
    if (t.starts_with("no viable conversion from '")) {
      llvm::StringRef from = t.drop_front(strlen("no viable conversion from '"))
                                 .take_until([](char c) { return c == '\''; });
      // One element where the parameter is a list of them.
      if (t.contains("' to 'std::vector<" + from.str() + ">'"))
        return "; to pass one element as a list, put it in braces: {x} "
               "(Python's [x])";
      // ch.put(dst, src, 0): the options are a struct.
      if (const TagDecl *o = dslTagArgument(info, /*wantEnum=*/false);
          o && o->getName().ends_with("Options"))
        return "; options are a braced list of fields: {.tb = 0} (or {0} "
               "for the first field)";
      return "";
    }
    if (t.starts_with("no member named '")) {
      llvm::StringRef member =
          t.drop_front(strlen("no member named '")).take_until([](char c) {
            return c == '\'';
          });
      if (member == "append" && t.contains("'std::vector<"))
        return "; a vector grows with push_back (Python's append)";
      if (member == "extend" && t.contains("'std::vector<"))
        return "; append a range with v.insert(v.end(), w.begin(), w.end()) "
               "(Python's extend)";
      // put_with_signal on a MemoryChannel: another channel kind's method.
      if (const TagDecl *c = dslClassArgument(info))
        if (std::string owner = dslClassWithMember(*c, member); !owner.empty())
          return "; '" + member.str() + "' is a method of " + owner +
                 ", not of " + c->getName().str();
    }
    // `.tb_group` on a method whose options have no such field: name the
    // fields it has (the DSL's options structs differ per method).
    if (t.starts_with("field designator") &&
        t.contains("does not refer to any field in type"))
      if (const auto *rd = dyn_cast_or_null<RecordDecl>(
              dslTagArgument(info, /*wantEnum=*/false));
          rd && (rd = rd->getDefinition())) {
        std::string fields;
        for (const FieldDecl *f : rd->fields())
          fields += (fields.empty() ? "." : ", .") + f->getNameAsString();
        if (!fields.empty())
          return "; this call's options take " + fields;
      }
    // buffer[i]: Python indexes a buffer for a chunk.
    if (t.contains("does not provide a subscript operator"))
      if (const TagDecl *b = dslTagArgument(info, /*wantEnum=*/false);
          b && b->getName().ends_with("Buffer"))
        return "; take a chunk with .slice(i, i + 1) (Python's buffer[i])";
    return "";
  }

  // When the library default-constructs a DSL object (no arguments), which
  // has no default constructor: what to write instead, to append to
  // Clang's message (empty when not that).
  template <typename Notes>
  static std::string libraryHint(llvm::StringRef text, const Notes &notes) {
    llvm::StringRef prefix =
        "no matching constructor for initialization of 'mscclpp::dsl::";
    std::string found;
    bool noArguments = false, subscript = false;
    auto scan = [&](llvm::StringRef t) {
      size_t at = t.find(prefix);
      if (at != llvm::StringRef::npos && found.empty())
        found = t.substr(at + prefix.size())
                    .take_until([](char c) { return c == '\''; })
                    .str();
      if (t.contains("_Args = <>") || t.contains("but 0 were provided") ||
          t.contains("no arguments were provided"))
        noArguments = true;
      if (t.contains("'std::map<") && t.contains(">::operator[]'"))
        subscript = true;
    };
    scan(text);
    for (const auto &n : notes)
      scan(n.text);
    if (found.empty() || !noArguments)
      return "";
    const std::string &n = found;
    // Python's ch[(r, p)] ported as map[key]: reading is what was meant.
    if (subscript)
      return "; map[key] inserts a default '" + n +
             "' for a key it does not hold, and '" + n +
             "' has none, so C++ refuses map[key] even for a key that is "
             "there; read the entry with at(key), and add it with "
             "emplace(key, " +
             n + "(...)) or insert_or_assign(key, " + n + "(...))";
    return "; the standard library default-constructs '" + n +
           "' here (as std::vector<" + n + ">(count) and resize do), and '" +
           n + "' has no default constructor: add elements with push_back(" +
           n +
           "(...)) or emplace_back(...), and map entries with emplace(key, " +
           n + "(...))";
  }

  struct HeldNote {
    mscclc::SourceLocation loc;
    std::string text;
    bool inLibrary;
  };
  struct PendingError {
    mscclc::SourceLocation loc; // in the library
    std::string text;
    std::vector<HeldNote> notes;
    mscclc::SourceLocation userLoc; // innermost point of instantiation there
    const void *instantiation;      // the outermost instantiation's entity
  };
  struct LastHeld {
    mscclc::SourceLocation userLoc;
    const void *instantiation = nullptr;
  };

  DiagnosticSink *sink_;
  // The caller's sink, for its warning options (read only, also after the
  // hand-over).
  const DiagnosticSink &warningOptions_;
  bool detached_ = false;
  LocationTable &locs_;
  const ClangProgress &progress_;
  std::optional<PendingError> pending_;
  LastHeld lastHeld_;
  bool droppedWarning_ = false; // the last warning was silenced
  // The inclusion (file) whose #include notes were shown last.
  clang::FileID inclusionShown_;
  mscclc::SourceLocation last_;
  // isOptionsField's names, read once.
  std::optional<std::set<std::string>> optionFields_;
  // The last error Clang reported in the user's files, and where its
  // string-for-enum notes already went (stringForEnumHint).
  clang::SourceLocation errorAt_;
  llvm::DenseSet<unsigned> hintedAt_;
  bool suggesting_ = false;
};

class AlgorithmConsumer : public ASTConsumer {
public:
  AlgorithmConsumer(const FrontendOptions &opts, FrontendResult &result,
                    DiagnosticSink &diags, LocationTable &locs,
                    CompilerInstance &ci, ClangProgress &progress)
      : opts_(opts), result_(result), diags_(diags), locs_(locs), ci_(ci),
        progress_(progress) {}

  // Asked only without the PCH (AlgorithmAction::BeginInvocation): skip
  // the bodies of what the PCH would hold, the files the header brought in
  // before the algorithm file (its -include); keep every body the
  // algorithm file and the headers it includes itself define.
  bool shouldSkipFunctionBody(Decl *d) override {
    const SourceManager &sm = ci_.getSourceManager();
    if (keepsLibraryBody(sm, d))
      return false;
    FileID file = sm.getFileID(sm.getExpansionLoc(d->getLocation()));
    for (clang::SourceLocation from = sm.getIncludeLoc(file); from.isValid();
         from = sm.getIncludeLoc(file))
      file = sm.getFileID(sm.getExpansionLoc(from));
    return file != sm.getMainFileID();
  }

  void HandleTranslationUnit(ASTContext &ctx) override {
    if (ci_.getDiagnostics().hasErrorOccurred())
      return;
    SourceManager &sm = ctx.getSourceManager();
    locs_.setSourceManager(&sm);
    auto mapLoc = [this](clang::SourceLocation l) { return locs_.map(l); };

    // Find algorithm functions defined in the main file.
    std::vector<const FunctionDecl *> algos;
    std::vector<Misplaced> misplaced;
    collect(ctx.getTranslationUnitDecl(), sm, algos, misplaced);
    for (const Misplaced &m : misplaced) {
      if (m.owner)
        diags_.report(diag::err_algorithm_member, mapLoc(m.fn->getLocation()),
                      {m.owner->getNameAsString()});
      else
        diags_.report(diag::err_algorithm_template,
                      mapLoc(m.fn->getLocation()));
    }
    if (!misplaced.empty())
      return;
    clang::SourceLocation fileStart =
        sm.getLocForStartOfFile(sm.getMainFileID());
    // A marked declaration with no definition anywhere is the algorithm
    // the user meant (the one --algo names, if it names one): say so at
    // it, not "no algorithm" at the file's start.
    auto undefinedWanted = [&]() -> const FunctionDecl * {
      for (const FunctionDecl *f : declaredOnly_)
        if (!opts_.algorithm || namedBy(f, *opts_.algorithm))
          return f;
      return nullptr;
    };
    auto reportUndefined = [&](const FunctionDecl *f) {
      diags_.report(diag::err_algorithm_not_defined, mapLoc(f->getLocation()),
                    {f->getNameAsString()});
    };
    auto reportNoAlgorithm = [&] {
      if (const FunctionDecl *f = undefinedWanted()) {
        reportUndefined(f);
      } else if (const FunctionDecl *h =
                     algorithmInHeader(ctx.getTranslationUnitDecl(), sm)) {
        // "mark the function" would be wrong advice: it is marked, in a
        // file the algorithm file includes.
        diags_.report(
            diag::err_algorithm_in_header, mapLoc(h->getLocation()),
            {h->getNameAsString(),
             sm.getFilename(sm.getExpansionLoc(h->getLocation())).str()});
      } else {
        diags_.report(diag::err_no_algorithm, mapLoc(fileStart));
      }
    };
    if (opts_.listAlgorithms) {
      if (algos.empty())
        reportNoAlgorithm();
      progress_.phases.start("describe algorithms");
      for (const FunctionDecl *algo : algos)
        result_.algorithms.push_back(describeAlgorithm(algo, ctx, mapLoc));
      return;
    }
    if (algos.empty()) {
      reportNoAlgorithm();
      return;
    }
    const FunctionDecl *fn = nullptr;
    if (opts_.algorithm) {
      const FunctionDecl *undefined = undefinedWanted();
      if (undefined && llvm::none_of(algos, [&](const FunctionDecl *f) {
            return namedBy(f, *opts_.algorithm);
          })) {
        reportUndefined(undefined);
        return;
      }
      fn = chooseAlgorithm(algos, *opts_.algorithm, mapLoc(fileStart), mapLoc);
      if (!fn)
        return;
    } else if (algos.size() > 1) {
      if (!reportOverload(algos, mapLoc))
        diags_.report(diag::err_several_algorithms,
                      mapLoc(algos[1]->getLocation()), {listNames(algos)});
      return;
    } else {
      fn = algos[0];
    }
    if (!fn->getReturnType()->isVoidType()) {
      diags_.report(diag::err_algorithm_not_void, mapLoc(fn->getLocation()));
      return;
    }

    progress_.phases.start("evaluate");
    ProgramBuilder builder(ProgramBuilder::Limits{}, opts_.sharedBarriers);
    EvalLimits limits;
    limits.maxSteps = opts_.maxSteps;
    limits.maxCallDepth = opts_.maxCallDepth;
    // 192 of the usual 512 MiB: less under a memory limit that shrank the
    // stack.
    limits.maxStackBytes =
        std::min(limits.maxStackBytes, progress_.stackBytes / 8 * 3);
    limits.maxContainerElements = opts_.maxContainerElements;
    limits.maxMemoryBytes = opts_.maxMemoryBytes;
    Evaluator eval(ctx, builder, limits, mapLoc);

    // The evaluation's warnings (default arguments' included) come before
    // its error, in the order they arose, as a compiler prints them.
    auto reportWarnings = [&] {
      for (Diagnostic &w : eval.takeWarnings())
        diags_.emit(std::move(w));
    };
    ValueList args;
    if (!bindParameters(fn, opts_.params, eval, diags_, mapLoc, args)) {
      reportWarnings();
      return;
    }
    try {
      eval.run(fn, std::move(args));
    } catch (DiagnosticError &e) {
      reportWarnings();
      diags_.emit(std::move(e.diag));
      return;
    } catch (const std::bad_alloc &) {
      throw; // the memory ceiling's own report
    } catch (const std::exception &e) {
      // A bug in the evaluator (a library container's range check, say):
      // on this thread it would end the process with no message.
      reportWarnings();
      diags_.report(diag::err_internal_exception, mapLoc(fn->getLocation()),
                    {e.what()});
      return;
    }
    reportWarnings();
    result_.evaluationSteps = eval.steps();
    if (!builder.hasProgram()) {
      diags_.report(diag::err_no_program, mapLoc(fn->getLocation()),
                    {algorithmName(fn)});
      return;
    }
    if (ci_.getDiagnostics().hasErrorOccurred())
      return;
    result_.program = builder.takeProgram();
    if (support::phaseTimesEnabled())
      progress_.phases.stop(std::to_string(eval.steps()) + " steps, recorded " +
                            std::to_string(chunk::countOps(*result_.program)) +
                            " ops");
    // The evaluator's values (the algorithm's frame among them) and the
    // recording's leftovers are freed when this returns, and Clang's AST
    // after that: the caller need not wait for either.
    progress_.handOff();
  }

private:
  // An MSCCLPP_ALGORITHM mark on what cannot be an algorithm: a member
  // (owner is its class) or a template.
  struct Misplaced {
    const FunctionDecl *fn;
    const CXXRecordDecl *owner;
  };
  // The marked functions of the file that are declared and never defined
  // (collect), in the file's order.
  std::vector<const FunctionDecl *> declaredOnly_;
  // How --algo `wanted` names `f`: by its full name, by the name without
  // inline namespaces, by a `::NAME` suffix of either (not after a leading
  // `::`, which names the global namespace's path exactly), or not at all.
  enum class NameMatch { None, Exact, SkippingInline, InNamespace };
  static NameMatch nameMatch(const FunctionDecl *f, llvm::StringRef wanted) {
    bool fromGlobal = wanted.consume_front("::");
    std::vector<std::string> names = algorithmNameSpellings(f);
    if (names.front() == wanted)
      return NameMatch::Exact;
    if (llvm::is_contained(names, wanted))
      return NameMatch::SkippingInline;
    std::string suffix = "::" + wanted.str();
    if (!fromGlobal && llvm::any_of(names, [&](const std::string &n) {
          return llvm::StringRef(n).ends_with(suffix);
        }))
      return NameMatch::InNamespace;
    return NameMatch::None;
  }
  static bool namedBy(const FunctionDecl *f, llvm::StringRef wanted) {
    return nameMatch(f, wanted) != NameMatch::None;
  }

  static bool markedAlgorithm(const FunctionDecl *fd) {
    for (const auto *a : fd->specific_attrs<AnnotateAttr>())
      if (a->getAnnotation() == "mscclpp.algorithm")
        return true;
    return false;
  }

  // The class a declaration defines or templates, if it does.
  static const CXXRecordDecl *classOf(const Decl *d) {
    if (const auto *ct = dyn_cast<ClassTemplateDecl>(d))
      return ct->getTemplatedDecl();
    return dyn_cast<CXXRecordDecl>(d);
  }

  // An algorithm defined in a file the algorithm file includes (not the
  // standard library's or the DSL header's): the one --algo names, else
  // the first (also when --algo names none: it is still what to move).
  const FunctionDecl *algorithmInHeader(const DeclContext *dc,
                                        const SourceManager &sm) {
    const FunctionDecl *first = nullptr;
    for (const Decl *d : dc->noload_decls()) {
      if (isLibraryLocation(sm, d->getLocation()))
        continue;
      clang::SourceLocation at = sm.getExpansionLoc(d->getLocation());
      const FunctionDecl *found = nullptr;
      if (isa<NamespaceDecl>(d) || isa<LinkageSpecDecl>(d))
        found = algorithmInHeader(cast<DeclContext>(d), sm);
      else if (const auto *fd = dyn_cast<FunctionDecl>(d);
               fd && !isa<CXXMethodDecl>(fd) && markedAlgorithm(fd) &&
               fd->doesThisDeclarationHaveABody() && !sm.isInMainFile(at) &&
               fd->getTemplatedKind() == FunctionDecl::TK_NonTemplate)
        found = fd;
      if (!found)
        continue;
      if (!opts_.algorithm || namedBy(found, *opts_.algorithm))
        return found;
      if (!first)
        first = found;
    }
    return first;
  }

  void collect(const DeclContext *dc, const SourceManager &sm,
               std::vector<const FunctionDecl *> &out,
               std::vector<Misplaced> &misplaced) {
    // noload_decls: only what this file declared; walking everything would
    // deserialise the whole precompiled standard library.
    for (const Decl *d : dc->noload_decls()) {
      if (!sm.isInMainFile(sm.getExpansionLoc(d->getLocation())))
        continue;
      if (const auto *ns = dyn_cast<NamespaceDecl>(d)) {
        collect(ns, sm, out, misplaced);
        continue;
      }
      if (const auto *ls = dyn_cast<LinkageSpecDecl>(d)) {
        collect(ls, sm, out, misplaced);
        continue;
      }
      if (const CXXRecordDecl *rd = classOf(d)) {
        collectMembers(rd, sm, misplaced);
        continue;
      }
      if (const auto *ft = dyn_cast<FunctionTemplateDecl>(d)) {
        if (markedAlgorithm(ft->getTemplatedDecl()))
          misplaced.push_back({ft->getTemplatedDecl(), nullptr});
        continue;
      }
      const auto *fd = dyn_cast<FunctionDecl>(d);
      if (!fd || !markedAlgorithm(fd))
        continue;
      // A member defined outside its class inherits the mark.
      if (const auto *md = dyn_cast<CXXMethodDecl>(fd)) {
        if (fd->doesThisDeclarationHaveABody())
          misplaced.push_back({fd, md->getParent()});
        continue;
      }
      if (fd->getTemplatedKind() != FunctionDecl::TK_NonTemplate) {
        // An explicit specialisation; the template itself is reported.
        if (fd->getTemplateSpecializationKind() == TSK_ExplicitSpecialization)
          misplaced.push_back({fd, nullptr});
        continue;
      }
      if (fd->doesThisDeclarationHaveABody())
        out.push_back(fd);
      else if (!fd->isDefined() &&
               !llvm::is_contained(declaredOnly_, fd->getCanonicalDecl()))
        declaredOnly_.push_back(fd->getCanonicalDecl());
    }
  }

  // The functions a class marks (members, friends defined there,
  // templates), in nested classes and class templates too: an algorithm is
  // a function at namespace scope. A friend declaration without a body
  // only names a function declared elsewhere (and inherits its mark).
  void collectMembers(const CXXRecordDecl *rd, const SourceManager &sm,
                      std::vector<Misplaced> &misplaced) {
    for (const Decl *d : rd->noload_decls()) {
      if (const CXXRecordDecl *nested = classOf(d)) {
        collectMembers(nested, sm, misplaced);
        continue;
      }
      const FunctionDecl *fd = nullptr;
      if (const auto *ft = dyn_cast<FunctionTemplateDecl>(d))
        fd = ft->getTemplatedDecl();
      else if (const auto *friendDecl = dyn_cast<FriendDecl>(d)) {
        const NamedDecl *named = friendDecl->getFriendDecl();
        if (const auto *ft = dyn_cast_or_null<FunctionTemplateDecl>(named))
          named = ft->getTemplatedDecl();
        fd = dyn_cast_or_null<FunctionDecl>(named);
        if (fd && !fd->doesThisDeclarationHaveABody())
          fd = nullptr;
      } else
        fd = dyn_cast<FunctionDecl>(d);
      if (fd && markedAlgorithm(fd))
        misplaced.push_back({fd, rd});
    }
  }

  static std::string listNames(llvm::ArrayRef<const FunctionDecl *> algos) {
    std::string s;
    for (const FunctionDecl *f : algos)
      s += (s.empty() ? "" : ", ") + algorithmName(f);
    return s;
  }

  // Two algorithms of one qualified name (overloads) cannot be told apart
  // by --algo: reports the second and returns true if there are.
  bool reportOverload(llvm::ArrayRef<const FunctionDecl *> algos,
                      const Evaluator::LocationMapper &mapLoc) {
    std::map<std::string, const FunctionDecl *> firstOfName;
    for (const FunctionDecl *f : algos) {
      auto [it, isFirst] = firstOfName.try_emplace(algorithmName(f), f);
      if (isFirst)
        continue;
      mscclc::SourceLocation first = mapLoc(it->second->getLocation());
      diags_.report(diag::err_algorithm_overloaded, mapLoc(f->getLocation()),
                    {it->first, std::to_string(first.line)});
      return true;
    }
    return false;
  }

  // --algo NAME: the algorithm whose qualified name is NAME, else the one
  // whose name ends in ::NAME (`--algo allgather` for hier::allgather).
  const FunctionDecl *
  chooseAlgorithm(llvm::ArrayRef<const FunctionDecl *> algos,
                  llvm::StringRef wanted, mscclc::SourceLocation fileStart,
                  const Evaluator::LocationMapper &mapLoc) {
    // The full name first, then one that leaves out inline namespaces,
    // then a `::NAME` suffix of either.
    std::vector<const FunctionDecl *> byMatch[4]; // index: NameMatch
    for (const FunctionDecl *f : algos)
      byMatch[size_t(nameMatch(f, wanted))].push_back(f);
    std::vector<const FunctionDecl *> &found =
        !byMatch[size_t(NameMatch::Exact)].empty()
            ? byMatch[size_t(NameMatch::Exact)]
        : !byMatch[size_t(NameMatch::SkippingInline)].empty()
            ? byMatch[size_t(NameMatch::SkippingInline)]
            : byMatch[size_t(NameMatch::InNamespace)];
    if (found.size() == 1)
      return found[0];
    if (found.empty())
      diags_.report(diag::err_unknown_algorithm, fileStart,
                    {wanted.str(), listNames(algos)});
    else if (!reportOverload(found, mapLoc))
      diags_.report(diag::err_ambiguous_algorithm,
                    mapLoc(found[1]->getLocation()),
                    {wanted.str(), listNames(found)});
    return nullptr;
  }

  const FrontendOptions &opts_;
  FrontendResult &result_;
  DiagnosticSink &diags_;
  LocationTable &locs_;
  CompilerInstance &ci_;
  ClangProgress &progress_;
};

class AlgorithmAction : public ASTFrontendAction {
public:
  AlgorithmAction(const FrontendOptions &opts, FrontendResult &result,
                  DiagnosticSink &diags, LocationTable &locs,
                  ClangProgress &progress)
      : opts_(opts), result_(result), diags_(diags), locs_(locs),
        progress_(progress) {}
  bool BeginInvocation(CompilerInstance &ci) override {
    // `#pragma clang __debug crash` and its relatives are Clang's own test
    // hooks: in an algorithm file they would crash the compiler.
    ci.getPreprocessorOpts().DisablePragmaDebugCrash = true;
    // Without the PCH the header is included first (runFrontend) and its
    // function bodies are skipped, as the PCH skips them: the consumer
    // picks them (shouldSkipFunctionBody). A program then compiles, and
    // fails, alike with and without the cache.
    if (ci.getPreprocessorOpts().ImplicitPCHInclude.empty())
      ci.getFrontendOpts().SkipFunctionBodies = true;
    return ASTFrontendAction::BeginInvocation(ci);
  }
  bool BeginSourceFileAction(CompilerInstance &ci) override {
    progress_.sm = &ci.getSourceManager();
    progress_.compiler = &ci;
    // LibTooling turns -disable-free off; freeing the AST node by node cost
    // the 8-rank compile about a tenth of its time (docs/performance.md).
    if (opts_.leavesMemoryToExit())
      ci.getFrontendOpts().DisableFree = true;
    ClangProgress *p = &progress_;
    ci.getPreprocessor().setTokenWatcher([p](const clang::Token &t) {
      p->lastToken = t.getLocation();
      // Clang's typo correction of an undeclared name costs time in its
      // length times every candidate's: a 150,000-character name takes a
      // minute. C++ lets implementations limit identifier length.
      if (t.is(tok::identifier) && t.getLength() > MaxIdentifierLength)
        fatalClangError(*p, diag::err_clang_identifier_length,
                        {MaxIdentifierLength});
      if (++p->tokens > MaxTokens)
        fatalClangError(*p, diag::err_clang_token_limit, {MaxTokens});
    });
    // __FILE__ and std::source_location name a file relative to the
    // algorithm file's directory: Clang is given its absolute path, which
    // would put where the checkout is (and the working directory) into the
    // plan. (A file outside that directory keeps its absolute path.)
    llvm::StringRef mainFile = getCurrentFile();
    if (size_t slash = mainFile.rfind('/'); slash != llvm::StringRef::npos)
      ci.getLangOpts().MacroPrefixMap[mainFile.substr(0, slash + 1).str()] = "";
    ci.getPreprocessor().addPPCallbacks(
        std::make_unique<ExpansionBudget>(progress_));
    ci.getPreprocessor().addPPCallbacks(
        std::make_unique<UndefinedBehaviourPragmaGuard>(ci));
    return ASTFrontendAction::BeginSourceFileAction(ci);
  }
  void ExecuteAction() override {
    progress_.phases.start("parse and sema");
    ASTFrontendAction::ExecuteAction();
    // Whatever the consumer ended with (an error, --list-algos), the caller
    // has all it will get: Clang's teardown need not hold it up.
    progress_.handOff();
  }
  void EndSourceFileAction() override {
    progress_.compiler = nullptr;
    ASTFrontendAction::EndSourceFileAction();
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci,
                                                 llvm::StringRef) override {
    locs_.setSourceManager(&ci.getSourceManager());
    return std::make_unique<AlgorithmConsumer>(opts_, result_, diags_, locs_,
                                               ci, progress_);
  }

private:
  const FrontendOptions &opts_;
  FrontendResult &result_;
  DiagnosticSink &diags_;
  LocationTable &locs_;
  ClangProgress &progress_;
};

class AlgorithmActionFactory : public tooling::FrontendActionFactory {
public:
  AlgorithmActionFactory(const FrontendOptions &opts, FrontendResult &result,
                         DiagnosticSink &diags, LocationTable &locs,
                         ClangProgress &progress)
      : opts_(opts), result_(result), diags_(diags), locs_(locs),
        progress_(progress) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<AlgorithmAction>(opts_, result_, diags_, locs_,
                                             progress_);
  }

private:
  const FrontendOptions &opts_;
  FrontendResult &result_;
  DiagnosticSink &diags_;
  LocationTable &locs_;
  ClangProgress &progress_;
};

} // namespace

namespace {
// The Clang flags of every compile, before the PCH and the user's -D, -U
// and -I; the PCH is built with them.
std::vector<std::string> clangBaseArgs() {
  // -fno-caret-diagnostics also stops Clang's own "N errors generated"
  // line: the driver prints one summary for every stage.
  std::vector<std::string> args = {
      "-std=c++20", "-fsyntax-only", "-Wno-unused-parameter",
      // Undefined behaviour Clang proves:
      // i++ + i++, a view or reference of
      // an object about to be destroyed.
      "-Werror=unsequenced", "-Werror=dangling",
      // The same plan on every run: no __DATE__, __TIME__, __TIMESTAMP__.
      "-Werror=date-time", "-fno-caret-diagnostics",
      // Clang's corrector can loop forever; SpellingSuggestions stands in.
      "-fno-spell-checking"};
  if (std::string res = MSCCLC_CLANG_RESOURCE_DIR; !res.empty()) {
    args.push_back("-resource-dir");
    args.push_back(res);
  }
  args.push_back("-isystem");
  args.push_back(dslIncludeDir());
  args.push_back("-D" + std::string(CompilerMacro) + "=1");
  return args;
}

// <mscclpp/dsl.hpp> parsed on its own, as mscclc sees it; null with a
// problem line when it does not compile.
std::unique_ptr<ASTUnit> parseDslHeader(std::vector<std::string> &problems) {
  std::unique_ptr<ASTUnit> ast = tooling::buildASTFromCodeWithArgs(
      "#include <mscclpp/dsl.hpp>\n", clangBaseArgs(), "dsl_bindings.cpp");
  if (!ast || ast->getDiagnostics().hasErrorOccurred()) {
    problems.push_back("<mscclpp/dsl.hpp> does not compile on its own");
    return nullptr;
  }
  return ast;
}
} // namespace

std::vector<std::string> checkDslHeaderBindings() {
  std::vector<std::string> problems;
  std::unique_ptr<ASTUnit> ast = parseDslHeader(problems);
  return ast ? checkDslBindings(ast->getASTContext()) : problems;
}

std::vector<std::string> checkDslHeaderInstantiations() {
  std::vector<std::string> problems;
  std::unique_ptr<ASTUnit> ast = parseDslHeader(problems);
  return ast ? checkDslInstantiations(ast->getASTContext()) : problems;
}

bool isCompilerMacro(std::string_view name) {
  return name == CompilerMacro || name == NoPchMacro;
}

std::vector<std::string> checkDslHeaderPch() {
  std::optional<std::string> pch = precompiledDslHeader(clangBaseArgs());
  if (!pch)
    return {"no precompiled header of <mscclpp/dsl.hpp> could be found or "
            "built (is MSCCLC_NO_PCH set, or the cache not writable?)"};
  // Keeps Clang's first error, to say why the PCH does not load.
  struct FirstError : DiagnosticConsumer {
    std::string text;
    void HandleDiagnostic(DiagnosticsEngine::Level level,
                          const clang::Diagnostic &info) override {
      if (level >= DiagnosticsEngine::Error && text.empty()) {
        llvm::SmallString<128> message;
        info.FormatDiagnostic(message);
        text = message.str().str();
      }
    }
  };
  auto *firstError = new FirstError;
  llvm::IntrusiveRefCntPtr<DiagnosticsEngine> diags =
      CompilerInstance::createDiagnostics(new DiagnosticOptions, firstError);
  PCHContainerOperations containers;
  std::unique_ptr<ASTUnit> ast = ASTUnit::LoadFromASTFile(
      *pch, containers.getRawReader(), ASTUnit::LoadASTOnly, diags,
      FileSystemOptions(), std::make_shared<HeaderSearchOptions>());
  if (!ast || !ast->getASTReader())
    return {"the precompiled header " + *pch +
            " does not load: " + firstError->text};
  llvm::SmallVector<std::pair<ValueDecl *, clang::SourceLocation>, 0> pending;
  ast->getASTReader()->ReadPendingInstantiations(pending);
  std::vector<std::string> problems;
  for (const auto &[decl, loc] : pending)
    problems.push_back("the precompiled header leaves '" +
                       decl->getQualifiedNameAsString() +
                       "' pending instantiation: every compile would retry it");
  return problems;
}

// Everything the front end's thread uses, on the heap so that the thread
// may outlive runFrontend. Clang and the evaluator recurse over the AST, so
// they run on a thread with a stack large enough for deep programs (the
// evaluator stops itself at EvalLimits::maxStackBytes, well before this
// runs out). When the evaluation has handed its result over (handOff), the
// thread goes on freeing the algorithm's values, the evaluator and Clang's
// AST, and giving the pages back, while the caller runs the passes: at 128
// ranks that is 50 ms off the compile (docs/performance.md).
class FrontendTeardown : public std::enable_shared_from_this<FrontendTeardown> {
public:
  FrontendTeardown(const FrontendOptions &options, DiagnosticSink &diags,
                   std::shared_ptr<SourceFiles> files,
                   std::vector<std::string> args)
      : options_(options), diags_(diags), db_(".", std::move(args)),
        tool_(db_, {options_.inputFile},
              std::make_shared<PCHContainerOperations>(),
              llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(
                  new GuardedFileSystem(llvm::vfs::getRealFileSystem()))),
        locs_(std::move(files), options_.inputFile),
        forward_(diags, locs_, progress_),
        factory_(options_, result_, diags, locs_, progress_) {
    // Our diagnostics already say what went wrong.
    tool_.setPrintErrorMessage(false);
    tool_.setDiagnosticConsumer(&forward_);
    progress_.reportFatal = [this](diag::ID id,
                                   std::initializer_list<DiagArg> args) {
      forward_.reportFatal(progress_.lastToken, id, args);
    };
    progress_.handOff = [this] { handOff(); };
  }
  FrontendTeardown(const FrontendTeardown &) = delete;
  FrontendTeardown &operator=(const FrontendTeardown &) = delete;
  ~FrontendTeardown() { finish(); }

  // A compile before this one may still be tearing down: the stack guard,
  // LLVM's out-of-memory handler and the out-of-memory reporter are the
  // process's, one compile's at a time.
  static void waitForPrevious() {
    if (auto before = previous().lock())
      before->finish();
  }

  // Starts the thread and returns the result once it is handed over. From
  // here on, removing LLVM's out-of-memory handler is finish()'s.
  FrontendResult run(size_t stackBytes) {
    progress_.stackBytes = stackBytes;
    previous() = weak_from_this();
    support::setOutOfMemoryReporter(reportClangOutOfMemory, &progress_);
    progress_.phases.start("clang set-up");
    // Not llvm::thread, which aborts the process when the thread cannot
    // start (a process limit, a container's pids.max).
    pthread_attr_t attr;
    int failed = pthread_attr_init(&attr);
    if (!failed) {
      failed = pthread_attr_setstacksize(&attr, progress_.stackBytes);
      if (!failed)
        failed = pthread_create(&thread_, &attr, threadMain, this);
      pthread_attr_destroy(&attr);
    }
    if (failed) {
      support::setOutOfMemoryReporter(nullptr, nullptr);
      progress_.phases.stop();
      diags_.report(diag::err_frontend_thread, {},
                    {std::string(std::strerror(failed)),
                     uint64_t(progress_.stackBytes >> 20)});
      return {};
    }
    started_ = true;
    std::unique_lock<std::mutex> lock(mutex_);
    handedOffCv_.wait(lock, [this] { return handedOff_; });
    return std::move(result_);
  }

  // Waits for the thread; then removes the stack guard and LLVM's
  // out-of-memory handler, and reports what Clang said after the hand-over
  // (nothing, in every compile seen).
  void finish() {
    std::lock_guard<std::mutex> lock(finishMutex_);
    if (finished_)
      return;
    finished_ = true;
    if (started_) {
      pthread_join(thread_, nullptr);
      StackGuard::remove();
    }
    llvm::remove_bad_alloc_error_handler();
    for (Diagnostic &d : later_.entries)
      diags_.emit(std::move(d));
    later_.entries.clear();
  }

private:
  static void *threadMain(void *self) {
    auto &session = *static_cast<FrontendTeardown *>(self);
    StackGuard::install(session.progress_);
    support::adviseHeapGrowth();
    session.tool_.run(&session.factory_);
    StackGuard::uninstallStack();
    session.handOff(); // Clang stopped before the consumer ran
    // What the evaluator and Clang freed lies in this thread's malloc
    // arena, which the passes (on the caller's thread) do not allocate
    // from: give its free pages back, or they stay resident under
    // everything that follows. The main heap's reservation stays
    // (support/HeapReservation.h).
    malloc_trim(support::heapReservedBytes());
    return nullptr;
  }

  // On the front end's thread, once: from here on the caller owns the
  // result, the sink and the phase timer.
  void handOff() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (handedOff_)
      return;
    forward_.detach(later_);
    support::setOutOfMemoryReporter(nullptr, nullptr);
    progress_.phases.stop();
    handedOff_ = true;
    handedOffCv_.notify_all();
  }

  static std::weak_ptr<FrontendTeardown> &previous() {
    static std::weak_ptr<FrontendTeardown> last;
    return last;
  }

  const FrontendOptions options_;
  DiagnosticSink &diags_;
  FrontendResult result_;
  tooling::FixedCompilationDatabase db_;
  tooling::ClangTool tool_;
  LocationTable locs_;
  ClangProgress progress_;
  ForwardingClangConsumer forward_;
  AlgorithmActionFactory factory_;
  CollectingDiagnosticSink later_;
  std::mutex mutex_;
  std::condition_variable handedOffCv_;
  bool handedOff_ = false; // under mutex_
  std::mutex finishMutex_;
  bool finished_ = false;
  pthread_t thread_{};
  bool started_ = false;
};

FrontendResult runFrontend(const FrontendOptions &options,
                           DiagnosticSink &diags,
                           std::shared_ptr<SourceFiles> files) {
  FrontendResult result;
  if (!files)
    files = std::make_shared<SourceFiles>();
  result.files = files;
  // LLVM's own allocators (SmallVector growth, the preprocessor's token
  // buffers) report a failed malloc through this handler, which must not
  // return; without one they print "LLVM ERROR: out of memory" and abort.
  // It reports like an out-of-memory in operator new: located at the last
  // token Clang read once that is known, temporaries removed, exit 1.
  FrontendTeardown::waitForPrevious();
  llvm::install_bad_alloc_error_handler(
      [](void *, const char *, bool) { support::outOfMemoryNow(); });
  // Until the front end's thread takes it over (FrontendTeardown::run).
  struct RemoveBadAllocHandler {
    bool owned = true;
    ~RemoveBadAllocHandler() {
      if (owned)
        llvm::remove_bad_alloc_error_handler();
    }
  } removeBadAllocHandler;
  // File 0 is the algorithm file, under the name the user gave, so that
  // -verify and carets work even when Clang stops before any location.
  {
    auto buf = llvm::MemoryBuffer::getFile(options.inputFile);
    if (!buf) {
      diags.report(diag::err_cannot_read, {},
                   {options.inputFile, buf.getError().message()});
      return result;
    }
    files->add(options.inputFile, (*buf)->getBuffer().str());
  }
  // Clang's tools resolve every path against the current directory and
  // go wrong without one (a deleted directory, or one deeper than
  // PATH_MAX): say so.
  if (llvm::SmallString<256> cwd;
      std::error_code ec = llvm::sys::fs::current_path(cwd)) {
    diags.report(diag::err_no_current_directory, {}, {ec.message()});
    return result;
  }
  uint64_t limitMiB = 0;
  size_t stackBytes = frontendStackBytes(limitMiB);
  if (stackBytes == 0) {
    diags.report(diag::err_memory_limit_no_stack, {},
                 {limitMiB, uint64_t(MinFrontendStackBytes >> 20)});
    return result;
  }
  std::vector<std::string> args = clangBaseArgs();
  support::PhaseTimer pchTime("precompiled header (find or build)");
  auto pch = precompiledDslHeader(args);
  pchTime.stop();
  if (pch) {
    args.push_back("-include-pch");
    args.push_back(*pch);
  } else {
    // The header's instantiation lists exist to fill the PCH; without one
    // they would cost this compile a third of a second.
    args.push_back("-D" + std::string(NoPchMacro) + "=1");
    // First, as the PCH would be: the algorithm file's own #include of it
    // is then a no-op, and what it brings in is what the PCH holds.
    args.push_back("-include");
    args.push_back(dslIncludeDir() + "/mscclpp/dsl.hpp");
  }
  for (const auto &m : options.macros)
    args.push_back(m);
  for (const auto &i : options.includeDirs)
    args.push_back("-I" + i);
  auto session = std::make_shared<FrontendTeardown>(options, diags, files,
                                                    std::move(args));
  removeBadAllocHandler.owned = false;
  FrontendResult compiled = session->run(stackBytes);
  compiled.files = files;
  if (compiled.program)
    compiled.program->files = files;
  compiled.teardown = std::move(session);
  return compiled;
}

} // namespace mscclc::frontend
