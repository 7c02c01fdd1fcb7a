//===- PchCache.cpp - a precompiled <mscclpp/dsl.hpp>, cached on disk ----===//
//
// The DSL header pulls in <vector>, <map>, <optional> and <string_view>;
// parsing them costs most of a small compile. mscclc therefore keeps a
// precompiled header of <mscclpp/dsl.hpp> in a cache directory, keyed by the
// header's contents and the flags that shape it, built once with clang-19 and
// validated before first use. Any failure simply means no PCH. Entries
// unused for a month are removed when a new one is built.
//
//===----------------------------------------------------------------------===//
#include "PchCache.h"
#include "GuardedFileSystem.h"

#include "mscclc/frontend/Frontend.h"
#include "mscclc/support/AtomicFile.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/DeclBase.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <dirent.h>
#include <fcntl.h>
#include <map>
#include <sstream>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

using namespace clang;

namespace mscclc::frontend {

bool keepsLibraryBody(const SourceManager &sm, const Decl *d) {
  clang::SourceLocation at = sm.getExpansionLoc(d->getLocation());
  if (!sm.isInSystemHeader(at))
    return false;
  llvm::StringRef name = llvm::sys::path::filename(sm.getFilename(at));
  return name == "stl_tree.h" || name == "stl_map.h" ||
         name == "stl_multimap.h" || name == "stl_set.h" ||
         name == "stl_multiset.h" || name == "map" || name == "set" ||
         name == "erase_if.h";
}

namespace {

// Asked by the parser, which skips a function's body only when every
// consumer agrees (MultiplexConsumer).
class KeepLibraryBodies : public ASTConsumer {
public:
  explicit KeepLibraryBodies(const SourceManager &sm) : sm_(sm) {}
  bool shouldSkipFunctionBody(Decl *d) override {
    return !keepsLibraryBody(sm_, d);
  }

private:
  const SourceManager &sm_;
};

class SkipBodiesPchAction : public GeneratePCHAction {
public:
  explicit SkipBodiesPchAction(std::string out) : out_(std::move(out)) {}
  bool BeginInvocation(CompilerInstance &ci) override {
    ci.getFrontendOpts().SkipFunctionBodies = true;
    // Perform the header's pending instantiations at its end, once. Without
    // this the PCH hands them to every compile that loads it, which retries
    // each at its own end, deserialising every declaration (bodiless
    // here: SkipFunctionBodies skipped the patterns' bodies): with the
    // header's container list, a trivial program's parse took 9.8 ms
    // instead of 3.1 (docs/performance.md).
    ci.getLangOpts().PCHInstantiateTemplates = true;
    ci.getFrontendOpts().OutputFile = out_;
    return GeneratePCHAction::BeginInvocation(ci);
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci,
                                                 llvm::StringRef in) override {
    std::unique_ptr<ASTConsumer> generate =
        GeneratePCHAction::CreateASTConsumer(ci, in);
    if (!generate)
      return nullptr;
    std::vector<std::unique_ptr<ASTConsumer>> consumers;
    consumers.push_back(std::move(generate));
    consumers.push_back(
        std::make_unique<KeepLibraryBodies>(ci.getSourceManager()));
    return std::make_unique<MultiplexConsumer>(std::move(consumers));
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

// Room to write a PCH into `dir`: free space on its file system and the
// process's file-size limit (ulimit -f) both well above a PCH's size
// (about 9 MB).
bool roomForPch(const std::string &dir) {
  constexpr uint64_t Needed = uint64_t(64) << 20;
  struct statvfs fs;
  if (::statvfs(dir.c_str(), &fs) == 0 &&
      uint64_t(fs.f_bavail) * uint64_t(fs.f_frsize) < Needed)
    return false;
  struct rlimit rl;
  if (::getrlimit(RLIMIT_FSIZE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
      uint64_t(rl.rlim_cur) < Needed)
    return false;
  return true;
}

std::string cacheDir() {
  if (const char *d = std::getenv("MSCCLC_CACHE_DIR"))
    return d;
  if (const char *x = std::getenv("XDG_CACHE_HOME"); x && *x)
    return std::string(x) + "/mscclc";
  if (const char *h = std::getenv("HOME"); h && *h)
    return std::string(h) + "/.cache/mscclc";
  return "";
}

// A file's size and the xxh3 hash of its contents.
struct Fingerprint {
  uint64_t size = 0, hash = 0;
  bool operator==(const Fingerprint &) const = default;
};

// Which inode a file is, and when it last changed: the kernel sets the
// change time (ctime) to the current time on every write, truncation, link
// or rename of the inode, and no system call sets it back. A cache file
// with the identity it had when its contents were hashed has the contents
// then hashed, so a compile need not read and hash the whole PCH (9 MB;
// about 3 ms of an 8-rank compile's 20) to know it is intact.
struct FileIdentity {
  uint64_t device = 0, inode = 0;
  int64_t changedSeconds = 0, changedNanoseconds = 0;
  bool operator==(const FileIdentity &) const = default;
};

FileIdentity identityOf(const struct stat &st) {
  return {uint64_t(st.st_dev), uint64_t(st.st_ino), int64_t(st.st_ctim.tv_sec),
          int64_t(st.st_ctim.tv_nsec)};
}

// What a record (dsl-KEY.pch.ok) says: the PCH's fingerprint, and the
// identity it had when that was taken (absent in the records of older
// builds of mscclc).
struct Record {
  Fingerprint fingerprint;
  std::optional<FileIdentity> identity;
};

// Cache entries are mscclc's own regular files: a link (to /dev/zero, to a
// file elsewhere), a FIFO or a directory in their place is never read.
bool ownRegularFile(const std::string &path, uint64_t *size = nullptr) {
  struct stat st;
  if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
    return false;
  if (size)
    *size = uint64_t(st.st_size);
  return true;
}

// The fingerprint of `path`; with `expected`, a file of another size is
// rejected before its contents are read. `identity` receives the file's
// identity from before the read: a change during the read changes the ctime
// again, so the pair never vouches for contents that were not hashed.
std::optional<Fingerprint>
fingerprint(const std::string &path,
            std::optional<Fingerprint> expected = std::nullopt,
            FileIdentity *identity = nullptr) {
  uint64_t size = 0;
  if (!ownRegularFile(path, &size) || size == 0 ||
      (expected && expected->size != size))
    return std::nullopt;
  // Read through one small buffer and hashed a block at a time: mapping the
  // file cost a fault (or, with MAP_POPULATE, a mapping) per page, which on a
  // virtual machine was most of the cost (docs/performance.md).
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return std::nullopt;
  struct stat st;
  std::optional<Fingerprint> result;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
      uint64_t(st.st_size) == size) {
    if (identity)
      *identity = identityOf(st);
    constexpr size_t BlockBytes = size_t(256) << 10;
    static thread_local std::vector<uint8_t> block(BlockBytes);
    std::vector<uint64_t> blockHashes;
    uint64_t done = 0;
    while (done < size) {
      ssize_t got = ::read(fd, block.data(), BlockBytes);
      if (got < 0 && errno == EINTR)
        continue;
      if (got <= 0)
        break;
      blockHashes.push_back(
          llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(block.data(), got)));
      done += uint64_t(got);
    }
    uint8_t extra = 0;
    if (done == size && ::read(fd, &extra, 1) == 0)
      result = Fingerprint{
          size, llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(
                    reinterpret_cast<const uint8_t *>(blockHashes.data()),
                    blockHashes.size() * sizeof(uint64_t)))};
  }
  ::close(fd);
  return result;
}

std::optional<Record> readRecord(const std::string &path) {
  std::string text;
  int error = 0;
  if (!ownRegularFile(path) ||
      !support::readRegularFile(path, 256, text, error))
    return std::nullopt;
  std::istringstream in(text);
  Record r;
  if (!(in >> r.fingerprint.size >> r.fingerprint.hash))
    return std::nullopt;
  FileIdentity id;
  if (in >> id.device >> id.inode >> id.changedSeconds >> id.changedNanoseconds)
    r.identity = id;
  return r;
}

std::string recordText(const Fingerprint &f,
                       const std::optional<FileIdentity> &identity) {
  std::string text = std::to_string(f.size) + " " + std::to_string(f.hash);
  if (identity)
    text += " " + std::to_string(identity->device) + " " +
            std::to_string(identity->inode) + " " +
            std::to_string(identity->changedSeconds) + " " +
            std::to_string(identity->changedNanoseconds);
  return text + "\n";
}

// Whether `pch` is still the file `record` describes, by its identity alone.
bool unchangedSince(const std::string &pch, const Record &record) {
  struct stat st;
  return record.identity && ::lstat(pch.c_str(), &st) == 0 &&
         S_ISREG(st.st_mode) &&
         uint64_t(st.st_size) == record.fingerprint.size &&
         identityOf(st) == *record.identity;
}

// Whether `pch` is the file `record` describes: unchanged since it was
// hashed, or else with the recorded contents, hashed again.
bool describes(const Record &record, const std::string &pch) {
  return unchangedSince(pch, record) ||
         fingerprint(pch, record.fingerprint) == record.fingerprint;
}

// Cache entries are replaced, never written through: a link in the cache
// is replaced by the file, not followed.
void writeEntry(const std::string &path, const std::string &text) {
  support::WriteFailure ignored; // a failure only means a rebuild later
  support::writeFileAtomically(path, text, ignored, /*followLinks=*/false);
}

// Every edit or upgrade of the header, and every other set of flags, makes
// a new entry of about 9 MB. Entries no compile has used for a month are
// removed when a new one is built; a used entry's record is touched at most
// once a day, so that its age says when it was last used.
constexpr auto UnusedEntryLifetime = std::chrono::hours(24 * 30);
constexpr auto UseTouchInterval = std::chrono::hours(24);
// A temporary PCH left by a compile that was killed mid-build.
constexpr auto AbandonedBuildLifetime = std::chrono::hours(1);

std::chrono::system_clock::duration ageOf(const struct stat &st) {
  auto modified = std::chrono::system_clock::time_point(
      std::chrono::duration_cast<std::chrono::system_clock::duration>(
          std::chrono::seconds(st.st_mtim.tv_sec) +
          std::chrono::nanoseconds(st.st_mtim.tv_nsec)));
  return std::chrono::system_clock::now() - modified;
}

void noteUse(const std::string &record) {
  struct stat st;
  if (::lstat(record.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
      ageOf(st) > UseTouchInterval)
    ::utimensat(AT_FDCWD, record.c_str(), nullptr, AT_SYMLINK_NOFOLLOW);
}

// The key of a cache file name, dsl-<16 hex digits>.pch[.ok|.bad|.tmp.PID],
// or Clang's own temporary for the .tmp.PID it writes,
// dsl-<key>.pch.tmp-<8 hex digits>.PID.tmp (left when the build ran out of
// memory or was killed), and whether it is a temporary; nullopt for any
// other name (never touched).
std::optional<std::string> entryKey(llvm::StringRef name, bool &temporary) {
  if (!name.consume_front("dsl-") || name.size() < 16 + 4)
    return std::nullopt;
  llvm::StringRef key = name.take_front(16);
  if (key.find_first_not_of("0123456789abcdef") != llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef rest = name.drop_front(16);
  if (!rest.consume_front(".pch"))
    return std::nullopt;
  auto isNumber = [](llvm::StringRef digits) {
    return !digits.empty() &&
           digits.find_first_not_of("0123456789") == llvm::StringRef::npos;
  };
  if (rest.consume_front(".tmp-")) {
    temporary = true;
    llvm::StringRef unique = rest.take_front(8);
    rest = rest.drop_front(unique.size());
    bool clangTemporary =
        unique.size() == 8 &&
        unique.find_first_not_of("0123456789abcdef") == llvm::StringRef::npos &&
        rest.consume_front(".") && rest.consume_back(".tmp") && isNumber(rest);
    return clangTemporary ? std::optional<std::string>(key.str())
                          : std::nullopt;
  }
  temporary = rest.consume_front(".tmp.");
  if (temporary)
    return !rest.empty() &&
                   rest.find_first_not_of("0123456789") == llvm::StringRef::npos
               ? std::optional<std::string>(key.str())
               : std::nullopt;
  if (rest.empty() || rest == ".ok" || rest == ".bad")
    return key.str();
  return std::nullopt;
}

// Removes the entries of keys other than `current` whose newest file is
// older than UnusedEntryLifetime, and abandoned temporaries. Only regular
// files with mscclc's own names are removed; links are never followed.
void pruneUnusedEntries(const std::string &dir, const std::string &current) {
  DIR *d = ::opendir(dir.c_str());
  if (!d)
    return;
  struct Entry {
    std::vector<std::string> files;
    bool recent = false;
  };
  std::map<std::string, Entry> byKey;
  std::vector<std::string> abandoned;
  while (const struct dirent *e = ::readdir(d)) {
    bool temporary = false;
    std::optional<std::string> key = entryKey(e->d_name, temporary);
    if (!key)
      continue;
    std::string path = dir + "/" + e->d_name;
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
      continue;
    if (temporary) {
      if (ageOf(st) > AbandonedBuildLifetime)
        abandoned.push_back(path);
      continue;
    }
    Entry &entry = byKey[*key];
    entry.files.push_back(path);
    entry.recent |= ageOf(st) <= UnusedEntryLifetime;
  }
  ::closedir(d);
  // Each file is looked at again just before it goes: a concurrent compile
  // may have touched or republished it since the scan (a file it is about
  // to load must not vanish). What remains is a window of one lstat.
  auto unlinkIfStill = [](const std::string &path,
                          std::chrono::system_clock::duration olderThan) {
    struct stat st;
    if (::lstat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
        ageOf(st) > olderThan)
      ::unlink(path.c_str());
  };
  for (const std::string &path : abandoned)
    unlinkIfStill(path, AbandonedBuildLifetime);
  for (const auto &[key, entry] : byKey) {
    if (key == current || entry.recent)
      continue;
    // A record touched since the scan keeps its whole entry.
    bool revived = false;
    for (const std::string &path : entry.files) {
      struct stat st;
      revived |=
          ::lstat(path.c_str(), &st) == 0 && ageOf(st) <= UnusedEntryLifetime;
    }
    if (!revived)
      for (const std::string &path : entry.files)
        unlinkIfStill(path, UnusedEntryLifetime);
  }
}

} // namespace

std::optional<std::string>
precompiledDslHeader(const std::vector<std::string> &baseArgs) {
  if (std::getenv("MSCCLC_NO_PCH"))
    return std::nullopt;
  std::string header = dslIncludeDir() + "/mscclpp/dsl.hpp";
  std::string keyText;
  int error = 0;
  if (!support::readRegularFile(header, MaxIncludeBytes, keyText, error))
    return std::nullopt;
  llvm::sys::fs::file_status st;
  if (llvm::sys::fs::status(header, st))
    return std::nullopt;
  for (const auto &a : baseArgs)
    keyText += "\n" + a;
  keyText +=
      "\n" +
      std::to_string(st.getLastModificationTime().time_since_epoch().count());
  keyText += "\npch-format: skip-function-bodies but the tree containers' "
             "and erase_if's, "
             "pch-instantiate-templates, block fingerprint, file identity";
  uint64_t key = llvm::xxh3_64bits(llvm::StringRef(keyText));
  std::string dir = cacheDir();
  if (dir.empty() || llvm::sys::fs::create_directories(dir))
    return std::nullopt;
  char name[64];
  snprintf(name, sizeof(name), "/dsl-%016llx.pch", (unsigned long long)key);
  std::string pch = dir + name;
  if (llvm::sys::fs::exists(pch + ".bad"))
    return std::nullopt;
  // A PCH is used only if it is exactly the file that passed validation:
  // the record holds its size and a hash of its contents, so a truncated or
  // corrupted cache file (which would crash Clang's AST reader) is rebuilt.
  // The hash is taken again only when the file is not the inode, unchanged
  // since, that it was taken from (a cache copied or restored elsewhere, a
  // file touched). A compile never rewrites a record it did not build:
  // whatever the compile's fate, it changes nothing in the cache but an
  // entry it adds.
  if (auto recorded = readRecord(pch + ".ok");
      recorded && describes(*recorded, pch)) {
    noteUse(pch + ".ok");
    return pch;
  }

  // Build it in-process (to a temporary name, then rename: concurrent
  // compiles are safe). Function bodies of the headers are skipped, as
  // clangd does for preambles: mscclc implements the library calls it
  // supports itself, and skipping them saves both the PCH load and the
  // instantiation of every standard-library member the algorithm uses.
  // Clang ends the process when it cannot write the PCH out ("IO failure
  // on output stream"): a full disk or a file-size limit would stop every
  // compile. Without room for it, compile without it.
  if (!roomForPch(dir))
    return std::nullopt;
  std::string tmp = pch + ".tmp." + std::to_string(getpid());
  support::TemporaryFile guard(tmp); // removed if a signal kills us
  {
    std::vector<std::string> args = baseArgs;
    args.push_back("-xc++-header");
    tooling::FixedCompilationDatabase db(".", args);
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fs(
        new GuardedFileSystem(llvm::vfs::getRealFileSystem()));
    tooling::ClangTool tool(db, {header},
                            std::make_shared<PCHContainerOperations>(), fs);
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
    writeEntry(pch + ".bad", "clang could not use this PCH\n");
    return std::nullopt;
  }
  std::optional<Fingerprint> built = fingerprint(tmp);
  if (!built) {
    llvm::sys::fs::remove(tmp);
    return std::nullopt;
  }
  // Publish it under a name no later writer can replace: Clang reads a PCH
  // more than once while loading it, and a file swapped in between by a
  // concurrent compile would not match itself. A corrupt PCH (its record
  // did not match above) is removed first; if another compile publishes
  // first, its file is used once its record confirms it.
  // Only a PCH known to be bad is removed: one whose record does not match
  // it, or one left without a record for over a minute (a compile died
  // between publishing and recording). A fresh unrecorded one is another
  // compile's, being recorded right now.
  if (auto recorded = readRecord(pch + ".ok")) {
    if (!describes(*recorded, pch))
      llvm::sys::fs::remove(pch);
  } else if (llvm::sys::fs::file_status st;
             !llvm::sys::fs::status(pch, st) &&
             std::chrono::system_clock::now() - st.getLastModificationTime() >
                 std::chrono::minutes(1)) {
    llvm::sys::fs::remove(pch);
  }
  bool published = ::link(tmp.c_str(), pch.c_str()) == 0;
  llvm::sys::fs::remove(tmp);
  if (!published) {
    if (auto recorded = readRecord(pch + ".ok"))
      if (describes(*recorded, pch))
        return pch;
    return std::nullopt; // the winner has not recorded it yet: no PCH now
  }
  // Linking and unlinking changed the file's ctime since the hash: its
  // identity is taken by hashing the published file once more (a build
  // takes seconds; this, milliseconds). Should that fail, the record has
  // none, and every compile hashes the file.
  FileIdentity identity;
  std::optional<FileIdentity> publishedAs;
  if (fingerprint(pch, built, &identity) == built)
    publishedAs = identity;
  writeEntry(pch + ".ok", recordText(*built, publishedAs));
  char current[17];
  snprintf(current, sizeof(current), "%016llx", (unsigned long long)key);
  pruneUnusedEntries(dir, current);
  return pch;
}

} // namespace mscclc::frontend
