//===- runtime.hpp - runtime-min host API: a communicator of N ranks ------===//
//
// Runs the kernels `mscclc --emit-cuda` bakes, all ranks in one process.
// This is the host implementation (MSCCLC_HOST): each (rank, thread block,
// thread) is a CPU thread over buffers in host memory, laid out as the
// executor's tests allocate them (in place: input and output alias), with
// memory channels set up from the plan's declarations. Tokens and wait
// counters persist across launches, as on a GPU across kernel calls.
//
//   mscclc::rt::Communicator comm(plan_info, size, /*threadsPerBlock=*/8);
//   std::memcpy(comm.input(r), ..., comm.inputBytes(r));
//   comm.launch(kernels<float>);   // false: deadlock (the waits are printed)
//   ... comm.output(r) ...
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/rt/device.hpp"

#if !defined(MSCCLC_HOST)
#error "runtime.hpp: only the host runtime exists yet (define MSCCLC_HOST)"
#endif

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace mscclc::rt {

class Communicator {
public:
  Communicator(const PlanInfo &plan, uint64_t size, uint32_t threadsPerBlock)
      : plan_(plan), threads_(threadsPerBlock ? threadsPerBlock : 1),
        ranks_(size_t(plan.ranks)) {
    const bool allgather = std::string(plan.collective) == "allgather";
    const bool reducescatter = std::string(plan.collective) == "reducescatter";
    for (size_t r = 0; r < ranks_.size(); ++r) {
      const RankInfo &info = plan.rank[r];
      Rank &k = ranks_[r];
      uint64_t ci = uint64_t(info.inputChunks),
               co = uint64_t(info.outputChunks);
      // executor-semantics §2.2: the message is the output for allgather
      // and the input otherwise; the chunk size follows from it.
      if (allgather || ci == 0) {
        k.chunk = co ? size / co : 0;
        k.outputBytes = size;
        k.inputBytes = k.chunk * ci;
      } else {
        k.chunk = size / ci;
        k.inputBytes = size;
        k.outputBytes = k.chunk * co;
      }
      uint64_t inputAt = 0, outputAt = 0, send = 0, recv = 0;
      if (!plan.inplace) {
        send = k.inputBytes;
        recv = k.outputBytes;
      } else if (allgather) {
        inputAt = r * k.inputBytes;
        recv = std::max<uint64_t>(k.outputBytes, (r + 1) * k.inputBytes);
      } else if (reducescatter) {
        outputAt = r * k.outputBytes;
        send = std::max<uint64_t>(k.inputBytes, (r + 1) * k.outputBytes);
      } else {
        send = std::max(k.inputBytes, k.outputBytes);
      }
      k.send.assign(send + 16, 0);
      k.recv.assign(recv + 16, 0);
      k.scratch.assign(k.chunk * uint64_t(info.scratchChunks) + 16, 0);
      char *sendBase = k.send.data(), *recvBase = k.recv.data();
      if (plan.inplace && allgather)
        sendBase = recvBase;
      if (plan.inplace && !allgather)
        recvBase = sendBase;
      k.user[0] = sendBase + inputAt;
      k.user[1] = recvBase + outputAt;
      k.user[2] = k.scratch.data();
      k.inbound.assign(size_t(info.numMemory), 0);
      k.expected.assign(size_t(info.numMemory), 0);
    }
    // Remote buffers: the peer's user pointer of that type. Memory
    // channels: the k-th channel from a to b pairs with the k-th from b
    // to a (executor-semantics §4.2).
    for (size_t r = 0; r < ranks_.size(); ++r) {
      const RankInfo &info = plan.rank[r];
      Rank &k = ranks_[r];
      for (int i = 0; i < info.numRemote; ++i) {
        const RemoteBufferInfo &b = info.remote[i];
        k.remote.push_back(ranks_[size_t(b.rank)].user[b.type]);
      }
      for (int g = 0; g < info.numMemory; ++g) {
        int peer = info.memoryPeers[g];
        int occurrence = 0;
        for (int h = 0; h < g; ++h)
          occurrence += info.memoryPeers[h] == peer;
        const RankInfo &theirs = plan.rank[peer];
        uint64_t *partner = nullptr;
        for (int h = 0, seen = 0; h < theirs.numMemory; ++h)
          if (theirs.memoryPeers[h] == int(r) && seen++ == occurrence) {
            partner = &ranks_[size_t(peer)].inbound[size_t(h)];
            break;
          }
        k.memory.push_back(
            {&k.inbound[size_t(g)], partner, &k.expected[size_t(g)]});
      }
    }
  }

  char *input(int rank) { return ranks_[size_t(rank)].user[0]; }
  char *output(int rank) { return ranks_[size_t(rank)].user[1]; }
  uint64_t inputBytes(int rank) const {
    return ranks_[size_t(rank)].inputBytes;
  }
  uint64_t outputBytes(int rank) const {
    return ranks_[size_t(rank)].outputBytes;
  }

  // Runs every rank's kernel once, all concurrently; returns false (after
  // printing the blocked waits) when nothing progressed for `watchdog`.
  bool launch(const KernelFn *kernels,
              std::chrono::milliseconds watchdog = std::chrono::seconds(10)) {
    std::vector<std::unique_ptr<std::barrier<>>> blocks;
    std::vector<std::unique_ptr<host::ThreadState>> states;
    for (size_t r = 0; r < ranks_.size(); ++r)
      for (int b = 0; b < plan_.rank[r].threadblocks; ++b) {
        blocks.push_back(std::make_unique<std::barrier<>>(threads_));
        for (uint32_t t = 0; t < threads_; ++t) {
          auto s = std::make_unique<host::ThreadState>();
          s->tid = t;
          s->ntid = threads_;
          s->bid = uint32_t(b);
          s->rank = int(r);
          s->block = blocks.back().get();
          states.push_back(std::move(s));
        }
      }
    host::aborting = false;
    std::atomic<size_t> finished{0};
    std::vector<std::thread> workers;
    for (auto &s : states) {
      host::ThreadState *state = s.get();
      Rank &k = ranks_[size_t(state->rank)];
      RankArgs args{
          {k.user[0], k.user[1], k.user[2]}, k.remote.data(), k.memory.data()};
      Launch l{k.chunk};
      KernelFn fn = kernels[state->rank];
      workers.emplace_back([state, args, l, fn, &finished] {
        host::self = state;
        fn(args, l);
        finished.fetch_add(1);
      });
    }
    bool ok = true;
    uint64_t lastProgress = host::progress.load();
    auto lastChange = std::chrono::steady_clock::now();
    while (finished.load() < workers.size()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      uint64_t p = host::progress.load();
      auto now = std::chrono::steady_clock::now();
      if (p != lastProgress) {
        lastProgress = p;
        lastChange = now;
      } else if (now - lastChange > watchdog && !host::aborting) {
        ok = false;
        reportBlocked(states);
        host::aborting = true;
      }
    }
    for (auto &w : workers)
      w.join();
    host::aborting = false;
    return ok;
  }

private:
  struct Rank {
    uint64_t chunk = 0, inputBytes = 0, outputBytes = 0;
    std::vector<char> send, recv, scratch;
    char *user[3] = {nullptr, nullptr, nullptr};
    std::vector<char *> remote;
    std::vector<uint64_t> inbound, expected;
    std::vector<MemoryChannel> memory;
  };

  void
  reportBlocked(const std::vector<std::unique_ptr<host::ThreadState>> &states) {
    std::fprintf(stderr, "runtime-min: no wait finished for the watchdog's "
                         "time; blocked:\n");
    for (const auto &s : states)
      if (const char *what = s->waiting.load()) {
        const void *at = s->at.load();
        std::string channel = "?";
        for (size_t r = 0; r < ranks_.size(); ++r)
          for (size_t g = 0; g < ranks_[r].inbound.size(); ++g)
            if (&ranks_[r].inbound[g] == at)
              channel = "rank " + std::to_string(r) + "'s memory channel " +
                        std::to_string(g) + " (from rank " +
                        std::to_string(plan_.rank[r].memoryPeers[g]) + ")";
        std::fprintf(stderr,
                     "  rank %d tb %u thread %u: %s on %s for signal %llu, "
                     "has %llu\n",
                     s->rank, s->bid, s->tid, what, channel.c_str(),
                     static_cast<unsigned long long>(s->expected.load()),
                     static_cast<unsigned long long>(s->seen.load()));
      }
  }

  const PlanInfo &plan_;
  uint32_t threads_;
  std::vector<Rank> ranks_;
};

} // namespace mscclc::rt
