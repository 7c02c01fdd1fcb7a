//===- test_runtime.cpp - runtime-min's host API: registry, run() ---------===//
//
// The registry's selection rules, and Communicator::run driving a plan
// baked by mscclc_add_baked_plan (samples/baked's allgather, 4 ranks) from
// one host thread per rank, as an application would.
//
//===----------------------------------------------------------------------===//
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include "baked_allgather.h"

#include <mscclc/rt/registry.hpp>
#include <mscclc/rt/runtime.hpp>

#include <cstdint>
#include <thread>
#include <vector>

using namespace mscclc::rt;
namespace ag = mscclc_baked::baked_allgather;

TEST_CASE("a baked plan registers with its own collective and world size") {
  Registry registry;
  BakedPlan plan = ag::baked_plan(4);
  CHECK(plan.collective == "allgather");
  CHECK(plan.worldSize == 4);
  CHECK(registry.add(plan));
  BakedPlan wrongWorld = plan;
  wrongWorld.worldSize = 8;
  CHECK_FALSE(registry.add(wrongWorld));
  BakedPlan wrongCollective = plan;
  wrongCollective.collective = "allreduce";
  CHECK_FALSE(registry.add(wrongCollective));
  BakedPlan emptyRange = plan;
  emptyRange.minBytes = 2;
  emptyRange.maxBytes = 1;
  CHECK_FALSE(registry.add(emptyRange));
  CHECK(registry.plans().size() == 1);
}

TEST_CASE("the selector matches every constraint, then the narrowest range") {
  Registry registry;
  REQUIRE(registry.add(ag::baked_plan(4, 0, UINT64_MAX, {"any"})));
  REQUIRE(registry.add(ag::baked_plan(4, 1024, 65536, {"small", "nvlink"})));
  REQUIRE(registry.add(ag::baked_plan(2, 0, UINT64_MAX)));
  const auto &all = registry.plans();
  // In range of both 4-per-node plans: the narrower one.
  CHECK(registry.select({"allgather", 4, 4, 4096, {}}) == &all[1]);
  // Out of the narrow one's range.
  CHECK(registry.select({"allgather", 4, 4, 1 << 20, {}}) == &all[0]);
  // Tags must all be on the plan.
  CHECK(registry.select({"allgather", 4, 4, 4096, {"any"}}) == &all[0]);
  CHECK(registry.select({"allgather", 4, 4, 4096, {"nvlink", "small"}}) ==
        &all[1]);
  CHECK(registry.select({"allgather", 4, 4, 4096, {"ib"}}) == nullptr);
  // Ranks per node, world size and collective select too.
  CHECK(registry.select({"allgather", 4, 2, 4096, {}}) == &all[2]);
  CHECK(registry.select({"allgather", 8, 8, 4096, {}}) == nullptr);
  CHECK(registry.select({"allreduce", 4, 4, 4096, {}}) == nullptr);
  // A custom selector chooses among the matches.
  registry.setSelector([](const std::vector<const BakedPlan *> &candidates,
                          const Request &) { return candidates.front(); });
  CHECK(registry.select({"allgather", 4, 4, 4096, {}}) == &all[0]);
}

TEST_CASE("kernels exist for the baked dtypes only") {
  CHECK(ag::kernels_for(DType::F32, PacketType::LL16) != nullptr);
  CHECK(ag::kernels_for(DType::I32, PacketType::LL8) != nullptr);
  CHECK(ag::kernels_for(DType::F16, PacketType::LL16) == nullptr);
}

TEST_CASE("run() from a host thread per rank gives the allgather") {
  const uint64_t bytes = 4 * 1024;
  Communicator comm(ag::plan_info(), bytes, 4);
  const KernelFn *kernels = ag::kernels_for(DType::I32, PacketType::LL16);
  REQUIRE(kernels);
  const int ranks = comm.ranks();
  REQUIRE(ranks == 4);
  std::vector<std::vector<int32_t>> send(4), recv(4);
  for (int r = 0; r < ranks; ++r) {
    send[size_t(r)].assign(comm.inputBytes(r) / 4, 0);
    for (size_t i = 0; i < send[size_t(r)].size(); ++i)
      send[size_t(r)][i] = int32_t(r * 1000 + int(i));
    recv[size_t(r)].assign(comm.outputBytes(r) / 4, -1);
  }
  for (int launch = 0; launch < 3; ++launch) {
    std::vector<std::thread> hosts;
    std::vector<char> ok(4, 0);
    for (int r = 0; r < ranks; ++r)
      hosts.emplace_back([&, r] {
        ok[size_t(r)] = comm.run(r, send[size_t(r)].data(),
                                 recv[size_t(r)].data(), bytes, kernels);
      });
    for (auto &h : hosts)
      h.join();
    for (char o : ok)
      REQUIRE(o);
  }
  const size_t per = send[0].size();
  for (int r = 0; r < ranks; ++r)
    for (size_t i = 0; i < recv[size_t(r)].size(); ++i)
      REQUIRE(recv[size_t(r)][i] == int32_t((i / per) * 1000 + i % per));
}

TEST_CASE("run() refuses a size the communicator was not set up for") {
  Communicator comm(ag::plan_info(), 4096, 2);
  std::vector<char> buffer(8192);
  const KernelFn *kernels = ag::kernels_for(DType::F32, PacketType::LL16);
  CHECK_FALSE(comm.run(0, buffer.data(), buffer.data(), 8192, kernels));
  CHECK_FALSE(comm.run(7, buffer.data(), buffer.data(), 4096, kernels));
}
