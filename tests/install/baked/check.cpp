// The baked ring AllGather on runtime-min's host build: one thread per rank,
// every rank's output must be every rank's input in rank order. Prints
// "baked ring_allgather: 4 ranks, results correct" and exits 0 when it is.
#include "ring_allgather.h"

#include <mscclc/rt/runtime.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

int main() {
  namespace plan = mscclc_baked::ring_allgather;
  const mscclc::rt::PlanInfo &info = plan::plan_info();
  const int ranks = int(info.ranks);
  const uint64_t bytes = 4096;
  mscclc::rt::Communicator comm(info, bytes, /*threadsPerBlock=*/4);
  const mscclc::rt::KernelFn *kernels =
      plan::kernels_for(mscclc::rt::DType::I32, mscclc::rt::PacketType::LL16);
  if (!kernels) {
    std::printf("baked ring_allgather: no i32 kernels\n");
    return 1;
  }
  std::vector<std::vector<int32_t>> send(static_cast<size_t>(ranks)),
      recv(static_cast<size_t>(ranks));
  for (int r = 0; r < ranks; ++r) {
    send[size_t(r)].resize(comm.inputBytes(r) / sizeof(int32_t));
    recv[size_t(r)].assign(comm.outputBytes(r) / sizeof(int32_t), -1);
    for (size_t i = 0; i < send[size_t(r)].size(); ++i)
      send[size_t(r)][i] = int32_t(r * 1000 + int(i));
  }
  std::vector<char> done(size_t(ranks), 0);
  std::vector<std::thread> threads;
  for (int r = 0; r < ranks; ++r)
    threads.emplace_back([&, r] {
      done[size_t(r)] = comm.run(r, send[size_t(r)].data(),
                                 recv[size_t(r)].data(), bytes, kernels);
    });
  for (std::thread &t : threads)
    t.join();
  for (int r = 0; r < ranks; ++r) {
    if (!done[size_t(r)]) {
      std::printf("baked ring_allgather: rank %d failed\n", r);
      return 1;
    }
    const size_t per = send[0].size();
    for (size_t i = 0; i < recv[size_t(r)].size(); ++i)
      if (recv[size_t(r)][i] != send[i / per][i % per]) {
        std::printf("baked ring_allgather: rank %d element %zu is %d, not %d\n",
                    r, i, int(recv[size_t(r)][i]), int(send[i / per][i % per]));
        return 1;
      }
  }
  std::printf("baked ring_allgather: %d ranks, results correct\n", ranks);
  return 0;
}
