//===- GuardedFileSystem.h - what Clang may open for mscclc --------------===//
//
// Every Clang invocation of mscclc (the algorithm's compile and the build of
// the precompiled DSL header) reads files through this file system.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/support/AtomicFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <string>

namespace mscclc::frontend {

// What #include may open: regular files up to MaxIncludeBytes. A FIFO or a
// device (`#include "/dev/zero"`) would block or never end, so instead of
// its content the file reads as one #error saying why: a located error
// (with the #include in its include stack) and nothing is opened.
inline constexpr uint64_t MaxIncludeBytes = 16u << 20;
class RefusedFile : public llvm::vfs::File {
public:
  RefusedFile(const llvm::vfs::Status &real, std::string why)
      : text_("#error \"" + why + "\"\n"),
        status_(real.getName(), real.getUniqueID(),
                real.getLastModificationTime(), real.getUser(), real.getGroup(),
                text_.size(), llvm::sys::fs::file_type::regular_file,
                real.getPermissions()) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return status_; }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &name, int64_t, bool, bool) override {
    return llvm::MemoryBuffer::getMemBufferCopy(text_, name);
  }
  std::error_code close() override { return {}; }

private:
  std::string text_;
  llvm::vfs::Status status_;
};

class GuardedFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &path) override {
    llvm::ErrorOr<llvm::vfs::Status> st = status(path);
    if (!st)
      return st.getError();
    // /proc and /sys files claim to be regular but are generated on read
    // (some fail, some never end). The real path decides: a symbolic link,
    // `//proc` or `/dev/../proc` leads there too.
    llvm::SmallString<256> name, real;
    path.toVector(name);
    auto generated = [](llvm::StringRef p) {
      return p.starts_with("/proc/") || p.starts_with("/sys/");
    };
    if (generated(name) ||
        (!llvm::sys::fs::real_path(name, real) && generated(real)))
      return std::unique_ptr<llvm::vfs::File>(new RefusedFile(
          *st, "mscclc: files under /proc and /sys are not sources; "
               "#include reads regular files only"));
    // A directory is no file at all: Clang then reports the #include as
    // not found, at the #include.
    if (st->getType() == llvm::sys::fs::file_type::directory_file)
      return std::make_error_code(std::errc::is_a_directory);
    if (st->getType() != llvm::sys::fs::file_type::regular_file)
      return std::unique_ptr<llvm::vfs::File>(new RefusedFile(
          *st, "mscclc: this is not a regular file (a FIFO, a device or a "
               "socket); #include reads regular files only"));
    if (st->getSize() > MaxIncludeBytes)
      return std::unique_ptr<llvm::vfs::File>(new RefusedFile(
          *st, "mscclc: this file is larger than 16 MiB; #include reads "
               "files up to that size"));
    // An output must not replace what the compile read (writeOutput).
    support::noteFileRead(st->getUniqueID().getDevice(),
                          st->getUniqueID().getFile());
    return ProxyFileSystem::openFileForRead(path);
  }
  // ClangTool sets the working directory it found again when it ends,
  // which for the real file system is a chdir of the whole process: by
  // then the compile's other thread may be running (FrontendTeardown).
  // Setting the directory it already is does nothing.
  std::error_code setCurrentWorkingDirectory(const llvm::Twine &path) override {
    llvm::SmallString<256> wanted;
    path.toVector(wanted);
    if (auto current = getCurrentWorkingDirectory();
        current && *current == wanted)
      return {};
    return ProxyFileSystem::setCurrentWorkingDirectory(path);
  }
};

} // namespace mscclc::frontend
