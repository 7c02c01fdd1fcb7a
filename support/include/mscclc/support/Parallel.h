//===- Parallel.h - independent per-rank work on the machine's cores -----===//
//
// Passes whose work splits into independent pieces (fusion of each thread
// block's list, lowering of each rank) run the pieces on worker threads.
// The output stays deterministic because every piece writes only its own
// slot, decided by its index, never by which thread ran it or when.
//
// The number of threads is the machine's cores, at most 8, or
// MSCCLC_THREADS when set (1 runs everything on the calling thread, as a
// debugging aid). Small jobs run serially: a thread costs more than a few
// thousand ops.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <functional>

namespace mscclc::support {

// Threads parallelFor may use (1 = the calling thread only).
unsigned workerThreads();

// Calls body(i) once for every i in [0, count), on up to workerThreads()
// threads, the calling thread among them; returns when all calls have
// returned. `weight` is the total work in any unit (ops): below a few
// thousand the calls run serially. an exception thrown by a
// call is rethrown here after all threads are joined; calls for
// different i must not touch the same data.
void parallelFor(size_t count, size_t weight,
                 const std::function<void(size_t)> &body);

} // namespace mscclc::support
