//===- LargeBlockAllocator.h - big arrays backed by transparent huge pages ===//
//
// The evaluator's containers hold 64-byte Values, so a hostile program's
// million-element vector is tens of megabytes of memory touched for the
// first time. On virtual machines first touch is the whole cost: measured
// here, copying a 1M-element vector took 0.35 s, 75% of it in page faults,
// and filling 3 GiB before --max-memory stopped a program took 17 s. Blocks
// of 32 MiB and more are therefore advised to use transparent huge pages
// (one fault per 2 MiB instead of per 4 KiB: the same copy loop ran 10x
// faster, the fill 2x; smaller blocks are left alone, as a growing
// vector's unused capacity would be zeroed a huge page at a time). Memory comes
// from operator new as before, so allocation failure, mallinfo accounting and
// --max-memory are unchanged; the advice is ignored where huge pages are
// unavailable.
//
// Small blocks go the other way: the evaluator makes and drops a few-element
// list for every option struct and argument list of every recorded op, and
// malloc's own caches overflow under that churn. Blocks of up to
// SmallBlockBytes are kept, per thread and per size, on a short free list
// (at most SmallBlocksKept each, so the memory held back is bounded and
// counted by mallinfo like any other). Builds with a sanitizer that tracks
// the heap skip the lists, so that a use after free is still caught, and so
// does a run under Valgrind's memcheck (its preload library is in
// LD_PRELOAD).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/support/ResourceLimits.h"

#include <cstddef>
#include <new>

#if defined(MSCCLC_SANITIZED) || defined(__SANITIZE_THREAD__)
#define MSCCLC_SMALL_BLOCK_LISTS 0
#elif defined(__has_feature)
#if __has_feature(hwaddress_sanitizer) || __has_feature(memory_sanitizer) ||   \
    __has_feature(thread_sanitizer)
#define MSCCLC_SMALL_BLOCK_LISTS 0
#endif
#endif
#ifndef MSCCLC_SMALL_BLOCK_LISTS
#define MSCCLC_SMALL_BLOCK_LISTS 1
#endif

namespace mscclc::support {

// Blocks at least this large are advised to use huge pages.
inline constexpr std::size_t LargeBlockBytes = std::size_t(32) << 20;

// Advises the huge-page-aligned interior of [p, p + bytes) to use
// transparent huge pages (madvise MADV_HUGEPAGE); errors are ignored.
void adviseHugePages(void *p, std::size_t bytes) noexcept;

// Blocks of at most this many bytes, in steps of SmallBlockGrain, are
// recycled through per-thread free lists of at most SmallBlocksKept blocks.
inline constexpr std::size_t SmallBlockBytes = 512;
// 16: a 32-byte block (a Value's out-of-line parts) stays 32 bytes, as
// malloc would give it; lists of 64-byte Values are multiples anyway.
inline constexpr std::size_t SmallBlockGrain = 16;
inline constexpr unsigned SmallBlocksKept = 1024;

// Returns a block of `bytes` (at most SmallBlockBytes) from this thread's
// free list, or from operator new when the list is empty.
void *allocateSmallBlock(std::size_t bytes);
// Keeps a block from allocateSmallBlock for reuse, or frees it when its
// list is full.
void releaseSmallBlock(void *p, std::size_t bytes) noexcept;
// Whether a process with this LD_PRELOAD keeps released small blocks: not
// under memcheck, which could not see a use of a kept block as a use after
// free.
bool keepsSmallBlocks(const char *ldPreload) noexcept;

// A block of `bytes` for a small object: from the free lists where they
// are kept (not in sanitizer builds), else from operator new. Returned
// with deleteBlock and the same size.
inline void *newBlock(std::size_t bytes) {
#if MSCCLC_SMALL_BLOCK_LISTS
  if (bytes <= SmallBlockBytes && bytes != 0)
    return allocateSmallBlock(bytes);
#endif
  return ::operator new(bytes);
}
inline void deleteBlock(void *p, std::size_t bytes) noexcept {
#if MSCCLC_SMALL_BLOCK_LISTS
  if (bytes <= SmallBlockBytes && bytes != 0) {
    releaseSmallBlock(p, bytes);
    return;
  }
#endif
  ::operator delete(p, bytes);
}

template <class T> struct LargeBlockAllocator {
  using value_type = T;

  LargeBlockAllocator() noexcept = default;
  template <class U>
  LargeBlockAllocator(const LargeBlockAllocator<U> &) noexcept {}

  T *allocate(std::size_t n) {
    if (n > std::size_t(-1) / sizeof(T))
      throw std::bad_array_new_length();
    std::size_t bytes = n * sizeof(T);
    void *p = newBlock(bytes);
    if (bytes >= LargeBlockBytes)
      adviseHugePages(p, bytes);
    return static_cast<T *>(p);
  }
  void deallocate(T *p, std::size_t n) noexcept {
    deleteBlock(p, n * sizeof(T));
  }

  template <class U>
  bool operator==(const LargeBlockAllocator<U> &) const noexcept {
    return true;
  }
  template <class U>
  bool operator!=(const LargeBlockAllocator<U> &) const noexcept {
    return false;
  }
};

} // namespace mscclc::support
