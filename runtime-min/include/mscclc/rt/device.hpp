//===- device.hpp - runtime-min: what baked kernels call ------------------===//
//
// Code emitted by `mscclc --emit-cuda` uses no CUDA keyword, intrinsic or
// PTX of its own: every thread index, block sync, semaphore, copy and
// reduction goes through this header, which has two implementations
// chosen at compile time:
//
//   CUDA (nvcc, __CUDACC__): the executor's memory orders — signal is a
//     release add at system scope to the peer's token, wait spins on an
//     acquire load at system scope, the relaxed forms use relaxed orders —
//     and 16-byte vector copies.
//   host (MSCCLC_HOST): every (rank, thread block, thread) is a CPU thread
//     (runtime.hpp starts them); the same orders through std::atomic_ref,
//     std::barrier for a block sync, every spin yields and reports itself
//     to a watchdog that names the blocked waits instead of hanging.
//
// Data is moved in 16-byte units striped over the block's threads (unit u
// by thread u mod ntid), as the executor's copy and reduce loops do, so
// the host build races exactly where a GPU would (ThreadSanitizer sees
// it). Element arithmetic matches the executor bit for bit (elements.hpp).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/rt/elements.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(MSCCLC_HOST)
#include <atomic>
#include <barrier>
#include <thread>
#elif defined(__CUDACC__)
#include <cuda/atomic>
#else
#error "runtime-min: build with nvcc, or define MSCCLC_HOST for the host"
#endif

#if defined(MSCCLC_HOST)
#define MSCCLC_DEVICE inline
#define MSCCLC_KERNEL
#define MSCCLC_GRID_CONST const
#else
#define MSCCLC_DEVICE __device__ __forceinline__
#define MSCCLC_KERNEL __global__
#define MSCCLC_GRID_CONST const __grid_constant__
#endif

namespace mscclc::rt {

// One memory channel of a rank, as the runtime sets it up from the plan's
// declarations (executor-semantics §4.2: the k-th channel from a to b is
// paired with the k-th from b to a).
struct MemoryChannel {
  uint64_t *inbound;     // this rank's token, counted up by the peer
  uint64_t *peerInbound; // the peer's token for this pair
  uint64_t *expected;    // waits started here (persists across launches)
};

// Everything a rank's kernel reads: fixed for a communicator.
struct RankArgs {
  char *buffer[3];       // user pointers: input, output, scratch
  char *const *remote;   // gpu remote buffer id -> the peer's user pointer
  MemoryChannel *memory; // gpu memory channel id -> channel
};

// What changes per launch.
struct Launch {
  uint64_t chunk; // bytes per chunk (executor-semantics §2.2)
};

// What the emitted file declares about the plan (the parts a runtime
// needs to allocate buffers and connect channels).
struct RemoteBufferInfo {
  int rank;
  int type; // 0 input, 1 output, 2 scratch
};
struct RankInfo {
  int64_t inputChunks, outputChunks, scratchChunks;
  int threadblocks;
  const int *memoryPeers; // gpu memory channel -> peer rank
  int numMemory;
  const RemoteBufferInfo *remote; // gpu remote buffer -> (rank, type)
  int numRemote;
};
struct PlanInfo {
  const char *name;
  const char *collective;
  bool inplace;
  int64_t bufferAlignment;
  uint64_t maxMessageSize;
  int ranks;
  const RankInfo *rank;
};
#if defined(MSCCLC_HOST)
// A rank's kernel as the host runtime calls it.
using KernelFn = void (*)(const RankArgs, Launch);
#endif

// Thread-block-group slicing (executor-semantics §2.3): the tb-th of g
// slices of `bytes`, cut at `align` granularity.
struct Slice {
  uint64_t offset, bytes;
};
MSCCLC_DEVICE Slice slice(uint64_t bytes, uint32_t tb, uint32_t g,
                          uint64_t align) {
  uint64_t units = bytes / align, q = units / g, r = units % g;
  uint64_t begin = align * (tb * q + (tb < r ? tb : r));
  uint64_t next = tb + 1;
  uint64_t end = align * (next * q + (next < r ? next : r));
  return {begin, end - begin};
}

#if defined(MSCCLC_HOST)

namespace host {
// One per CPU thread, owned by runtime.hpp, which reads the wait fields
// from its watchdog.
struct ThreadState {
  uint32_t tid = 0, ntid = 1, bid = 0;
  int rank = 0;
  std::barrier<> *block = nullptr;
  std::atomic<const char *> waiting{nullptr}; // what a spin waits in
  std::atomic<const void *> at{nullptr};      // on which token
  std::atomic<uint64_t> expected{0}, seen{0};
};
inline thread_local ThreadState *self = nullptr;
inline std::atomic<uint64_t> progress{0}; // waits that finished
inline std::atomic<bool> aborting{false}; // set by the watchdog
} // namespace host

MSCCLC_DEVICE uint32_t tid() { return host::self->tid; }
MSCCLC_DEVICE uint32_t ntid() { return host::self->ntid; }
MSCCLC_DEVICE uint32_t bid() { return host::self->bid; }
MSCCLC_DEVICE void sync_block() { host::self->block->arrive_and_wait(); }

namespace detail {
inline void add(uint64_t *p, std::memory_order order) {
  std::atomic_ref<uint64_t>(*p).fetch_add(1, order);
}
inline void spinUntil(uint64_t *p, uint64_t expected, std::memory_order order,
                      const char *what) {
  std::atomic_ref<uint64_t> token(*p);
  uint64_t seen = token.load(order);
  if (seen < expected) {
    host::ThreadState &me = *host::self;
    me.at = p;
    me.expected = expected;
    me.seen = seen;
    me.waiting = what;
    while ((seen = token.load(order)) < expected) {
      me.seen.store(seen, std::memory_order_relaxed);
      if (host::aborting.load(std::memory_order_relaxed))
        break; // the watchdog has reported this wait; unwind the launch
      std::this_thread::yield();
    }
    me.waiting = nullptr;
  }
  host::progress.fetch_add(1, std::memory_order_relaxed);
}
} // namespace detail

MSCCLC_DEVICE void signal(const MemoryChannel &c) {
  detail::add(c.peerInbound, std::memory_order_release);
}
MSCCLC_DEVICE void relaxed_signal(const MemoryChannel &c) {
  detail::add(c.peerInbound, std::memory_order_relaxed);
}
MSCCLC_DEVICE void wait(const MemoryChannel &c) {
  detail::spinUntil(c.inbound, ++*c.expected, std::memory_order_acquire,
                    "wait");
}
MSCCLC_DEVICE void relaxed_wait(const MemoryChannel &c) {
  detail::spinUntil(c.inbound, ++*c.expected, std::memory_order_relaxed,
                    "relaxed wait");
}

// 16 bytes; memcpy keeps the accesses plain (a race stays visible).
MSCCLC_DEVICE void copyUnit(char *dst, const char *src, uint64_t n) {
  std::memcpy(dst, src, n);
}

#else // CUDA

MSCCLC_DEVICE uint32_t tid() { return threadIdx.x; }
MSCCLC_DEVICE uint32_t ntid() { return blockDim.x; }
MSCCLC_DEVICE uint32_t bid() { return blockIdx.x; }
MSCCLC_DEVICE void sync_block() { __syncthreads(); }

namespace detail {
using SysRef = cuda::atomic_ref<uint64_t, cuda::thread_scope_system>;
} // namespace detail

MSCCLC_DEVICE void signal(const MemoryChannel &c) {
  detail::SysRef(*c.peerInbound).fetch_add(1, cuda::memory_order_release);
}
MSCCLC_DEVICE void relaxed_signal(const MemoryChannel &c) {
  detail::SysRef(*c.peerInbound).fetch_add(1, cuda::memory_order_relaxed);
}
MSCCLC_DEVICE void wait(const MemoryChannel &c) {
  uint64_t e = ++*c.expected;
  detail::SysRef token(*c.inbound);
  while (token.load(cuda::memory_order_acquire) < e) {
  }
}
MSCCLC_DEVICE void relaxed_wait(const MemoryChannel &c) {
  uint64_t e = ++*c.expected;
  detail::SysRef token(*c.inbound);
  while (token.load(cuda::memory_order_relaxed) < e) {
  }
}

MSCCLC_DEVICE void copyUnit(char *dst, const char *src, uint64_t n) {
  if (n == 16 &&
      (reinterpret_cast<uintptr_t>(dst) | reinterpret_cast<uintptr_t>(src)) %
              16 ==
          0)
    *reinterpret_cast<uint4 *>(dst) = *reinterpret_cast<const uint4 *>(src);
  else
    for (uint64_t i = 0; i < n; ++i)
      dst[i] = src[i];
}

#endif

// dst[0, bytes) = src[0, bytes), 16-byte units striped over the threads.
MSCCLC_DEVICE void copy(char *dst, const char *src, uint64_t bytes) {
  const uint32_t t = tid(), n = ntid();
  for (uint64_t at = uint64_t(t) * 16; at < bytes; at += uint64_t(n) * 16)
    copyUnit(dst + at, src + at, bytes - at < 16 ? bytes - at : 16);
}

// Every destination gets the reduction of every source, element by
// element in source order (executor-semantics §3.6), 16-byte units
// striped over the threads. A destination may be a source (in place):
// each unit is read before it is written, by the same thread.
template <class T, ReduceOp Op>
MSCCLC_DEVICE void reduce(char *const *dst, uint32_t ndst,
                          const char *const *src, uint32_t nsrc,
                          uint64_t bytes) {
  constexpr uint64_t per = 16 / sizeof(T);
  const uint32_t t = tid(), n = ntid();
  for (uint64_t at = uint64_t(t) * 16; at < bytes; at += uint64_t(n) * 16) {
    uint64_t count = (bytes - at < 16 ? bytes - at : 16) / sizeof(T);
    T acc[per];
    std::memcpy(acc, src[0] + at, count * sizeof(T));
    for (uint32_t s = 1; s < nsrc; ++s) {
      T x[per];
      std::memcpy(x, src[s] + at, count * sizeof(T));
      for (uint64_t i = 0; i < count; ++i)
        acc[i] = combine<T, Op>(acc[i], x[i]);
    }
    for (uint32_t d = 0; d < ndst; ++d)
      std::memcpy(dst[d] + at, acc, count * sizeof(T));
  }
}

} // namespace mscclc::rt
