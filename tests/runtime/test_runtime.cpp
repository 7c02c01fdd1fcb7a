//===- test_runtime.cpp - runtime-min's host API: registry, run() ---------===//
//
// The registry's selection rules, Communicator::run driving a plan baked
// by mscclc_add_baked_plan (samples/baked's allgather, 4 ranks) from one
// host thread per rank, as an application would, and layout.hpp's switch
// wiring and NVLS multicast planning, which the CUDA communicator uses
// (it cannot run here: no GPU).
//
//===----------------------------------------------------------------------===//
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include "baked_allgather.h"

#include <mscclc/rt/registry.hpp>
#include <mscclc/rt/runtime.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
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

TEST_CASE("a communicator refuses a message size its plan does not take") {
  const PlanInfo &plan = ag::plan_info();
  const layout::MessageSizes sizes = layout::messageSizes(plan);
  REQUIRE(sizes.unit > 1);
  CHECK_NOTHROW(Communicator(plan, sizes.unit, 2));
  // Not a multiple of the chunk sizes: elements would be dropped.
  CHECK_THROWS_AS(Communicator(plan, sizes.unit + 1, 2), std::invalid_argument);
  CHECK_THROWS_AS(Communicator(plan, 0, 2), std::invalid_argument);
  CHECK_THROWS_WITH(Communicator(plan, 3 * sizes.unit / 2, 2),
                    Catch::Contains("plan '" + std::string(plan.name) +
                                    "' does not take a message of " +
                                    std::to_string(3 * sizes.unit / 2) +
                                    " bytes: use a multiple of " +
                                    std::to_string(sizes.unit) + " bytes"));
  // Past max_message_size (scratch is sized by it): kernels would write
  // past the buffers. Below min_message_size too.
  PlanInfo bounded = plan;
  bounded.maxMessageSize = 4 * sizes.unit;
  bounded.minMessageSize = 2 * sizes.unit;
  CHECK_NOTHROW(Communicator(bounded, 4 * sizes.unit, 2));
  CHECK_THROWS_WITH(Communicator(bounded, 8 * sizes.unit, 2),
                    Catch::Contains("from " + std::to_string(2 * sizes.unit) +
                                    " to " + std::to_string(4 * sizes.unit)));
  CHECK_THROWS_AS(Communicator(bounded, sizes.unit, 2), std::invalid_argument);
  // And the registry does not select a plan for such a size.
  Registry registry;
  BakedPlan baked = ag::baked_plan(4);
  baked.info = &bounded;
  REQUIRE(registry.add(baked));
  CHECK(registry.select({"allgather", 4, 4, 4 * sizes.unit, {}}) ==
        &registry.plans()[0]);
  CHECK(registry.select({"allgather", 4, 4, 8 * sizes.unit, {}}) == nullptr);
  CHECK(registry.select({"allgather", 4, 4, 3 * sizes.unit + 1, {}}) ==
        nullptr);
}

TEST_CASE("launch() and run() refuse a null kernel table or buffer") {
  Communicator comm(ag::plan_info(), 4096, 2);
  std::vector<char> buffer(4096);
  // What kernels_for<> gives for an element type the file was not baked
  // for.
  const KernelFn *missing = ag::kernels_for(DType::F16, PacketType::LL16);
  REQUIRE(missing == nullptr);
  CHECK_FALSE(comm.launch(missing));
  CHECK_FALSE(comm.run(0, buffer.data(), buffer.data(), 4096, missing));
  const KernelFn *kernels = ag::kernels_for(DType::F32, PacketType::LL16);
  CHECK_FALSE(comm.run(0, nullptr, buffer.data(), 4096, kernels));
  CHECK_FALSE(comm.run(0, buffer.data(), nullptr, 4096, kernels));
}

// ---------------------------------------------- switch channels' layout
// A 4-rank in-place plan whose ranks hold the switch channels given (one
// SwitchInfo list per rank), for layout.hpp's multicast planning: four
// input chunks (an AllGather's: one), four output, two scratch.
namespace {
struct SwitchPlan {
  std::vector<std::vector<int>> members;    // storage for SwitchInfo
  std::vector<std::vector<SwitchInfo>> per; // per rank
  std::vector<RankInfo> ranks;
  PlanInfo plan{};
  SwitchPlan(const char *collective,
             std::vector<std::vector<std::pair<int, std::vector<int>>>> held) {
    members.reserve(64);
    for (auto &rank : held) {
      per.emplace_back();
      for (auto &[type, list] : rank) {
        members.push_back(list);
        per.back().push_back(
            {type, members.back().data(), int(members.back().size())});
      }
    }
    for (auto &list : per) {
      RankInfo info{};
      info.inputChunks = std::string(collective) == "allgather" ? 1 : 4;
      info.outputChunks = 4;
      info.scratchChunks = 2;
      info.threadblocks = 1;
      info.switches = list.data();
      info.numSwitch = int(list.size());
      ranks.push_back(info);
    }
    plan = PlanInfo{
        "switch_plan", collective, true, Protocol::Simple,  false,       16,
        ~0ull,         false,      1,    int(ranks.size()), ranks.data()};
  }
};
} // namespace

TEST_CASE("multicast groups: one object per buffer type and member list") {
  std::vector<int> all{0, 1, 2, 3};
  // Every rank holds two channels over the inputs of all four (one
  // object serves both) and one over the scratch of its pair.
  SwitchPlan p("allreduce", {{{0, all}, {0, all}, {2, {0, 1}}},
                             {{0, all}, {0, all}, {2, {0, 1}}},
                             {{0, all}, {0, all}, {2, {2, 3}}},
                             {{0, all}, {0, all}, {2, {2, 3}}}});
  auto groups = layout::multicastGroups(p.plan, {0, 1, 2, 3});
  REQUIRE(groups.size() == 3);
  CHECK(groups[0].type == 0);
  CHECK(groups[0].members == all);
  CHECK(groups[1].type == 2);
  CHECK(groups[1].members == std::vector<int>{0, 1});
  CHECK(groups[2].type == 2);
  CHECK(groups[2].members == std::vector<int>{2, 3});
  // Virtual ranks: two members on one device cannot share an object.
  CHECK(layout::multicastGroups(p.plan, {0, 0, 1, 1}).empty());
  CHECK(layout::multicastGroups(p.plan, {0, 0, 0, 0}).empty());
  // Pairs on distinct devices would do, but the 4-member group would not.
  CHECK(layout::multicastGroups(p.plan, {0, 1, 0, 1}).empty());
}

TEST_CASE("multicast groups: a channel held outside its group disables them") {
  SwitchPlan p("allreduce", {{{0, {1, 2}}}, {{0, {1, 2}}}, {{0, {1, 2}}}, {}});
  CHECK(layout::multicastGroups(p.plan, {0, 1, 2, 3}).empty());
}

TEST_CASE("multicast sizes: bound allocations hold the group's largest") {
  std::vector<int> all{0, 1, 2, 3};
  SwitchPlan p("allreduce", {{{0, all}, {2, {0, 1}}},
                             {{0, all}, {2, {0, 1}}},
                             {{0, all}},
                             {{0, all}}});
  auto groups = layout::multicastGroups(p.plan, {0, 1, 2, 3});
  REQUIRE(groups.size() == 2);
  std::vector<layout::RankLayout> layouts;
  for (int r = 0; r < 4; ++r)
    layouts.push_back(layout::rankLayout(p.plan, r, 8192));
  // In place: the input lives in the send allocation (8192 bytes + 16).
  REQUIRE(layout::backingAllocation(layouts[0], 0) == 0);
  REQUIRE(layout::backingAllocation(layouts[0], 1) == 0);
  REQUIRE(layout::backingAllocation(layouts[0], 2) == 2);
  auto physical = layout::sizeMulticast(groups, layouts, 1024);
  CHECK(groups[0].bytes == 9216); // 8208 rounded up to 1 KiB
  CHECK(groups[1].bytes == 5120); // scratch: 2 chunks of 2048 bytes, + 16
  for (int r = 0; r < 4; ++r) {
    CHECK(physical[size_t(r)][0] == 9216);
    CHECK(physical[size_t(r)][1] == 1024); // the unused receive allocation
  }
  CHECK(physical[0][2] == 5120);
  CHECK(physical[1][2] == 5120);
  CHECK(physical[2][2] == 5120); // not in the scratch group, still rounded
  // A granularity larger than any buffer: every allocation is one grain.
  auto large = layout::sizeMulticast(groups, layouts, 2u << 20);
  CHECK(groups[0].bytes == (2u << 20));
  CHECK(large[3][2] == (2u << 20));
  // Sized again: the same as the first time (nothing carried over).
  layout::sizeMulticast(groups, layouts, 1024);
  CHECK(groups[0].bytes == 9216);
}

TEST_CASE("multicast sizes: an in-place AllGather binds its receive buffer") {
  // Its input is block r of its output: a group over the inputs binds
  // the receive allocation, which grows to the group's largest.
  std::vector<int> all{0, 1, 2, 3};
  SwitchPlan p("allgather", {{{0, all}}, {{0, all}}, {{0, all}}, {{0, all}}});
  std::vector<layout::RankLayout> layouts;
  for (int r = 0; r < 4; ++r)
    layouts.push_back(layout::rankLayout(p.plan, r, 4096));
  CHECK(layout::backingAllocation(layouts[1], 0) == 1);
  CHECK(layout::backingAllocation(layouts[1], 1) == 1);
  auto groups = layout::multicastGroups(p.plan, {0, 1, 2, 3});
  REQUIRE(groups.size() == 1);
  auto physical = layout::sizeMulticast(groups, layouts, 1024);
  CHECK(groups[0].bytes == 5120); // 4096 + 16, rounded up
  for (int r = 0; r < 4; ++r) {
    CHECK(physical[size_t(r)][1] == 5120);
    CHECK(physical[size_t(r)][0] ==
          1024 * ((layouts[size_t(r)].sendBytes + 16 + 1023) / 1024));
  }
}

TEST_CASE("switch members: every member's buffer at this rank's offset") {
  // An in-place AllGather: rank r's input is block r of its output, so a
  // channel over the inputs addresses each member's output allocation at
  // the holder's block.
  std::vector<int> all{0, 1, 2, 3};
  SwitchPlan p("allgather", {{{0, all}}, {{0, all}}, {{0, all}}, {{0, all}}});
  // Each rank's send, receive and scratch allocations are distinct.
  std::vector<std::vector<char>> memory(4, std::vector<char>(3 << 14));
  std::vector<layout::Placement> places;
  for (int r = 0; r < 4; ++r) {
    layout::RankLayout l = layout::rankLayout(p.plan, r, 4096);
    char *base = memory[size_t(r)].data();
    places.push_back(
        layout::place(l, base, base + (1 << 14), base + (2 << 14)));
  }
  layout::SwitchMembers m = layout::switchMembers(p.plan, 2, 0, places);
  REQUIRE(m.data.size() == 4);
  for (int j = 0; j < 4; ++j) {
    char *recv = memory[size_t(j)].data() + (1 << 14);
    CHECK(m.data[size_t(j)] - recv == 2 * 1024);
    CHECK(m.packet[size_t(j)] - recv == 2 * 2 * 1024);
  }
}

TEST_CASE("a launch's thread count divides the plan's num_threads_per_block") {
  // The simulator decides which ops share threads by the plan's count: a
  // launch of another count that does not divide it would put bytes one
  // op's thread wrote on another op's thread.
  PlanInfo plan{};
  plan.minThreads = 1;
  plan.planThreads = 128;
  CHECK(layout::launchThreads(plan, 8) == 8);
  CHECK(layout::launchThreads(plan, 256) == 128);
  CHECK(layout::launchThreads(plan, 128) == 128);
  CHECK(layout::launchThreads(plan, 100) == 64);
  CHECK(layout::launchThreads(plan, 3) == 2);
  CHECK(layout::launchThreads(plan, 0) == 1);
  plan.planThreads = 96;
  CHECK(layout::launchThreads(plan, 5) == 4);
  CHECK(layout::launchThreads(plan, 1024) == 96);
  // At least minThreads (thread k drives channel k), still a divisor.
  plan.minThreads = 5;
  CHECK(layout::launchThreads(plan, 3) == 6);
  CHECK(layout::launchThreads(plan, 7) == 6);
  // A plan whose channels outnumber its threads: as many as it needs.
  plan.minThreads = 200;
  CHECK(layout::launchThreads(plan, 8) == 200);
  // The plan's own count, baked.
  CHECK(ag::plan_info().planThreads == 1024);
}
