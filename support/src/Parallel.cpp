//===- Parallel.cpp - independent per-rank work on the machine's cores ---===//
#include "mscclc/support/Parallel.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace mscclc::support {

namespace {

// Below this much work (in the caller's unit, ops) a thread's start-up
// costs more than it saves.
constexpr size_t MinParallelWeight = 8192;
constexpr unsigned MaxThreads = 8;

unsigned computeWorkerThreads() {
  if (const char *env = std::getenv("MSCCLC_THREADS")) {
    char *end = nullptr;
    unsigned long n = std::strtoul(env, &end, 10);
    if (end != env && *end == '\0' && n >= 1)
      return unsigned(std::min<unsigned long>(n, MaxThreads));
  }
  unsigned cores = std::thread::hardware_concurrency();
  return std::clamp(cores, 1u, MaxThreads);
}

} // namespace

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
  auto drain = [&] {
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
  std::vector<std::thread> helpers;
  helpers.reserve(threads - 1);
  for (size_t t = 1; t < threads; ++t) {
    try {
      helpers.emplace_back(drain);
    } catch (const std::system_error &) {
      // No thread to be had (a low --max-memory leaves no room for its
      // stack): the threads already started, or this one, do the rest.
      break;
    }
  }
  drain();
  for (std::thread &h : helpers)
    h.join();
  if (failure)
    std::rethrow_exception(failure);
}

} // namespace mscclc::support
