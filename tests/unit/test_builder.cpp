//===- test_builder.cpp - recording semantics of ProgramBuilder ----------===//
//
// The builder is what the evaluator calls for every DSL API call: these
// cases pin down resource numbering (scratch offsets, channel ids, remote
// buffers, barrier ids), thread-block expansion, pipeline grouping and the
// diagnostics users see for misuse (dsl-semantics.md §1, §3.1–3.2).
//
//===----------------------------------------------------------------------===//

#include "TestHelpers.h"
#include "mscclc/frontend/ProgramBuilder.h"

#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

using namespace mscclc;
using namespace mscclc::frontend;
using chunk::BufferType;
using chunk::ChannelType;
using chunk::Chunk;
using chunk::OpKind;

// Unexpected DiagnosticErrors (in this file or any other unit test) print
// their message instead of "Unknown exception".
CATCH_TRANSLATE_EXCEPTION(mscclc::DiagnosticError &e) {
  return "DiagnosticError: " + e.diag.message;
}

namespace {

const SourceLocation L{};

ProgramSettings settings(int64_t ranks, int64_t input, int64_t output) {
  ProgramSettings s;
  s.program.name = "test";
  s.collective.name = "test";
  s.collective.numRanks = ranks;
  s.collective.inputSize = input;
  s.collective.outputSize = output;
  s.numRanks = ranks;
  return s;
}

using test::onGroup;
using test::onTb;

template <typename F> std::string dslErrorOf(F &&f) {
  try {
    f();
  } catch (const DiagnosticError &e) {
    return e.diag.message;
  }
  return "<no DiagnosticError>";
}

// Chunk [a, b) of a rank's input / output buffer.
Chunk in(ProgramBuilder &b, int64_t rank, int64_t a, int64_t e) {
  return b.slice(b.inputBuffer(rank), a, e);
}
Chunk out(ProgramBuilder &b, int64_t rank, int64_t a, int64_t e) {
  return b.slice(b.outputBuffer(rank), a, e);
}

} // namespace

TEST_CASE("builder: scratch buffers are allocated contiguously per rank",
          "[builder]") {
  ProgramBuilder b;
  b.beginProgram(settings(2, 4, 4), L);

  BufferDesc a = b.allocScratch(0, 3);
  BufferDesc c = b.allocScratch(1, 2);
  BufferDesc d = b.allocScratch(0, 2);
  BufferDesc e = b.allocScratch(0, 0);
  BufferDesc f = b.allocScratch(1, 1);

  CHECK(a.rank == 0);
  CHECK(a.type == BufferType::Scratch);
  CHECK(a.offset == 0);
  CHECK(a.end == 3);
  // Rank 1 has its own allocator.
  CHECK(c.rank == 1);
  CHECK(c.offset == 0);
  CHECK(c.end == 2);
  // Rank 0's second buffer starts where the first ends.
  CHECK(d.offset == 3);
  CHECK(d.end == 5);
  CHECK(e.offset == 5);
  CHECK(e.end == 5);
  CHECK(f.offset == 2);
  CHECK(f.end == 3);

  // Slices of a scratch buffer are absolute within the rank's scratch.
  Chunk whole = b.slice(d, std::nullopt, std::nullopt);
  CHECK(whole.rank == 0);
  CHECK(whole.type == BufferType::Scratch);
  CHECK(whole.index == 3);
  CHECK(whole.size == 2);
  Chunk second = b.slice(d, 1, 2);
  CHECK(second.index == 4);
  CHECK(second.size == 1);

  CHECK_THAT(dslErrorOf([&] { b.allocScratch(0, -1); }),
             Catch::Contains("must not be negative"));

  b.endProgram();
  chunk::Program p = b.takeProgram();
  CHECK(p.ranks[0].scratchChunks == 5);
  CHECK(p.ranks[1].scratchChunks == 3);
}

TEST_CASE("builder: slice bounds are checked", "[builder]") {
  ProgramBuilder b;
  b.beginProgram(settings(2, 4, 2), L);
  BufferDesc input = b.inputBuffer(1);
  CHECK(input.rank == 1);
  CHECK(input.offset == 0);
  CHECK(input.end == 4);

  SECTION("valid slices") {
    Chunk c = b.slice(input, 1, 3);
    CHECK(c.rank == 1);
    CHECK(c.type == BufferType::Input);
    CHECK(c.index == 1);
    CHECK(c.size == 2);
    Chunk all = b.slice(input, std::nullopt, std::nullopt);
    CHECK(all.index == 0);
    CHECK(all.size == 4);
    Chunk tail = b.slice(input, 2, std::nullopt);
    CHECK(tail.index == 2);
    CHECK(tail.size == 2);
    // Empty chunks are allowed, also at the very end.
    Chunk empty = b.slice(input, 4, 4);
    CHECK(empty.index == 4);
    CHECK(empty.size == 0);
  }
  SECTION("stop past the end") {
    REQUIRE_THROWS_AS(b.slice(input, 0, 5), DiagnosticError);
    std::string msg = dslErrorOf([&] { b.slice(input, 2, 5); });
    CHECK_THAT(msg, Catch::Contains("[2:5] is out of range"));
    CHECK_THAT(msg, Catch::Contains("input buffer has 4 chunks"));
  }
  SECTION("negative bounds") {
    REQUIRE_THROWS_AS(b.slice(input, -1, 2), DiagnosticError);
    REQUIRE_THROWS_AS(b.slice(input, 0, -1), DiagnosticError);
    CHECK_THAT(dslErrorOf([&] { b.slice(input, -1, 2); }),
               Catch::Contains("must not be negative"));
  }
  SECTION("start after stop") {
    REQUIRE_THROWS_AS(b.slice(input, 3, 2), DiagnosticError);
    CHECK_THAT(dslErrorOf([&] { b.slice(input, 3, 2); }),
               Catch::Contains("greater than its stop"));
  }
  SECTION("scratch buffers are bounded by their own end") {
    b.allocScratch(1, 2);
    BufferDesc s = b.allocScratch(1, 2); // [2, 4)
    CHECK(b.slice(s, 0, 2).index == 2);
    REQUIRE_THROWS_AS(b.slice(s, 0, 3), DiagnosticError);
    REQUIRE_THROWS_AS(b.slice(s, 2, 3), DiagnosticError);
  }
}

TEST_CASE("builder: channel ids count per source rank and kind", "[builder]") {
  ProgramBuilder b;
  b.beginProgram(settings(3, 1, 1), L);

  int32_t m01 = b.newMemoryChannel(1, 0, L);
  int32_t m02 = b.newMemoryChannel(2, 0, L);
  int32_t p01 = b.newPortChannel(1, 0, L);
  int32_t m01b = b.newMemoryChannel(1, 0, L); // same pair: a new channel
  int32_t m10 = b.newMemoryChannel(0, 1, L);
  int32_t p02 = b.newPortChannel(2, 0, L);
  int32_t p20 = b.newPortChannel(0, 2, L);
  int32_t m21 = b.newMemoryChannel(1, 2, L);

  CHECK(b.peerChannel(m01).globalId == 0);
  CHECK(b.peerChannel(m02).globalId == 1);
  CHECK(b.peerChannel(p01).globalId == 0);
  CHECK(b.peerChannel(m01b).globalId == 2);
  CHECK(b.peerChannel(m10).globalId == 0);
  CHECK(b.peerChannel(p02).globalId == 1);
  CHECK(b.peerChannel(p20).globalId == 0);
  CHECK(b.peerChannel(m21).globalId == 0);

  CHECK(b.peerChannel(m02).kind == ChannelType::Memory);
  CHECK(b.peerChannel(m02).src == 0);
  CHECK(b.peerChannel(m02).dst == 2);
  CHECK(b.peerChannel(p02).kind == ChannelType::Port);
  CHECK(b.peerChannel(m10).src == 1);
  CHECK(b.peerChannel(m10).dst == 0);

  b.endProgram();
  chunk::Program p = b.takeProgram();
  // Rank 0: memory first (constructed first), then port.
  REQUIRE(p.ranks[0].channelGroups.size() == 2);
  CHECK(p.ranks[0].channelGroups[0].kind == ChannelType::Memory);
  CHECK(p.ranks[0].channelGroups[0].connectedTo ==
        std::vector<int32_t>{1, 2, 1});
  CHECK(p.ranks[0].channelGroups[0].createdAt.size() == 3);
  CHECK(p.ranks[0].channelGroups[1].kind == ChannelType::Port);
  CHECK(p.ranks[0].channelGroups[1].connectedTo == std::vector<int32_t>{1, 2});
  // Rank 1: only memory.
  REQUIRE(p.ranks[1].channelGroups.size() == 1);
  CHECK(p.ranks[1].channelGroups[0].connectedTo == std::vector<int32_t>{0});
  // Rank 2: port was constructed first.
  REQUIRE(p.ranks[2].channelGroups.size() == 2);
  CHECK(p.ranks[2].channelGroups[0].kind == ChannelType::Port);
  CHECK(p.ranks[2].channelGroups[1].kind == ChannelType::Memory);
}

TEST_CASE("builder: switch channels get per-rank ids on every member",
          "[builder]") {
  ProgramBuilder b;
  b.beginProgram(settings(3, 2, 2), L);
  int32_t s01 = b.newSwitchChannel({0, 1}, BufferType::Output, L);
  int32_t s21 = b.newSwitchChannel({2, 1}, BufferType::Input, L);
  CHECK(b.switchRanks(s01) == std::vector<int64_t>{0, 1});
  CHECK(b.switchRanks(s21) == std::vector<int64_t>{2, 1});
  CHECK_THROWS_AS(b.newSwitchChannel({0, 0}, BufferType::Output, L),
                  DiagnosticError);
  CHECK_THROWS_AS(b.newSwitchChannel({0, 3}, BufferType::Output, L),
                  DiagnosticError);
  CHECK_THAT(dslErrorOf([&] { b.checkSwitchMember(s21, 0); }),
             Catch::Contains("not in the switch channel's group"));

  // The op on rank 1 names rank 1's id of the second channel (1).
  b.switchReduce(s21, 1, 0, 1, out(b, 1, 0, 1), 0, chunk::ReduceOp::Sum, L);
  b.endProgram();
  chunk::Program p = b.takeProgram();
  CHECK(p.ranks[0].switchChannels.size() == 1);
  CHECK(p.ranks[1].switchChannels.size() == 2);
  CHECK(p.ranks[2].switchChannels.size() == 1);
  CHECK(p.ranks[1].switchChannels[1].bufferType == BufferType::Input);
  CHECK(p.ranks[1].switchChannels[1].ranks == std::vector<int32_t>{2, 1});
  REQUIRE(p.ranks[1].tbs.size() == 1);
  const chunk::Op &glre = p.ranks[1].tbs[0].ops.at(0);
  CHECK(glre.kind == OpKind::Glre);
  CHECK(glre.channels ==
        std::vector<chunk::ChannelRef>{{ChannelType::Switch, 1}});
}

TEST_CASE("builder: remote buffers are keyed by (rank, type) in first-use "
          "order",
          "[builder]") {
  ProgramBuilder b;
  b.beginProgram(settings(3, 2, 2), L);
  b.allocScratch(1, 2);
  int32_t m01 = b.newMemoryChannel(1, 0, L);
  int32_t m02 = b.newMemoryChannel(2, 0, L);
  int32_t p01 = b.newPortChannel(1, 0, L);

  b.transfer(m01, OpKind::Put, out(b, 1, 0, 1), in(b, 0, 0, 1), onTb(0), L);
  b.transfer(m02, OpKind::Put, out(b, 2, 0, 1), in(b, 0, 1, 2), onTb(0), L);
  // Same (rank 1, output) through a port channel: no new entry, one more
  // access kind.
  b.transfer(p01, OpKind::Put, out(b, 1, 1, 2), in(b, 0, 0, 1), onTb(1), L);
  // Same rank, other buffer type: a new entry.
  b.transfer(m01, OpKind::Get, out(b, 0, 0, 1), in(b, 1, 0, 1), onTb(0), L);
  // Channel reduce registers its remote sources.
  b.channelReduce(m01, in(b, 0, 0, 1),
                  {b.slice(BufferDesc{1, BufferType::Scratch, 0, 2}, 0, 1)},
                  onTb(2), std::nullopt, chunk::ReduceOp::Sum, L);
  // Again memory for (1, output): nothing changes.
  b.transfer(m01, OpKind::Put, out(b, 1, 1, 2), in(b, 0, 1, 2), onTb(0), L);
  b.endProgram();
  chunk::Program p = b.takeProgram();

  const auto &rbs = p.ranks[0].remoteBuffers;
  REQUIRE(rbs.size() == 4);
  CHECK(rbs[0].rank == 1);
  CHECK(rbs[0].type == BufferType::Output);
  CHECK(rbs[0].accessKinds ==
        std::vector<ChannelType>{ChannelType::Memory, ChannelType::Port});
  CHECK(rbs[1].rank == 2);
  CHECK(rbs[1].type == BufferType::Output);
  CHECK(rbs[1].accessKinds == std::vector<ChannelType>{ChannelType::Memory});
  CHECK(rbs[2].rank == 1);
  CHECK(rbs[2].type == BufferType::Input);
  CHECK(rbs[3].rank == 1);
  CHECK(rbs[3].type == BufferType::Scratch);
  // Other ranks registered nothing.
  CHECK(p.ranks[1].remoteBuffers.empty());
  CHECK(p.ranks[2].remoteBuffers.empty());
}

TEST_CASE("builder: barrier ids are per ordered thread-block list",
          "[builder]") {
  ProgramBuilder b;
  b.beginProgram(settings(2, 1, 1), L);
  b.barrier(0, {0, 1}, L);    // id 0
  b.barrier(0, {1, 0}, L);    // order matters: id 1
  b.barrier(0, {0, 1}, L);    // seen: id 0
  b.barrier(0, {0, 1, 2}, L); // id 2
  b.barrier(1, {1, 0}, L);    // per rank: id 0 on rank 1
  b.barrier(0, {1}, L);       // single tb: a nop

  CHECK_THROWS_AS(b.barrier(0, {}, L), DiagnosticError);
  CHECK_THAT(dslErrorOf([&] {
               b.barrier(0, {0, 0}, L);
             }),
             Catch::Contains("appears twice"));
  CHECK_THROWS_AS(b.barrier(0, {0, -1}, L), DiagnosticError);

  b.endProgram();
  chunk::Program p = b.takeProgram();
  auto ids = [](const std::vector<chunk::Op> &ops) {
    std::vector<int32_t> v;
    for (const auto &op : ops)
      v.push_back(op.kind == OpKind::Barrier ? op.details().barrierId : -1);
    return v;
  };
  REQUIRE(p.ranks[0].tbs.size() == 3);
  CHECK(ids(p.ranks[0].tbs[0].ops) == std::vector<int32_t>{0, 1, 0, 2});
  CHECK(ids(p.ranks[0].tbs[1].ops) == std::vector<int32_t>{0, 1, 0, 2, -1});
  CHECK(p.ranks[0].tbs[1].ops.back().kind == OpKind::Nop);
  CHECK(ids(p.ranks[0].tbs[2].ops) == std::vector<int32_t>{2});
  CHECK(p.ranks[0].tbs[0].ops[1].details().barrierTbs ==
        std::vector<int32_t>{1, 0});
  CHECK(p.ranks[0].tbs[2].ops[0].details().barrierTbs ==
        std::vector<int32_t>{0, 1, 2});
  REQUIRE(p.ranks[1].tbs.size() == 2);
  CHECK(ids(p.ranks[1].tbs[0].ops) == std::vector<int32_t>{0});
  CHECK(ids(p.ranks[1].tbs[1].ops) == std::vector<int32_t>{0});
}

TEST_CASE("builder: tb_group records one op per member with tbg_info",
          "[builder]") {
  ProgramBuilder b;
  b.beginProgram(settings(2, 2, 2), L);
  int32_t m01 = b.newMemoryChannel(1, 0, L);

  b.copy(0, out(b, 0, 0, 2), in(b, 0, 0, 2), onGroup({2, 0, 5}), OpKind::Copy,
         L);
  b.transfer(m01, OpKind::Put, out(b, 1, 0, 1), in(b, 0, 0, 1), onGroup({1, 3}),
             L);
  b.copy(0, out(b, 0, 0, 1), in(b, 0, 0, 1), onTb(4), OpKind::Copy, L);

  CHECK_THROWS_AS(b.checkThreadBlockGroup({}), DiagnosticError);
  CHECK_THROWS_AS(b.checkThreadBlockGroup({0, 1, 0}), DiagnosticError);
  CHECK_THROWS_AS(b.checkThreadBlockGroup({-1}), DiagnosticError);
  CHECK_NOTHROW(b.checkThreadBlockGroup({3, 1}));

  b.endProgram();
  chunk::Program p = b.takeProgram();
  const auto &tbs = p.ranks[0].tbs;
  // Gaps are filled with empty thread blocks.
  REQUIRE(tbs.size() == 6);
  using chunk::TbgInfo;
  REQUIRE(tbs[2].ops.size() == 1);
  CHECK(tbs[2].ops[0].details().tbg == TbgInfo{0, 3});
  REQUIRE(tbs[0].ops.size() == 1);
  CHECK(tbs[0].ops[0].details().tbg == TbgInfo{1, 3});
  REQUIRE(tbs[5].ops.size() == 1);
  CHECK(tbs[5].ops[0].details().tbg == TbgInfo{2, 3});
  // Recorded in group order.
  CHECK(tbs[2].ops[0].seq < tbs[0].ops[0].seq);
  CHECK(tbs[0].ops[0].seq < tbs[5].ops[0].seq);
  // Every copy is the whole chunk (the executor slices by tbg_info).
  CHECK(tbs[0].ops[0].localSrc[0].size == 2);

  REQUIRE(tbs[1].ops.size() == 1);
  CHECK(tbs[1].ops[0].kind == OpKind::Put);
  CHECK(tbs[1].ops[0].details().tbg == TbgInfo{0, 2});
  REQUIRE(tbs[3].ops.size() == 1);
  CHECK(tbs[3].ops[0].details().tbg == TbgInfo{1, 2});
  // One remote buffer despite two registrations.
  CHECK(p.ranks[0].remoteBuffers.size() == 1);

  // A plain tb gets no tbg_info.
  REQUIRE(tbs[4].ops.size() == 1);
  CHECK_FALSE(tbs[4].ops[0].details().tbg.has_value());
}

TEST_CASE("builder: pipelines group ops per (rank, tb) in first-appearance "
          "order",
          "[builder]") {
  ProgramBuilder b;
  b.beginProgram(settings(2, 4, 4), L);
  auto cp = [&](int64_t rank, int64_t tb, int64_t i) {
    b.copy(rank, out(b, rank, i, i + 1), in(b, rank, i, i + 1), onTb(tb),
           OpKind::Copy, L);
  };
  cp(0, 0, 0); // before the loop
  b.beginLoop(1024, 4, L);
  CHECK(b.loopActive());
  CHECK_THAT(dslErrorOf([&] { b.beginLoop(512, 2, L); }),
             Catch::Contains("nested pipelines"));
  cp(0, 1, 1); // A: first (0, 1)
  cp(0, 0, 2); // B: first (0, 0)
  cp(0, 1, 3); // C: (0, 1) again
  cp(1, 0, 0); // D: first (1, 0)
  b.endLoop();
  CHECK_FALSE(b.loopActive());
  cp(0, 0, 3); // after the loop
  b.endProgram();
  chunk::Program p = b.takeProgram();

  const auto &tb00 = p.ranks[0].tbs[0].ops;
  const auto &tb01 = p.ranks[0].tbs[1].ops;
  const auto &tb10 = p.ranks[1].tbs[0].ops;
  REQUIRE(tb00.size() == 3);
  CHECK(tb00[0].kind == OpKind::Copy);
  CHECK(tb00[0].localSrc[0].index == 0);
  CHECK(tb00[1].kind == OpKind::Pipeline);
  CHECK(tb00[2].kind == OpKind::Copy);
  CHECK(tb00[2].localSrc[0].index == 3);

  const chunk::Op &pipeB = tb00[1];
  CHECK(pipeB.details().unitSize == 1024);
  CHECK(pipeB.details().numChunks == 4);
  REQUIRE(pipeB.details().body.size() == 1);
  CHECK(pipeB.details().body[0].localSrc[0].index == 2);

  REQUIRE(tb01.size() == 1);
  const chunk::Op &pipeAC = tb01[0];
  CHECK(pipeAC.kind == OpKind::Pipeline);
  REQUIRE(pipeAC.details().body.size() == 2);
  CHECK(pipeAC.details().body[0].localSrc[0].index == 1);
  CHECK(pipeAC.details().body[1].localSrc[0].index == 3);

  REQUIRE(tb10.size() == 1);
  CHECK(tb10[0].kind == OpKind::Pipeline);
  REQUIRE(tb10[0].details().body.size() == 1);

  // A pipeline takes the recording position of its first captured op.
  CHECK(tb00[0].seq < pipeAC.seq);
  CHECK(pipeAC.seq == pipeAC.details().body[0].seq);
  CHECK(pipeAC.seq < pipeB.seq);
  CHECK(pipeB.seq < tb10[0].seq);
  CHECK(tb10[0].seq < tb00[2].seq);
}

TEST_CASE("builder: loop parameters and open loops", "[builder]") {
  ProgramBuilder b;
  b.beginProgram(settings(1, 2, 2), L);
  CHECK_THROWS_AS(b.beginLoop(0, 4, L), DiagnosticError);
  CHECK_THROWS_AS(b.beginLoop(1024, 0, L), DiagnosticError);
  b.beginLoop(1024, 2, L);
  b.copy(0, out(b, 0, 0, 1), in(b, 0, 0, 1), onTb(0), OpKind::Copy, L);
  // endProgram closes the loop.
  b.endProgram();
  chunk::Program p = b.takeProgram();
  REQUIRE(p.ranks[0].tbs[0].ops.size() == 1);
  CHECK(p.ranks[0].tbs[0].ops[0].kind == OpKind::Pipeline);
}

TEST_CASE("builder: rank out of range", "[builder][errors]") {
  ProgramBuilder b;
  b.beginProgram(settings(2, 2, 2), L);
  CHECK_THAT(dslErrorOf([&] { b.inputBuffer(2); }),
             Catch::Contains("rank 2 is out of range: the program has 2 "
                             "ranks (0..1)"));
  CHECK_THROWS_AS(b.outputBuffer(-1), DiagnosticError);
  CHECK_THROWS_AS(b.allocScratch(5, 1), DiagnosticError);
  CHECK_THAT(dslErrorOf([&] { b.newMemoryChannel(2, 0, L); }),
             Catch::Contains("channel destination rank 2"));
  CHECK_THAT(dslErrorOf([&] { b.newPortChannel(0, 3, L); }),
             Catch::Contains("channel source rank 3"));
  CHECK_THROWS_AS(b.newSemaphore(2, 0, L), DiagnosticError);
  CHECK_THROWS_AS(b.barrier(2, {0, 1}, L), DiagnosticError);
  CHECK_THROWS_AS(
      b.copy(2, out(b, 0, 0, 1), in(b, 0, 0, 1), onTb(0), OpKind::Copy, L),
      DiagnosticError);
}

TEST_CASE("builder: size mismatches", "[builder][errors]") {
  ProgramBuilder b;
  b.beginProgram(settings(2, 4, 4), L);
  int32_t m01 = b.newMemoryChannel(1, 0, L);
  CHECK_THAT(dslErrorOf([&] {
               b.copy(0, out(b, 0, 0, 2), in(b, 0, 0, 1), onTb(0), OpKind::Copy,
                      L);
             }),
             Catch::Contains("chunk sizes differ"));
  CHECK_THROWS_AS(
      b.transfer(m01, OpKind::Put, out(b, 1, 0, 1), in(b, 0, 0, 2), onTb(0), L),
      DiagnosticError);
  CHECK_THROWS_AS(b.reduce(0, in(b, 0, 0, 1), {in(b, 0, 1, 3)}, onTb(0),
                           std::nullopt, chunk::ReduceOp::Sum, false, L),
                  DiagnosticError);
  CHECK_THROWS_AS(b.channelReduce(m01, in(b, 0, 0, 1), {in(b, 1, 0, 2)},
                                  onTb(0), std::nullopt, chunk::ReduceOp::Sum,
                                  L),
                  DiagnosticError);
  // Nothing was recorded by the failed calls.
  b.endProgram();
  chunk::Program p = b.takeProgram();
  CHECK(countOps(p) == 0);
}

TEST_CASE("builder: a thread block is required", "[builder][errors]") {
  ProgramBuilder b;
  b.beginProgram(settings(2, 2, 2), L);
  int32_t m01 = b.newMemoryChannel(1, 0, L);
  CHECK_THAT(dslErrorOf([&] {
               b.copy(0, out(b, 0, 0, 1), in(b, 0, 0, 1), TbSelection{},
                      OpKind::Copy, L);
             }),
             Catch::Contains("copy needs a thread block"));
  CHECK_THAT(dslErrorOf([&] {
               b.signalOrWait(m01, std::nullopt, chunk::SyncBoth, false, true,
                              L);
             }),
             Catch::Contains("signal needs a thread block"));
  CHECK_THROWS_AS(b.transfer(m01, OpKind::Put, out(b, 1, 0, 1), in(b, 0, 0, 1),
                             TbSelection{}, L),
                  DiagnosticError);
  CHECK_THROWS_AS(b.flush(m01, std::nullopt, chunk::SyncBoth, L),
                  DiagnosticError);
  CHECK_THAT(dslErrorOf([&] {
               b.copy(0, out(b, 0, 0, 1), in(b, 0, 0, 1), onTb(-1),
                      OpKind::Copy, L);
             }),
             Catch::Contains("negative"));
}

TEST_CASE("builder: tb with tb_group records that thread block's share",
          "[builder][errors]") {
  // As the reference DSL: one op, on tb, with tb's position in the group.
  ProgramBuilder b;
  b.beginProgram(settings(2, 2, 2), L);
  int32_t m01 = b.newMemoryChannel(1, 0, L);
  TbSelection share;
  share.tb = 3;
  share.group = std::vector<int64_t>{5, 3, 1};
  b.copy(0, out(b, 0, 0, 1), in(b, 0, 0, 1), share, OpKind::Copy, L);
  b.transfer(m01, OpKind::Put, out(b, 1, 0, 1), in(b, 0, 0, 1), share, L);
  // A thread block outside the group is refused, saying so.
  TbSelection outside;
  outside.tb = 2;
  outside.group = std::vector<int64_t>{0, 1};
  CHECK_THAT(dslErrorOf([&] {
               b.copy(0, out(b, 0, 0, 1), in(b, 0, 0, 1), outside, OpKind::Copy,
                      L);
             }),
             Catch::Contains("copy got tb 2 and a tb_group that does not "
                             "contain it"));
  CHECK_THROWS_AS(
      b.transfer(m01, OpKind::Put, out(b, 1, 0, 1), in(b, 0, 0, 1), outside, L),
      DiagnosticError);
  b.endProgram();
  chunk::Program p = b.takeProgram();
  CHECK(countOps(p) == 2);
  const auto &tbs = p.ranks[0].tbs;
  REQUIRE(tbs.size() == 4);
  REQUIRE(tbs[3].ops.size() == 2);
  for (const auto &op : tbs[3].ops)
    CHECK(op.details().tbg == chunk::TbgInfo{1, 3});
}

TEST_CASE("builder: other misuse", "[builder][errors]") {
  SECTION("collective and program rank counts differ") {
    ProgramBuilder b;
    ProgramSettings s = settings(2, 2, 2);
    s.collective.numRanks = 4;
    CHECK_THAT(dslErrorOf([&] { b.beginProgram(s, L); }),
               Catch::Contains("the collective has 4 ranks but the program "
                               "has 2"));
  }
  SECTION("one program per algorithm") {
    ProgramBuilder b;
    b.beginProgram(settings(2, 2, 2), L);
    CHECK_THROWS_AS(b.beginProgram(settings(2, 2, 2), L), DiagnosticError);
    b.endProgram();
    CHECK_THROWS_AS(b.beginProgram(settings(2, 2, 2), L), DiagnosticError);
    // Out of scope: the program is no longer active.
    CHECK_THAT(dslErrorOf([&] { b.requireProgram(); }),
               Catch::Contains("gone out of scope"));
  }
  SECTION("no program at all") {
    ProgramBuilder b;
    CHECK_THAT(dslErrorOf([&] { b.inputBuffer(0); }),
               Catch::Contains("no program in context"));
  }
  SECTION("chunks on the wrong rank") {
    ProgramBuilder b;
    b.beginProgram(settings(2, 2, 2), L);
    int32_t m01 = b.newMemoryChannel(1, 0, L);
    CHECK_THROWS_AS(
        b.copy(0, out(b, 1, 0, 1), in(b, 0, 0, 1), onTb(0), OpKind::Copy, L),
        DiagnosticError);
    CHECK_THAT(dslErrorOf([&] {
                 b.transfer(m01, OpKind::Put, out(b, 0, 0, 1), in(b, 0, 0, 1),
                            onTb(0), L);
               }),
               Catch::Contains("must be on the channel's destination rank 1"));
  }
  SECTION("packet destinations must be scratch") {
    ProgramBuilder b;
    b.beginProgram(settings(2, 2, 2), L);
    CHECK_THAT(dslErrorOf([&] {
                 b.copy(0, out(b, 0, 0, 1), in(b, 0, 0, 1), onTb(0),
                        OpKind::Cpkt, L);
               }),
               Catch::Contains("must be in a scratch buffer"));
  }
}
