//===- HeapReservation.cpp - the compile's heap in huge-page pieces ------===//
//
// See HeapReservation.h. Relies on glibc's malloc: mallopt(), a main heap
// grown with sbrk() and thread arenas in heaps of 64 MiB aligned to their
// size; elsewhere every call does nothing but advise address ranges, which
// cannot change what a program computes.
//
//===----------------------------------------------------------------------===//
#include "mscclc/support/HeapReservation.h"

#include "mscclc/support/ResourceLimits.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdlib>
#include <cstring>

#if defined(__GLIBC__) && !defined(MSCCLC_SANITIZED)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#define MSCCLC_HEAP_RESERVATION 1
#endif

namespace mscclc::support {

#ifdef MSCCLC_HEAP_RESERVATION
namespace {

constexpr uintptr_t HugePage = uintptr_t(2) << 20;
// Twice this is malloc's trim threshold, an int.
constexpr uint64_t MaxReservationBytes = uint64_t(512) << 20;
// glibc's HEAP_MAX_SIZE on 64-bit targets: a thread arena's heaps are
// mapped at this size and alignment, then made writable as they grow.
constexpr uintptr_t ThreadHeapBytes = uintptr_t(64) << 20;

// Where the main heap's advised part ends; null before reserveHeap().
// Phases on the front end's thread and the caller's may both move it: a
// lost update only advises a range twice.
std::atomic<char *> advisedEnd{nullptr};
uint64_t reservedBytes = 0;
HeapReservationOutcome outcome = HeapReservationOutcome::NotAttempted;

char *currentBreak() {
  void *brk = sbrk(0);
  return brk == reinterpret_cast<void *>(-1) ? nullptr
                                             : static_cast<char *>(brk);
}

void advise(uintptr_t from, uintptr_t to) {
  const uintptr_t begin = (from + HugePage - 1) & ~(HugePage - 1);
  const uintptr_t end = to & ~(HugePage - 1);
  if (end > begin)
    (void)madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE);
}

// The thread arena heap this thread allocates from, advised once (a heap
// not yet writable to its end takes the advice for the part it grows into).
void adviseThreadHeap(char *brk) {
  void *volatile probe = std::malloc(1);
  const uintptr_t at = uintptr_t(probe);
  std::free(probe);
  if (!at || at < uintptr_t(brk))
    return; // the main heap (thread heaps are mapped above it)
  const uintptr_t heap = at & ~(ThreadHeapBytes - 1);
  thread_local std::array<uintptr_t, 16> advised{};
  thread_local size_t next = 0;
  if (std::find(advised.begin(), advised.end(), heap) != advised.end())
    return;
  advised[next++ % advised.size()] = heap;
  (void)madvise(reinterpret_cast<void *>(heap), ThreadHeapBytes, MADV_HUGEPAGE);
}

// What RLIMIT_AS and RLIMIT_DATA leave of address space and data: the
// smaller, UINT64_MAX when neither is set, 0 when it cannot be read.
uint64_t roomUnderLimits() {
  const MemoryRoom room = memoryRoom();
  if (!room.known)
    return 0;
  uint64_t least = UINT64_MAX;
  for (const LimitRoom &limit : {room.addressSpace, room.data})
    if (limit.set)
      least = std::min(least, limit.roomBytes);
  return least;
}

bool underValgrind() {
  const char *preload = std::getenv("LD_PRELOAD");
  return preload && std::strstr(preload, "vgpreload");
}

bool turnedOff() {
  const char *off = std::getenv("MSCCLC_NO_HEAP_RESERVATION");
  return off && *off;
}

} // namespace

void reserveHeap(uint64_t bytes) {
  if (advisedEnd.load(std::memory_order_relaxed))
    return; // reserved already
  if (turnedOff()) {
    outcome = HeapReservationOutcome::TurnedOff;
    return;
  }
  if (underValgrind()) {
    outcome = HeapReservationOutcome::UnderValgrind;
    return;
  }
  // The front end's thread takes a stack of 512 MiB, and a limit that
  // leaves less room than that and a heap shrinks it: reserve an eighth of
  // what is left beyond 1 GiB, so that tight limits see no change.
  const uint64_t room = roomUnderLimits();
  const uint64_t spare =
      room > (uint64_t(1) << 30) ? (room - (uint64_t(1) << 30)) / 8 : 0;
  bytes = std::min({bytes, spare, MaxReservationBytes});
  if (bytes < 4 * HugePage) {
    outcome = HeapReservationOutcome::TooLittleRoom;
    return;
  }
  // Blocks up to 32 MiB (a growing vector of ops) come from the heap
  // instead of mappings of their own, and a free never shrinks the heap
  // below the reservation.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, int(2 * bytes));
  // Once the free space at the heap's top is used up, malloc extends the
  // heap by the block asked for plus the top pad: the whole reservation at
  // once. Blocks of 1 MiB use the top up; only their headers are touched.
  mallopt(M_TOP_PAD, int(bytes));
  outcome = HeapReservationOutcome::HeapDidNotGrow;
  char *start = currentBreak();
  if (!start)
    return;
  std::array<void *, 64> probes{};
  size_t used = 0;
  while (used < probes.size() && currentBreak() == start) {
    // volatile: a block that is only freed may be left out.
    void *volatile probe = std::malloc(size_t(1) << 20);
    probes[used++] = probe;
  }
  for (size_t k = used; k-- > 0;)
    std::free(probes[k]);
  // Later growth in steps of up to 32 MiB: near the --max-memory ceiling,
  // malloc fails when the step does not fit.
  mallopt(M_TOP_PAD, int(std::min<uint64_t>(bytes / 4, 32u << 20)));
  char *end = currentBreak();
  if (!end || end <= start)
    return;
  advise(uintptr_t(start), uintptr_t(end));
  advisedEnd.store(end, std::memory_order_relaxed);
  reservedBytes = uint64_t(end - start);
  outcome = HeapReservationOutcome::Reserved;
}

HeapReservationOutcome heapReservationOutcome() { return outcome; }

uint64_t heapReservedBytes() { return reservedBytes; }

void adviseHeapGrowth() {
  char *advised = advisedEnd.load(std::memory_order_relaxed);
  if (!advised)
    return;
  char *brk = currentBreak();
  if (!brk)
    return;
  if (brk > advised) {
    advise(uintptr_t(advised), uintptr_t(brk));
    advisedEnd.store(brk, std::memory_order_relaxed);
  }
  adviseThreadHeap(brk);
}

#else

namespace {
bool attempted = false;
} // namespace

void reserveHeap(uint64_t) { attempted = true; }
uint64_t heapReservedBytes() { return 0; }
HeapReservationOutcome heapReservationOutcome() {
  return attempted ? HeapReservationOutcome::NotInThisBuild
                   : HeapReservationOutcome::NotAttempted;
}
void adviseHeapGrowth() {}

#endif

std::string heapReservationSummary() {
  switch (heapReservationOutcome()) {
  case HeapReservationOutcome::NotAttempted:
    return "";
  case HeapReservationOutcome::Reserved:
    return std::to_string(heapReservedBytes() >> 20) +
           " MiB reserved, advised to use transparent huge pages";
  case HeapReservationOutcome::TurnedOff:
    return "none: MSCCLC_NO_HEAP_RESERVATION is set";
  case HeapReservationOutcome::UnderValgrind:
    return "none: running under Valgrind";
  case HeapReservationOutcome::TooLittleRoom:
    return "none: the memory limits (--max-memory, ulimit -v or -d) leave "
           "too little room";
  case HeapReservationOutcome::HeapDidNotGrow:
    return "none: the heap did not grow";
  case HeapReservationOutcome::NotInThisBuild:
    return "none: not in this build (it needs glibc's malloc, and "
           "sanitizer builds keep their own allocator)";
  }
  return "";
}

} // namespace mscclc::support
