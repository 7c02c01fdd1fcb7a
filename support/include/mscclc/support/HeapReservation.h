//===- HeapReservation.h - the compile's heap in huge-page pieces --------===//
//
// A large compile allocates hundreds of megabytes in small blocks (Clang's
// AST, chunk IR ops, plan ops, their operand lists), and malloc grows its
// heaps a little at a time; every 4 KiB page then costs a fault when first
// touched. On the virtual machines we measure on those faults were a third
// of the 64-rank all-pairs compile (14,500 faults, 0.14 s of system time in
// 0.38 s). So a compile
//  - reserves its main heap (the passes, lowering and writing allocate
//    there) in one piece up front and advises it to use transparent huge
//    pages: one fault per 2 MiB;
//  - advises the heaps of the front end's thread arena, and what the main
//    heap grows by later, at phase starts (compile installs
//    adviseHeapGrowth() as PhaseTimes.h's phase-start hook), when the front
//    end's thread starts and at the evaluator's memory checks.
//
// Nothing is touched: an untouched reservation costs address space only.
// RLIMIT_DATA counts it, so it is sized well within the limits.
// Memory still comes from malloc, so allocation failure, mallinfo
// accounting and the evaluator's memory limit are unchanged; sanitizer
// builds, Valgrind runs and kernels without transparent huge pages get no
// reservation or no effect.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>

namespace mscclc::support {

// Reserves up to `bytes` (at most 512 MiB) of the main heap, fewer where
// RLIMIT_AS or RLIMIT_DATA (ulimit -v, -d, --max-memory) leave less than 1 GiB
// plus eight times that much room (none under tight limits). Once per process,
// after the ceiling is set; later calls do nothing. Setting the environment
// variable MSCCLC_NO_HEAP_RESERVATION (to anything but empty) turns it off.
void reserveHeap(uint64_t bytes);

// What reserveHeap() did.
enum class HeapReservationOutcome {
  NotAttempted,   // reserveHeap() has not run
  Reserved,       // heapReservedBytes() reserved and advised
  TurnedOff,      // MSCCLC_NO_HEAP_RESERVATION is set
  UnderValgrind,  // Valgrind replaces malloc
  TooLittleRoom,  // the memory limits leave too little
  HeapDidNotGrow, // malloc did not extend the main heap
  NotInThisBuild, // sanitizer builds, C libraries other than glibc
};
HeapReservationOutcome heapReservationOutcome();

// The outcome in words for --time-phases: "<N> MiB reserved, advised to
// use transparent huge pages", or "none: <why>". Empty before the first
// call.
std::string heapReservationSummary();

// What reserveHeap() reserved (0: nothing). malloc_trim(0) would hand it
// back: trim with this as the pad instead.
uint64_t heapReservedBytes();

// Advises what the main heap grew by since the last call and the calling
// thread's arena heap (cheap: sbrk(0), a malloc and at most two madvise
// calls). Does nothing before reserveHeap().
void adviseHeapGrowth();

} // namespace mscclc::support
