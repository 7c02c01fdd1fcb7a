//===- LargeBlockAllocator.cpp - huge pages and small-block free lists ----===//

#include "mscclc/support/LargeBlockAllocator.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>

namespace mscclc::support {

namespace {
// One thread's free lists, one per size class (a class holds blocks of
// exactly (class + 1) * SmallBlockGrain bytes); the blocks go back to
// operator delete when the thread ends.
struct SmallBlockLists {
  static constexpr std::size_t Classes = SmallBlockBytes / SmallBlockGrain;
  struct FreeBlock {
    FreeBlock *next;
  };
  FreeBlock *head[Classes] = {};
  unsigned count[Classes] = {};

  ~SmallBlockLists();
};

// Set once the thread's lists are gone: a block released later (by a
// static object destroyed after them) goes straight to operator delete.
// Trivially destructible, so it can still be read then.
thread_local bool smallBlocksClosed = false;

SmallBlockLists::~SmallBlockLists() {
  smallBlocksClosed = true;
  for (std::size_t c = 0; c < Classes; ++c)
    while (FreeBlock *b = head[c]) {
      head[c] = b->next;
      ::operator delete(b, (c + 1) * SmallBlockGrain);
    }
}

thread_local SmallBlockLists smallBlocks;

std::size_t sizeClass(std::size_t bytes) {
  return (bytes - 1) / SmallBlockGrain;
}
} // namespace

void *allocateSmallBlock(std::size_t bytes) {
  std::size_t c = sizeClass(bytes);
  if (smallBlocksClosed)
    return ::operator new((c + 1) * SmallBlockGrain);
  SmallBlockLists &lists = smallBlocks;
  if (SmallBlockLists::FreeBlock *b = lists.head[c]) {
    lists.head[c] = b->next;
    --lists.count[c];
    return b;
  }
  return ::operator new((c + 1) * SmallBlockGrain);
}

bool keepsSmallBlocks(const char *ldPreload) noexcept {
  return !ldPreload || !std::strstr(ldPreload, "vgpreload_memcheck");
}

void releaseSmallBlock(void *p, std::size_t bytes) noexcept {
  static const bool keep = keepsSmallBlocks(std::getenv("LD_PRELOAD"));
  std::size_t c = sizeClass(bytes);
  if (smallBlocksClosed || !keep) {
    ::operator delete(p, (c + 1) * SmallBlockGrain);
    return;
  }
  SmallBlockLists &lists = smallBlocks;
  if (lists.count[c] >= SmallBlocksKept) {
    ::operator delete(p, (c + 1) * SmallBlockGrain);
    return;
  }
  auto *b = static_cast<SmallBlockLists::FreeBlock *>(p);
  b->next = lists.head[c];
  lists.head[c] = b;
  ++lists.count[c];
}

void adviseHugePages(void *p, std::size_t bytes) noexcept {
#ifdef MADV_HUGEPAGE
  constexpr std::uintptr_t HugePage = std::uintptr_t(2) << 20;
  std::uintptr_t begin = reinterpret_cast<std::uintptr_t>(p);
  std::uintptr_t first = (begin + HugePage - 1) & ~(HugePage - 1);
  std::uintptr_t last = (begin + bytes) & ~(HugePage - 1);
  if (first < last)
    (void)madvise(reinterpret_cast<void *>(first), last - first, MADV_HUGEPAGE);
#else
  (void)p;
  (void)bytes;
#endif
}

} // namespace mscclc::support
