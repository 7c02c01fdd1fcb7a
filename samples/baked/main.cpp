//===- main.cpp - samples/baked: baked plans picked by a registry and run -===//
//
// The allgather and the all-pairs allreduce samples, baked by
// mscclc_add_baked_plan (CMakeLists.txt next to this file), registered with
// the message sizes they serve, picked by the registry's selector and run:
// one host thread per rank calls Communicator::run, as one host thread per
// GPU calls the MSCCL++ executor. Each result is checked against the
// collective's definition; the time per launch is printed. Here the ranks
// are CPU threads (runtime-min's host build), so the times say nothing
// about a GPU.
//
//   build/samples/baked/baked_sample [BYTES] [LAUNCHES]
//
// Exit 0 when every result is correct.
//
//===----------------------------------------------------------------------===//
#include "baked_allgather.h"
#include "baked_allreduce.h"

#include <mscclc/rt/registry.hpp>
#include <mscclc/rt/runtime.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

namespace {

using mscclc::rt::BakedPlan;
using mscclc::rt::Communicator;
using mscclc::rt::DType;
using mscclc::rt::PacketType;

// Rank r's input, element i: small integers, so float sums are exact.
int32_t value(int rank, uint64_t i) { return int32_t((rank * 7 + i) % 61); }

// Runs `plan` on `bytes` of i32 `launches` times; checks the last result.
bool runOne(const char *what, const BakedPlan &plan, uint64_t bytes,
            int launches) {
  const int ranks = plan.worldSize;
  Communicator comm(*plan.info, bytes, /*threadsPerBlock=*/4);
  const mscclc::rt::KernelFn *kernels =
      plan.kernels(DType::I32, PacketType::LL16);
  if (!kernels) {
    std::printf("%s: not baked for i32\n", what);
    return false;
  }
  std::vector<std::vector<int32_t>> send(static_cast<size_t>(ranks));
  std::vector<std::vector<int32_t>> recv(static_cast<size_t>(ranks));
  for (int r = 0; r < ranks; ++r) {
    send[size_t(r)].resize(comm.inputBytes(r) / sizeof(int32_t));
    recv[size_t(r)].assign(comm.outputBytes(r) / sizeof(int32_t), 0);
    for (uint64_t i = 0; i < send[size_t(r)].size(); ++i)
      send[size_t(r)][i] = value(r, i);
  }
  bool ok = true;
  auto start = std::chrono::steady_clock::now();
  for (int n = 0; n < launches && ok; ++n) {
    std::vector<std::thread> hosts;
    std::vector<char> done(size_t(ranks), 0);
    for (int r = 0; r < ranks; ++r)
      hosts.emplace_back([&, r] {
        done[size_t(r)] = comm.run(r, send[size_t(r)].data(),
                                   recv[size_t(r)].data(), bytes, kernels);
      });
    for (auto &h : hosts)
      h.join();
    for (char d : done)
      ok = ok && d;
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  if (!ok) {
    std::printf("%s: a launch failed\n", what);
    return false;
  }
  // The collective's definition.
  uint64_t wrong = 0;
  for (int r = 0; r < ranks; ++r)
    for (uint64_t i = 0; i < recv[size_t(r)].size(); ++i) {
      int32_t want = 0;
      if (std::strcmp(plan.info->collective, "allgather") == 0) {
        uint64_t per = send[0].size();
        want = value(int(i / per), i % per);
      } else {
        for (int s = 0; s < ranks; ++s)
          want += value(s, i);
      }
      wrong += recv[size_t(r)][i] != want;
    }
  std::printf("%s: plan %s, %d ranks, %llu bytes of i32: results %s; "
              "%.1f us per launch (%d launches, CPU threads)\n",
              what, plan.info->name, ranks,
              static_cast<unsigned long long>(bytes),
              wrong ? "WRONG" : "correct", 1e6 * seconds / launches, launches);
  return wrong == 0;
}

} // namespace

int main(int argc, char **argv) {
  uint64_t bytes = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1 << 16;
  int launches = argc > 2 ? std::atoi(argv[2]) : 5;
  if (bytes == 0 || bytes % 256 != 0 || launches < 1) {
    std::fprintf(stderr, "usage: baked_sample [BYTES (a multiple of 256)] "
                         "[LAUNCHES]\n");
    return 2;
  }
  mscclc::rt::Registry registry;
  // Each plan serves every size on a single node of its world size.
  const BakedPlan allgather = mscclc_baked::baked_allgather::baked_plan(
      mscclc_baked::baked_allgather::plan_info().ranks);
  const BakedPlan allreduce = mscclc_baked::baked_allreduce::baked_plan(
      mscclc_baked::baked_allreduce::plan_info().ranks);
  if (!registry.add(allgather) || !registry.add(allreduce)) {
    std::fprintf(stderr, "baked_sample: a plan does not register\n");
    return 1;
  }
  bool ok = true;
  for (const BakedPlan *want : {&allgather, &allreduce}) {
    const BakedPlan *plan = registry.select(
        {want->collective, want->worldSize, want->ranksPerNode, bytes, {}});
    if (!plan) {
      std::printf("%s: no plan for %d ranks and %llu bytes\n",
                  want->collective.c_str(), want->worldSize,
                  static_cast<unsigned long long>(bytes));
      ok = false;
      continue;
    }
    ok = runOne(want->collective.c_str(), *plan, bytes, launches) && ok;
  }
  return ok ? 0 : 1;
}
