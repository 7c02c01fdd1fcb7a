//===- runtime.hpp - runtime-min host API: a communicator of N ranks ------===//
//
// Runs the kernels `mscclc --emit-cuda` bakes, all ranks in one process.
// Built with nvcc (no MSCCLC_HOST), this header is runtime_cuda.hpp: the
// same API on GPUs. What follows is the host implementation
// (MSCCLC_HOST): each (rank, thread block,
// thread) is a CPU thread over buffers in host memory, laid out as the
// executor's tests allocate them (in place: input and output alias), with
// the scratch sized as the executor sizes it (executor-semantics §2.4:
// doubled for LL, doubled again for double buffering), and every resource
// the plan declares set up from `plan_info`:
//   - memory and port channels paired as §4.2 pairs them (the k-th channel
//     from a to b with the k-th from b to a), their tokens and wait
//     counters persisting across launches, as on a GPU;
//   (buffer sizes, pairing and grouping: layout.hpp, shared with the GPUs)
//   - switch channels grouped by (buffer type, group, occurrence), each
//     member's buffer reachable from every member;
//   - one port proxy thread per rank for the communicator's lifetime,
//     draining the rank's trigger FIFO (copy, then signal): a launch ends
//     with its kernels, and only a flush or a signal waits for a transfer;
//   - thread-block barriers, device semaphores (initial values once, at
//     construction) and per-thread-block launch epochs.
//
//   mscclc::rt::Communicator comm(plan_info, size, /*threadsPerBlock=*/8);
//   std::memcpy(comm.input(r), ..., comm.inputBytes(r));
//   comm.launch(kernels<float, mscclc::rt::LL16>);  // false: deadlock
//   ... comm.output(r) ...
//
//===----------------------------------------------------------------------===//
#pragma once

#if __cplusplus < 202002L
#error "runtime-min needs C++20 (std::atomic_ref): compile with -std=c++20"
#endif

#include "mscclc/rt/device.hpp"
#include "mscclc/rt/layout.hpp"

#if !defined(MSCCLC_HOST)
// GPUs: the same API over device memory, streams and a copy-engine proxy.
#include "mscclc/rt/runtime_cuda.hpp"
#else

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

namespace mscclc::rt {

class Communicator {
public:
  Communicator(const PlanInfo &plan, uint64_t size, uint32_t threadsPerBlock)
      : plan_(plan), threads_(layout::launchThreads(plan, threadsPerBlock)),
        size_(size), ranks_(size_t(plan.ranks)) {
    // A size the plan does not take would run its kernels past the
    // buffers (above max_message_size) or drop elements (not a multiple
    // of its chunk sizes).
    if (std::string problem = layout::sizeProblem(plan, size); !problem.empty())
      throw std::invalid_argument(problem);
    host::aborting = false;
    for (size_t r = 0; r < ranks_.size(); ++r)
      allocate(int(r), size);
    for (size_t r = 0; r < ranks_.size(); ++r)
      makeThreads(int(r));
    for (size_t r = 0; r < ranks_.size(); ++r)
      connect(int(r));
    groupSwitches();
    for (size_t r = 0; r < ranks_.size(); ++r)
      bind(int(r));
    for (Rank &k : ranks_)
      proxies_.emplace_back([this, &k] { proxy(k); });
  }
  ~Communicator() {
    stopping_ = true;
    for (auto &p : proxies_)
      p.join();
  }
  Communicator(const Communicator &) = delete;
  Communicator &operator=(const Communicator &) = delete;

  char *input(int rank) { return ranks_[size_t(rank)].place.user[0]; }
  char *output(int rank) { return ranks_[size_t(rank)].place.user[1]; }
  uint64_t inputBytes(int rank) const {
    return ranks_[size_t(rank)].layout.inputBytes;
  }
  uint64_t outputBytes(int rank) const {
    return ranks_[size_t(rank)].layout.outputBytes;
  }

  // Runs every rank's kernel once, all concurrently (the port proxies run
  // all along); returns false (after printing the blocked waits) when nothing
  // progressed for `watchdog`.
  //
  // `rankDone(r)`, when given, runs on a host thread of rank r's own as
  // soon as rank r's kernel has finished, ordered after that kernel only
  // (as a stream synchronize on rank r's GPU is): reading rank r's output
  // there races, under ThreadSanitizer, with a peer's write that nothing
  // in the plan orders before the end of rank r's kernel.
  bool launch(const KernelFn *kernels,
              const std::function<void(int)> &rankDone = {},
              std::chrono::milliseconds watchdog = std::chrono::seconds(10)) {
    if (!kernels) {
      std::fprintf(stderr, "runtime-min: launch() without kernels (a null "
                           "table: kernels_for<> has none for that element "
                           "type and packet format)\n");
      return false;
    }
    host::aborting = false;
    std::atomic<bool> ok{true};
    std::vector<std::thread> hosts;
    for (size_t r = 0; r < ranks_.size(); ++r)
      hosts.emplace_back([this, &ok, &rankDone, kernels, watchdog, r] {
        if (!launchRank(int(r), kernels[r], watchdog))
          ok.store(false, std::memory_order_relaxed);
        else if (rankDone && !host::aborting.load())
          rankDone(int(r));
      });
    for (auto &h : hosts)
      h.join();
    host::aborting = false;
    return ok.load(std::memory_order_relaxed);
  }

  // One rank's part of a collective, as the executor's execute() is one
  // GPU's: call it from a host thread per rank, all ranks concurrently.
  // Copies inputBytes(rank) from `send` into the rank's input, runs the
  // rank's kernel, copies outputBytes(rank) of its output to `recv`
  // (`send` may equal `recv`). `bytes` must be the size the communicator
  // was set up for. False: a wrong size, or a deadlock (the blocked waits
  // are printed, and the communicator is spent: later runs fail fast).
  bool run(int rank, const void *send, void *recv, uint64_t bytes,
           const KernelFn *kernels,
           std::chrono::milliseconds watchdog = std::chrono::seconds(10)) {
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
    std::memcpy(input(rank), send, inputBytes(rank));
    if (!launchRank(rank, kernels[rank], watchdog) || host::aborting.load())
      return false;
    std::memcpy(recv, output(rank), outputBytes(rank));
    return true;
  }

  // Fill rank r's input from host memory; read its output into host
  // memory (the same calls copy to and from a GPU in runtime_cuda.hpp).
  void copyIn(int rank, const void *from) {
    std::memcpy(input(rank), from, inputBytes(rank));
  }
  void copyOut(int rank, void *to) const {
    std::memcpy(to, ranks_[size_t(rank)].place.user[1], outputBytes(rank));
  }

  uint64_t size() const { return size_; }
  int ranks() const { return int(ranks_.size()); }

private:
  // A rank's (block, thread) states and block barriers, kept for the
  // communicator's lifetime so a watchdog may read any rank's waits.
  void makeThreads(int r) {
    Rank &k = ranks_[size_t(r)];
    for (int b = 0; b < plan_.rank[r].threadblocks; ++b) {
      k.blocks.push_back(std::make_unique<host::BlockBarrier>(threads_));
      for (uint32_t t = 0; t < threads_; ++t) {
        auto s = std::make_unique<host::ThreadState>();
        s->tid = t;
        s->ntid = threads_;
        s->bid = uint32_t(b);
        s->rank = r;
        s->block = k.blocks.back().get();
        k.states.push_back(std::move(s));
      }
    }
  }

  // Runs rank r's kernel, a CPU thread per (block, thread), and waits for
  // it on the calling thread, which is ordered after rank r's threads only
  // (a count awaited with acquire; not std::latch, for std::barrier's
  // reason). The first watchdog to see nothing progress for `watchdog`
  // prints every rank's blocked waits and aborts the launch.
  bool launchRank(int r, KernelFn fn, std::chrono::milliseconds watchdog) {
    Rank &k = ranks_[size_t(r)];
    for (auto &b : k.blocks)
      b->reset();
    Launch l{k.layout.chunk,
             plan_.doubleScratch ? k.layout.scratchBytes / 2 : 0,
             k.layout.scratchChunk, k.layout.slot};
    std::atomic<uint64_t> running{k.states.size()};
    std::vector<std::thread> workers;
    for (auto &s : k.states)
      workers.emplace_back([state = s.get(), args = k.args, l, fn, &running] {
        host::self = state;
        fn(args, l);
        running.fetch_sub(1, std::memory_order_release);
      });
    bool ok = true;
    uint64_t lastProgress = host::progress.load(std::memory_order_relaxed);
    auto lastChange = std::chrono::steady_clock::now();
    for (int idle = 0; running.load(std::memory_order_acquire) != 0;) {
      // Short launches finish while this thread yields; long ones are
      // polled every millisecond.
      if (++idle < 1000) {
        std::this_thread::yield();
        continue;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      uint64_t p = host::progress.load(std::memory_order_relaxed);
      auto now = std::chrono::steady_clock::now();
      if (p != lastProgress) {
        lastProgress = p;
        lastChange = now;
      } else if (now - lastChange > watchdog) {
        ok = false;
        if (!host::aborting.exchange(true))
          reportBlocked();
      }
    }
    for (auto &w : workers)
      w.join();
    return ok;
  }

  struct Rank {
    layout::RankLayout layout;
    struct Free {
      void operator()(char *p) const { std::free(p); }
    };
    std::unique_ptr<char, Free> send, recv, scratch;
    layout::Placement place;
    std::vector<char *> remote, remotePacket;
    std::vector<uint64_t> memoryTokens, memoryExpected;
    std::vector<uint64_t> portTokens, portExpected;
    std::vector<uint64_t> switchTokens, switchExpected;
    std::vector<Channel> memory, port;
    std::vector<SwitchChannel> switches;
    // per switch channel: members' pointers and counters
    std::vector<std::vector<char *>> switchMember, switchMemberPacket;
    std::vector<std::vector<uint64_t *>> switchPeers;
    std::vector<std::vector<std::pair<int, int>>> switchMembers;
    std::vector<Trigger> slots;
    uint64_t head = 0, done = 0;
    std::vector<Syncer> syncers;
    std::vector<int64_t> semaphores;
    std::vector<uint32_t> epochs;
    std::vector<std::unique_ptr<host::BlockBarrier>> blocks;
    std::vector<std::unique_ptr<host::ThreadState>> states;
    RankArgs args{};
  };

  // Buffers as layout.hpp computes and sizes them, zeroed on allocation
  // (pages touched only when used: the reuse scratch is large).
  void allocate(int r, uint64_t size) {
    const RankInfo &info = plan_.rank[r];
    Rank &k = ranks_[size_t(r)];
    k.layout = layout::rankLayout(plan_, r, size);
    const layout::RankLayout &l = k.layout;
    k.send.reset(
        static_cast<char *>(std::calloc(layout::allocationBytes(l, 0), 1)));
    k.recv.reset(
        static_cast<char *>(std::calloc(layout::allocationBytes(l, 1), 1)));
    k.scratch.reset(
        static_cast<char *>(std::calloc(layout::allocationBytes(l, 2), 1)));
    if (!k.send || !k.recv || !k.scratch)
      throw std::bad_alloc();
    k.place = layout::place(l, k.send.get(), k.recv.get(), k.scratch.get());
    k.memoryTokens.assign(size_t(info.numMemory), 0);
    k.memoryExpected.assign(size_t(info.numMemory), 0);
    k.portTokens.assign(size_t(info.numPort), 0);
    k.portExpected.assign(size_t(info.numPort), 0);
    k.switchTokens.assign(size_t(info.numSwitch), 0);
    k.switchExpected.assign(size_t(info.numSwitch), 0);
    k.slots.assign(512, Trigger{});
    k.syncers.assign(size_t(info.numSyncers), Syncer{0, 0});
    k.semaphores.assign(info.semaphores, info.semaphores + info.numSemaphores);
    k.epochs.assign(size_t(info.threadblocks), 0);
  }

  // The peer's token paired with rank r's g-th channel of a type.
  uint64_t *partnerToken(int r, int g, bool port) {
    int h = layout::pairedChannel(plan_, r, g, port);
    if (h < 0)
      return nullptr;
    Rank &peer = ranks_[size_t(port ? plan_.rank[r].portPeers[g]
                                    : plan_.rank[r].memoryPeers[g])];
    return port ? &peer.portTokens[size_t(h)] : &peer.memoryTokens[size_t(h)];
  }

  void connect(int r) {
    const RankInfo &info = plan_.rank[r];
    Rank &k = ranks_[size_t(r)];
    for (int i = 0; i < info.numRemote; ++i) {
      const RemoteBufferInfo &b = info.remote[i];
      const Rank &peer = ranks_[size_t(b.rank)];
      k.remote.push_back(peer.place.user[b.type]);
      k.remotePacket.push_back(peer.place.packet(b.type));
    }
    for (int g = 0; g < info.numMemory; ++g)
      k.memory.push_back({&k.memoryTokens[size_t(g)], partnerToken(r, g, false),
                          &k.memoryExpected[size_t(g)]});
    for (int g = 0; g < info.numPort; ++g)
      k.port.push_back({&k.portTokens[size_t(g)], partnerToken(r, g, true),
                        &k.portExpected[size_t(g)]});
  }

  // Switch channels grouped as layout::switchGroups groups them.
  void groupSwitches() {
    std::vector<std::vector<layout::SwitchEnds>> ends =
        layout::switchGroups(plan_);
    for (size_t r = 0; r < ranks_.size(); ++r)
      ranks_[r].switchMembers = std::move(ends[r]);
  }

  void bind(int r) {
    const RankInfo &info = plan_.rank[r];
    Rank &k = ranks_[size_t(r)];
    k.switchMember.assign(size_t(info.numSwitch), {});
    k.switchMemberPacket.assign(size_t(info.numSwitch), {});
    k.switchPeers.assign(size_t(info.numSwitch), {});
    std::vector<layout::Placement> places;
    for (const Rank &each : ranks_)
      places.push_back(each.place);
    for (int g = 0; g < info.numSwitch; ++g) {
      const SwitchInfo &s = info.switches[g];
      // Data: the group's buffers in group order, at this rank's user
      // offset; the barrier: every member's counter of the same group.
      layout::SwitchMembers members =
          layout::switchMembers(plan_, r, g, places);
      k.switchMember[size_t(g)] = std::move(members.data);
      k.switchMemberPacket[size_t(g)] = std::move(members.packet);
      for (auto [mr, mg] : k.switchMembers[size_t(g)])
        k.switchPeers[size_t(g)].push_back(
            &ranks_[size_t(mr)].switchTokens[size_t(mg)]);
      k.switches.push_back(
          {k.switchMember[size_t(g)].data(),
           k.switchMemberPacket[size_t(g)].data(), nullptr, nullptr,
           uint32_t(s.numMembers), uint32_t(k.switchPeers[size_t(g)].size()),
           &k.switchTokens[size_t(g)], k.switchPeers[size_t(g)].data(),
           &k.switchExpected[size_t(g)]});
    }
    k.args = RankArgs{{k.place.user[0], k.place.user[1], k.place.user[2]},
                      k.remote.data(),
                      k.remotePacket.data(),
                      k.memory.data(),
                      k.port.data(),
                      k.switches.data(),
                      Fifo{k.slots.data(), k.slots.size(), &k.head, &k.done},
                      k.syncers.data(),
                      k.semaphores.data(),
                      k.epochs.data()};
  }

  // A rank's port proxy: runs its triggers in FIFO order until the
  // communicator is destroyed.
  void proxy(Rank &k) {
    uint64_t idle = 0;
    for (;;) {
      uint64_t pos = k.done;
      Trigger &t = k.slots[pos % k.slots.size()];
      if (detail::load_sys<detail::Acquire>(&t.seq) == pos + 1) {
        if (t.packets) {
          // Packet space lands word by word, each whole: the peer polls it.
          const uint64_t *from = reinterpret_cast<const uint64_t *>(t.src);
          uint64_t *to = reinterpret_cast<uint64_t *>(t.dst);
          for (uint64_t w = 0; w < t.bytes / 8; ++w)
            detail::store_sys<detail::Release>(
                to + w, detail::load_sys<detail::Acquire>(
                            const_cast<uint64_t *>(from + w)));
        } else if (t.bytes) {
          detail::plain_read(t.src, t.bytes);
          detail::plain_write(t.dst, t.bytes);
          std::memcpy(t.dst, t.src, t.bytes);
        }
        if (t.token)
          detail::add_sys<detail::Release>(t.token, uint64_t(1));
        detail::store_sys<detail::Release>(&k.done, pos + 1);
        host::progress.fetch_add(1, std::memory_order_relaxed);
        idle = 0;
        continue;
      }
      if (stopping_.load())
        return;
      // Yield while a launch may be pushing, then back off (an idle
      // communicator should not burn a core).
      if (++idle < 10000)
        std::this_thread::yield();
      else
        std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
  }

  std::string describe(const void *at) const {
    auto in = [](const void *p, const auto &v) {
      return !v.empty() && p >= static_cast<const void *>(v.data()) &&
             p < static_cast<const void *>(v.data() + v.size());
    };
    for (size_t r = 0; r < ranks_.size(); ++r) {
      const Rank &k = ranks_[r];
      const RankInfo &info = plan_.rank[r];
      std::string R = "rank " + std::to_string(r) + "'s ";
      if (in(at, k.memoryTokens)) {
        size_t g =
            size_t(static_cast<const uint64_t *>(at) - k.memoryTokens.data());
        return R + "memory channel " + std::to_string(g) + " (from rank " +
               std::to_string(info.memoryPeers[g]) + ")";
      }
      if (in(at, k.portTokens)) {
        size_t g =
            size_t(static_cast<const uint64_t *>(at) - k.portTokens.data());
        return R + "port channel " + std::to_string(g) + " (from rank " +
               std::to_string(info.portPeers[g]) + ")";
      }
      if (in(at, k.switchTokens))
        return R + "switch channel " +
               std::to_string(static_cast<const uint64_t *>(at) -
                              k.switchTokens.data());
      if (at == &k.done)
        return R + "port proxy";
      for (size_t b = 0; b < k.blocks.size(); ++b)
        if (at == k.blocks[b]->word())
          return R + "thread block " + std::to_string(b) +
                 " (its threads' bar.sync)";
      if (in(at, k.syncers))
        return R + "barrier " +
               std::to_string(static_cast<const Syncer *>(at) -
                              k.syncers.data());
      if (in(at, k.semaphores))
        return R + "semaphore " +
               std::to_string(static_cast<const int64_t *>(at) -
                              k.semaphores.data());
      for (int s = 0; s < 3; ++s) {
        const char *base = s == 0   ? k.send.get()
                           : s == 1 ? k.recv.get()
                                    : k.scratch.get();
        const char *p = static_cast<const char *>(at);
        const uint64_t size = s == 0   ? k.layout.sendBytes
                              : s == 1 ? k.layout.recvBytes
                                       : k.layout.scratchBytes;
        if (p >= base && p < base + size + 16)
          return R +
                 (s == 0   ? "send buffer"
                  : s == 1 ? "receive buffer"
                           : "scratch") +
                 " byte " + std::to_string(p - base);
      }
    }
    return "?";
  }

  void reportBlocked() const {
    std::fprintf(stderr, "runtime-min: no wait finished for the watchdog's "
                         "time; blocked:\n");
    for (const Rank &k : ranks_)
      for (const auto &s : k.states)
        if (const char *what = s->waiting.load(std::memory_order_relaxed))
          std::fprintf(stderr,
                       "  rank %d tb %u thread %u: %s on %s for %llu, has "
                       "%llu\n",
                       s->rank, s->bid, s->tid, what,
                       describe(s->at.load()).c_str(),
                       static_cast<unsigned long long>(s->expected.load()),
                       static_cast<unsigned long long>(s->seen.load()));
  }

  const PlanInfo &plan_;
  uint32_t threads_;
  uint64_t size_;
  std::vector<Rank> ranks_;
  // One port proxy per rank for the communicator's lifetime, as MSCCL++'s
  // proxy service: a launch ends with its kernels, not with the transfers
  // they left to the proxy (only a flush or a signal waits for those).
  std::vector<std::thread> proxies_;
  std::atomic<bool> stopping_{false};
};

} // namespace mscclc::rt

#endif // MSCCLC_HOST
