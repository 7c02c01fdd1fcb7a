//===- AtomicFile.cpp - temporary file and rename -------------------------===//
#include "mscclc/support/AtomicFile.h"
#include "mscclc/support/ResourceLimits.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <set>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace mscclc::support {

bool writeAll(int fd, std::string_view content) {
  const char *p = content.data();
  size_t left = content.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    if (n == 0) { // no progress and no error: do not spin
      errno = EIO;
      return false;
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  return true;
}

// The links of /proc/PID/fd name open files, not paths (a pipe, a deleted
// file "x (deleted)"): they are refused (EINVAL); the caller writes to
// stdout for "-".
bool resolveLinks(std::string &path) {
  for (int hop = 0; hop < 40; ++hop) {
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode))
      return true;
    if (path.rfind("/proc/", 0) == 0 || path.rfind("/dev/fd/", 0) == 0) {
      errno = EINVAL;
      return false;
    }
    // st_size is the link's length, except for links that are not paths
    // (it may be 0 or too small): grow the buffer until readlink fits.
    std::string target(size_t(st.st_size > 0 ? st.st_size : 0) + 256, '\0');
    ssize_t n;
    while ((n = ::readlink(path.c_str(), target.data(), target.size())) >= 0 &&
           size_t(n) == target.size())
      target.resize(target.size() * 2);
    if (n < 0)
      return false;
    target.resize(size_t(n));
    if (!target.empty() && target[0] != '/') {
      size_t slash = path.rfind('/');
      target = (slash == std::string::npos ? std::string()
                                           : path.substr(0, slash + 1)) +
               target;
    }
    path = std::move(target);
  }
  errno = ELOOP;
  return false;
}

namespace {

// Temporary files that a signal must not leave behind. A signal handler may
// only touch plain memory and call async-signal-safe functions (unlink,
// raise), so the paths live in fixed buffers.
constexpr int MaxTemporaries = 32;
constexpr size_t MaxPath = 4096;
char temporaries[MaxTemporaries][MaxPath];
volatile sig_atomic_t temporaryUsed[MaxTemporaries];

// Unlinks the registered files, then removes the registered directories
// that are empty, deepest first (a directory and the one it was made in
// may both be registered, in either slot order). Async-signal-safe.
void removeRegistered() {
  int savedErrno = errno;
  bool directory[MaxTemporaries] = {};
  for (int i = 0; i < MaxTemporaries; ++i)
    if (temporaryUsed[i] && ::unlink(temporaries[i]) != 0 && errno == EISDIR)
      directory[i] = true;
  for (bool removed = true; removed;) {
    removed = false;
    for (int i = MaxTemporaries - 1; i >= 0; --i)
      if (directory[i] && ::rmdir(temporaries[i]) == 0) {
        directory[i] = false;
        removed = true;
      }
  }
  errno = savedErrno;
}

extern "C" void removeTemporariesAndDie(int sig) {
  removeRegistered();
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

void installSignalCleanup() {
  static std::once_flag once;
  std::call_once(once, [] {
    // A file too large for `ulimit -f` is a write error (EFBIG) to report
    // and clean up after, not a signal that kills the process mid-write.
    ::signal(SIGXFSZ, SIG_IGN);
    // Every other signal whose default action ends the process.
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2,
                    SIGPIPE, SIGVTALRM, SIGPROF, SIGXCPU}) {
      struct sigaction old;
      ::sigaction(sig, nullptr, &old);
      if (old.sa_handler == SIG_IGN)
        continue; // keep what the parent asked for (nohup)
      struct sigaction sa {};
      sa.sa_handler = removeTemporariesAndDie;
      sigemptyset(&sa.sa_mask);
      ::sigaction(sig, &sa, nullptr);
    }
  });
}

} // namespace

void removeTemporaries() {
  removeRegistered();
  for (int i = 0; i < MaxTemporaries; ++i)
    temporaryUsed[i] = 0;
}

TemporaryFile::TemporaryFile(const std::string &path) {
  installSignalCleanup();
  if (path.size() >= MaxPath)
    return;
  for (int i = 0; i < MaxTemporaries; ++i)
    if (!temporaryUsed[i]) {
      std::memcpy(temporaries[i], path.c_str(), path.size() + 1);
      temporaryUsed[i] = 1;
      slot_ = i;
      return;
    }
}

TemporaryFile::~TemporaryFile() {
  if (slot_ >= 0)
    temporaryUsed[slot_] = 0;
}

bool writeFileAtomically(const std::string &path, std::string_view content,
                         WriteFailure &failure, bool followLinks) {
  return writeFileAtomically(
      path, [&](const ContentSink &sink) { return sink(content); }, failure,
      followLinks);
}

bool writeFileAtomically(const std::string &path,
                         const ContentProducer &produce, WriteFailure &failure,
                         bool followLinks) {
  auto fail = [&](WriteFailure::Step step, const std::string &file) {
    failure = {step, file, errno};
    return false;
  };
  // Straight into an open file or a stream: nothing to replace.
  auto writeInPlace = [&](int fd, WriteFailure::Step step) {
    int writeError = 0;
    if (!produce([&](std::string_view piece) {
          if (writeAll(fd, piece))
            return true;
          writeError = errno; // before the producer does anything else
          return false;
        })) {
      failure = {step, path, writeError};
      return false;
    }
    return true;
  };
  // /dev/stdout and /dev/stderr name the process's own streams (through
  // /proc links that name open files, not paths).
  if (path == "-" || (followLinks && path == "/dev/stdout"))
    return writeInPlace(STDOUT_FILENO, WriteFailure::Stdout);
  if (followLinks && path == "/dev/stderr")
    return writeInPlace(STDERR_FILENO, WriteFailure::InPlace);
  // An open descriptor by number (a shell's >(...) is /dev/fd/63): a pipe
  // or a device is written into; anything else is refused below, as the
  // links that name it cannot be followed.
  if (followLinks) {
    for (std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"}) {
      std::string_view rest(path);
      if (rest.substr(0, prefix.size()) != prefix)
        continue;
      rest.remove_prefix(prefix.size());
      if (rest.empty() || rest.size() > 9 ||
          rest.find_first_not_of("0123456789") != std::string_view::npos)
        break;
      int fd = std::atoi(std::string(rest).c_str());
      struct stat st;
      if (::fstat(fd, &st) == 0 &&
          (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode)))
        return writeInPlace(fd, WriteFailure::InPlace);
      break;
    }
  }
  // Only regular files are replaced: renaming over a device node, a FIFO
  // or a directory would destroy it (as root, `-o /dev/null` would turn
  // /dev/null into a plan). A character device or a FIFO is written into
  // instead, as compilers do (-o /dev/null); a FIFO with no reader is an
  // error rather than a wait for one that may never come.
  std::string target = path;
  if (followLinks && !resolveLinks(target))
    return fail(WriteFailure::Resolve, path);
  struct stat st;
  if ((followLinks ? ::stat(target.c_str(), &st)
                   : ::lstat(target.c_str(), &st)) == 0 &&
      !S_ISREG(st.st_mode) && !(!followLinks && S_ISLNK(st.st_mode))) {
    if (!followLinks || !(S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))) {
      errno = 0;
      return fail(WriteFailure::NotRegular, path);
    }
    int fd = ::open(target.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
      return fail(errno == ENXIO && S_ISFIFO(st.st_mode)
                      ? WriteFailure::NoReader
                      : WriteFailure::Write,
                  path);
    // Blocking writes from here: a slow reader is waited for.
    int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0)
      ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    bool ok = writeInPlace(fd, WriteFailure::InPlace);
    if (::close(fd) != 0 && ok) {
      failure = {WriteFailure::InPlace, path, errno};
      ok = false;
    }
    return ok;
  }

  // The temporary must live in the target's directory: rename() is only
  // atomic within one file system. open(O_EXCL, 0666) rather than mkstemp so
  // the plan gets the usual umask-derived permissions without touching the
  // process-wide umask; a name clash just means trying the next name.
  static std::atomic<unsigned> counter{0};
  std::string tmp;
  int fd = -1;
  // A short name beside the target: the target's own name may already be
  // as long as the file system allows.
  size_t slash = target.rfind('/');
  std::string dir =
      slash == std::string::npos ? "" : target.substr(0, slash + 1);
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    tmp = dir + ".mscclc.tmp." + std::to_string(::getpid()) + "." +
          std::to_string(counter++);
    fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST)
      break;
  }
  if (fd < 0)
    return fail(WriteFailure::CreateTemp, target);

  TemporaryFile guard(tmp);
  // Fault injection for the tests: a signal arriving mid-write.
  const char *signalDuringWrite =
      std::getenv("MSCCLC_TEST_SIGNAL_DURING_WRITE");
  int writeError = 0;
  bool ok = false;
  try {
    ok = produce([&](std::string_view piece) {
      if (signalDuringWrite) {
        (void)writeAll(fd, piece.substr(0, piece.size() / 2));
        const std::string_view name = signalDuringWrite;
        const int sig = name == "INT"    ? SIGINT
                        : name == "USR1" ? SIGUSR1
                        : name == "PIPE" ? SIGPIPE
                                         : SIGTERM;
        signalDuringWrite = nullptr; // once, at the first piece
        ::raise(sig);
      }
      if (writeAll(fd, piece))
        return true;
      writeError = errno;
      return false;
    });
  } catch (...) {
    // The content could not be made (out of memory): nothing is left.
    ::close(fd);
    ::unlink(tmp.c_str());
    throw;
  }
  if (!ok)
    failure = {WriteFailure::Write, tmp, writeError};
  // close() can report a deferred write error (NFS, full disk).
  if (::close(fd) != 0 && ok) {
    failure = {WriteFailure::Write, tmp, errno};
    ok = false;
  }
  if (ok && ::rename(tmp.c_str(), target.c_str()) != 0) {
    failure = {WriteFailure::Rename, target, errno};
    ok = false;
  }
  if (!ok)
    ::unlink(tmp.c_str());
  return ok;
}

bool readRegularFile(const std::string &path, uint64_t maxBytes,
                     std::string &content, int &error) {
  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused
  // below like any file that is not regular.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    error = errno;
    return false;
  }
  struct stat st;
  int err = 0;
  if (::fstat(fd, &st) != 0)
    err = errno;
  else if (!S_ISREG(st.st_mode))
    err = EINVAL;
  else if (uint64_t(st.st_size) > maxBytes)
    err = EFBIG;
  if (err) {
    ::close(fd);
    error = err;
    return false;
  }
  content.assign(size_t(st.st_size), '\0');
  size_t got = 0;
  while (got < content.size()) {
    ssize_t n = ::read(fd, content.data() + got, content.size() - got);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    got += size_t(n);
  }
  content.resize(got); // a file that shrank while being read
  ::close(fd);
  return true;
}

namespace {
std::mutex filesReadMutex;
std::set<std::pair<uint64_t, uint64_t>> &filesRead() {
  static std::set<std::pair<uint64_t, uint64_t>> files;
  return files;
}
} // namespace

void noteFileRead(uint64_t device, uint64_t inode) {
  std::lock_guard<std::mutex> lock(filesReadMutex);
  filesRead().insert({device, inode});
}

bool wasFileRead(uint64_t device, uint64_t inode) {
  std::lock_guard<std::mutex> lock(filesReadMutex);
  return filesRead().count({device, inode}) != 0;
}

} // namespace mscclc::support
