//===- runtime_cuda.hpp - runtime-min on GPUs: a communicator of N ranks --===//
//
// The CUDA implementation of runtime.hpp's API (include runtime.hpp; it
// picks this file when MSCCLC_HOST is not defined). N ranks in one
// process, each on a CUDA device of its own or all on one ("virtual
// ranks": the default, every rank on the current device):
//   - each rank's input, output and scratch are device allocations laid
//     out by layout.hpp exactly as the host run lays them out, zeroed;
//   - tokens, wait counters, barrier syncers, semaphores (initial values
//     once) and launch epochs live in device memory and persist across
//     launches, as on the host;
//   - remote buffers are the peers' device pointers (with several devices,
//     peer access is enabled between every pair that talks);
//   - one port proxy thread per rank drains the rank's trigger FIFO, which
//     lives in mapped pinned host memory: for each trigger a
//     cudaMemcpyAsync of the data, then of the token's next value (the
//     proxy is the only writer of the peer's port token, so it counts it
//     in a shadow) on the proxy's stream, so the token lands after the
//     data; after a stream synchronize it publishes the FIFO positions it
//     finished, which flushes wait for;
//   - every rank's kernel runs on a stream of its own: the ranks of a plan
//     wait for each other, so all their thread blocks must be resident at
//     once, which the constructor checks against the device's occupancy.
// Switch channels need NVLS multicast objects (cuMulticastCreate), which
// this runtime does not create: a plan with switch channels is refused
// with a message (the host runtime runs them).
//
// A GPU kernel cannot be aborted: when a launch does not finish within the
// watchdog's time, launch() says which ranks are still running and returns
// false; the communicator is then spent (its destructor frees nothing, as
// a stuck kernel may still use the memory).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/rt/device.hpp"
#include "mscclc/rt/layout.hpp"

#include <cuda_runtime.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace mscclc::rt {

namespace detail {
inline void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess)
    throw std::runtime_error(std::string("runtime-min: ") + what + ": " +
                             cudaGetErrorString(e));
}
} // namespace detail

// Whether a CUDA device is present (a GPU test skips without one).
inline bool cuda_device_present() {
  int n = 0;
  return cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
}

class Communicator {
public:
  // `devices[r]`: rank r's CUDA device; empty: every rank on the current
  // device (virtual ranks).
  Communicator(const PlanInfo &plan, uint64_t size, uint32_t threadsPerBlock,
               std::vector<int> devices = {})
      : plan_(plan), threads_(std::max({threadsPerBlock, plan.minThreads, 1u})),
        size_(size), ranks_(size_t(plan.ranks)) {
    for (int r = 0; r < plan.ranks; ++r)
      if (plan.rank[r].numSwitch > 0)
        throw std::runtime_error(
            std::string("runtime-min: plan ") + plan.name +
            " uses switch channels; the CUDA communicator does not set up "
            "NVLS multicast yet (run it on the host runtime)");
    int current = 0;
    detail::check(cudaGetDevice(&current), "cudaGetDevice");
    for (size_t r = 0; r < ranks_.size(); ++r)
      ranks_[r].device = devices.empty() ? current : devices.at(r);
    enablePeerAccess();
    for (size_t r = 0; r < ranks_.size(); ++r)
      allocate(int(r));
    checkResidency();
    for (size_t r = 0; r < ranks_.size(); ++r)
      connect(int(r));
    for (Rank &k : ranks_)
      proxies_.emplace_back([this, &k] { proxy(k); });
  }
  ~Communicator() {
    stopping_ = true;
    for (auto &p : proxies_)
      p.join();
    if (spent_)
      return; // a kernel may still run on this memory
    for (Rank &k : ranks_) {
      cudaSetDevice(k.device);
      cudaStreamDestroy(k.stream);
      for (void *p : k.deviceAllocations)
        cudaFree(p);
      for (void *p : k.hostAllocations)
        cudaFreeHost(p);
    }
  }
  Communicator(const Communicator &) = delete;
  Communicator &operator=(const Communicator &) = delete;

  // Device pointers.
  char *input(int rank) { return ranks_[size_t(rank)].place.user[0]; }
  char *output(int rank) { return ranks_[size_t(rank)].place.user[1]; }
  uint64_t inputBytes(int rank) const {
    return ranks_[size_t(rank)].layout.inputBytes;
  }
  uint64_t outputBytes(int rank) const {
    return ranks_[size_t(rank)].layout.outputBytes;
  }
  void copyIn(int rank, const void *from) {
    Rank &k = ranks_[size_t(rank)];
    detail::check(cudaSetDevice(k.device), "cudaSetDevice");
    detail::check(cudaMemcpy(k.place.user[0], from, k.layout.inputBytes,
                             cudaMemcpyHostToDevice),
                  "copying an input to the GPU");
  }
  void copyOut(int rank, void *to) const {
    const Rank &k = ranks_[size_t(rank)];
    detail::check(cudaSetDevice(k.device), "cudaSetDevice");
    detail::check(cudaMemcpy(to, k.place.user[1], k.layout.outputBytes,
                             cudaMemcpyDeviceToHost),
                  "copying an output from the GPU");
  }

  // Runs every rank's kernel once, each on its rank's stream; `rankDone(r)`
  // runs on a host thread of rank r's once its kernel has finished. False
  // when a kernel fails or does not finish within `watchdog` (the ranks
  // still running are printed; the communicator is then spent).
  bool launch(const KernelFn *kernels,
              const std::function<void(int)> &rankDone = {},
              std::chrono::milliseconds watchdog = std::chrono::seconds(10)) {
    if (spent_)
      return false;
    for (size_t r = 0; r < ranks_.size(); ++r)
      if (!enqueue(int(r), kernels[r], ranks_[r].stream))
        return false;
    std::vector<char> finished(ranks_.size(), 0);
    std::vector<std::thread> hosts;
    for (size_t r = 0; r < ranks_.size(); ++r)
      hosts.emplace_back([&, r] {
        finished[r] = awaitStream(int(r), ranks_[r].stream, watchdog);
        if (finished[r] && rankDone)
          rankDone(int(r));
      });
    for (auto &h : hosts)
      h.join();
    bool ok = true;
    for (size_t r = 0; r < ranks_.size(); ++r)
      if (!finished[r]) {
        ok = false;
        std::fprintf(stderr,
                     "runtime-min: rank %zu's kernel has not finished after "
                     "the watchdog's %lld ms (a deadlock, or a wait nothing "
                     "signals)\n",
                     r, static_cast<long long>(watchdog.count()));
      }
    spent_ = !ok;
    return ok;
  }

  // One rank's part of a collective, as the executor's execute() is one
  // GPU's: copies inputBytes(rank) from `send` (device memory) into the
  // rank's input, launches the rank's kernel, copies outputBytes(rank) to
  // `recv`, all on `stream` (null: the rank's own stream), without waiting.
  // Call it for every rank, on streams that can run concurrently: the
  // ranks wait for each other. False: a wrong size or a launch error.
  bool run(int rank, const void *send, void *recv, uint64_t bytes,
           const KernelFn *kernels, cudaStream_t stream = nullptr) {
    if (spent_) {
      std::fprintf(stderr, "runtime-min: run() on a communicator whose "
                           "kernels did not finish (it is spent)\n");
      return false;
    }
    if (rank < 0 || size_t(rank) >= ranks_.size() || bytes != size_) {
      std::fprintf(stderr,
                   "runtime-min: run(rank %d, %llu bytes) on a communicator "
                   "of %zu ranks set up for %llu bytes\n",
                   rank, static_cast<unsigned long long>(bytes), ranks_.size(),
                   static_cast<unsigned long long>(size_));
      return false;
    }
    Rank &k = ranks_[size_t(rank)];
    cudaStream_t s = stream ? stream : k.stream;
    try {
      detail::check(cudaSetDevice(k.device), "cudaSetDevice");
      detail::check(cudaMemcpyAsync(k.place.user[0], send, k.layout.inputBytes,
                                    cudaMemcpyDefault, s),
                    "copying the send buffer");
      if (!enqueue(rank, kernels[rank], s))
        return false;
      detail::check(cudaMemcpyAsync(recv, k.place.user[1], k.layout.outputBytes,
                                    cudaMemcpyDefault, s),
                    "copying the receive buffer");
    } catch (const std::exception &e) {
      std::fprintf(stderr, "%s\n", e.what());
      return false;
    }
    return true;
  }
  // Waits for rank r's stream (the communicator's own).
  bool
  synchronize(int rank,
              std::chrono::milliseconds watchdog = std::chrono::seconds(10)) {
    return awaitStream(rank, ranks_[size_t(rank)].stream, watchdog);
  }

  uint64_t size() const { return size_; }
  int ranks() const { return int(ranks_.size()); }
  cudaStream_t stream(int rank) const { return ranks_[size_t(rank)].stream; }

private:
  struct Rank {
    int device = 0;
    layout::RankLayout layout;
    cudaStream_t stream = nullptr;
    layout::Placement place;
    // Device arrays (set up on the host, copied over once).
    uint64_t *memoryTokens = nullptr, *portTokens = nullptr;
    uint64_t *expected = nullptr;
    Syncer *syncers = nullptr;
    int64_t *semaphores = nullptr;
    uint32_t *epochs = nullptr;
    uint64_t *head = nullptr;
    // The FIFO, in mapped pinned host memory: triggers, the finished
    // position, and one staging word per slot for a token's next value.
    Trigger *slots = nullptr;
    uint64_t *done = nullptr;
    uint64_t *staging = nullptr;
    uint64_t capacity = 512;
    RankArgs args{};
    std::vector<void *> deviceAllocations, hostAllocations;
  };

  void enablePeerAccess() {
    for (int r = 0; r < plan_.ranks; ++r) {
      const RankInfo &info = plan_.rank[r];
      auto enable = [&](int peer) {
        int from = ranks_[size_t(r)].device, to = ranks_[size_t(peer)].device;
        if (from == to)
          return;
        detail::check(cudaSetDevice(from), "cudaSetDevice");
        cudaError_t e = cudaDeviceEnablePeerAccess(to, 0);
        if (e == cudaErrorPeerAccessAlreadyEnabled)
          cudaGetLastError(); // clears it
        else
          detail::check(e, "cudaDeviceEnablePeerAccess");
      };
      for (int g = 0; g < info.numMemory; ++g)
        enable(info.memoryPeers[g]);
      for (int g = 0; g < info.numPort; ++g)
        enable(info.portPeers[g]);
      for (int i = 0; i < info.numRemote; ++i)
        enable(info.remote[i].rank);
    }
  }

  template <class X> X *deviceArray(Rank &k, size_t n) {
    void *p = nullptr;
    size_t bytes = std::max<size_t>(n, 1) * sizeof(X);
    detail::check(cudaMalloc(&p, bytes), "cudaMalloc");
    k.deviceAllocations.push_back(p);
    detail::check(cudaMemset(p, 0, bytes), "cudaMemset");
    return static_cast<X *>(p);
  }
  template <class X> X *deviceCopy(Rank &k, const std::vector<X> &v) {
    X *p = deviceArray<X>(k, v.size());
    if (!v.empty())
      detail::check(
          cudaMemcpy(p, v.data(), v.size() * sizeof(X), cudaMemcpyHostToDevice),
          "cudaMemcpy");
    return p;
  }
  template <class X> X *mappedArray(Rank &k, size_t n, X **device) {
    void *p = nullptr;
    detail::check(cudaHostAlloc(&p, std::max<size_t>(n, 1) * sizeof(X),
                                cudaHostAllocMapped | cudaHostAllocPortable),
                  "cudaHostAlloc");
    k.hostAllocations.push_back(p);
    std::memset(p, 0, std::max<size_t>(n, 1) * sizeof(X));
    void *d = nullptr;
    detail::check(cudaHostGetDevicePointer(&d, p, 0),
                  "cudaHostGetDevicePointer");
    *device = static_cast<X *>(d);
    return static_cast<X *>(p);
  }

  void allocate(int r) {
    Rank &k = ranks_[size_t(r)];
    const RankInfo &info = plan_.rank[r];
    detail::check(cudaSetDevice(k.device), "cudaSetDevice");
    detail::check(cudaStreamCreateWithFlags(&k.stream, cudaStreamNonBlocking),
                  "cudaStreamCreate");
    k.layout = layout::rankLayout(plan_, r, size_);
    const layout::RankLayout &l = k.layout;
    // +16: a zero-byte buffer still has an address.
    k.place = layout::place(l, deviceArray<char>(k, l.sendBytes + 16),
                            deviceArray<char>(k, l.recvBytes + 16),
                            deviceArray<char>(k, l.scratchBytes + 16));
    k.memoryTokens = deviceArray<uint64_t>(k, size_t(info.numMemory));
    k.portTokens = deviceArray<uint64_t>(k, size_t(info.numPort));
    k.expected =
        deviceArray<uint64_t>(k, size_t(info.numMemory + info.numPort));
    k.syncers = deviceArray<Syncer>(k, size_t(info.numSyncers));
    k.semaphores = deviceCopy(
        k, std::vector<int64_t>(info.semaphores,
                                info.semaphores + info.numSemaphores));
    k.epochs = deviceArray<uint32_t>(k, size_t(info.threadblocks));
    k.head = deviceArray<uint64_t>(k, 1);
    Trigger *slotsDevice = nullptr;
    uint64_t *doneDevice = nullptr, *stagingDevice = nullptr;
    k.slots = mappedArray<Trigger>(k, k.capacity, &slotsDevice);
    k.done = mappedArray<uint64_t>(k, 1, &doneDevice);
    k.staging = mappedArray<uint64_t>(k, k.capacity, &stagingDevice);
    (void)stagingDevice; // the proxy copies from the host side
    k.args.fifo = Fifo{slotsDevice, k.capacity, k.head, doneDevice};
  }

  void connect(int r) {
    Rank &k = ranks_[size_t(r)];
    const RankInfo &info = plan_.rank[r];
    detail::check(cudaSetDevice(k.device), "cudaSetDevice");
    std::vector<char *> remote, remotePacket;
    for (int i = 0; i < info.numRemote; ++i) {
      const RemoteBufferInfo &b = info.remote[i];
      const Rank &peer = ranks_[size_t(b.rank)];
      remote.push_back(peer.place.user[b.type]);
      remotePacket.push_back(peer.place.packet(b.type));
    }
    auto channels = [&](bool port) {
      std::vector<Channel> out;
      int n = port ? info.numPort : info.numMemory;
      for (int g = 0; g < n; ++g) {
        int peer = port ? info.portPeers[g] : info.memoryPeers[g];
        int h = layout::pairedChannel(plan_, r, g, port);
        uint64_t *peerToken = h < 0
                                  ? nullptr
                                  : (port ? ranks_[size_t(peer)].portTokens
                                          : ranks_[size_t(peer)].memoryTokens) +
                                        h;
        out.push_back({(port ? k.portTokens : k.memoryTokens) + g, peerToken,
                       k.expected + (port ? info.numMemory : 0) + g});
      }
      return out;
    };
    k.args.buffer[0] = k.place.user[0];
    k.args.buffer[1] = k.place.user[1];
    k.args.buffer[2] = k.place.user[2];
    k.args.remote = deviceCopy(k, remote);
    k.args.remotePacket = deviceCopy(k, remotePacket);
    k.args.memory = deviceCopy(k, channels(false));
    k.args.port = deviceCopy(k, channels(true));
    k.args.switches = nullptr;
    k.args.syncer = k.syncers;
    k.args.semaphore = k.semaphores;
    k.args.epoch = k.epochs;
  }

  // Virtual ranks wait for each other: every rank's blocks must fit on
  // their devices at once, or the first ranks' kernels spin for ever.
  void checkResidency() {
    std::map<int, long> blocks;
    for (int r = 0; r < plan_.ranks; ++r)
      blocks[ranks_[size_t(r)].device] += plan_.rank[r].threadblocks;
    for (auto [device, count] : blocks) {
      cudaDeviceProp prop{};
      detail::check(cudaGetDeviceProperties(&prop, device),
                    "cudaGetDeviceProperties");
      long perSm = std::max(1, prop.maxThreadsPerMultiProcessor /
                                   int(std::max(threads_, 1u)));
      long capacity = perSm * prop.multiProcessorCount;
      if (count > capacity)
        throw std::runtime_error(
            "runtime-min: the plan's ranks on device " +
            std::to_string(device) + " need " + std::to_string(count) +
            " thread blocks resident at once, more than the " +
            std::to_string(capacity) + " of " + std::to_string(threads_) +
            " threads it can hold; use fewer threads per block or more "
            "devices");
    }
  }

  bool enqueue(int r, KernelFn fn, cudaStream_t stream) {
    Rank &k = ranks_[size_t(r)];
    Launch l{k.layout.chunk,
             plan_.doubleScratch ? k.layout.scratchBytes / 2 : 0,
             k.layout.scratchChunk, k.layout.slot};
    void *params[] = {&k.args, &l};
    cudaError_t e = cudaSetDevice(k.device);
    if (e == cudaSuccess)
      e = cudaLaunchKernel(reinterpret_cast<const void *>(fn),
                           dim3(unsigned(plan_.rank[r].threadblocks)),
                           dim3(threads_), params, 0, stream);
    if (e != cudaSuccess) {
      std::fprintf(stderr, "runtime-min: launching rank %d's kernel: %s\n", r,
                   cudaGetErrorString(e));
      return false;
    }
    return true;
  }

  bool awaitStream(int r, cudaStream_t stream,
                   std::chrono::milliseconds watchdog) {
    cudaSetDevice(ranks_[size_t(r)].device);
    auto start = std::chrono::steady_clock::now();
    for (;;) {
      cudaError_t e = cudaStreamQuery(stream);
      if (e == cudaSuccess)
        return true;
      if (e != cudaErrorNotReady) {
        std::fprintf(stderr, "runtime-min: rank %d's kernel failed: %s\n", r,
                     cudaGetErrorString(e));
        return false;
      }
      if (std::chrono::steady_clock::now() - start > watchdog)
        return false;
      std::this_thread::yield();
    }
  }

  // A rank's port proxy: copies each trigger's data, then the token's next
  // value, on its stream; after a synchronize it publishes the positions
  // it finished (a flush waits for them).
  void proxy(Rank &k) {
    cudaSetDevice(k.device);
    cudaStream_t s = nullptr;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    std::unordered_map<uint64_t *, uint64_t> shadow; // tokens' counts
    uint64_t pos = 0, idle = 0;
    for (;;) {
      uint64_t begin = pos;
      while (pos - begin < k.capacity / 2) {
        Trigger &t = k.slots[pos % k.capacity];
        if (std::atomic_ref<uint64_t>(t.seq).load(std::memory_order_acquire) !=
            pos + 1)
          break;
        if (t.bytes)
          cudaMemcpyAsync(t.dst, t.src, t.bytes, cudaMemcpyDefault, s);
        if (t.token) {
          uint64_t &staged = k.staging[pos % k.capacity];
          staged = ++shadow[t.token];
          cudaMemcpyAsync(t.token, &staged, sizeof(uint64_t),
                          cudaMemcpyHostToDevice, s);
        }
        ++pos;
      }
      if (pos != begin) {
        cudaError_t e = cudaStreamSynchronize(s);
        if (e != cudaSuccess)
          std::fprintf(stderr, "runtime-min: port proxy copy failed: %s\n",
                       cudaGetErrorString(e));
        std::atomic_ref<uint64_t>(*k.done).store(pos,
                                                 std::memory_order_release);
        idle = 0;
        continue;
      }
      if (stopping_.load())
        break;
      if (++idle < 10000)
        std::this_thread::yield();
      else
        std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
    cudaStreamDestroy(s);
  }

  const PlanInfo &plan_;
  uint32_t threads_;
  uint64_t size_;
  std::vector<Rank> ranks_;
  std::vector<std::thread> proxies_;
  std::atomic<bool> stopping_{false};
  bool spent_ = false;
};

} // namespace mscclc::rt
