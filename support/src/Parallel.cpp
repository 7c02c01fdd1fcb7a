//===- Parallel.cpp - independent pieces of work on the machine's cores ---===//
//
// See Parallel.h. Workers are plain pthreads with a small stack: each
// std::thread would reserve the default 8 MiB, and under --max-memory the
// stacks of 7 workers cost a compile 56 MiB of its budget.
//
//===----------------------------------------------------------------------===//
#include "mscclc/support/Parallel.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <pthread.h>
#include <sched.h>
#include <thread>
#include <vector>

namespace mscclc::support {

namespace {

// Below this much work (in the caller's unit, ops) a thread's start-up
// costs more than it saves.
constexpr size_t MinParallelWeight = 8192;
// The pieces handed to workers are loops over op lists, never deep.
constexpr size_t WorkerStackBytes = size_t(1) << 20;

// The cores this process may run on (its affinity mask, as taskset or a
// container's cpuset leave it), not every core of the machine.
unsigned usableCores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return unsigned(CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

unsigned computeWorkerThreads() {
  ThreadSetting setting = threadSettingFromEnvironment();
  if (setting.valid && setting.threads)
    return setting.threads;
  return std::clamp(usableCores(), 1u, MaxWorkerThreads);
}

void *runBody(void *body) {
  (*static_cast<std::function<void()> *>(body))();
  return nullptr;
}

// Starts a thread with the workers' small stack running `*body` (which must
// outlive it). False when no thread is to be had (a low --max-memory leaves
// no room for its stack).
bool startWorker(pthread_t &id, std::function<void()> *body) {
  pthread_attr_t attr;
  bool haveAttr = pthread_attr_init(&attr) == 0;
  if (haveAttr)
    pthread_attr_setstacksize(&attr, WorkerStackBytes);
  bool started =
      pthread_create(&id, haveAttr ? &attr : nullptr, runBody, body) == 0;
  if (haveAttr)
    pthread_attr_destroy(&attr);
  return started;
}

} // namespace

ThreadSetting threadSettingFromEnvironment() {
  ThreadSetting s;
  const char *env = std::getenv("MSCCLC_THREADS");
  if (!env || !*env)
    return s;
  s.text = env;
  // Digits only: strtoul would take "-1" as a huge count and " 4" as 4.
  // Counts above MaxWorkerThreads are accepted and capped: a value chosen
  // for a bigger machine is not a mistake.
  unsigned long n = 0;
  for (const char *p = env; *p; ++p) {
    if (*p < '0' || *p > '9' || n > MaxThreadSetting) {
      s.valid = false;
      return s;
    }
    n = n * 10 + unsigned(*p - '0');
  }
  if (n < 1 || n > MaxThreadSetting) {
    s.valid = false;
    return s;
  }
  s.threads = unsigned(std::min<unsigned long>(n, MaxWorkerThreads));
  return s;
}

unsigned workerThreads() {
  static const unsigned threads = computeWorkerThreads();
  return threads;
}

void parallelFor(size_t count, size_t weight,
                 const std::function<void(size_t)> &body) {
  size_t threads = std::min<size_t>(workerThreads(), count);
  if (threads <= 1 || weight < MinParallelWeight) {
    for (size_t i = 0; i < count; ++i)
      body(i);
    return;
  }
  // Indices are handed out one at a time: pieces differ in size (a rank
  // with more thread blocks), and a static split would leave a core idle.
  std::atomic<size_t> next{0};
  // A body that throws (std::bad_alloc from a list's own allocation) must
  // not end a thread, or the process: the first failure stops the others
  // and is rethrown here once every thread has been joined.
  std::mutex failureLock;
  std::exception_ptr failure;
  std::function<void()> drain = [&] {
    for (size_t i;
         (i = next.fetch_add(1, std::memory_order_relaxed)) < count;) {
      try {
        body(i);
      } catch (...) {
        std::lock_guard<std::mutex> hold(failureLock);
        if (!failure)
          failure = std::current_exception();
        next.store(count, std::memory_order_relaxed);
      }
    }
  };
  std::vector<pthread_t> helpers;
  helpers.reserve(threads - 1);
  for (size_t t = 1; t < threads; ++t) {
    pthread_t id;
    // No thread to be had: the threads already started, or this one, do
    // the rest.
    if (!startWorker(id, &drain))
      break;
    helpers.push_back(id);
  }
  drain();
  for (pthread_t id : helpers)
    pthread_join(id, nullptr);
  if (failure)
    std::rethrow_exception(failure);
}

bool HelperThread::start(std::function<void()> body) {
  static_assert(sizeof(pthread_t) <= sizeof(id_));
  join();
  body_ = std::move(body);
  pthread_t id;
  running_ = startWorker(id, &body_);
  if (running_)
    id_ = static_cast<unsigned long>(id);
  return running_;
}

void HelperThread::join() {
  if (!running_)
    return;
  pthread_join(static_cast<pthread_t>(id_), nullptr);
  running_ = false;
}

} // namespace mscclc::support
