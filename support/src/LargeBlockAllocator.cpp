//===- LargeBlockAllocator.cpp - huge-page advice for big blocks ----------===//

#include "mscclc/support/LargeBlockAllocator.h"

#include <cstdint>
#include <sys/mman.h>

namespace mscclc::support {

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
