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
//   - switch channels: each group of ranks sharing a buffer type gets an
//     NVLS multicast object when its members sit on distinct devices that
//     all support multicast (CU_DEVICE_ATTRIBUTE_MULTICAST_SUPPORTED):
//     those ranks' buffers are allocated through the driver's virtual
//     memory API (cuMemCreate), bound to the object, and the object is
//     mapped on every member's device; the switch ops then use multimem
//     instructions on that address. Otherwise (virtual ranks sharing a
//     device, GPUs without NVSwitch, a driver that refuses) the group has
//     no multicast address and the same ops loop over the members'
//     buffers through peer pointers: the same results, no switch. The
//     driver calls are looked up through cudaGetDriverEntryPoint, so
//     nothing links libcuda.
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

#include <cuda.h>
#include <cuda_runtime.h>

#include <array>
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

namespace detail {
// The driver calls NVLS multicast needs, looked up through the runtime
// (no -lcuda at link time). null: the driver lacks one of them.
struct Driver {
  decltype(&::cuGetErrorString) getErrorString = nullptr;
  decltype(&::cuDeviceGet) deviceGet = nullptr;
  decltype(&::cuDeviceGetAttribute) deviceGetAttribute = nullptr;
  decltype(&::cuMemGetAllocationGranularity) allocationGranularity = nullptr;
  decltype(&::cuMemCreate) memCreate = nullptr;
  decltype(&::cuMemRelease) memRelease = nullptr;
  decltype(&::cuMemAddressReserve) addressReserve = nullptr;
  decltype(&::cuMemAddressFree) addressFree = nullptr;
  decltype(&::cuMemMap) memMap = nullptr;
  decltype(&::cuMemUnmap) memUnmap = nullptr;
  decltype(&::cuMemSetAccess) memSetAccess = nullptr;
#if CUDART_VERSION >= 12010
  decltype(&::cuMulticastGetGranularity) multicastGranularity = nullptr;
  decltype(&::cuMulticastCreate) multicastCreate = nullptr;
  decltype(&::cuMulticastAddDevice) multicastAddDevice = nullptr;
  decltype(&::cuMulticastBindMem) multicastBindMem = nullptr;
  decltype(&::cuMulticastUnbind) multicastUnbind = nullptr;
#endif

  static const Driver *get() {
    static const Driver *driver = [] {
      static Driver d;
      bool ok =
          d.find("cuGetErrorString", d.getErrorString) &&
          d.find("cuDeviceGet", d.deviceGet) &&
          d.find("cuDeviceGetAttribute", d.deviceGetAttribute) &&
          d.find("cuMemGetAllocationGranularity", d.allocationGranularity) &&
          d.find("cuMemCreate", d.memCreate) &&
          d.find("cuMemRelease", d.memRelease) &&
          d.find("cuMemAddressReserve", d.addressReserve) &&
          d.find("cuMemAddressFree", d.addressFree) &&
          d.find("cuMemMap", d.memMap) && d.find("cuMemUnmap", d.memUnmap) &&
          d.find("cuMemSetAccess", d.memSetAccess);
#if CUDART_VERSION >= 12010
      ok = ok && d.find("cuMulticastGetGranularity", d.multicastGranularity) &&
           d.find("cuMulticastCreate", d.multicastCreate) &&
           d.find("cuMulticastAddDevice", d.multicastAddDevice) &&
           d.find("cuMulticastBindMem", d.multicastBindMem) &&
           d.find("cuMulticastUnbind", d.multicastUnbind);
#else
      ok = false; // no multicast objects before CUDA 12.1
#endif
      return ok ? &d : static_cast<Driver *>(nullptr);
    }();
    return driver;
  }

  void check(CUresult e, const char *what) const {
    if (e == CUDA_SUCCESS)
      return;
    const char *text = nullptr;
    if (getErrorString)
      getErrorString(e, &text);
    throw std::runtime_error(std::string("runtime-min: ") + what + ": " +
                             (text ? text : "error " + std::to_string(e)));
  }

private:
  template <class F> static bool find(const char *symbol, F &fn) {
    void *p = nullptr;
    cudaDriverEntryPointQueryResult found{};
#if CUDART_VERSION >= 12050
    // The ABI of 12.1, where multicast appeared: every function used has
    // had one version since, and asking for the toolkit's own version
    // fails on an older (minor-version compatible) driver.
    cudaError_t e = cudaGetDriverEntryPointByVersion(symbol, &p, 12010,
                                                     cudaEnableDefault, &found);
#else
    cudaError_t e =
        cudaGetDriverEntryPoint(symbol, &p, cudaEnableDefault, &found);
#endif
    if (e != cudaSuccess || found != cudaDriverEntryPointSuccess || !p) {
      cudaGetLastError(); // clears it
      return false;
    }
    fn = reinterpret_cast<F>(p);
    return true;
  }
};
} // namespace detail

// Whether a CUDA device is present (a GPU test skips without one).
inline bool cuda_device_present() {
  int n = 0;
  return cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
}

class Communicator {
public:
  // `devices[r]`: rank r's CUDA device; empty: every rank on the current
  // device (virtual ranks). `multicast`: false keeps every switch group on
  // the loop over its members' buffers even where NVLS could serve it (a
  // comparison of the two).
  Communicator(const PlanInfo &plan, uint64_t size, uint32_t threadsPerBlock,
               std::vector<int> devices = {}, bool multicast = true)
      : plan_(plan), threads_(layout::launchThreads(plan, threadsPerBlock)),
        size_(size), ranks_(size_t(plan.ranks)),
        switchEnds_(layout::switchGroups(plan)) {
    // A size the plan does not take would run its kernels past the
    // buffers (above max_message_size) or drop elements (not a multiple
    // of its chunk sizes).
    if (std::string problem = layout::sizeProblem(plan, size); !problem.empty())
      throw std::invalid_argument(problem);
    int current = 0;
    detail::check(cudaGetDevice(&current), "cudaGetDevice");
    if (!devices.empty() && devices.size() != ranks_.size())
      throw std::runtime_error(
          "runtime-min: " + std::to_string(devices.size()) +
          " devices given for a plan of " + std::to_string(ranks_.size()) +
          " ranks (one per rank, or none for virtual ranks)");
    for (size_t r = 0; r < ranks_.size(); ++r) {
      ranks_[r].device = devices.empty() ? current : devices[r];
      ranks_[r].layout = layout::rankLayout(plan_, int(r), size_);
    }
    checkResidency(); // before anything is allocated
    try {
      enablePeerAccess();
      if (multicast)
        planMulticast();
      for (size_t r = 0; r < ranks_.size(); ++r)
        allocate(int(r));
      if (multicast_)
        createMulticast();
      for (size_t r = 0; r < ranks_.size(); ++r)
        connect(int(r));
    } catch (...) {
      release(); // what was allocated before the failure
      throw;
    }
    for (Rank &k : ranks_)
      proxies_.emplace_back([this, &k] { proxy(k); });
  }
  ~Communicator() {
    stopping_ = true;
    for (auto &p : proxies_)
      p.join();
    if (spent_)
      return; // a kernel may still run on this memory
    release();
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
    if (!kernels) {
      std::fprintf(stderr, "runtime-min: launch() without kernels (a null "
                           "table: kernels_for<> has none for that element "
                           "type and packet format)\n");
      return false;
    }
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
    if (const char *missing = layout::missingRunArgument(kernels, send, recv)) {
      std::fprintf(stderr, "runtime-min: run(rank %d) with a null %s\n", rank,
                   missing);
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
  // Whether the switch channels run on NVLS multicast objects (false: the
  // plan has none, or they loop over the members' buffers).
  bool usesMulticast() const { return multicast_; }
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
    uint64_t *switchTokens = nullptr, *switchExpected = nullptr;
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
    // Multicast: send, receive and scratch come from cuMemCreate, at least
    // these sizes (0: cudaMalloc), so they can be bound to a multicast
    // object.
    size_t physicalBytes[3] = {0, 0, 0};
    CUmemGenericAllocationHandle physical[3] = {0, 0, 0};
  };
  // A cuMemCreate allocation mapped at `address`.
  struct Mapping {
    CUdeviceptr address;
    size_t bytes;
    CUmemGenericAllocationHandle handle;
  };
  // The multicast object of a layout::MulticastGroup: bound to each
  // member's allocation of the group's type at offset 0 and mapped on each
  // member's device.
  struct MulticastObject {
    layout::MulticastGroup group;
    CUmemGenericAllocationHandle handle = 0;
    bool created = false;
    std::vector<CUdevice> bound;
    std::map<int, CUdeviceptr> address; // member rank -> mapping
  };
  // The object serving a switch channel.
  const MulticastObject &multicastObject(const SwitchInfo &s) const {
    std::vector<int> members(s.members, s.members + s.numMembers);
    for (const MulticastObject &object : multicastObjects_)
      if (object.group.type == s.type && object.group.members == members)
        return object;
    throw std::logic_error("runtime-min: a switch channel without its "
                           "multicast object");
  }

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
      for (int g = 0; g < info.numSwitch; ++g)
        for (int m = 0; m < info.switches[g].numMembers; ++m)
          enable(info.switches[g].members[m]);
    }
  }

  // Multicast serves the switch channels when layout::multicastGroups
  // finds groups (every channel's holder a member, members on distinct
  // devices) and every device involved supports it; then sizes the
  // members' allocations (layout::sizeMulticast) to the granularities the
  // driver asks for.
  void planMulticast() {
    const detail::Driver *d = detail::Driver::get();
    std::vector<int> device;
    for (const Rank &k : ranks_)
      device.push_back(k.device);
    std::vector<layout::MulticastGroup> groups =
        layout::multicastGroups(plan_, device);
    if (groups.empty())
      return; // virtual ranks, or a group sharing a device: expected
    // Devices laid out for multicast that cannot have it: say so.
    auto decline = [&](const std::string &why) {
      std::fprintf(stderr,
                   "runtime-min: no NVLS multicast for plan %s (%s): its "
                   "switch ops loop over the members' buffers instead\n",
                   plan_.name, why.c_str());
    };
    if (!d)
      return decline("the CUDA driver lacks the multicast calls of 12.1");
#if CUDART_VERSION >= 12010
    size_t granularity = 1;
    std::vector<int> checked;
    for (const layout::MulticastGroup &group : groups)
      for (int m : group.members) {
        int dev = device[size_t(m)];
        if (std::find(checked.begin(), checked.end(), dev) != checked.end())
          continue;
        checked.push_back(dev);
        CUdevice handle = 0;
        int supported = 0;
        CUmemAllocationProp prop = physicalProperties(dev);
        size_t g = 0;
        if (d->deviceGet(&handle, dev) != CUDA_SUCCESS ||
            d->deviceGetAttribute(&supported,
                                  CU_DEVICE_ATTRIBUTE_MULTICAST_SUPPORTED,
                                  handle) != CUDA_SUCCESS ||
            !supported)
          return decline("device " + std::to_string(dev) +
                         " does not support it");
        if (d->allocationGranularity(
                &g, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM) != CUDA_SUCCESS)
          return decline("no allocation granularity for device " +
                         std::to_string(dev));
        granularity = std::max(granularity, g);
      }
    for (const layout::MulticastGroup &group : groups) {
      CUmulticastObjectProp prop{};
      prop.numDevices = unsigned(group.members.size());
      prop.size = granularity;
      size_t g = 0;
      if (d->multicastGranularity(
              &g, &prop, CU_MULTICAST_GRANULARITY_MINIMUM) != CUDA_SUCCESS)
        return decline("no multicast granularity for a group of " +
                       std::to_string(group.members.size()));
      granularity = std::max(granularity, g); // powers of two: their lcm
    }
    std::vector<layout::RankLayout> layouts;
    for (const Rank &k : ranks_)
      layouts.push_back(k.layout);
    std::vector<std::array<uint64_t, 3>> physical =
        layout::sizeMulticast(groups, layouts, granularity);
    for (size_t r = 0; r < ranks_.size(); ++r)
      for (int a = 0; a < 3; ++a)
        ranks_[r].physicalBytes[a] = size_t(physical[r][size_t(a)]);
    for (layout::MulticastGroup &group : groups) {
      MulticastObject object;
      object.group = std::move(group);
      multicastObjects_.push_back(std::move(object));
    }
    granularity_ = granularity;
    multicast_ = true;
#endif
  }

  static CUmemAllocationProp physicalProperties(int device) {
    CUmemAllocationProp prop{};
    prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = device;
    return prop;
  }

  // `bytes` of device memory from cuMemCreate, mapped read-write for rank
  // k's device and every device that can reach it, zeroed.
  char *physicalArray(Rank &k, size_t bytes, CUmemGenericAllocationHandle &h) {
    const detail::Driver &d = *detail::Driver::get();
    bytes = (bytes + granularity_ - 1) / granularity_ * granularity_;
    CUmemAllocationProp prop = physicalProperties(k.device);
    d.check(d.memCreate(&h, bytes, &prop, 0), "cuMemCreate");
    CUdeviceptr address = 0;
    CUresult e = d.addressReserve(&address, bytes, granularity_, 0, 0);
    if (e != CUDA_SUCCESS)
      d.memRelease(h);
    d.check(e, "cuMemAddressReserve");
    e = d.memMap(address, bytes, 0, h, 0);
    if (e != CUDA_SUCCESS) {
      d.addressFree(address, bytes);
      d.memRelease(h);
    }
    d.check(e, "cuMemMap");
    mappings_.push_back({address, bytes, h});
    std::vector<CUmemAccessDesc> access;
    std::vector<int> seen;
    for (const Rank &other : ranks_) {
      int can = other.device == k.device;
      if (!can)
        cudaDeviceCanAccessPeer(&can, other.device, k.device);
      if (!can ||
          std::find(seen.begin(), seen.end(), other.device) != seen.end())
        continue;
      seen.push_back(other.device);
      CUmemAccessDesc a{};
      a.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
      a.location.id = other.device;
      a.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
      access.push_back(a);
    }
    d.check(d.memSetAccess(address, bytes, access.data(), access.size()),
            "cuMemSetAccess");
    void *p = reinterpret_cast<void *>(address);
    detail::check(cudaMemset(p, 0, bytes), "cudaMemset");
    return static_cast<char *>(p);
  }

  // Creates each group's multicast object, binds the members' allocations
  // and maps it on the members' devices. A driver that refuses (no fabric
  // manager, too many objects) leaves the groups on the member loop, with
  // a warning.
  void createMulticast() {
#if CUDART_VERSION >= 12010
    const detail::Driver &d = *detail::Driver::get();
    try {
      for (MulticastObject &object : multicastObjects_) {
        const std::vector<int> &members = object.group.members;
        const size_t bytes = size_t(object.group.bytes);
        CUmulticastObjectProp prop{};
        prop.numDevices = unsigned(members.size());
        prop.size = bytes;
        d.check(d.multicastCreate(&object.handle, &prop), "cuMulticastCreate");
        object.created = true;
        std::vector<CUdevice> devices;
        for (int m : members) {
          CUdevice device = 0;
          d.check(d.deviceGet(&device, ranks_[size_t(m)].device),
                  "cuDeviceGet");
          d.check(d.multicastAddDevice(object.handle, device),
                  "cuMulticastAddDevice");
          devices.push_back(device);
        }
        for (size_t i = 0; i < members.size(); ++i) {
          const Rank &k = ranks_[size_t(members[i])];
          int a = layout::backingAllocation(k.layout, object.group.type);
          d.check(
              d.multicastBindMem(object.handle, 0, k.physical[a], 0, bytes, 0),
              "cuMulticastBindMem");
          object.bound.push_back(devices[i]);
        }
        for (int m : members) {
          CUdeviceptr address = 0;
          d.check(d.addressReserve(&address, bytes, granularity_, 0, 0),
                  "cuMemAddressReserve");
          CUresult e = d.memMap(address, bytes, 0, object.handle, 0);
          if (e != CUDA_SUCCESS)
            d.addressFree(address, bytes);
          d.check(e, "cuMemMap of a multicast object");
          object.address[m] = address;
          CUmemAccessDesc a{};
          a.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
          a.location.id = ranks_[size_t(m)].device;
          a.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
          d.check(d.memSetAccess(address, bytes, &a, 1),
                  "cuMemSetAccess of a multicast object");
        }
      }
    } catch (const std::exception &e) {
      std::fprintf(stderr,
                   "runtime-min: no NVLS multicast for plan %s (%s): its "
                   "switch ops loop over the members' buffers instead\n",
                   plan_.name, e.what());
      releaseMulticast();
      multicast_ = false;
    }
#endif
  }

  // Frees everything the communicator holds, once the devices are idle
  // (run() may have left work on a caller's stream).
  void release() {
    std::vector<int> devices;
    for (const Rank &k : ranks_)
      if (std::find(devices.begin(), devices.end(), k.device) ==
          devices.end()) {
        devices.push_back(k.device);
        cudaSetDevice(k.device);
        cudaDeviceSynchronize();
      }
    releaseMulticast();
    for (const Mapping &m : mappings_) {
      const detail::Driver &d = *detail::Driver::get();
      d.memUnmap(m.address, m.bytes);
      d.addressFree(m.address, m.bytes);
      d.memRelease(m.handle);
    }
    mappings_.clear();
    for (Rank &k : ranks_) {
      cudaSetDevice(k.device);
      if (k.stream)
        cudaStreamDestroy(k.stream);
      k.stream = nullptr;
      for (void *p : k.deviceAllocations)
        cudaFree(p);
      for (void *p : k.hostAllocations)
        cudaFreeHost(p);
      k.deviceAllocations.clear();
      k.hostAllocations.clear();
    }
  }

  void releaseMulticast() {
#if CUDART_VERSION >= 12010
    const detail::Driver *d = detail::Driver::get();
    if (!d)
      return;
    for (MulticastObject &object : multicastObjects_) {
      const size_t bytes = size_t(object.group.bytes);
      for (auto [rank, address] : object.address) {
        d->memUnmap(address, bytes);
        d->addressFree(address, bytes);
      }
      for (CUdevice device : object.bound)
        d->multicastUnbind(object.handle, device, 0, bytes);
      if (object.created)
        d->memRelease(object.handle);
    }
    multicastObjects_.clear();
#endif
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
    const layout::RankLayout &l = k.layout;
    char *base[3];
    for (int a = 0; a < 3; ++a) {
      const uint64_t bytes = layout::allocationBytes(l, a);
      base[a] =
          k.physicalBytes[a]
              ? physicalArray(k, std::max<size_t>(k.physicalBytes[a], bytes),
                              k.physical[a])
              : deviceArray<char>(k, bytes);
    }
    k.place = layout::place(l, base[0], base[1], base[2]);
    k.memoryTokens = deviceArray<uint64_t>(k, size_t(info.numMemory));
    k.portTokens = deviceArray<uint64_t>(k, size_t(info.numPort));
    k.expected =
        deviceArray<uint64_t>(k, size_t(info.numMemory + info.numPort));
    k.switchTokens = deviceArray<uint64_t>(k, size_t(info.numSwitch));
    k.switchExpected = deviceArray<uint64_t>(k, size_t(info.numSwitch));
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
    k.args.switches = deviceCopy(k, switchChannels(r));
    k.args.syncer = k.syncers;
    k.args.semaphore = k.semaphores;
    k.args.epoch = k.epochs;
  }

  // Rank r's switch channels: the members' buffers (layout.hpp, as the
  // host run wires them), the group's multicast address where it has one,
  // and the group barrier's counters.
  std::vector<SwitchChannel> switchChannels(int r) {
    Rank &k = ranks_[size_t(r)];
    const RankInfo &info = plan_.rank[r];
    std::vector<layout::Placement> places;
    for (const Rank &each : ranks_)
      places.push_back(each.place);
    std::vector<SwitchChannel> out;
    for (int g = 0; g < info.numSwitch; ++g) {
      const SwitchInfo &s = info.switches[g];
      layout::SwitchMembers members =
          layout::switchMembers(plan_, r, g, places);
      std::vector<uint64_t *> counters;
      for (auto [mr, mg] : switchEnds_[size_t(r)][size_t(g)])
        counters.push_back(ranks_[size_t(mr)].switchTokens + mg);
      char *multicast = nullptr, *multicastPacket = nullptr;
      if (multicast_) {
        CUdeviceptr base = multicastObject(s).address.at(r);
        multicast = reinterpret_cast<char *>(base) + k.place.userOffset[s.type];
        multicastPacket =
            reinterpret_cast<char *>(base) + 2 * k.place.userOffset[s.type];
      }
      out.push_back({deviceCopy(k, members.data), deviceCopy(k, members.packet),
                     multicast, multicastPacket, uint32_t(s.numMembers),
                     uint32_t(counters.size()), k.switchTokens + g,
                     deviceCopy(k, counters), k.switchExpected + g});
    }
    return out;
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
    if (e == cudaSuccess && multicast_ && plan_.rank[r].numSwitch > 0) {
      // Multimem instructions exist from sm_90: a kernel built for less
      // would trap at its first switch op.
      cudaFuncAttributes attributes{};
      e = cudaFuncGetAttributes(&attributes,
                                reinterpret_cast<const void *>(fn));
      if (e == cudaSuccess && attributes.binaryVersion < 90) {
        std::fprintf(stderr,
                     "runtime-min: rank %d's kernel is built for sm_%d, which "
                     "has no multimem instructions, and its switch channels "
                     "use NVLS multicast; build it for sm_90 or later, or "
                     "construct the communicator with multicast = false\n",
                     r, attributes.binaryVersion);
        return false;
      }
    }
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
  std::vector<std::vector<layout::SwitchEnds>> switchEnds_;
  bool multicast_ = false;
  size_t granularity_ = 1;
  std::vector<MulticastObject> multicastObjects_;
  std::vector<Mapping> mappings_;
  std::vector<std::thread> proxies_;
  std::atomic<bool> stopping_{false};
  bool spent_ = false;
};

} // namespace mscclc::rt
