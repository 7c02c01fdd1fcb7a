//===- Memory.h - a rank's allocations, paged in on first touch -----------===//
//
// Scratch can be large (reuse_resources plans get the executor's 128 MiB
// whatever they use), so every space is a table of 64 KiB pages allocated
// when first written; untouched pages read as zeros, as the executor's
// zero-filled allocations do.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

namespace mscclc::sim {

class PagedMemory {
public:
  static constexpr uint64_t PageBits = 16;
  static constexpr uint64_t PageSize = uint64_t(1) << PageBits;

  explicit PagedMemory(uint64_t size = 0)
      : size_(size), pages_((size + PageSize - 1) / PageSize) {}

  uint64_t size() const { return size_; }
  bool contains(uint64_t offset, uint64_t length) const {
    return offset <= size_ && length <= size_ - offset;
  }

  void read(uint64_t offset, void *out, uint64_t length) const {
    auto *dst = static_cast<uint8_t *>(out);
    while (length) {
      uint64_t page = offset >> PageBits, in = offset & (PageSize - 1);
      uint64_t n = std::min(length, PageSize - in);
      if (pages_[page])
        std::memcpy(dst, pages_[page].get() + in, n);
      else
        std::memset(dst, 0, n);
      dst += n;
      offset += n;
      length -= n;
    }
  }

  void write(uint64_t offset, const void *in, uint64_t length) {
    auto *src = static_cast<const uint8_t *>(in);
    while (length) {
      uint64_t page = offset >> PageBits, at = offset & (PageSize - 1);
      uint64_t n = std::min(length, PageSize - at);
      // A write over a whole new page needs no zeroing first.
      std::memcpy(n == PageSize ? touchUninitialised(page) : touch(page) + at,
                  src, n);
      src += n;
      offset += n;
      length -= n;
    }
  }

  // Calls f(bytes, n, done) for each page-contiguous piece of
  // [offset, offset + length), in order; `done` counts the bytes before
  // the piece. Pages are allocated (zeroed) as needed, so `bytes` may be
  // read and written in place. With `overwrite`, f promises to write every
  // byte of its piece, so whole new pages are not zeroed first.
  template <typename F>
  void forEachPiece(uint64_t offset, uint64_t length, F &&f,
                    bool overwrite = false) {
    uint64_t done = 0;
    while (length) {
      uint64_t page = offset >> PageBits, at = offset & (PageSize - 1);
      uint64_t n = std::min(length, PageSize - at);
      f((overwrite && n == PageSize ? touchUninitialised(page) : touch(page)) +
            at,
        n, done);
      done += n;
      offset += n;
      length -= n;
    }
  }

  // Copies between two memories (or within one; ranges do not overlap in
  // any op the executor runs, and a bounce buffer keeps it right if so).
  static void copy(PagedMemory &dst, uint64_t dstOff, const PagedMemory &src,
                   uint64_t srcOff, uint64_t length,
                   std::vector<uint8_t> &tmp) {
    tmp.resize(std::min<uint64_t>(length, uint64_t(4) << 20));
    while (length) {
      uint64_t n = std::min<uint64_t>(length, tmp.size());
      src.read(srcOff, tmp.data(), n);
      dst.write(dstOff, tmp.data(), n);
      srcOff += n;
      dstOff += n;
      length -= n;
    }
  }

private:
  uint8_t *touchUninitialised(uint64_t page) {
    if (!pages_[page])
      pages_[page] = std::make_unique_for_overwrite<uint8_t[]>(PageSize);
    return pages_[page].get();
  }
  uint8_t *touch(uint64_t page) {
    if (!pages_[page]) {
      pages_[page] = std::make_unique<uint8_t[]>(PageSize);
      std::memset(pages_[page].get(), 0, PageSize);
    }
    return pages_[page].get();
  }

  uint64_t size_;
  std::vector<std::unique_ptr<uint8_t[]>> pages_;
};

} // namespace mscclc::sim
