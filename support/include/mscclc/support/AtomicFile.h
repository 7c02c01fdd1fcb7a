//===- AtomicFile.h - write a file all at once or not at all -------------===//
//
// Every file mscclc writes (plans, CUDA sources, installed defaults) goes
// through here: the content is written to a temporary file in the target's
// directory and renamed over the target, so readers never see a partial file
// and a failure leaves any previous file untouched. A symbolic link is
// followed (the file it names is replaced, the link stays); a target that
// exists and is not a regular file (a device, a FIFO, a directory) is
// refused rather than replaced.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <string_view>

namespace mscclc::support {

// Registers a temporary file to be removed if the process is killed by
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
    NotRegular, // the target exists and is not a regular file
    CreateTemp,
    Write,
    Rename
  } step = Write;
  std::string path; // the file involved (the temporary for Write)
  int error = 0;    // errno
};

// Writes `content` to `path` ("-" writes to stdout). On failure returns
// false and fills `failure`; nothing is left behind.
bool writeFileAtomically(const std::string &path, std::string_view content,
                         WriteFailure &failure);

} // namespace mscclc::support
