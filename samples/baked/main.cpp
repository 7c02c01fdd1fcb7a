//===- main.cpp - samples/baked: baked plans picked by a registry and run -===//
//
// The allgather and the all-pairs allreduce samples, baked by
// mscclc_add_baked_plan (CMakeLists.txt next to this file), registered with
// the message sizes they serve, picked by the registry's selector and run:
// one host thread per rank calls Communicator::run, as one host thread per
// GPU calls the MSCCL++ executor. Each result is checked against the
// collective's definition; the time per launch is printed.
//
// Built twice: baked_sample runs the ranks as CPU threads (runtime-min's
// host build; its times say nothing about a GPU); baked_sample_gpu (built
// when CMake finds nvcc) runs them on the current CUDA device, all ranks on
// it, and exits 77 (skipped) where there is none.
//
//   build/samples/baked/baked_sample[_gpu] [BYTES] [LAUNCHES]
//
// Exit 0 when every result is correct.
//
//===----------------------------------------------------------------------===//
#if defined(MSCCLC_HOST)
#include "baked_allgather.h"
#include "baked_allreduce.h"
namespace allgather_plan = mscclc_baked::baked_allgather;
namespace allreduce_plan = mscclc_baked::baked_allreduce;
#else
#include "baked_allgather_gpu.h"
#include "baked_allreduce_gpu.h"
namespace allgather_plan = mscclc_baked::baked_allgather_gpu;
namespace allreduce_plan = mscclc_baked::baked_allreduce_gpu;
#endif

#include <mscclc/rt/registry.hpp>
#include <mscclc/rt/runtime.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
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
#if defined(MSCCLC_HOST)
  Communicator comm(*plan.info, bytes, /*threadsPerBlock=*/4);
#else
  Communicator comm(*plan.info, bytes, /*threadsPerBlock=*/256);
#endif
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
  // What run() reads and writes: host memory here, device memory on GPUs.
  std::vector<void *> sendAt(static_cast<size_t>(ranks)),
      recvAt(static_cast<size_t>(ranks));
#if defined(MSCCLC_HOST)
  for (int r = 0; r < ranks; ++r) {
    sendAt[size_t(r)] = send[size_t(r)].data();
    recvAt[size_t(r)] = recv[size_t(r)].data();
  }
#else
  for (int r = 0; r < ranks; ++r) {
    if (cudaMalloc(&sendAt[size_t(r)], comm.inputBytes(r) + 1) != cudaSuccess ||
        cudaMalloc(&recvAt[size_t(r)], comm.outputBytes(r) + 1) !=
            cudaSuccess ||
        cudaMemcpy(sendAt[size_t(r)], send[size_t(r)].data(),
                   comm.inputBytes(r), cudaMemcpyHostToDevice) != cudaSuccess) {
      std::printf("%s: cannot set up device buffers\n", what);
      return false;
    }
  }
#endif
  bool ok = true;
  auto start = std::chrono::steady_clock::now();
  for (int n = 0; n < launches && ok; ++n) {
    std::vector<std::thread> hosts;
    std::vector<char> done(size_t(ranks), 0);
    for (int r = 0; r < ranks; ++r)
      hosts.emplace_back([&, r] {
        done[size_t(r)] =
            comm.run(r, sendAt[size_t(r)], recvAt[size_t(r)], bytes, kernels);
#if !defined(MSCCLC_HOST)
        // run() only enqueues on the rank's stream, as execute() does.
        done[size_t(r)] = done[size_t(r)] && comm.synchronize(r);
#endif
      });
    for (auto &h : hosts)
      h.join();
    for (char d : done)
      ok = ok && d;
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
#if !defined(MSCCLC_HOST)
  for (int r = 0; r < ranks; ++r) {
    ok = ok &&
         cudaMemcpy(recv[size_t(r)].data(), recvAt[size_t(r)],
                    comm.outputBytes(r), cudaMemcpyDeviceToHost) == cudaSuccess;
    cudaFree(sendAt[size_t(r)]);
    cudaFree(recvAt[size_t(r)]);
  }
#endif
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
              "%.1f us per launch (%d launches, %s)\n",
              what, plan.info->name, ranks,
              static_cast<unsigned long long>(bytes),
              wrong ? "WRONG" : "correct", 1e6 * seconds / launches, launches,
#if defined(MSCCLC_HOST)
              "CPU threads"
#else
              "one GPU, virtual ranks"
#endif
  );
  return wrong == 0;
}

} // namespace

int runAll(int argc, char **argv) {
  uint64_t bytes = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1 << 16;
  int launches = argc > 2 ? std::atoi(argv[2]) : 5;
  if (bytes == 0 || bytes % 256 != 0 || launches < 1) {
    std::fprintf(stderr, "usage: baked_sample [BYTES (a multiple of 256)] "
                         "[LAUNCHES]\n");
    return 2;
  }
#if !defined(MSCCLC_HOST)
  if (!mscclc::rt::cuda_device_present()) {
    std::printf("baked_sample_gpu: no CUDA device here: skipped\n");
    return 77;
  }
#endif
  mscclc::rt::Registry registry;
  // Each plan serves every size on a single node of its world size.
  const BakedPlan allgather =
      allgather_plan::baked_plan(allgather_plan::plan_info().ranks);
  const BakedPlan allreduce =
      allreduce_plan::baked_plan(allreduce_plan::plan_info().ranks);
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

int main(int argc, char **argv) {
  try {
    return runAll(argc, argv);
  } catch (const std::exception &e) {
    // Buffers too large for memory, or (GPUs) a CUDA call that failed.
    std::fprintf(stderr, "baked_sample: %s\n", e.what());
    return 1;
  }
}
