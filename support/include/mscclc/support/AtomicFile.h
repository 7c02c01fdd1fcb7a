//===- AtomicFile.h - write a file all at once or not at all -------------===//
//
// Every file mscclc writes (plans, CUDA sources, installed defaults) goes
// through here: the content is written to a temporary file in the target's
// directory and renamed over the target, so readers never see a partial file
// and a failure leaves any previous file untouched. A symbolic link is
// followed (the file it names is replaced, the link stays). A character
// device or a FIFO (-o /dev/null, a pipe to a consumer) is written into,
// never replaced; any other target that is not a regular file (a
// directory, a block device, a socket) is refused.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace mscclc::support {

// Registers a temporary file (or a directory this run created, removed if
// it is empty) to be removed if the process is killed by
// SIGINT, SIGTERM, SIGHUP or SIGQUIT while the guard lives (the handler
// removes it, then dies of the same signal). Used for every temporary
// mscclc creates: output files and the precompiled-header cache.
class TemporaryFile {
public:
  explicit TemporaryFile(const std::string &path);
  ~TemporaryFile();
  TemporaryFile(const TemporaryFile &) = delete;
  TemporaryFile &operator=(const TemporaryFile &) = delete;

private:
  int slot_ = -1;
};

// What failed, for the caller to report (the driver's catalog has one
// message per step).
struct WriteFailure {
  enum Step {
    Stdout,
    Resolve,    // a symbolic link could not be followed
    NotRegular, // the target is neither a regular file nor writable in place
    NoReader,   // the target is a FIFO that no process reads
    InPlace,    // writing into a device or FIFO failed part way
    CreateTemp,
    Write,
    Rename
  } step = Write;
  std::string path; // the file involved (the temporary for Write)
  int error = 0;    // errno
};

// Writes `content` to `path` ("-" and /dev/stdout write to stdout,
// /dev/stderr to stderr, /dev/fd/N and /proc/self/fd/N to descriptor N when
// it is a pipe or a device, as a shell's >(...) gives). On failure returns
// false and fills `failure`; nothing is left behind, except in what is
// written in place (a stream, a device, a FIFO), which keeps what reached
// it.
// With `followLinks` false, a symbolic link at `path` is replaced by the
// file instead of followed (for files mscclc owns, such as its cache).
bool writeFileAtomically(const std::string &path, std::string_view content,
                         WriteFailure &failure, bool followLinks = true);

// Writes one piece of the content; false when the write failed.
using ContentSink = std::function<bool(std::string_view)>;
// Produces the content through the sink, in order; returns false when a
// write failed (the producer should stop then).
using ContentProducer = std::function<bool(const ContentSink &)>;
// The same, for content made piece by piece (a large plan is never held
// whole): the temporary receives each piece as it comes.
bool writeFileAtomically(const std::string &path,
                         const ContentProducer &produce, WriteFailure &failure,
                         bool followLinks = true);

// Follows symbolic links in `path` (relative ones from the link's
// directory), so that a rename replaces the file a link names, not the
// link; gives up after 40 hops, like the kernel. False with errno set when
// a link cannot be followed.
bool resolveLinks(std::string &path);

// Writes all of `content` to `fd`, retrying interrupted writes; false with
// errno set on failure.
bool writeAll(int fd, std::string_view content);

// Reads a regular file of at most `maxBytes` into `content`. Anything else
// (a FIFO, a device, a directory, a larger file) is refused without
// blocking: false with `error` set (EINVAL: not a regular file; EFBIG: too
// large; otherwise the errno of open).
bool readRegularFile(const std::string &path, uint64_t maxBytes,
                     std::string &content, int &error);

// The files this process's compiles read (the algorithm file and every
// header Clang opened), by device and inode: an output written over one
// of them would replace a source (-o helper.h).
void noteFileRead(uint64_t device, uint64_t inode);
bool wasFileRead(uint64_t device, uint64_t inode);

} // namespace mscclc::support
