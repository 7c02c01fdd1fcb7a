//===- device.hpp - runtime-min: what baked kernels call ------------------===//
//
// Code emitted by `mscclc --emit-cuda` uses no CUDA keyword, intrinsic or
// PTX of its own: every thread index, block sync, semaphore, packet, copy
// and reduction goes through this header, which has two implementations
// of a small set of primitives, chosen at compile time:
//
//   CUDA (nvcc, __CUDACC__): the executor's memory orders — signal is a
//     release add at system scope to the peer's token, wait spins on an
//     acquire load at system scope, the relaxed forms use relaxed orders,
//     LL16/LL8 packets are single volatile v4.u32/v2.u32 stores and
//     spinning volatile loads, barriers and device semaphores are
//     device-scope atomics, switch ops are sm_90 multimem instructions
//     on the group's multicast address (without one, the host build's
//     loop over the members' buffers), port-channel triggers go through a
//     FIFO a host proxy drains.
//   host (MSCCLC_HOST): every (rank, thread block, thread) is a CPU thread
//     (runtime.hpp starts them); the same orders through std::atomic_ref
//     (an LL16 packet is two self-validating 8-byte release stores),
//     std::barrier for a block sync, every spin yields and reports itself
//     to a watchdog that names the blocked waits instead of hanging, and a
//     multicast is a loop over the group's buffers.
//
// The ops themselves (copy, reduce, packets, barrier, port channels,
// switch) are written once, over those primitives. Data is moved in
// 16-byte units (packets one per thread) striped over the block's threads
// (unit u by thread u mod ntid), as the executor does, so the host build
// races exactly where a GPU would (ThreadSanitizer sees it). Element
// arithmetic matches the executor bit for bit (elements.hpp).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/rt/elements.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#if defined(MSCCLC_HOST)
#include <atomic>
#include <thread>
#elif defined(__CUDACC__)
#include <cuda/atomic>
#else
#error "runtime-min: build with nvcc, or define MSCCLC_HOST for the host"
#endif

// Loops over compile-time operand lists unroll on the GPU (the host
// compilers do as they see fit, and GCC warns about the pragma).
// A data loop over units stays one unit per iteration: its body already
// has every operand's access in flight, and unrolled copies made the
// all-pairs AllReduce's widest thread block 984 SASS instructions, not 816.
#if defined(MSCCLC_HOST)
#define MSCCLC_UNROLL
#define MSCCLC_NO_UNROLL
#else
#define MSCCLC_UNROLL _Pragma("unroll")
#define MSCCLC_NO_UNROLL _Pragma("unroll 1")
#endif

#if defined(MSCCLC_HOST)
#define MSCCLC_DEVICE inline
#define MSCCLC_KERNEL
#define MSCCLC_GRID_CONST const
#else
#define MSCCLC_DEVICE __device__ __forceinline__
// Every kernel is capped at 40 registers per thread, so any block size up
// to 1,024 threads launches (the runtime takes it at run time) with room
// to spare: 40 × 1,024 of a multiprocessor's 65,536. Data ops compute
// operand addresses where they use them (Operands), which is what lets
// every kernel fit the cap with no spills (docs/cuda.md, "A 40-register
// cap"). MSCCLC_MAX_REGISTERS=N (16 to 64) sets another cap, for comparing
// times on a GPU. (Launch bounds instead of a cap let ptxas take up to 64,
// and, with `__launch_bounds__(1024)` alone, aim at two blocks per
// multiprocessor and squeeze kernels into 32 registers with 2.5 KB of
// spills.)
#if !defined(MSCCLC_MAX_REGISTERS)
#define MSCCLC_MAX_REGISTERS 40
#endif
#if MSCCLC_MAX_REGISTERS < 16 || MSCCLC_MAX_REGISTERS > 64
#error                                                                         \
    "runtime-min: MSCCLC_MAX_REGISTERS takes 16 to 64 (any block size up to 1,024 threads must launch)"
#endif
#if __CUDACC_VER_MAJOR__ > 12 ||                                               \
    (__CUDACC_VER_MAJOR__ == 12 && __CUDACC_VER_MINOR__ >= 4)
#define MSCCLC_KERNEL __global__ __maxnreg__(MSCCLC_MAX_REGISTERS)
#else
// nvcc before 12.4 has no __maxnreg__: kernels launch with any block size
// up to 1,024 threads, but may use up to 64 registers.
#define MSCCLC_KERNEL __global__ __launch_bounds__(1024, 1)
#endif
#define MSCCLC_GRID_CONST const __grid_constant__
#endif

namespace mscclc::rt {

// ------------------------------------------------------------ resources

// One memory or port channel of a rank, as the runtime sets it up from the
// plan's declarations (executor-semantics §4.2: the k-th channel from a to
// b is paired with the k-th from b to a). For a port channel the peer's
// token is written by this rank's proxy, after the data it moved.
struct Channel {
  uint64_t *inbound;     // this rank's token, counted up by the peer
  uint64_t *peerInbound; // the peer's token for this pair
  uint64_t *expected;    // waits started here (persists across launches)
};

// A switch (NVLS) channel: the group's buffers of the declared type, in
// group order, and the group barrier's counters.
struct SwitchChannel {
  char *const *member;          // member m's buffer + this rank's user offset
  char *const *memberPacket;    // the same in packet space (offset doubled)
  char *multicast;              // CUDA: the multicast address of member[]
  char *multicastPacket;        //   and of memberPacket[]; null: no switch
                                //   (the ops loop over member[] instead)
  uint32_t members;             // buffers in member[]
  uint32_t peers;               // channels in the group (peerInbound[])
  uint64_t *inbound;            // barrier counter, counted up by every member
  uint64_t *const *peerInbound; // every member's counter (itself included)
  uint64_t *expected;
};

// A port-channel request, as the device pushes it and the proxy runs it:
// copy `bytes` from src to dst, then (flag) add 1 to `token`; a sync
// request only marks a position the device may wait for. `packets`: the
// bytes are packet space, which readers poll while it lands (LL packets
// rely on each 8-byte word arriving whole).
struct Trigger {
  const char *src;
  char *dst;
  uint64_t bytes;
  uint64_t *token;
  uint64_t packets;
  uint64_t seq; // 0: empty slot; otherwise position + 1, written last
};
struct Fifo {
  Trigger *slots;
  uint64_t capacity;
  uint64_t *head; // next position to push (device side)
  uint64_t *done; // positions below it are finished (proxy side)
};

// The thread-block barrier of a rank (executor-semantics §3.2).
struct Syncer {
  uint64_t arrived;
  uint64_t episode;
};

// Everything a rank's kernel reads: fixed for a communicator.
struct RankArgs {
  char *buffer[3];           // user pointers: input, output, scratch
  char *const *remote;       // gpu remote buffer id -> the peer's pointer
  char *const *remotePacket; // ... in packet space (the offset doubled)
  Channel *memory;           // gpu memory channel id -> channel
  Channel *port;             // gpu port channel id -> channel
  SwitchChannel *switches;   // gpu switch channel id -> channel
  Fifo fifo;                 // this rank's port proxy
  Syncer *syncer;            // barrier id -> syncer
  int64_t *semaphore;        // device semaphores (initial values set)
  uint32_t *epoch;           // per thread block: launches finished
};

// What changes per launch.
struct Launch {
  uint64_t chunk; // bytes per chunk (executor-semantics §2.2)
  uint64_t half;  // double scratch: the second half's offset (H)
  // reuse_resources (§2.5): scratch chunk indices count in slots of
  // `scratchChunk` bytes, and pipeline offsets in scratch wrap at `slot`.
  uint64_t scratchChunk;
  uint64_t slot;
};

// What the emitted file declares about the plan (the parts a runtime
// needs to allocate buffers and connect channels).
struct RemoteBufferInfo {
  int rank;
  int type; // 0 input, 1 output, 2 scratch
};
struct SwitchInfo {
  int type;           // the buffer type the group shares
  const int *members; // ranks, in group order
  int numMembers;
};
struct RankInfo {
  int64_t inputChunks, outputChunks, scratchChunks;
  int threadblocks;
  const int *memoryPeers; // gpu memory channel -> peer rank
  int numMemory;
  const int *portPeers; // gpu port channel -> peer rank
  int numPort;
  const SwitchInfo *switches;
  int numSwitch;
  const RemoteBufferInfo *remote; // gpu remote buffer -> (rank, type)
  int numRemote;
  const int64_t *semaphores; // initial values
  int numSemaphores;
  int numSyncers;
};
enum class Protocol { Simple, LL };
struct PlanInfo {
  const char *name;
  const char *collective;
  bool inplace;
  Protocol protocol;
  bool doubleScratch;
  int64_t bufferAlignment;
  uint64_t maxMessageSize;
  bool reuseResources;
  uint32_t minThreads; // thread k drives channel k: at least this many
  int ranks;
  const RankInfo *rank;
  // The plan's num_threads_per_block: a launch uses a divisor of it
  // (layout::launchThreads).
  uint32_t planThreads = 1024;
  // The plan's min_message_size (max_message_size is above).
  uint64_t minMessageSize = 0;
};

// Packet formats (executor-semantics §3.8): LL16 carries 8 payload bytes
// as [data1, flag, data2, flag], LL8 4 bytes as [data, flag].
struct LL16 {
  static constexpr uint32_t payload = 8, bytes = 16;
};
struct LL8 {
  static constexpr uint32_t payload = 4, bytes = 8;
};

// What a baked file holds kernels for: an element type and a packet
// format (the executor's DataType and PacketType, plus u8).
enum class DType { F32, F16, BF16, I32, U32, U8 };
enum class PacketType { LL16, LL8 };

// A rank's kernel: the host runtime calls it on every (block, thread)
// thread; on CUDA it is the kernel's host-side address, which
// cudaLaunchKernel takes.
using KernelFn = void (*)(const RankArgs, Launch);

// `v`, as a value the compiler cannot see through (an empty asm statement
// on the GPU): whatever is computed from it is computed again after every
// call instead of once. Operand functions (see Operands) read the peers'
// buffer tables and the launch's sizes through it. MSCCLC_HOLD_OPERANDS
// makes it plain `v` (the vector loop's addresses computed once per op and
// held, as before the 40-register cap; the element path keeps its switch
// over operands), to compare the two on a GPU under a wider cap.
template <class V> MSCCLC_DEVICE V fresh(V v) {
#if !defined(MSCCLC_HOST) && !defined(MSCCLC_HOLD_OPERANDS)
  asm volatile("" : "+l"(v));
#endif
  return v;
}

// The operand list of a data op: `address(i)` is operand i's address, for
// i < N; N is in the type, so every loop over the operands unrolls and
// nothing lands on the stack. The op calls it where it uses the address, at
// every 16-byte unit or packet, and the emitted functions compute it from
// `fresh` tables and sizes (`fresh(a.remote)[5] + 3 * fresh(l.chunk)`), so it
// is computed again each time (a peer's pointer read again from its table, a
// cached warp-wide load, and a multiply-add or two) instead of being hoisted
// out of the loop and held in two registers for the whole op. Held, an
// 8-operand reduce took 16 registers of bases and 16 of addresses, and
// rank kernels needed 64; a 7-input packet reduce of scratch slices
// spilled under a 40-register cap (docs/cuda.md, "A 40-register cap").
template <uint32_t N, class F> struct Operands { F address; };
template <uint32_t N, class F> MSCCLC_DEVICE Operands<N, F> operands(F f) {
  return {f};
}

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

// The bytes a pipelined op handles in the iteration at offset `o` of an
// operand of `bytes` (executor-semantics §3.1, without the uint32
// underflow: nothing past the operand's end).
MSCCLC_DEVICE uint64_t pipelined(uint64_t bytes, uint64_t o, uint64_t unit) {
  return o < bytes ? (bytes - o < unit ? bytes - o : unit) : 0;
}

// ============================================================ primitives

#if defined(MSCCLC_HOST)

namespace host {
// A thread block's bar.sync. Not std::barrier: libstdc++ parks waiters in a
// process-wide table of mutexes, and those locks order unrelated threads
// for ThreadSanitizer, hiding exactly the races it is here to report. The
// last arrival acquires every earlier one (one release sequence of
// read-modify-writes) and releases them all with the next generation.
class BlockBarrier {
public:
  explicit BlockBarrier(uint32_t threads) : threads_(threads) {}
  // false: the watchdog aborted the launch while this thread waited.
  bool arriveAndWait();
  // Before a launch: forget arrivals an aborted launch left behind.
  void reset() { arrived_.store(0, std::memory_order_relaxed); }
  // The word waiters spin on (for the watchdog's report).
  const void *word() const { return &generation_; }

private:
  const uint32_t threads_;
  std::atomic<uint32_t> arrived_{0};
  std::atomic<uint64_t> generation_{0};
};

// One per CPU thread, owned by runtime.hpp, which reads the wait fields
// from its watchdog.
struct ThreadState {
  uint32_t tid = 0, ntid = 1, bid = 0;
  int rank = 0;
  BlockBarrier *block = nullptr;
  std::atomic<const char *> waiting{nullptr}; // what a spin waits in
  std::atomic<const void *> at{nullptr};      // on which word
  std::atomic<uint64_t> expected{0}, seen{0};
};
inline thread_local ThreadState *self = nullptr;
inline std::atomic<uint64_t> progress{0}; // spins that finished
inline std::atomic<bool> aborting{false}; // set by the watchdog
} // namespace host

MSCCLC_DEVICE uint32_t tid() { return host::self->tid; }
MSCCLC_DEVICE uint32_t ntid() { return host::self->ntid; }
MSCCLC_DEVICE uint32_t bid() { return host::self->bid; }
MSCCLC_DEVICE void sync_block() { host::self->block->arriveAndWait(); }

namespace detail {
enum Order { Relaxed, Acquire, Release, AcqRel };
constexpr std::memory_order order(Order o) {
  return o == Relaxed   ? std::memory_order_relaxed
         : o == Acquire ? std::memory_order_acquire
         : o == Release ? std::memory_order_release
                        : std::memory_order_acq_rel;
}
// System scope (cross-rank) and device scope (cross-block) are the same
// on the host.
template <Order O, class W> W load_sys(W *p) {
  return std::atomic_ref<W>(*p).load(order(O));
}
template <Order O, class W> void store_sys(W *p, W v) {
  std::atomic_ref<W>(*p).store(v, order(O));
}
template <Order O, class W> W add_sys(W *p, W v) {
  return std::atomic_ref<W>(*p).fetch_add(v, order(O));
}
// An add whose old value nobody needs (a signal).
template <Order O> void red_sys(uint64_t *p, uint64_t v) { add_sys<O>(p, v); }
template <Order O, class W> W load_dev(W *p) { return load_sys<O>(p); }
template <Order O, class W> W add_dev(W *p, W v) { return add_sys<O>(p, v); }
template <class W> bool cas_dev(W *p, W &expected, W desired) {
  return std::atomic_ref<W>(*p).compare_exchange_weak(
      expected, desired, std::memory_order_acquire, std::memory_order_relaxed);
}

// Every spin: yields, tells the watchdog what it waits for, and gives up
// when the watchdog has reported a deadlock (the launch then unwinds).
struct Spin {
  const char *what;
  const void *at;
  uint64_t expected;
  bool announced = false;
  // Call with the latest value seen; false: stop spinning (aborted).
  bool again(uint64_t seen) {
    host::ThreadState &me = *host::self;
    if (!announced) {
      announced = true;
      me.at = at;
      me.expected = expected;
      me.waiting = what;
    }
    me.seen.store(seen, std::memory_order_relaxed);
    if (host::aborting.load(std::memory_order_relaxed))
      return false;
    std::this_thread::yield();
    return true;
  }
  ~Spin() {
    if (announced)
      host::self->waiting = nullptr;
    host::progress.fetch_add(1, std::memory_order_relaxed);
  }
};

} // namespace detail

inline bool host::BlockBarrier::arriveAndWait() {
  uint64_t generation = generation_.load(std::memory_order_acquire);
  if (arrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == threads_) {
    arrived_.store(0, std::memory_order_relaxed);
    generation_.store(generation + 1, std::memory_order_release);
    return true;
  }
  detail::Spin spin{"nop (bar.sync)", &generation_, generation + 1};
  for (;;) {
    uint64_t now = generation_.load(std::memory_order_acquire);
    if (now != generation)
      return true;
    if (!spin.again(now))
      return false;
  }
}

namespace detail {
// Packets: an LL16 packet is two 8-byte halves [data, flag], each stored
// and loaded as one atomic word (release/acquire, so the payload's
// hand-off is visible to ThreadSanitizer); LL8 is one such word.
inline uint64_t word(uint32_t data, uint32_t flag) {
  return uint64_t(data) | uint64_t(flag) << 32;
}
template <class P>
void store_packet(char *slot, const char *payload, uint32_t flag) {
  uint32_t d[2] = {0, 0};
  std::memcpy(d, payload, P::payload);
  uint64_t *w = reinterpret_cast<uint64_t *>(slot);
  store_sys<Release>(w, word(d[0], flag));
  if constexpr (P::bytes == 16)
    store_sys<Release>(w + 1, word(d[1], flag));
}
template <class P>
bool load_packet(const char *slot, char *payload, uint32_t flag) {
  uint64_t *w = reinterpret_cast<uint64_t *>(const_cast<char *>(slot));
  uint64_t a = load_sys<Acquire>(w);
  if (uint32_t(a >> 32) != flag)
    return false;
  uint32_t d[2] = {uint32_t(a), 0};
  if constexpr (P::bytes == 16) {
    uint64_t b = load_sys<Acquire>(w + 1);
    if (uint32_t(b >> 32) != flag)
      return false;
    d[1] = uint32_t(b);
  }
  std::memcpy(payload, d, P::payload);
  return true;
}
} // namespace detail

// Plain (non-atomic) buffer accesses under ThreadSanitizer. GCC expands a
// small memcpy inline after TSan has instrumented the function, so without
// this a racing copy is invisible to it: every plain access to a buffer
// also reports its byte range (nothing, outside a TSan build).
#if defined(__SANITIZE_THREAD__)
#define MSCCLC_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define MSCCLC_TSAN 1
#endif
#endif
#if defined(MSCCLC_TSAN)
extern "C" void __tsan_read_range(void *addr, unsigned long size);
extern "C" void __tsan_write_range(void *addr, unsigned long size);
#endif
namespace detail {
inline void plain_read(const void *p, uint64_t n) {
#if defined(MSCCLC_TSAN)
  __tsan_read_range(const_cast<void *>(p), n);
#endif
  (void)p;
  (void)n;
}
inline void plain_write(void *p, uint64_t n) {
#if defined(MSCCLC_TSAN)
  __tsan_write_range(p, n);
#endif
  (void)p;
  (void)n;
}
} // namespace detail

// Up to 16 bytes; memcpy keeps the accesses plain (a race stays visible).
MSCCLC_DEVICE void copyUnit(char *dst, const char *src, uint64_t n) {
  detail::plain_read(src, n);
  detail::plain_write(dst, n);
  std::memcpy(dst, src, n);
}
// 16 bytes between 16-byte aligned addresses.
MSCCLC_DEVICE void copyAligned16(char *dst, const char *src) {
  copyUnit(dst, src, 16);
}

#else // CUDA

MSCCLC_DEVICE uint32_t tid() { return threadIdx.x; }
MSCCLC_DEVICE uint32_t ntid() { return blockDim.x; }
MSCCLC_DEVICE uint32_t bid() { return blockIdx.x; }
MSCCLC_DEVICE void sync_block() { __syncthreads(); }

namespace detail {
enum Order { Relaxed, Acquire, Release, AcqRel };
__host__ __device__ constexpr cuda::memory_order order(Order o) {
  return o == Relaxed   ? cuda::memory_order_relaxed
         : o == Acquire ? cuda::memory_order_acquire
         : o == Release ? cuda::memory_order_release
                        : cuda::memory_order_acq_rel;
}
template <class W> using Sys = cuda::atomic_ref<W, cuda::thread_scope_system>;
template <class W> using Dev = cuda::atomic_ref<W, cuda::thread_scope_device>;
template <Order O, class W> MSCCLC_DEVICE W load_sys(W *p) {
  return Sys<W>(*p).load(order(O));
}
template <Order O, class W> MSCCLC_DEVICE void store_sys(W *p, W v) {
  Sys<W>(*p).store(v, order(O));
}
template <Order O, class W> MSCCLC_DEVICE W add_sys(W *p, W v) {
  return Sys<W>(*p).fetch_add(v, order(O));
}
// An add whose old value nobody needs (a signal): one `red`, as the
// executor's semaphore signal is (semaphore_device.hpp).
template <Order O> MSCCLC_DEVICE void red_sys(uint64_t *p, uint64_t v) {
  static_assert(O == Release || O == Relaxed);
  if constexpr (O == Release)
    asm volatile("red.release.sys.global.add.u64 [%0], %1;" ::"l"(p), "l"(v)
                 : "memory");
  else
    asm volatile("red.relaxed.sys.global.add.u64 [%0], %1;" ::"l"(p), "l"(v)
                 : "memory");
}
template <Order O, class W> MSCCLC_DEVICE W load_dev(W *p) {
  return Dev<W>(*p).load(order(O));
}
template <Order O, class W> MSCCLC_DEVICE W add_dev(W *p, W v) {
  return Dev<W>(*p).fetch_add(v, order(O));
}
template <class W> MSCCLC_DEVICE bool cas_dev(W *p, W &expected, W desired) {
  return Dev<W>(*p).compare_exchange_weak(expected, desired,
                                          cuda::memory_order_acquire,
                                          cuda::memory_order_relaxed);
}

// A GPU spin has no watchdog: it spins.
struct Spin {
  const char *what;
  const void *at;
  uint64_t expected;
  MSCCLC_DEVICE bool again(uint64_t) { return true; }
};

// Packets as the executor writes and reads them (packet_device.hpp):
// one volatile vector store, spinning volatile vector loads.
template <class P>
MSCCLC_DEVICE void store_packet(char *slot, const char *payload,
                                uint32_t flag) {
  uint32_t d[2] = {0, 0};
  memcpy(d, payload, P::payload);
  if constexpr (P::bytes == 16)
    asm volatile(
        "st.volatile.global.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(slot),
        "r"(d[0]), "r"(flag), "r"(d[1]), "r"(flag)
        : "memory");
  else
    asm volatile("st.volatile.global.v2.u32 [%0], {%1, %2};" ::"l"(slot),
                 "r"(d[0]), "r"(flag)
                 : "memory");
}
template <class P>
MSCCLC_DEVICE bool load_packet(const char *slot, char *payload, uint32_t flag) {
  uint32_t d[2] = {0, 0}, f1, f2;
  if constexpr (P::bytes == 16) {
    asm volatile("ld.volatile.global.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(d[0]), "=r"(f1), "=r"(d[1]), "=r"(f2)
                 : "l"(slot)
                 : "memory");
    if (f1 != flag || f2 != flag)
      return false;
  } else {
    asm volatile("ld.volatile.global.v2.u32 {%0, %1}, [%2];"
                 : "=r"(d[0]), "=r"(f1)
                 : "l"(slot)
                 : "memory");
    if (f1 != flag)
      return false;
  }
  memcpy(payload, d, P::payload);
  return true;
}
} // namespace detail

namespace detail {
// Only the host build under ThreadSanitizer reports plain accesses.
MSCCLC_DEVICE void plain_read(const void *, uint64_t) {}
MSCCLC_DEVICE void plain_write(void *, uint64_t) {}
} // namespace detail

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
// 16 bytes between 16-byte aligned addresses: one vector load and store.
MSCCLC_DEVICE void copyAligned16(char *dst, const char *src) {
  *reinterpret_cast<uint4 *>(dst) = *reinterpret_cast<const uint4 *>(src);
}

#endif

// ================================================================== ops

// ------------------------------------------------------------- epochs
// The launch's packet flag: one more than the launches this thread block
// has finished, read from device memory, so repeated launches and graph
// replays need no host-side counter (the flag never is 0).
MSCCLC_DEVICE uint32_t begin_epoch(const RankArgs &a) {
  return detail::load_dev<detail::Relaxed>(&a.epoch[bid()]) + 1;
}
MSCCLC_DEVICE void end_epoch(const RankArgs &a, uint32_t flag) {
  sync_block(); // every thread has read the old value
  if (tid() == 0)
    detail::store_sys<detail::Relaxed>(&a.epoch[bid()], flag);
}
// The scratch half of a double-buffered plan: the second one on even
// flags (executor-semantics §2.5).
MSCCLC_DEVICE uint64_t scratch_half(const Launch &l, uint32_t flag) {
  return flag % 2 == 0 ? l.half : 0;
}

// ------------------------------------------------- memory-channel sync
namespace detail {
MSCCLC_DEVICE void waitToken(uint64_t *token, uint64_t expected, bool acquire,
                             const char *what) {
  Spin spin{what, token, expected};
  for (;;) {
    uint64_t seen =
        acquire ? load_sys<Acquire>(token) : load_sys<Relaxed>(token);
    if (seen >= expected || !spin.again(seen))
      return;
  }
}
} // namespace detail

MSCCLC_DEVICE void signal(const Channel &c) {
  detail::red_sys<detail::Release>(c.peerInbound, 1);
}
MSCCLC_DEVICE void relaxed_signal(const Channel &c) {
  detail::red_sys<detail::Relaxed>(c.peerInbound, 1);
}
// Only the thread that drives a channel touches its expected counter.
MSCCLC_DEVICE void wait(const Channel &c) {
  detail::waitToken(c.inbound, ++*c.expected, true, "wait");
}
MSCCLC_DEVICE void relaxed_wait(const Channel &c) {
  detail::waitToken(c.inbound, ++*c.expected, false, "relaxed wait");
}

// ---------------------------------------------------------- data moves
namespace detail {
// The bytes of an op done in 16-byte units: all of them that fill whole
// units when every operand is 16-byte aligned, none otherwise. Testing
// once per op instead of once per unit keeps the unit loop to plain vector
// accesses; the rest goes element by element.
MSCCLC_DEVICE uint64_t vectorBytes(uintptr_t addressBits, uint64_t bytes) {
  return addressBits % 16 == 0 ? bytes / 16 * 16 : 0;
}
MSCCLC_DEVICE uintptr_t bitsOf(const void *p) {
  return reinterpret_cast<uintptr_t>(p);
}
} // namespace detail

// dst[0, bytes) = src[0, bytes): 16-byte units striped over the threads,
// then the rest byte by byte (all of it when an operand is not aligned).
MSCCLC_DEVICE void copy(char *dst, const char *src, uint64_t bytes) {
  const uint32_t t = tid(), n = ntid();
  const uint64_t whole =
      detail::vectorBytes(detail::bitsOf(dst) | detail::bitsOf(src), bytes);
  for (uint64_t at = uint64_t(t) * 16; at < whole; at += uint64_t(n) * 16)
    copyAligned16(dst + at, src + at);
  for (uint64_t at = whole + t; at < bytes; at += n)
    copyUnit(dst + at, src + at, 1);
}

// Every destination gets the reduction of every source, element by
// element in source order (executor-semantics §3.6), 16-byte units
// striped over the threads. A destination may be a source (in place):
// each unit is read before it is written, by the same thread. Every array
// has a compile-time size, so it lives in registers (no stack frame).
namespace detail {
template <class T, ReduceOp Op>
MSCCLC_DEVICE void combine16(char (&acc)[16], const char *src) {
  constexpr uint32_t per = 16 / sizeof(T);
  T a[per], b[per];
  memcpy(a, acc, 16);
  memcpy(b, src, 16);
  MSCCLC_UNROLL
  for (uint32_t i = 0; i < per; ++i)
    a[i] = combine<T, Op>(a[i], b[i]);
  memcpy(acc, a, 16);
}
} // namespace detail

namespace detail {
// One element of a reduce's slow path: a single access when `typed` (the
// address is aligned for T), byte accesses otherwise.
template <class T> MSCCLC_DEVICE T loadElement(const char *p, bool typed) {
  plain_read(p, sizeof(T));
  T v;
  if (typed)
    memcpy(&v, __builtin_assume_aligned(p, alignof(T)), sizeof(T));
  else
    memcpy(&v, p, sizeof(T));
  return v;
}
template <class T>
MSCCLC_DEVICE void storeElement(char *p, const T &v, bool typed) {
  plain_write(p, sizeof(T));
  if (typed)
    memcpy(__builtin_assume_aligned(p, alignof(T)), &v, sizeof(T));
  else
    memcpy(p, &v, sizeof(T));
}
} // namespace detail

template <class T, ReduceOp Op, uint32_t ND, class FD, uint32_t NS, class FS>
MSCCLC_DEVICE void reduce(Operands<ND, FD> dst, Operands<NS, FS> src,
                          uint64_t bytes) {
  const uint32_t t = tid(), n = ntid();
  uintptr_t addressBits = 0;
  MSCCLC_UNROLL
  for (uint32_t s = 0; s < NS; ++s)
    addressBits |= detail::bitsOf(src.address(s));
  MSCCLC_UNROLL
  for (uint32_t d = 0; d < ND; ++d)
    addressBits |= detail::bitsOf(dst.address(d));
  const uint64_t whole = detail::vectorBytes(addressBits, bytes);
  const bool typed = addressBits % alignof(T) == 0;
  MSCCLC_NO_UNROLL
  for (uint64_t at = uint64_t(t) * 16; at < whole; at += uint64_t(n) * 16) {
    // Addresses are computed where they are used: a destination that is
    // also a source is computed again for the store, so no address is
    // live across the combining.
    alignas(16) char acc[16];
    copyAligned16(acc, src.address(0) + at);
    MSCCLC_UNROLL
    for (uint32_t s = 1; s < NS; ++s) {
      alignas(16) char x[16];
      copyAligned16(x, src.address(s) + at);
      detail::combine16<T, Op>(acc, x);
    }
    MSCCLC_UNROLL
    for (uint32_t d = 0; d < ND; ++d)
      copyAligned16(dst.address(d) + at, acc);
  }
  // The elements after the last whole unit, or all of them when an operand
  // is not 16-byte aligned: one element per thread at a time, one operand
  // at a time (the rare path, kept small). In a loop of its own: sharing
  // the vector loop, it made the 8-operand all-pairs kernel (sm_80) spill
  // 88 bytes under a 40-register cap. Operand indices are run-time values
  // here; the operand functions switch over them.
  MSCCLC_NO_UNROLL
  for (uint64_t e = whole + uint64_t(t) * sizeof(T); e + sizeof(T) <= bytes;
       e += uint64_t(n) * sizeof(T)) {
    T acc = detail::loadElement<T>(src.address(0) + e, typed);
    MSCCLC_NO_UNROLL
    for (uint32_t s = 1; s < NS; ++s)
      acc = combine<T, Op>(acc,
                           detail::loadElement<T>(src.address(s) + e, typed));
    MSCCLC_NO_UNROLL
    for (uint32_t d = 0; d < ND; ++d)
      detail::storeElement<T>(dst.address(d) + e, acc, typed);
  }
}

// -------------------------------------------------------------- packets
// Packet p of a packet-space range carries data bytes [payload*p, ...);
// thread t handles packets t, t + ntid, ... Reads spin until the packet
// carries this launch's flag.
namespace detail {
template <class P>
MSCCLC_DEVICE void readPacket(const char *slot, char *payload, uint32_t flag) {
#if defined(MSCCLC_HOST)
  // The watchdog's bookkeeping only for a read that has to wait.
  if (load_packet<P>(slot, payload, flag))
    return;
  Spin spin{"packet read", slot, flag};
  while (!load_packet<P>(slot, payload, flag))
    if (!spin.again(0)) {
      // The watchdog ended the launch: zeros, not whatever the stack
      // held, go where the payload was to be written.
      memset(payload, 0, P::payload);
      return;
    }
#else
  // One loop and one copy of the load: a first attempt ahead of the spin
  // loop cost a 7-input packet reduce 19 more registers, and f16 rank
  // kernels of the 2-node AllReduce spilled at the 64-register cap.
  while (!load_packet<P>(slot, payload, flag)) {
  }
#endif
}
} // namespace detail

// cpkt, ppkt over memory: data -> packets (one destination; a ppkt to
// several is a call per destination).
template <class P>
MSCCLC_DEVICE void put_packets(char *dst, const char *src, uint64_t bytes,
                               uint32_t flag) {
  const uint64_t packets = bytes / P::payload;
  MSCCLC_NO_UNROLL
  for (uint64_t p = tid(); p < packets; p += ntid()) {
    char payload[8];
    detail::plain_read(src + p * P::payload, P::payload);
    memcpy(payload, src + p * P::payload, P::payload);
    detail::store_packet<P>(dst + p * P::bytes, payload, flag);
  }
}

// upkt: packets -> data.
template <class P>
MSCCLC_DEVICE void unpack_packets(char *dst, const char *src, uint64_t bytes,
                                  uint32_t flag) {
  const uint64_t packets = bytes / P::payload;
  MSCCLC_NO_UNROLL
  for (uint64_t p = tid(); p < packets; p += ntid()) {
    char payload[8];
    detail::readPacket<P>(src + p * P::bytes, payload, flag);
    detail::plain_write(dst + p * P::payload, P::payload);
    memcpy(dst + p * P::payload, payload, P::payload);
  }
}

// rppkt over memory, gstorepkt on the host: packets -> packets at every
// destination, rebuilt with this launch's flag.
template <class P, uint32_t ND, class FD>
MSCCLC_DEVICE void forward_packets(Operands<ND, FD> dst, const char *src,
                                   uint64_t bytes, uint32_t flag) {
  const uint64_t packets = bytes / P::payload;
  MSCCLC_NO_UNROLL
  for (uint64_t p = tid(); p < packets; p += ntid()) {
    char payload[8];
    detail::readPacket<P>(src + p * P::bytes, payload, flag);
    MSCCLC_UNROLL
    for (uint32_t d = 0; d < ND; ++d)
      detail::store_packet<P>(dst.address(d) + p * P::bytes, payload, flag);
  }
}

// rppkt over a port channel, first half: every packet valid.
template <class P>
MSCCLC_DEVICE void await_packets(const char *src, uint64_t bytes,
                                 uint32_t flag) {
  const uint64_t packets = bytes / P::payload;
  MSCCLC_NO_UNROLL
  for (uint64_t p = tid(); p < packets; p += ntid()) {
    char payload[8];
    detail::readPacket<P>(src + p * P::bytes, payload, flag);
  }
}

// repkt/respkt/recpkt/recspkt: for each packet p, ((0 (+) in1) (+) in2 ...)
// (+) local (min/max start from the first input instead of 0), stored
// plain to `dst`, and as packets to every packet destination.
namespace detail {
// Combines the elements packed in two 32-bit words lane by lane. The
// payload stays in whole words: arrays of 16-bit elements copied to and
// from bytes put them on the stack (f16 with LL16), and at the register
// cap they spilled.
template <class T, ReduceOp Op>
MSCCLC_DEVICE uint32_t combineWord(uint32_t a, uint32_t b) {
  static_assert(4 % sizeof(T) == 0, "elements of 4, 2 or 1 bytes");
  constexpr uint32_t lanes = 4 / sizeof(T), bits = 8 * sizeof(T);
  uint32_t w = 0;
  MSCCLC_UNROLL
  for (uint32_t lane = 0; lane < lanes; ++lane) {
    // Lane k is bytes [k·sizeof(T), ...) of the word (little endian).
    const uint32_t la = a >> (bits * lane), lb = b >> (bits * lane);
    T x, y;
    memcpy(&x, &la, sizeof(T));
    memcpy(&y, &lb, sizeof(T));
    const T r = combine<T, Op>(x, y);
    uint32_t lr = 0;
    memcpy(&lr, &r, sizeof(T));
    w |= lr << (bits * lane);
  }
  return w;
}
} // namespace detail

template <class T, ReduceOp Op, class P, uint32_t NI, class FI, uint32_t NP,
          class FP>
MSCCLC_DEVICE void reduce_packets(char *dst, const char *local,
                                  Operands<NI, FI> in, Operands<NP, FP> out,
                                  uint64_t bytes, uint32_t flag) {
  constexpr uint32_t words = P::payload / 4;
  const uint64_t packets = bytes / P::payload;
  MSCCLC_NO_UNROLL
  for (uint64_t p = tid(); p < packets; p += ntid()) {
    uint32_t acc[words], x[words];
    bool first = true;
    MSCCLC_UNROLL
    for (uint32_t j = 0; j < NI; ++j) {
      char payload[8];
      detail::readPacket<P>(in.address(j) + p * P::bytes, payload, flag);
      memcpy(x, payload, P::payload);
      MSCCLC_UNROLL
      for (uint32_t w = 0; w < words; ++w)
        acc[w] = first && Op != ReduceOp::Sum
                     ? x[w]
                     : detail::combineWord<T, Op>(first ? 0u : acc[w], x[w]);
      first = false;
    }
    detail::plain_read(local + p * P::payload, P::payload);
    memcpy(x, local + p * P::payload, P::payload);
    MSCCLC_UNROLL
    for (uint32_t w = 0; w < words; ++w)
      acc[w] = first ? x[w] : detail::combineWord<T, Op>(acc[w], x[w]);
    detail::plain_write(dst + p * P::payload, P::payload);
    memcpy(dst + p * P::payload, acc, P::payload);
    // No packet destinations (NP = 0) is common: without the guard nvcc
    // warns of a pointless comparison (#186-D) at every such reduce.
    if constexpr (NP > 0) {
      MSCCLC_UNROLL
      for (uint32_t d = 0; d < NP; ++d)
        detail::store_packet<P>(out.address(d) + p * P::bytes,
                                reinterpret_cast<const char *>(acc), flag);
    }
  }
}

// ------------------------------------------------ barrier, semaphores
// barrier (DeviceSyncer): every participating block's thread 0 arrives;
// the last one opens the next episode. Block syncs around it make it a
// full barrier for every thread.
MSCCLC_DEVICE void barrier(Syncer &s, uint64_t blocks) {
  sync_block();
  if (tid() == 0) {
    uint64_t episode = detail::load_dev<detail::Acquire>(&s.episode);
    if (detail::add_dev<detail::AcqRel>(&s.arrived, uint64_t(1)) + 1 ==
        blocks) {
      detail::store_sys<detail::Relaxed>(&s.arrived, uint64_t(0));
      detail::add_dev<detail::Release>(&s.episode, uint64_t(1));
    } else {
      detail::Spin spin{"barrier", &s.episode, episode + 1};
      for (;;) {
        uint64_t now = detail::load_dev<detail::Acquire>(&s.episode);
        if (now != episode || !spin.again(now))
          break;
      }
    }
  }
  sync_block();
}

// Counting device semaphores (executor-semantics §3.10).
MSCCLC_DEVICE void sem_release(int64_t &s) {
  detail::add_dev<detail::Release>(&s, int64_t(1));
}
MSCCLC_DEVICE void sem_acquire(int64_t &s) {
  detail::Spin spin{"semaphore acquire", &s, 1};
  for (;;) {
    int64_t v = detail::load_dev<detail::Relaxed>(&s);
    if (v > 0 && detail::cas_dev(&s, v, v - 1))
      return;
    if (!spin.again(uint64_t(v)))
      return;
  }
}

// ---------------------------------------------------------- port channels
// A trigger is pushed by one thread; the proxy copies the data, then adds
// to the peer's token (one FIFO per rank keeps the two in order), then
// marks the position done.
MSCCLC_DEVICE uint64_t push(const Fifo &f, const char *src, char *dst,
                            uint64_t bytes, uint64_t *token,
                            bool packets = false) {
  uint64_t pos = detail::add_dev<detail::Relaxed>(f.head, uint64_t(1));
  detail::Spin spin{"port FIFO full", f.done, pos + 1 - f.capacity};
  while (pos >= detail::load_sys<detail::Acquire>(f.done) + f.capacity)
    if (!spin.again(detail::load_sys<detail::Relaxed>(f.done)))
      break;
  Trigger &slot = f.slots[pos % f.capacity];
  slot.src = src;
  slot.dst = dst;
  slot.bytes = bytes;
  slot.token = token;
  slot.packets = packets;
  detail::store_sys<detail::Release>(&slot.seq, pos + 1);
  return pos;
}
MSCCLC_DEVICE void await_done(const Fifo &f, uint64_t pos) {
  detail::waitToken(f.done, pos + 1, true, "port flush");
}
MSCCLC_DEVICE void port_put(const Fifo &f, const Channel &, char *dst,
                            const char *src, uint64_t bytes) {
  push(f, src, dst, bytes, nullptr);
}
// ppkt/rppkt over a port channel: a raw copy of packet space.
MSCCLC_DEVICE void port_put_packets(const Fifo &f, const Channel &, char *dst,
                                    const char *src, uint64_t bytes) {
  push(f, src, dst, bytes, nullptr, true);
}
// put with signal, and with flush: the pushing thread waits until the
// proxy has done it.
MSCCLC_DEVICE void port_put_signal(const Fifo &f, const Channel &c, char *dst,
                                   const char *src, uint64_t bytes) {
  push(f, src, dst, bytes, c.peerInbound);
}
MSCCLC_DEVICE void port_put_signal_flush(const Fifo &f, const Channel &c,
                                         char *dst, const char *src,
                                         uint64_t bytes) {
  await_done(f, push(f, src, dst, bytes, c.peerInbound));
}
MSCCLC_DEVICE void port_signal(const Fifo &f, const Channel &c) {
  push(f, nullptr, nullptr, 0, c.peerInbound);
}
MSCCLC_DEVICE void port_flush(const Fifo &f) {
  await_done(f, push(f, nullptr, nullptr, 0, nullptr));
}
// (waits on a port channel are memory-channel waits on its token.)

// ------------------------------------------------------ switch channels
// The group barrier: a signal counts once on every member's counter, a
// wait expects one more signal from every member.
MSCCLC_DEVICE void switch_signal(const SwitchChannel &c, bool relaxed) {
  for (uint32_t m = 0; m < c.peers; ++m)
    if (relaxed)
      detail::red_sys<detail::Relaxed>(c.peerInbound[m], 1);
    else
      detail::red_sys<detail::Release>(c.peerInbound[m], 1);
}
MSCCLC_DEVICE void switch_wait(const SwitchChannel &c, bool relaxed) {
  *c.expected += c.peers;
  detail::waitToken(c.inbound, *c.expected, !relaxed, "switch wait");
}

// Multicast without a switch: a loop over the group's buffers, in group
// order (the order the simulator reduces in; a switch's own order is
// unspecified). The host build always takes it; a GPU takes it when the
// communicator has no multicast address for the group (virtual ranks
// sharing a device, or devices without NVLS): plain loads and stores
// through the members' pointers, ordered by the group barrier as memory
// channels' puts are by theirs.
namespace detail {
// Reduces the group's range at srcOffset and hands each result to `store`
// (16 bytes, or one element after the last whole unit): whole units first,
// every array of a compile-time size (registers, no stack frame), then the
// trailing elements one per thread.
template <class T, ReduceOp Op, class Store>
MSCCLC_DEVICE void unicast_combine(const SwitchChannel &src, uint64_t srcOffset,
                                   uint64_t bytes, Store store) {
  const uint32_t t = tid(), n = ntid();
  const uint64_t whole = bytes / 16 * 16;
  MSCCLC_NO_UNROLL
  for (uint64_t at = uint64_t(t) * 16; at < whole; at += uint64_t(n) * 16) {
    alignas(16) char acc[16];
    copyUnit(acc, src.member[0] + srcOffset + at, 16);
    MSCCLC_NO_UNROLL
    for (uint32_t m = 1; m < src.members; ++m) {
      alignas(16) char x[16];
      copyUnit(x, src.member[m] + srcOffset + at, 16);
      combine16<T, Op>(acc, x);
    }
    store(at, acc, uint64_t(16));
  }
  MSCCLC_NO_UNROLL
  for (uint64_t e = whole + uint64_t(t) * sizeof(T); e + sizeof(T) <= bytes;
       e += uint64_t(n) * sizeof(T)) {
    T acc = loadElement<T>(src.member[0] + srcOffset + e, false);
    MSCCLC_NO_UNROLL
    for (uint32_t m = 1; m < src.members; ++m)
      acc = combine<T, Op>(
          acc, loadElement<T>(src.member[m] + srcOffset + e, false));
    store(e, reinterpret_cast<const char *>(&acc), uint64_t(sizeof(T)));
  }
}
// glre: into a local buffer.
template <class T, ReduceOp Op>
MSCCLC_DEVICE void unicast_reduce(char *dst, const SwitchChannel &src,
                                  uint64_t srcOffset, uint64_t bytes) {
  unicast_combine<T, Op>(src, srcOffset, bytes,
                         [dst](uint64_t at, const char *v, uint64_t n) {
                           copyUnit(dst + at, v, n);
                         });
}
// glres: into every member.
template <class T, ReduceOp Op>
MSCCLC_DEVICE void unicast_reduce_store(const SwitchChannel &dst,
                                        uint64_t dstOffset,
                                        const SwitchChannel &src,
                                        uint64_t srcOffset, uint64_t bytes) {
  unicast_combine<T, Op>(
      src, srcOffset, bytes,
      [&dst, dstOffset](uint64_t at, const char *v, uint64_t n) {
        MSCCLC_NO_UNROLL
        for (uint32_t m = 0; m < dst.members; ++m)
          copyUnit(dst.member[m] + dstOffset + at, v, n);
      });
}
MSCCLC_DEVICE void unicast_store(const SwitchChannel &dst, uint64_t dstOffset,
                                 const char *src, uint64_t bytes) {
  for (uint32_t m = 0; m < dst.members; ++m)
    copy(dst.member[m] + dstOffset, src, bytes);
}
template <class P>
MSCCLC_DEVICE void unicast_store_packets(const SwitchChannel &dst,
                                         uint64_t dstOffset, const char *src,
                                         uint64_t bytes, uint32_t flag) {
  const uint64_t packets = bytes / P::payload;
  MSCCLC_NO_UNROLL
  for (uint64_t p = tid(); p < packets; p += ntid()) {
    char payload[8];
    detail::readPacket<P>(src + p * P::bytes, payload, flag);
    for (uint32_t m = 0; m < dst.members; ++m)
      detail::store_packet<P>(dst.memberPacket[m] + dstOffset + p * P::bytes,
                              payload, flag);
  }
}
} // namespace detail

#if defined(MSCCLC_HOST)
// reduce into a local buffer (glre)
template <class T, ReduceOp Op>
MSCCLC_DEVICE void multimem_reduce(char *dst, const SwitchChannel &src,
                                   uint64_t srcOffset, uint64_t bytes) {
  detail::unicast_reduce<T, Op>(dst, src, srcOffset, bytes);
}
// glres: reduce the group's range, store it into every member.
template <class T, ReduceOp Op>
MSCCLC_DEVICE void multimem_reduce_store(const SwitchChannel &dst,
                                         uint64_t dstOffset,
                                         const SwitchChannel &src,
                                         uint64_t srcOffset, uint64_t bytes) {
  detail::unicast_reduce_store<T, Op>(dst, dstOffset, src, srcOffset, bytes);
}
// gstore: local data into every member.
MSCCLC_DEVICE void multimem_store(const SwitchChannel &dst, uint64_t dstOffset,
                                  const char *src, uint64_t bytes) {
  detail::unicast_store(dst, dstOffset, src, bytes);
}
// gstorepkt: local packets, rebuilt with the flag, into every member.
template <class P>
MSCCLC_DEVICE void multimem_store_packets(const SwitchChannel &dst,
                                          uint64_t dstOffset, const char *src,
                                          uint64_t bytes, uint32_t flag) {
  detail::unicast_store_packets<P>(dst, dstOffset, src, bytes, flag);
}
#else
// sm_90 multimem (switch_channel_device.hpp): ld_reduce and st on the
// multicast address, relaxed at system scope. Elements the switch cannot
// reduce (u8, min/max of floats on older parts) trap.
namespace detail {
// One multimem ld_reduce of 16 bytes (v4 of `type`), or of one 32-bit
// element, with the reduction `op` ("add", "min", "max").
#define MSCCLC_LD_REDUCE_V4(op, type)                                          \
  asm volatile("multimem.ld_reduce.relaxed.sys.global." op ".v4." type         \
               " {%0,%1,%2,%3}, [%4];"                                         \
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)                    \
               : "l"(mc)                                                       \
               : "memory")
#define MSCCLC_LD_REDUCE_1(op, type, out, at)                                  \
  asm volatile("multimem.ld_reduce.relaxed.sys.global." op "." type            \
               " %0, [%1];"                                                    \
               : "=r"(out)                                                     \
               : "l"(at)                                                       \
               : "memory")
// The three reductions of one element type.
#define MSCCLC_LD_REDUCE_OPS(REDUCE, type, ...)                                \
  if constexpr (Op == ReduceOp::Sum)                                           \
    REDUCE("add", type __VA_OPT__(, ) __VA_ARGS__);                            \
  else if constexpr (Op == ReduceOp::Min)                                      \
    REDUCE("min", type __VA_OPT__(, ) __VA_ARGS__);                            \
  else                                                                         \
    REDUCE("max", type __VA_OPT__(, ) __VA_ARGS__)

template <class T, ReduceOp Op> MSCCLC_DEVICE uint4 ld_reduce(const char *mc) {
  uint4 v{0, 0, 0, 0};
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  if constexpr (sizeof(T) == 4 && !std::is_integral_v<T>) {
    if constexpr (Op == ReduceOp::Sum)
      MSCCLC_LD_REDUCE_V4("add", "f32");
    else
      __trap(); // no f32 min/max on the switch (mscclc refuses to bake it)
  } else if constexpr (std::is_same_v<T, f16>) {
    MSCCLC_LD_REDUCE_OPS(MSCCLC_LD_REDUCE_V4, "f16x2");
  } else if constexpr (std::is_same_v<T, bf16>) {
    MSCCLC_LD_REDUCE_OPS(MSCCLC_LD_REDUCE_V4, "bf16x2");
  } else if constexpr (sizeof(T) == 4) {
    // 32-bit integers: one element at a time (the executor does the same).
    uint32_t *w = &v.x;
    for (int i = 0; i < 4; ++i) {
      const char *at = mc + 4 * i;
      if constexpr (Op == ReduceOp::Sum) {
        MSCCLC_LD_REDUCE_1("add", "u32", w[i], at);
      } else if constexpr (std::is_signed_v<T>) {
        MSCCLC_LD_REDUCE_OPS(MSCCLC_LD_REDUCE_1, "s32", w[i], at);
      } else {
        MSCCLC_LD_REDUCE_OPS(MSCCLC_LD_REDUCE_1, "u32", w[i], at);
      }
    }
  } else {
    __trap(); // u8: the switch has no byte reduction
  }
#else
  (void)mc;
  __trap(); // multimem needs sm_90
#endif
  return v;
}
#undef MSCCLC_LD_REDUCE_OPS
#undef MSCCLC_LD_REDUCE_1
#undef MSCCLC_LD_REDUCE_V4
MSCCLC_DEVICE void multimem_st(char *mc, uint4 v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile(
      "multimem.st.relaxed.sys.global.v4.f32 [%0], {%1,%2,%3,%4};" ::"l"(mc),
      "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w)
      : "memory");
#else
  (void)mc;
  (void)v;
  __trap();
#endif
}
} // namespace detail

// The switch moves whole 16-byte units between 16-byte aligned addresses:
// an op with an unaligned operand goes over the members' buffers instead,
// and so do the bytes after the last whole unit (the executor's tail path
// is broken, executor-semantics §3.9; the host build covers this one).
namespace detail {
MSCCLC_DEVICE bool unaligned16(const char *a, const char *b) {
  return (reinterpret_cast<uintptr_t>(a) | reinterpret_cast<uintptr_t>(b)) %
             16 !=
         0;
}
} // namespace detail

// (One call of the member loop per op, for the whole range or the tail:
// two made the switch AllReduce's rank kernels twice as large.)
template <class T, ReduceOp Op>
MSCCLC_DEVICE void multimem_reduce(char *dst, const SwitchChannel &src,
                                   uint64_t srcOffset, uint64_t bytes) {
  uint64_t done = 0;
  if (src.multicast && !detail::unaligned16(dst, src.multicast + srcOffset)) {
    done = bytes / 16 * 16;
    for (uint64_t at = uint64_t(tid()) * 16; at < done;
         at += uint64_t(ntid()) * 16)
      *reinterpret_cast<uint4 *>(dst + at) =
          detail::ld_reduce<T, Op>(src.multicast + srcOffset + at);
  }
  if (done < bytes)
    detail::unicast_reduce<T, Op>(dst + done, src, srcOffset + done,
                                  bytes - done);
}
template <class T, ReduceOp Op>
MSCCLC_DEVICE void multimem_reduce_store(const SwitchChannel &dst,
                                         uint64_t dstOffset,
                                         const SwitchChannel &src,
                                         uint64_t srcOffset, uint64_t bytes) {
  uint64_t done = 0;
  if (dst.multicast && src.multicast &&
      !detail::unaligned16(dst.multicast + dstOffset,
                           src.multicast + srcOffset)) {
    done = bytes / 16 * 16;
    for (uint64_t at = uint64_t(tid()) * 16; at < done;
         at += uint64_t(ntid()) * 16)
      detail::multimem_st(
          dst.multicast + dstOffset + at,
          detail::ld_reduce<T, Op>(src.multicast + srcOffset + at));
  }
  if (done < bytes)
    detail::unicast_reduce_store<T, Op>(dst, dstOffset + done, src,
                                        srcOffset + done, bytes - done);
}
MSCCLC_DEVICE void multimem_store(const SwitchChannel &dst, uint64_t dstOffset,
                                  const char *src, uint64_t bytes) {
  uint64_t done = 0;
  if (dst.multicast && !detail::unaligned16(dst.multicast + dstOffset, src)) {
    done = bytes / 16 * 16;
    for (uint64_t at = uint64_t(tid()) * 16; at < done;
         at += uint64_t(ntid()) * 16)
      detail::multimem_st(dst.multicast + dstOffset + at,
                          *reinterpret_cast<const uint4 *>(src + at));
  }
  if (done < bytes)
    detail::unicast_store(dst, dstOffset + done, src + done, bytes - done);
}
template <class P>
MSCCLC_DEVICE void multimem_store_packets(const SwitchChannel &dst,
                                          uint64_t dstOffset, const char *src,
                                          uint64_t bytes, uint32_t flag) {
  if (!dst.multicastPacket)
    return detail::unicast_store_packets<P>(dst, dstOffset, src, bytes, flag);
  const uint64_t packets = bytes / P::payload;
  MSCCLC_NO_UNROLL
  for (uint64_t p = tid(); p < packets; p += ntid()) {
    char payload[8];
    detail::readPacket<P>(src + p * P::bytes, payload, flag);
    uint32_t d[2] = {0, 0};
    memcpy(d, payload, P::payload);
    char *mc = dst.multicastPacket + dstOffset + p * P::bytes;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    if constexpr (P::bytes == 16)
      asm volatile("multimem.st.relaxed.sys.global.v4.f32 [%0], "
                   "{%1,%2,%3,%4};" ::"l"(mc),
                   "r"(d[0]), "r"(flag), "r"(d[1]), "r"(flag)
                   : "memory");
    else
      asm volatile(
          "multimem.st.relaxed.sys.global.v2.f32 [%0], {%1,%2};" ::"l"(mc),
          "r"(d[0]), "r"(flag)
          : "memory");
#else
    (void)mc;
    __trap();
#endif
  }
}
#endif

} // namespace mscclc::rt
