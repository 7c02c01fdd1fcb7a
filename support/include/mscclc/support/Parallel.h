//===- Parallel.h - independent pieces of work on the machine's cores -----===//
//
// Work that splits into independent pieces (lowering each rank to plan IR,
// checking each rank's part of a plan, indexing each gpu) runs the pieces
// on worker threads. The output stays deterministic because every piece
// writes only its own slot, decided by its index, never by which thread
// ran it or when.
//
// The number of threads is the cores the process may run on (its CPU
// affinity), at most 8, or MSCCLC_THREADS when set (1 runs everything on
// the calling thread). Small jobs run serially: a thread costs more than a
// few thousand ops.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace mscclc::support {

constexpr unsigned MaxWorkerThreads = 8;
// The largest MSCCLC_THREADS accepted (and then capped at MaxWorkerThreads).
constexpr unsigned long MaxThreadSetting = 4096;

// What MSCCLC_THREADS asks for. `threads` is 0 when it is unset or empty,
// else the count capped at MaxWorkerThreads; `valid` is false when it is
// set to anything but a whole number from 1 to MaxThreadSetting (the driver
// reports that as a usage error; parallelFor then ignores it).
struct ThreadSetting {
  std::string text;
  unsigned threads = 0;
  bool valid = true;
};
ThreadSetting threadSettingFromEnvironment();

// Threads parallelFor may use (1 = the calling thread only).
unsigned workerThreads();

// Calls body(i) once for every i in [0, count), on up to workerThreads()
// threads, the calling thread among them; returns when all calls have
// returned. `weight` is the total work in any unit (ops): below a few
// thousand the calls run serially. An exception thrown by a call is
// rethrown here after all threads are joined; calls for different i must
// not touch the same data, and must not recurse deeply (workers have small
// stacks).
void parallelFor(size_t count, size_t weight,
                 const std::function<void(size_t)> &body);

// One thread beside the calling one, with parallelFor's small stack, for
// work that hands its results over in order (the JSON writer's gpus). It
// is joined when it goes; `body` must not throw.
class HelperThread {
public:
  HelperThread() = default;
  HelperThread(const HelperThread &) = delete;
  HelperThread &operator=(const HelperThread &) = delete;
  ~HelperThread() { join(); }

  // Runs `body` on the thread. False when no thread could be started (a
  // low --max-memory leaves no room for its stack): the caller then does
  // the work itself.
  bool start(std::function<void()> body);
  void join();

private:
  std::function<void()> body_;
  unsigned long id_ = 0; // a pthread_t
  bool running_ = false;
};

} // namespace mscclc::support
