//===- test_passes.cpp - the chunk IR passes, lowering and target checks -===//
//
// One group of cases per pass, each on a small program recorded with
// ProgramBuilder exactly as the evaluator would record the DSL calls. The
// expected results come from dsl-semantics.md §3 (and the worked traces of
// Appendix D); where the pass deliberately fixes a reference quirk (§6) the
// case says which one.
//
//===----------------------------------------------------------------------===//

#include "ProgramBuilder.h"
#include "TestHelpers.h"

#include "mscclc/ir/ChunkIRVerifier.h"
#include "mscclc/passes/Lowering.h"
#include "mscclc/passes/Passes.h"
#include "mscclc/passes/TargetChecks.h"

#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

using namespace mscclc;
using namespace mscclc::passes;
using chunk::BufferType;
using chunk::ChannelRef;
using chunk::ChannelType;
using chunk::Chunk;
using chunk::OpKind;
using chunk::ReplicationPolicy;
using frontend::BufferDesc;
using frontend::ProgramBuilder;
using frontend::ProgramSettings;
using frontend::TbSelection;
using plan::BufferRef;

namespace {

const SourceLocation L{};

using test::onGroup;
using test::onTb;

// Records a program through ProgramBuilder with short helpers for the calls
// the tests need. Chunks must be made before take().
class Rec {
public:
  Rec(int64_t ranks, int64_t input, int64_t output, int64_t instances = 1,
      ReplicationPolicy policy = ReplicationPolicy::Interleaved) {
    ProgramSettings s;
    s.program.name = "test";
    s.collective.name = "test";
    s.collective.numRanks = ranks;
    s.collective.inputSize = input;
    s.collective.outputSize = output;
    s.numRanks = ranks;
    s.instances = instances;
    s.program.replicationPolicy = policy;
    b.beginProgram(s, L);
  }

  Chunk i(int64_t rank, int64_t a, int64_t e) {
    return b.slice(b.inputBuffer(rank), a, e);
  }
  Chunk o(int64_t rank, int64_t a, int64_t e) {
    return b.slice(b.outputBuffer(rank), a, e);
  }
  Chunk s(const BufferDesc &buf, int64_t a, int64_t e) {
    return b.slice(buf, a, e);
  }
  int32_t mem(int64_t dst, int64_t src) {
    return b.newMemoryChannel(dst, src, L);
  }
  int32_t port(int64_t dst, int64_t src) {
    return b.newPortChannel(dst, src, L);
  }
  void signal(int32_t ch, int64_t tb, uint8_t sync = chunk::SyncBoth,
              bool relaxed = false) {
    b.signalOrWait(ch, tb, sync, relaxed, true, L);
  }
  void wait(int32_t ch, int64_t tb, uint8_t sync = chunk::SyncBoth,
            bool relaxed = false) {
    b.signalOrWait(ch, tb, sync, relaxed, false, L);
  }
  void put(int32_t ch, const Chunk &dst, const Chunk &src, int64_t tb,
           OpKind kind = OpKind::Put) {
    b.transfer(ch, kind, dst, src, onTb(tb), L);
  }
  void get(int32_t ch, const Chunk &dst, const Chunk &src, int64_t tb) {
    b.transfer(ch, OpKind::Get, dst, src, onTb(tb), L);
  }
  void copy(int64_t rank, const Chunk &dst, const Chunk &src, int64_t tb,
            OpKind kind = OpKind::Copy) {
    b.copy(rank, dst, src, onTb(tb), kind, L);
  }
  void reduce(int64_t rank, const Chunk &src, std::vector<Chunk> others,
              int64_t tb, std::optional<Chunk> dst = std::nullopt,
              bool packet = false) {
    b.reduce(rank, src, others, onTb(tb), dst, chunk::ReduceOp::Sum, packet, L);
  }
  void barrier(int64_t rank, std::vector<int64_t> tbs) {
    b.barrier(rank, tbs, L);
  }
  chunk::Program take() {
    b.endProgram();
    return b.takeProgram();
  }

  ProgramBuilder b;
};

Chunk ck(int32_t rank, BufferType type, int64_t index, int64_t size) {
  Chunk c;
  c.rank = rank;
  c.type = type;
  c.index = index;
  c.size = size;
  return c;
}

bool sameCoords(const std::vector<Chunk> &a, const std::vector<Chunk> &b) {
  if (a.size() != b.size())
    return false;
  for (size_t k = 0; k < a.size(); ++k)
    if (!a[k].sameCoords(b[k]))
      return false;
  return true;
}

std::string names(const std::vector<chunk::Op> &ops) {
  std::string s;
  for (const auto &op : ops) {
    if (!s.empty())
      s += ' ';
    s += std::string(plan::toString(op.kind));
  }
  return s;
}

std::string names(const std::vector<plan::Op> &ops) {
  std::string s;
  for (const auto &op : ops) {
    if (!s.empty())
      s += ' ';
    s += std::string(plan::toString(op.kind));
  }
  return s;
}

// Runs one pass, which must succeed silently and leave valid chunk IR.
void runPass(std::unique_ptr<Pass> pass, chunk::Program &p) {
  CollectingDiagnosticSink diags;
  bool ok = pass->run(p, diags);
  INFO("pass " << pass->name());
  REQUIRE(ok);
  REQUIRE(diags.entries.empty());
  std::vector<std::string> problems = chunk::verify(p);
  INFO((problems.empty() ? std::string() : problems.front()));
  REQUIRE(problems.empty());
}

// The passes of Pipeline.cpp, in order (validate and pairing included).
void runAllPasses(chunk::Program &p) {
  runPass(createValidatePass(), p);
  runPass(createSignalWaitPairingPass(), p);
  runPass(createFusionPass(), p);
  runPass(createSyncInsertionPass(), p);
  runPass(createDependencySyncPass(), p);
  runPass(createReplicationPass(), p);
}

const std::vector<chunk::Op> &tbOps(const chunk::Program &p, size_t rank,
                                    size_t tb) {
  REQUIRE(rank < p.ranks.size());
  REQUIRE(tb < p.ranks[rank].tbs.size());
  return p.ranks[rank].tbs[tb].ops;
}

const ChannelRef mem0{ChannelType::Memory, 0};
const ChannelRef mem1{ChannelType::Memory, 1};
const ChannelRef mem2{ChannelType::Memory, 2};
const ChannelRef mem3{ChannelType::Memory, 3};

// The single-node alltoall of dsl-semantics.md Appendix D.4 (port of
// tests/single_node/alltoall.py, instances = 2).
chunk::Program buildAlltoall(int n, int instances) {
  Rec r(n, n, n, instances);
  auto slot = [](int peer, int self) { return peer < self ? peer : peer - 1; };
  std::vector<BufferDesc> scratch;
  std::map<std::pair<int, int>, int32_t> ch; // (dst, src)
  for (int src = 0; src < n; ++src) {
    scratch.push_back(r.b.allocScratch(src, n - 1));
    for (int dst = 0; dst < n; ++dst)
      if (src != dst)
        ch[{dst, src}] = r.mem(dst, src);
  }
  for (int src = 0; src < n; ++src) {
    for (int dst = 0; dst < n; ++dst)
      if (src != dst)
        r.signal(ch[{dst, src}], slot(dst, src), chunk::SyncBoth, true);
    for (int dst = 0; dst < n; ++dst)
      if (src != dst)
        r.wait(ch[{dst, src}], slot(dst, src), chunk::SyncAfter, true);
  }
  for (int src = 0; src < n; ++src)
    for (int dst = 0; dst < n; ++dst) {
      if (dst == src)
        continue;
      int remoteIndex = slot(src, dst);
      int tb = slot(dst, src);
      r.put(ch[{dst, src}], r.s(scratch[dst], remoteIndex, remoteIndex + 1),
            r.i(src, dst, dst + 1), tb);
      r.signal(ch[{dst, src}], tb, chunk::SyncBefore);
    }
  for (int src = 0; src < n; ++src)
    for (int dst = 0; dst < n; ++dst) {
      if (dst == src)
        continue;
      int index = slot(dst, src);
      r.wait(ch[{dst, src}], index, chunk::SyncAfter);
      r.copy(src, r.i(src, dst, dst + 1), r.s(scratch[src], index, index + 1),
             index);
    }
  return r.take();
}

} // namespace

// =================================================================== Fusion

TEST_CASE("Fusion: signals on disjoint channels merge, flags OR'ed",
          "[passes][fusion]") {
  Rec r(3, 1, 1);
  int32_t c1 = r.mem(1, 0);
  int32_t c2 = r.mem(2, 0);
  r.signal(c1, 0, chunk::SyncBefore);
  r.signal(c2, 0, chunk::SyncAfter);
  chunk::Program p = r.take();
  runPass(createFusionPass(), p);

  const auto &ops = tbOps(p, 0, 0);
  REQUIRE(ops.size() == 1);
  CHECK(ops[0].kind == OpKind::Signal);
  CHECK(ops[0].channels == std::vector<ChannelRef>{mem0, mem1});
  CHECK(ops[0].dataSync == chunk::SyncBoth);
}

TEST_CASE("Fusion: signals that do not qualify stay separate",
          "[passes][fusion]") {
  Rec r(3, 1, 1);
  int32_t c1 = r.mem(1, 0);
  int32_t c2 = r.mem(2, 0);
  int32_t p1 = r.port(1, 0);
  SECTION("same channel twice (not disjoint)") {
    r.signal(c1, 0, chunk::SyncNone);
    r.signal(c1, 0, chunk::SyncNone);
  }
  SECTION("relaxed and strict") {
    r.signal(c1, 0, chunk::SyncNone, true);
    r.signal(c2, 0, chunk::SyncNone);
  }
  SECTION("memory and port") {
    r.signal(c1, 0, chunk::SyncNone);
    r.signal(p1, 0, chunk::SyncNone);
  }
  chunk::Program p = r.take();
  runPass(createFusionPass(), p);
  CHECK(tbOps(p, 0, 0).size() == 2);
}

TEST_CASE("Fusion: signal_wait_fuse gives nop signal nop wait nop (§3.4)",
          "[passes][fusion]") {
  const int gpus = 2;
  Rec r(gpus, 0, 0);
  for (int src = 0; src < gpus; ++src)
    for (int dst = 0; dst < gpus; ++dst) {
      if (src == dst)
        continue;
      r.signal(r.mem(dst, src), 0);
      r.signal(r.mem(dst, src), 0);
      r.wait(r.mem(dst, src), 0);
      r.wait(r.mem(dst, src), 0);
    }
  chunk::Program p = r.take();
  runPass(createFusionPass(), p);
  {
    const auto &ops = tbOps(p, 0, 0);
    REQUIRE(names(ops) == "signal wait");
    CHECK(ops[0].channels == std::vector<ChannelRef>{mem0, mem1});
    // Its after was cleared because the (fused) wait has before.
    CHECK(ops[0].dataSync == chunk::SyncBefore);
    CHECK(ops[1].channels == std::vector<ChannelRef>{mem2, mem3});
    CHECK(ops[1].dataSync == chunk::SyncBoth);
  }
  runPass(createSyncInsertionPass(), p);
  CHECK(names(tbOps(p, 0, 0)) == "nop signal nop wait nop");
  CHECK(names(tbOps(p, 1, 0)) == "nop signal nop wait nop");
}

TEST_CASE("Fusion: puts of the same size merge", "[passes][fusion]") {
  Rec r(3, 2, 2);
  int32_t c1 = r.mem(1, 0);
  int32_t c2 = r.mem(2, 0);
  SECTION("same size") {
    r.put(c1, r.o(1, 0, 1), r.i(0, 0, 1), 0);
    r.put(c2, r.o(2, 0, 1), r.i(0, 1, 2), 0);
    chunk::Program p = r.take();
    runPass(createFusionPass(), p);
    const auto &ops = tbOps(p, 0, 0);
    REQUIRE(ops.size() == 1);
    CHECK(ops[0].kind == OpKind::Put);
    CHECK(sameCoords(ops[0].localSrc, {ck(0, BufferType::Input, 0, 1),
                                       ck(0, BufferType::Input, 1, 1)}));
    CHECK(sameCoords(ops[0].remoteDst, {ck(1, BufferType::Output, 0, 1),
                                        ck(2, BufferType::Output, 0, 1)}));
    CHECK(ops[0].channels == std::vector<ChannelRef>{mem0, mem1});
  }
  SECTION("different sizes") {
    r.put(c1, r.o(1, 0, 1), r.i(0, 0, 1), 0);
    r.put(c2, r.o(2, 0, 2), r.i(0, 0, 2), 0);
    chunk::Program p = r.take();
    runPass(createFusionPass(), p);
    CHECK(names(tbOps(p, 0, 0)) == "put put");
  }
  SECTION("put and put_packets") {
    BufferDesc s2 = r.b.allocScratch(2, 1);
    r.put(c1, r.o(1, 0, 1), r.i(0, 0, 1), 0);
    r.put(c2, r.s(s2, 0, 1), r.i(0, 1, 2), 0, OpKind::Ppkt);
    chunk::Program p = r.take();
    runPass(createFusionPass(), p);
    CHECK(names(tbOps(p, 0, 0)) == "put ppkt");
  }
}

TEST_CASE("Fusion: reduce then memory put of the result is res",
          "[passes][fusion]") {
  Rec r(2, 2, 2);
  BufferDesc s0 = r.b.allocScratch(0, 1);
  int32_t c = r.mem(1, 0);
  r.reduce(0, r.i(0, 0, 1), {r.s(s0, 0, 1)}, 0);
  SECTION("put of the reduced chunk") {
    r.put(c, r.o(1, 0, 1), r.i(0, 0, 1), 0);
    chunk::Program p = r.take();
    runPass(createFusionPass(), p);
    const auto &ops = tbOps(p, 0, 0);
    REQUIRE(ops.size() == 1);
    CHECK(ops[0].kind == OpKind::Res);
    CHECK(sameCoords(ops[0].localSrc, {ck(0, BufferType::Input, 0, 1),
                                       ck(0, BufferType::Scratch, 0, 1)}));
    CHECK(sameCoords(ops[0].localDst, {ck(0, BufferType::Input, 0, 1)}));
    CHECK(sameCoords(ops[0].remoteDst, {ck(1, BufferType::Output, 0, 1)}));
    CHECK(ops[0].remoteSrc.empty());
    CHECK(ops[0].channels == std::vector<ChannelRef>{mem0});
  }
  SECTION("put of another chunk") {
    r.put(c, r.o(1, 0, 1), r.i(0, 1, 2), 0);
    chunk::Program p = r.take();
    runPass(createFusionPass(), p);
    CHECK(names(tbOps(p, 0, 0)) == "re put");
  }
  SECTION("port put") {
    int32_t pc = r.port(1, 0);
    r.put(pc, r.o(1, 0, 1), r.i(0, 0, 1), 0);
    chunk::Program p = r.take();
    runPass(createFusionPass(), p);
    CHECK(names(tbOps(p, 0, 0)) == "re put");
  }
}

TEST_CASE("Fusion: channel reduce then put is rres", "[passes][fusion]") {
  Rec r(2, 2, 2);
  int32_t c = r.mem(1, 0);
  r.b.channelReduce(c, r.i(0, 0, 1), {r.i(1, 0, 1)}, onTb(0), std::nullopt,
                    chunk::ReduceOp::Sum, L);
  r.put(c, r.o(1, 0, 1), r.i(0, 0, 1), 0);
  chunk::Program p = r.take();
  runPass(createFusionPass(), p);
  const auto &ops = tbOps(p, 0, 0);
  REQUIRE(ops.size() == 1);
  CHECK(ops[0].kind == OpKind::Rres);
  CHECK(sameCoords(ops[0].localSrc, {ck(0, BufferType::Input, 0, 1)}));
  CHECK(sameCoords(ops[0].remoteSrc, {ck(1, BufferType::Input, 0, 1)}));
  CHECK(sameCoords(ops[0].localDst, {ck(0, BufferType::Input, 0, 1)}));
  CHECK(sameCoords(ops[0].remoteDst, {ck(1, BufferType::Output, 0, 1)}));
  // The reduce's and the put's channel, concatenated.
  CHECK(ops[0].channels == std::vector<ChannelRef>{mem0, mem0});
}

TEST_CASE("Fusion: packet reduce then copy_packets is recpkt",
          "[passes][fusion]") {
  Rec r(2, 2, 2);
  BufferDesc s0 = r.b.allocScratch(0, 2);
  r.reduce(0, r.i(0, 0, 1), {r.s(s0, 0, 1)}, 0, std::nullopt, true);
  r.copy(0, r.s(s0, 1, 2), r.i(0, 0, 1), 0, OpKind::Cpkt);
  SECTION("recpkt") {
    chunk::Program p = r.take();
    runPass(createFusionPass(), p);
    const auto &ops = tbOps(p, 0, 0);
    REQUIRE(ops.size() == 1);
    CHECK(ops[0].kind == OpKind::Recpkt);
    CHECK(sameCoords(ops[0].localSrc, {ck(0, BufferType::Input, 0, 1),
                                       ck(0, BufferType::Scratch, 0, 1)}));
    CHECK(sameCoords(ops[0].localDst, {ck(0, BufferType::Input, 0, 1)}));
    CHECK(sameCoords(ops[0].pktDst, {ck(0, BufferType::Scratch, 1, 1)}));
    CHECK(ops[0].remoteDst.empty());
  }
  SECTION("then a memory put_packets of the result: recspkt") {
    BufferDesc s1 = r.b.allocScratch(1, 1);
    int32_t c = r.mem(1, 0);
    r.put(c, r.s(s1, 0, 1), r.i(0, 0, 1), 0, OpKind::Ppkt);
    chunk::Program p = r.take();
    runPass(createFusionPass(), p);
    const auto &ops = tbOps(p, 0, 0);
    REQUIRE(ops.size() == 1);
    CHECK(ops[0].kind == OpKind::Recspkt);
    CHECK(sameCoords(ops[0].pktDst, {ck(0, BufferType::Scratch, 1, 1)}));
    CHECK(sameCoords(ops[0].remoteDst, {ck(1, BufferType::Scratch, 0, 1)}));
    CHECK(ops[0].channels == std::vector<ChannelRef>{mem0});
  }
}

TEST_CASE("Fusion: switch reduce then broadcast is glres storing at the "
          "broadcast's offset (Q-GLRES fix)",
          "[passes][fusion]") {
  Rec r(2, 4, 4);
  int32_t sw = r.b.newSwitchChannel({0, 1}, BufferType::Output, L);
  r.b.switchReduce(sw, 0, 0, 1, r.o(0, 0, 1), 0, chunk::ReduceOp::Sum, L);
  SECTION("same chunk: fused") {
    r.b.switchBroadcast(sw, 0, r.o(0, 0, 1), 2, 1, 0, false, L);
    chunk::Program p = r.take();
    runPass(createFusionPass(), p);
    const auto &ops = tbOps(p, 0, 0);
    REQUIRE(ops.size() == 1);
    CHECK(ops[0].kind == OpKind::Glres);
    CHECK(ops[0].switchSrcOffsets == std::vector<int64_t>{0});
    CHECK(ops[0].switchDstOffsets == std::vector<int64_t>{2});
    CHECK(ops[0].switchSize == 1);
    CHECK(ops[0].channels == std::vector<ChannelRef>{{ChannelType::Switch, 0}});

    runPass(createReplicationPass(), p);
    plan::Plan pl = lowerToPlan(p);
    const plan::Op &op = pl.gpus[0].threadblocks[0].ops.at(0);
    CHECK(op.kind == OpKind::Glres);
    CHECK(op.src == std::vector<BufferRef>{BufferRef::switchRef(0, 0, 1)});
    CHECK(op.dst == std::vector<BufferRef>{BufferRef::switchRef(0, 2, 1)});
    CHECK(op.channelType == ChannelType::Switch);
  }
  SECTION("broadcast of another chunk: not fused") {
    r.b.switchBroadcast(sw, 0, r.o(0, 1, 2), 2, 1, 0, false, L);
    chunk::Program p = r.take();
    runPass(createFusionPass(), p);
    CHECK(names(tbOps(p, 0, 0)) == "glre gstore");
  }
}

TEST_CASE("Fusion: syncs are absorbed by barriers", "[passes][fusion]") {
  Rec r(1, 1, 1);
  r.barrier(0, {0});    // nop
  r.barrier(0, {0});    // nop   (S1: nop + nop)
  r.barrier(0, {0, 1}); // barrier (S2: nop + barrier)
  r.barrier(0, {0});    // nop   (S4: barrier + nop)
  chunk::Program p = r.take();
  REQUIRE(names(tbOps(p, 0, 0)) == "nop nop barrier nop");
  runPass(createFusionPass(), p);
  CHECK(names(tbOps(p, 0, 0)) == "barrier");
  CHECK(names(tbOps(p, 0, 1)) == "barrier");
}

TEST_CASE("Fusion: a sync clears the next data-sync op's before",
          "[passes][fusion]") {
  Rec r(2, 1, 1);
  int32_t c = r.mem(1, 0);
  r.barrier(0, {0});
  r.signal(c, 0, chunk::SyncBefore);
  chunk::Program p = r.take();
  runPass(createFusionPass(), p);
  REQUIRE(names(tbOps(p, 0, 0)) == "nop signal");
  CHECK(tbOps(p, 0, 0)[1].dataSync == chunk::SyncNone);
  runPass(createSyncInsertionPass(), p);
  CHECK(names(tbOps(p, 0, 0)) == "nop signal");
}

TEST_CASE("Fusion: flags are cleared next to a barrier (Appendix D.3)",
          "[passes][fusion]") {
  // allgather_tbg.py, rank 0 -> rank 1.
  Rec r(2, 1, 2);
  int32_t ch = r.mem(1, 0);
  std::vector<int64_t> tbs{0, 1, 2, 3};
  r.signal(ch, 0, chunk::SyncBoth, true);
  r.wait(ch, 0, chunk::SyncAfter, true);
  r.barrier(0, tbs);
  r.b.transfer(ch, OpKind::Put, r.o(1, 0, 1), r.o(0, 0, 1), onGroup(tbs), L);
  r.barrier(0, tbs);
  r.signal(ch, 0, chunk::SyncBefore);
  r.wait(ch, 0, chunk::SyncAfter);
  chunk::Program p = r.take();

  runPass(createFusionPass(), p);
  {
    const auto &ops = tbOps(p, 0, 0);
    REQUIRE(names(ops) == "rlxsignal rlxwait barrier put barrier signal wait");
    CHECK(ops[0].dataSync == chunk::SyncBoth);
    CHECK(ops[1].dataSync == chunk::SyncNone); // lost after: next is barrier
    CHECK(ops[5].dataSync == chunk::SyncNone); // lost before: after barrier
    CHECK(ops[6].dataSync == chunk::SyncAfter);
  }
  runPass(createSyncInsertionPass(), p);
  CHECK(names(tbOps(p, 0, 0)) ==
        "nop rlxsignal nop rlxwait barrier put barrier signal wait nop");
  for (size_t tb = 1; tb < 4; ++tb)
    CHECK(names(tbOps(p, 0, tb)) == "barrier put barrier");
  CHECK(tbOps(p, 0, 0)[5].tbg == chunk::TbgInfo{0, 4});
  CHECK(tbOps(p, 0, 3)[1].tbg == chunk::TbgInfo{3, 4});
}

TEST_CASE("Fusion: a sync before a pipeline is absorbed and the pipeline "
          "body is fused (Q-PIPEFUSE fix)",
          "[passes][fusion]") {
  Rec r(3, 1, 1);
  int32_t c1 = r.mem(1, 0);
  int32_t c2 = r.mem(2, 0);
  r.barrier(0, {0});
  r.b.beginLoop(1024, 2, L);
  r.signal(c1, 0, chunk::SyncBefore);
  r.signal(c2, 0, chunk::SyncBefore);
  r.b.endLoop();
  chunk::Program p = r.take();
  runPass(createFusionPass(), p);
  const auto &ops = tbOps(p, 0, 0);
  REQUIRE(names(ops) == "pipeline");
  REQUIRE(names(ops[0].body) == "signal");
  CHECK(ops[0].body[0].channels == std::vector<ChannelRef>{mem0, mem1});
}

TEST_CASE("Fusion: a pipeline ending in a sync absorbs the next sync "
          "(Q-PIPESYNC fix)",
          "[passes][fusion]") {
  Rec r(1, 2, 2);
  r.b.beginLoop(1024, 2, L);
  r.copy(0, r.o(0, 0, 1), r.i(0, 0, 1), 0);
  r.barrier(0, {0});
  r.b.endLoop();
  r.barrier(0, {0});
  chunk::Program p = r.take();
  REQUIRE(names(tbOps(p, 0, 0)) == "pipeline nop");
  runPass(createFusionPass(), p);
  const auto &ops = tbOps(p, 0, 0);
  REQUIRE(names(ops) == "pipeline");
  CHECK(names(ops[0].body) == "copy nop");
}

// =========================================================== SyncInsertion

TEST_CASE("SyncInsertion: nops around data-sync ops by their flags",
          "[passes][sync-insertion]") {
  Rec r(2, 1, 1);
  int32_t c = r.mem(1, 0);
  int32_t pc = r.port(1, 0);
  int32_t sem = r.b.newSemaphore(0, 0, L);
  r.signal(c, 0, chunk::SyncBefore);
  r.wait(c, 0, chunk::SyncAfter);
  r.b.flush(pc, 0, chunk::SyncNone, L);
  r.b.semaphoreOp(sem, 0, chunk::SyncBoth, true, L);
  r.b.beginLoop(1024, 2, L);
  r.wait(c, 0, chunk::SyncBoth);
  r.b.endLoop();
  chunk::Program p = r.take();
  runPass(createSyncInsertionPass(), p);
  const auto &ops = tbOps(p, 0, 0);
  CHECK(names(ops) == "nop signal wait nop flush nop sem_acquire nop pipeline");
  REQUIRE(ops.back().kind == OpKind::Pipeline);
  CHECK(names(ops.back().body) == "nop wait nop");
}

TEST_CASE("SyncInsertion: no deduplication of adjacent nops (Q-DOUBLENOP "
          "compat)",
          "[passes][sync-insertion]") {
  Rec r(2, 1, 1);
  int32_t c = r.mem(1, 0);
  r.wait(c, 0);
  r.wait(c, 0);
  chunk::Program p = r.take();
  runPass(createSyncInsertionPass(), p);
  CHECK(names(tbOps(p, 0, 0)) == "nop wait nop nop wait nop");
}

// ========================================================== DependencySync

TEST_CASE("DependencySync: read after get gets a nop (Appendix D.1)",
          "[passes][dependency-sync]") {
  Rec r(2, 2, 2);
  BufferDesc s0 = r.b.allocScratch(0, 2);
  int32_t c = r.mem(1, 0);
  // rres: i[0] reduced with the peer's i[0], sent to the peer.
  r.b.channelReduce(c, r.i(0, 0, 1), {r.i(1, 0, 1)}, onTb(0), std::nullopt,
                    chunk::ReduceOp::Sum, L);
  r.put(c, r.o(1, 0, 1), r.i(0, 0, 1), 0);
  // get into s[1], then res reading i[1] and s[1].
  r.get(c, r.s(s0, 1, 2), r.i(1, 1, 2), 0);
  r.reduce(0, r.i(0, 1, 2), {r.s(s0, 1, 2)}, 0);
  r.put(c, r.o(1, 1, 2), r.i(0, 1, 2), 0);
  chunk::Program p = r.take();
  runPass(createFusionPass(), p);
  runPass(createSyncInsertionPass(), p);
  REQUIRE(names(tbOps(p, 0, 0)) == "rres get res");
  runPass(createDependencySyncPass(), p);
  CHECK(names(tbOps(p, 0, 0)) == "rres get nop res");
}

TEST_CASE("DependencySync: the WAR lost by the reference gets a nop "
          "(Q-LOSTDEP fix)",
          "[passes][dependency-sync]") {
  Rec r(1, 4, 6);
  r.copy(0, r.o(0, 0, 1), r.i(0, 0, 1), 0);
  r.copy(0, r.o(0, 0, 1), r.i(0, 3, 4), 0); // WAW on o[0]: nop
  r.copy(0, r.i(0, 3, 4), r.o(0, 5, 6), 0); // WAR on i[3]: nop (fix)
  chunk::Program p = r.take();
  runPass(createDependencySyncPass(), p);
  CHECK(names(tbOps(p, 0, 0)) == "copy nop copy nop copy");
}

TEST_CASE("DependencySync: an op whose source and destination overlap "
          "keeps its write visible after a conflict",
          "[passes][dependency-sync]") {
  // After a conflict the op's accesses are re-recorded in order, so X's
  // write of o[1] (recorded after its read of o[0:2]) stays visible and Y's
  // read of o[1] is separated from it.
  Rec r(1, 2, 4);
  r.copy(0, r.i(0, 0, 1), r.o(0, 2, 3), 0); // P reads o[2]
  r.copy(0, r.o(0, 1, 3), r.o(0, 0, 2), 0); // X reads o[0:2], writes o[1:3]
  r.copy(0, r.i(0, 1, 2), r.o(0, 1, 2), 0); // Y reads o[1]: RAW on X
  chunk::Program p = r.take();
  runPass(createDependencySyncPass(), p);
  CHECK(names(tbOps(p, 0, 0)) == "copy nop copy nop copy");
}

TEST_CASE("DependencySync: a packet reduce's regular source is tracked "
          "(Q-PKTREAD fix)",
          "[passes][dependency-sync]") {
  Rec r(1, 2, 2);
  BufferDesc s0 = r.b.allocScratch(0, 1);
  r.copy(0, r.i(0, 0, 1), r.o(0, 0, 1), 0); // writes i[0]
  r.reduce(0, r.i(0, 0, 1), {r.s(s0, 0, 1)}, 0, r.o(0, 1, 2), true);
  chunk::Program p = r.take();
  runPass(createDependencySyncPass(), p);
  CHECK(names(tbOps(p, 0, 0)) == "copy nop repkt");
}

TEST_CASE("DependencySync: no nop between independent accesses",
          "[passes][dependency-sync]") {
  Rec r(1, 4, 4);
  SECTION("disjoint copies and read-read overlap") {
    r.copy(0, r.o(0, 0, 1), r.i(0, 0, 1), 0);
    r.copy(0, r.o(0, 1, 2), r.i(0, 1, 2), 0);
    r.copy(0, r.o(0, 2, 4), r.i(0, 0, 2), 0); // reads i[0:2] again
    chunk::Program p = r.take();
    runPass(createDependencySyncPass(), p);
    CHECK(names(tbOps(p, 0, 0)) == "copy copy copy");
  }
  SECTION("a sync in between clears the tracker") {
    r.copy(0, r.o(0, 0, 1), r.i(0, 0, 1), 0);
    r.barrier(0, {0});
    r.copy(0, r.i(0, 1, 2), r.o(0, 0, 1), 0);
    chunk::Program p = r.take();
    runPass(createDependencySyncPass(), p);
    CHECK(names(tbOps(p, 0, 0)) == "copy nop copy");
  }
  SECTION("different thread blocks are not compared") {
    r.copy(0, r.o(0, 0, 1), r.i(0, 0, 1), 0);
    r.copy(0, r.i(0, 0, 1), r.o(0, 0, 1), 1);
    chunk::Program p = r.take();
    runPass(createDependencySyncPass(), p);
    CHECK(names(tbOps(p, 0, 0)) == "copy");
    CHECK(names(tbOps(p, 0, 1)) == "copy");
  }
}

// ============================================================= Replication

TEST_CASE("Replication: alltoall with two instances (Appendix D.4)",
          "[passes][replication]") {
  chunk::Program p = buildAlltoall(8, 2);
  const std::vector<chunk::RemoteBufferDecl> remoteBefore =
      p.ranks[0].remoteBuffers;
  REQUIRE(remoteBefore.size() == 7);
  runAllPasses(p);
  REQUIRE(p.replicated);

  const chunk::Rank &r0 = p.ranks[0];
  CHECK(r0.inputChunks == 16);
  CHECK(r0.outputChunks == 16);
  CHECK(r0.scratchChunks == 14);
  REQUIRE(r0.channelGroups.size() == 1);
  CHECK(r0.channelGroups[0].connectedTo ==
        std::vector<int32_t>{1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7});
  CHECK(r0.channelGroups[0].createdAt.size() == 14);
  REQUIRE(r0.tbs.size() == 14);

  // Remote buffers: unchanged.
  REQUIRE(r0.remoteBuffers.size() == remoteBefore.size());
  for (size_t k = 0; k < remoteBefore.size(); ++k) {
    CHECK(r0.remoteBuffers[k].rank == remoteBefore[k].rank);
    CHECK(r0.remoteBuffers[k].type == remoteBefore[k].type);
    CHECK(r0.remoteBuffers[k].accessKinds == remoteBefore[k].accessKinds);
  }

  // tb k (k = 0, 1) is instance k of the original tb 0 (peer 1).
  for (int k = 0; k < 2; ++k) {
    INFO("instance " << k);
    const auto &ops = r0.tbs[size_t(k)].ops;
    REQUIRE(names(ops) ==
            "nop rlxsignal nop rlxwait nop put nop signal wait nop copy");
    const ChannelRef ch{ChannelType::Memory, k};
    for (size_t j : {1u, 3u, 5u, 7u, 8u})
      CHECK(ops[j].channels == std::vector<ChannelRef>{ch});
    const chunk::Op &put = ops[5];
    CHECK(sameCoords(put.localSrc, {ck(0, BufferType::Input, 2 + k, 1)}));
    CHECK(sameCoords(put.remoteDst, {ck(1, BufferType::Scratch, k, 1)}));
    const chunk::Op &copy = ops[10];
    CHECK(sameCoords(copy.localSrc, {ck(0, BufferType::Scratch, k, 1)}));
    CHECK(sameCoords(copy.localDst, {ck(0, BufferType::Input, 2 + k, 1)}));
  }
  // tb 2 is instance 0 of the original tb 1 (peer 2, channel 1 -> 2).
  CHECK(r0.tbs[2].ops[5].channels ==
        std::vector<ChannelRef>{{ChannelType::Memory, 2}});
  CHECK(
      sameCoords(r0.tbs[2].ops[5].localSrc, {ck(0, BufferType::Input, 4, 1)}));

  // Lowered: tb-local ids and buffer_ids are those of the unreplicated tb.
  plan::Plan pl = lowerToPlan(p);
  const plan::Gpu &g0 = pl.gpus[0];
  CHECK(g0.inputChunks == 16);
  CHECK(g0.scratchChunks == 14);
  REQUIRE(g0.remoteBuffers.size() == 7);
  CHECK(g0.remoteBuffers[0] ==
        plan::RemoteBufferDecl{1, BufferType::Scratch, {ChannelType::Memory}});
  for (int k = 0; k < 2; ++k) {
    INFO("instance " << k);
    const plan::ThreadBlock &tb = g0.threadblocks[size_t(k)];
    CHECK(tb.id == k);
    CHECK(tb.channels ==
          std::vector<plan::ChannelRefs>{{ChannelType::Memory, {k}}});
    CHECK(tb.remoteBufferRefs ==
          std::vector<plan::RemoteBufferRefs>{{ChannelType::Memory, {0}}});
    REQUIRE(tb.ops.size() == 11);
    CHECK(tb.ops[1].channelIds == std::vector<int32_t>{0});
    CHECK(tb.ops[5].src == std::vector<BufferRef>{
                               BufferRef::local(BufferType::Input, 2 + k, 1)});
    CHECK(tb.ops[5].dst == std::vector<BufferRef>{BufferRef::remote(0, k, 1)});
    CHECK(tb.ops[10].src ==
          std::vector<BufferRef>{BufferRef::local(BufferType::Scratch, k, 1)});
    CHECK(tb.ops[10].dst == std::vector<BufferRef>{
                                BufferRef::local(BufferType::Input, 2 + k, 1)});
  }
}

TEST_CASE("Replication: id and index formulas", "[passes][replication]") {
  const int n = 3;
  auto policy =
      GENERATE(ReplicationPolicy::Interleaved, ReplicationPolicy::None);
  const bool interleaved = policy == ReplicationPolicy::Interleaved;
  INFO((interleaved ? "interleaved" : "none"));

  Rec r(2, 4, 4, n, policy);
  r.mem(1, 0);                              // global memory id 0
  int32_t c1 = r.mem(1, 0);                 // global memory id 1
  r.b.newSemaphore(0, 5, L);                // semaphore 0
  int32_t sem1 = r.b.newSemaphore(0, 7, L); // semaphore 1
  r.barrier(0, {0, 1});                     // barrier id 0
  r.barrier(0, {1, 0});                     // barrier id 1
  r.put(c1, r.o(1, 2, 4), r.i(0, 2, 4), 1);
  r.b.semaphoreOp(sem1, 1, chunk::SyncNone, true, L);
  chunk::Program p = r.take();
  runPass(createReplicationPass(), p);

  const chunk::Rank &r0 = p.ranks[0];
  CHECK(r0.inputChunks == 12);
  CHECK(r0.outputChunks == 12);
  CHECK(p.ranks[1].inputChunks == 12);
  CHECK(r0.channelGroups[0].connectedTo ==
        std::vector<int32_t>{1, 1, 1, 1, 1, 1});
  CHECK(r0.semaphores == std::vector<int64_t>{5, 5, 5, 7, 7, 7});
  REQUIRE(r0.remoteBuffers.size() == 1);
  REQUIRE(r0.tbs.size() == 6);

  for (int32_t k = 0; k < n; ++k) {
    INFO("instance " << k);
    // Original tb 0 -> tb 0*n + k.
    const auto &t0 = r0.tbs[size_t(k)].ops;
    REQUIRE(names(t0) == "barrier barrier");
    CHECK(t0[0].barrierId == 0 * n + k);
    CHECK(t0[1].barrierId == 1 * n + k);
    // Original tb 1 -> tb 1*n + k.
    const auto &t1 = r0.tbs[size_t(n + k)].ops;
    REQUIRE(names(t1) == "barrier barrier put sem_acquire");
    CHECK(t1[0].barrierId == 0 * n + k);
    CHECK(t1[1].barrierId == 1 * n + k);
    const chunk::Op &put = t1[2];
    CHECK(put.channels ==
          std::vector<ChannelRef>{{ChannelType::Memory, 1 * n + k}});
    // interleaved: index*n + k*size with size 2; none: unchanged.
    const int64_t index = interleaved ? 2 * n + k * 2 : 2;
    CHECK(sameCoords(put.localSrc, {ck(0, BufferType::Input, index, 2)}));
    CHECK(sameCoords(put.remoteDst, {ck(1, BufferType::Output, index, 2)}));
    CHECK(t1[3].semaphoreIds == std::vector<int32_t>{1 * n + k});
  }
}

TEST_CASE("Replication: the recpkt packet destination is shifted (Q-PKTDST "
          "fix)",
          "[passes][replication]") {
  Rec r(1, 2, 2, 2);
  BufferDesc s0 = r.b.allocScratch(0, 2);
  r.reduce(0, r.i(0, 0, 1), {r.s(s0, 0, 1)}, 0, std::nullopt, true);
  r.copy(0, r.s(s0, 1, 2), r.i(0, 0, 1), 0, OpKind::Cpkt);
  chunk::Program p = r.take();
  runPass(createFusionPass(), p);
  runPass(createReplicationPass(), p);
  REQUIRE(p.ranks[0].tbs.size() == 2);
  CHECK(p.ranks[0].scratchChunks == 4);
  for (int k = 0; k < 2; ++k) {
    INFO("instance " << k);
    const auto &ops = tbOps(p, 0, size_t(k));
    REQUIRE(names(ops) == "recpkt");
    CHECK(sameCoords(ops[0].localSrc, {ck(0, BufferType::Input, k, 1),
                                       ck(0, BufferType::Scratch, k, 1)}));
    CHECK(sameCoords(ops[0].pktDst, {ck(0, BufferType::Scratch, 2 + k, 1)}));
  }
}

TEST_CASE("Replication: switch channels and offsets (Appendix D.5 shape)",
          "[passes][replication]") {
  Rec r(2, 4, 4, 2);
  int32_t sw = r.b.newSwitchChannel({0, 1}, BufferType::Output, L);
  r.b.switchReduce(sw, 0, 3, 1, r.o(0, 3, 4), 0, chunk::ReduceOp::Sum, L);
  r.b.switchBroadcast(sw, 0, r.o(0, 3, 4), 3, 1, 0, false, L);
  chunk::Program p = r.take();
  runPass(createFusionPass(), p);
  runPass(createReplicationPass(), p);
  CHECK(p.ranks[0].switchChannels.size() == 2);
  CHECK(p.ranks[1].switchChannels.size() == 2);
  for (int k = 0; k < 2; ++k) {
    INFO("instance " << k);
    const auto &ops = tbOps(p, 0, size_t(k));
    REQUIRE(names(ops) == "glres");
    CHECK(ops[0].channels == std::vector<ChannelRef>{{ChannelType::Switch, k}});
    CHECK(ops[0].switchSrcOffsets == std::vector<int64_t>{3 * 2 + k});
    CHECK(ops[0].switchDstOffsets == std::vector<int64_t>{3 * 2 + k});
  }
}

// ======================================================= SignalWaitPairing

TEST_CASE("SignalWaitPairing: balanced programs pass", "[passes][pairing]") {
  SECTION("signal_wait_fuse") {
    const int gpus = 2;
    Rec r(gpus, 0, 0);
    for (int src = 0; src < gpus; ++src)
      for (int dst = 0; dst < gpus; ++dst) {
        if (src == dst)
          continue;
        r.signal(r.mem(dst, src), 0);
        r.signal(r.mem(dst, src), 0);
        r.wait(r.mem(dst, src), 0);
        r.wait(r.mem(dst, src), 0);
      }
    chunk::Program p = r.take();
    size_t before = countOps(p);
    runPass(createSignalWaitPairingPass(), p);
    CHECK(countOps(p) == before);
  }
  SECTION("relaxed and strict are pooled; put_with_signal counts; flush "
          "does not") {
    Rec r(2, 1, 1);
    int32_t c01 = r.mem(1, 0), c10 = r.mem(0, 1);
    int32_t p01 = r.port(1, 0), p10 = r.port(0, 1);
    r.signal(c01, 0, chunk::SyncBoth, true);
    r.signal(c01, 0);
    r.wait(c10, 0);
    r.wait(c10, 0, chunk::SyncBoth, true);
    r.put(p01, r.o(1, 0, 1), r.i(0, 0, 1), 1, OpKind::Pws);
    r.b.flush(p01, 1, chunk::SyncBoth, L);
    r.wait(p10, 1);
    chunk::Program p = r.take();
    runPass(createSignalWaitPairingPass(), p);
  }
}

TEST_CASE("SignalWaitPairing: 3 signals vs 2 waits is an error with both "
          "counts",
          "[passes][pairing]") {
  Rec r(2, 1, 1);
  int32_t c01 = r.mem(1, 0);
  int32_t c10 = r.mem(0, 1);
  r.signal(c01, 0);
  r.signal(c01, 0);
  r.signal(c01, 0);
  r.wait(c10, 0);
  r.wait(c10, 0);
  chunk::Program p = r.take();

  CollectingDiagnosticSink diags;
  CHECK_FALSE(createSignalWaitPairingPass()->run(p, diags));
  CHECK(diags.errorCount() == 1);
  REQUIRE(diags.entries.size() == 1);
  const auto &e = diags.entries[0];
  CHECK(e.severity == Severity::Error);
  CHECK_THAT(e.message, Catch::Contains("memory"));
  CHECK_THAT(e.message, Catch::Contains("rank 0 issues 3 signal(s) to rank 1"));
  CHECK_THAT(e.message,
             Catch::Contains("rank 1 performs 2 wait(s) for rank 0"));
  // A note at every signal and wait.
  CHECK(e.notes.size() == 5);
}

TEST_CASE("SignalWaitPairing: channel kinds are not pooled",
          "[passes][pairing]") {
  Rec r(2, 1, 1);
  int32_t c01 = r.mem(1, 0);
  int32_t p10 = r.port(0, 1);
  r.signal(c01, 0);
  r.wait(p10, 0);
  chunk::Program p = r.take();
  CollectingDiagnosticSink diags;
  CHECK_FALSE(createSignalWaitPairingPass()->run(p, diags));
  // One error per (issuer, peer, kind), memory before port.
  REQUIRE(diags.entries.size() == 2);
  CHECK(diags.errorCount() == 2);
  const std::string &memory = diags.entries[0].message;
  const std::string &port = diags.entries[1].message;
  CHECK_THAT(memory, Catch::Contains("on memory channels"));
  CHECK_THAT(memory, Catch::Contains("rank 0 issues 1 signal(s) to rank 1, "
                                     "but rank 1 performs 0 wait(s)"));
  // The port wait is performed by rank 1 for rank 0: nobody signals it.
  CHECK_THAT(port, Catch::Contains("on port channels"));
  CHECK_THAT(port, Catch::Contains("rank 0 issues 0 signal(s) to rank 1, "
                                   "but rank 1 performs 1 wait(s)"));
}

// ================================================================ Lowering

TEST_CASE("Lowering: tb-local channel indices in first-use order",
          "[passes][lowering]") {
  Rec r(4, 2, 2);
  int32_t m1 = r.mem(1, 0); // global 0
  int32_t m2 = r.mem(2, 0); // global 1
  int32_t m3 = r.mem(3, 0); // global 2
  int32_t pc = r.port(1, 0);
  r.signal(m3, 0);
  r.signal(m1, 0);
  r.wait(m3, 0);
  r.put(m2, r.o(2, 0, 1), r.i(0, 0, 1), 0);
  r.signal(pc, 0);
  r.put(m3, r.o(3, 0, 1), r.i(0, 0, 1), 1);
  r.put(m2, r.o(2, 1, 2), r.i(0, 1, 2), 1);
  chunk::Program p = r.take();
  runPass(createReplicationPass(), p);
  plan::Plan pl = lowerToPlan(p);

  const plan::Gpu &g0 = pl.gpus.at(0);
  CHECK(g0.channels.size() == 2); // memory, port declarations
  CHECK(g0.remoteBuffers ==
        std::vector<plan::RemoteBufferDecl>{
            {2, BufferType::Output, {ChannelType::Memory}},
            {3, BufferType::Output, {ChannelType::Memory}}});
  REQUIRE(g0.threadblocks.size() == 2);

  const plan::ThreadBlock &tb0 = g0.threadblocks[0];
  CHECK(tb0.channels ==
        std::vector<plan::ChannelRefs>{{ChannelType::Memory, {2, 0, 1}},
                                       {ChannelType::Port, {0}}});
  REQUIRE(names(tb0.ops) == "signal signal wait put signal");
  CHECK(tb0.ops[0].channelIds == std::vector<int32_t>{0});
  CHECK(tb0.ops[1].channelIds == std::vector<int32_t>{1});
  CHECK(tb0.ops[2].channelIds == std::vector<int32_t>{0});
  CHECK(tb0.ops[4].channelIds == std::vector<int32_t>{0});
  CHECK(tb0.ops[4].channelType == ChannelType::Port);
  CHECK(tb0.remoteBufferRefs ==
        std::vector<plan::RemoteBufferRefs>{{ChannelType::Memory, {0}}});

  // tb 1 meets r3.o (GPU id 1) before r2.o (GPU id 0).
  const plan::ThreadBlock &tb1 = g0.threadblocks[1];
  CHECK(tb1.channels ==
        std::vector<plan::ChannelRefs>{{ChannelType::Memory, {2, 1}}});
  CHECK(tb1.remoteBufferRefs ==
        std::vector<plan::RemoteBufferRefs>{{ChannelType::Memory, {1, 0}}});
  REQUIRE(tb1.ops.size() == 2);
  CHECK(tb1.ops[0].dst == std::vector<BufferRef>{BufferRef::remote(0, 0, 1)});
  CHECK(tb1.ops[1].dst == std::vector<BufferRef>{BufferRef::remote(1, 1, 1)});
}

TEST_CASE("Lowering: put emits channel_ids only for port channels",
          "[passes][lowering]") {
  Rec r(2, 2, 2);
  int32_t m = r.mem(1, 0);
  int32_t pc = r.port(1, 0);
  r.put(m, r.o(1, 0, 1), r.i(0, 0, 1), 0);
  r.put(pc, r.o(1, 1, 2), r.i(0, 1, 2), 0);
  chunk::Program p = r.take();
  runPass(createReplicationPass(), p);
  plan::Plan pl = lowerToPlan(p);
  const plan::ThreadBlock &tb = pl.gpus[0].threadblocks.at(0);
  REQUIRE(names(tb.ops) == "put put");

  const plan::Op &memPut = tb.ops[0];
  CHECK(memPut.channelIds.empty());
  CHECK(memPut.channelType == ChannelType::Memory);
  CHECK(memPut.src ==
        std::vector<BufferRef>{BufferRef::local(BufferType::Input, 0, 1)});
  CHECK(memPut.dst == std::vector<BufferRef>{BufferRef::remote(0, 0, 1)});

  const plan::Op &portPut = tb.ops[1];
  CHECK(portPut.channelIds == std::vector<int32_t>{0});
  CHECK(portPut.channelType == ChannelType::Port);
  CHECK(portPut.dst == std::vector<BufferRef>{BufferRef::remote(0, 1, 1)});

  // One GPU-level remote buffer reached through both kinds; one tb-local
  // list per access kind.
  CHECK(pl.gpus[0].remoteBuffers ==
        std::vector<plan::RemoteBufferDecl>{
            {1, BufferType::Output, {ChannelType::Memory, ChannelType::Port}}});
  CHECK(tb.remoteBufferRefs ==
        std::vector<plan::RemoteBufferRefs>{{ChannelType::Memory, {0}},
                                            {ChannelType::Port, {0}}});
  CHECK(tb.channels ==
        std::vector<plan::ChannelRefs>{{ChannelType::Memory, {0}},
                                       {ChannelType::Port, {0}}});
}

TEST_CASE("Lowering: the reduce family has no channel_ids",
          "[passes][lowering]") {
  Rec r(2, 2, 2);
  BufferDesc s0 = r.b.allocScratch(0, 1);
  int32_t m = r.mem(1, 0);
  // tb 0: rre, then a local re.
  r.b.channelReduce(m, r.i(0, 0, 1), {r.i(1, 0, 1)}, onTb(0), std::nullopt,
                    chunk::ReduceOp::Sum, L);
  r.reduce(0, r.i(0, 1, 2), {r.s(s0, 0, 1)}, 0);
  // tb 1: rre + put, fused into rres.
  r.b.channelReduce(m, r.i(0, 0, 1), {r.i(1, 0, 1)}, onTb(1), std::nullopt,
                    chunk::ReduceOp::Sum, L);
  r.put(m, r.o(1, 0, 1), r.i(0, 0, 1), 1);
  chunk::Program p = r.take();
  runPass(createFusionPass(), p);
  runPass(createReplicationPass(), p);
  plan::Plan pl = lowerToPlan(p);

  const plan::ThreadBlock &tb0 = pl.gpus[0].threadblocks.at(0);
  REQUIRE(names(tb0.ops) == "rre re");
  const plan::Op &rre = tb0.ops[0];
  CHECK(rre.channelIds.empty());
  CHECK(rre.channelType == ChannelType::Memory);
  CHECK(rre.reduceOp == chunk::ReduceOp::Sum);
  CHECK(rre.src ==
        std::vector<BufferRef>{BufferRef::local(BufferType::Input, 0, 1),
                               BufferRef::remote(0, 0, 1)});
  CHECK(rre.dst ==
        std::vector<BufferRef>{BufferRef::local(BufferType::Input, 0, 1)});
  // The channel is still registered in the thread block.
  CHECK(tb0.channels ==
        std::vector<plan::ChannelRefs>{{ChannelType::Memory, {0}}});

  const plan::Op &re = tb0.ops[1];
  CHECK(re.channelIds.empty());
  CHECK(re.channelType == ChannelType::None);
  CHECK(re.reduceOp == chunk::ReduceOp::Sum);
  CHECK(re.src ==
        std::vector<BufferRef>{BufferRef::local(BufferType::Input, 1, 1),
                               BufferRef::local(BufferType::Scratch, 0, 1)});

  const plan::ThreadBlock &tb1 = pl.gpus[0].threadblocks.at(1);
  REQUIRE(names(tb1.ops) == "rres");
  const plan::Op &rres = tb1.ops[0];
  CHECK(rres.channelIds.empty());
  CHECK(rres.channelType == ChannelType::Memory);
  // r1.i is GPU remote buffer 0, r1.o is 1; tb-local in first-use order.
  CHECK(tb1.remoteBufferRefs ==
        std::vector<plan::RemoteBufferRefs>{{ChannelType::Memory, {0, 1}}});
  CHECK(rres.src ==
        std::vector<BufferRef>{BufferRef::local(BufferType::Input, 0, 1),
                               BufferRef::remote(0, 0, 1)});
  CHECK(rres.dst ==
        std::vector<BufferRef>{BufferRef::local(BufferType::Input, 0, 1),
                               BufferRef::remote(1, 0, 1)});
}

// ============================================================ TargetChecks

namespace {

plan::Plan planWithOps(std::vector<plan::Op> ops) {
  plan::Plan pl;
  pl.collective = "test";
  plan::Gpu g;
  g.id = 0;
  plan::ThreadBlock tb;
  tb.id = 0;
  tb.ops = std::move(ops);
  g.threadblocks.push_back(std::move(tb));
  pl.gpus.push_back(std::move(g));
  return pl;
}

plan::Op signalWith(int nChannels) {
  plan::Op op;
  op.kind = OpKind::Signal;
  for (int k = 0; k < nChannels; ++k)
    op.channelIds.push_back(k);
  op.channelType = ChannelType::Memory;
  return op;
}

} // namespace

TEST_CASE("TargetChecks: the default target is MSCCL++ 0.9",
          "[passes][target]") {
  REQUIRE_FALSE(knownTargets().empty());
  const TargetLimits &t = knownTargets().front();
  CHECK(t.name == "mscclpp-0.9");
  CHECK(t.maxOpsPerThreadBlock == 64);
  CHECK(t.maxChannelIdsPerOp == 8);
  CHECK(findTarget("mscclpp-0.9") == &t);
  CHECK(findTarget("no-such-target") == nullptr);
}

TEST_CASE("TargetChecks: at most 64 ops per thread block", "[passes][target]") {
  const TargetLimits &t = knownTargets().front();
  SECTION("64 ops pass") {
    CollectingDiagnosticSink diags;
    CHECK(checkTargetLimits(planWithOps(std::vector<plan::Op>(64)), t, diags));
    CHECK(diags.entries.empty());
  }
  SECTION("65 ops fail") {
    CollectingDiagnosticSink diags;
    CHECK_FALSE(
        checkTargetLimits(planWithOps(std::vector<plan::Op>(65)), t, diags));
    CHECK(diags.errorCount() == 1);
    REQUIRE(diags.entries.size() == 1);
    CHECK(diags.entries[0].severity == Severity::Error);
    CHECK_THAT(diags.entries[0].message, Catch::Contains("has 65 ops"));
  }
  SECTION("pipeline bodies count") {
    plan::Op pipe;
    pipe.kind = OpKind::Pipeline;
    pipe.ops.resize(63);
    CollectingDiagnosticSink ok;
    CHECK(checkTargetLimits(planWithOps({pipe}), t, ok)); // 1 + 63
    pipe.ops.resize(64);
    CollectingDiagnosticSink bad;
    CHECK_FALSE(checkTargetLimits(planWithOps({pipe}), t, bad)); // 1 + 64
    CHECK(bad.errorCount() == 1);
  }
  SECTION("as warnings") {
    CollectingDiagnosticSink diags;
    diags.demoteGroup("executor-limits");
    CHECK(checkTargetLimits(planWithOps(std::vector<plan::Op>(65)), t, diags));
    CHECK(diags.errorCount() == 0);
    REQUIRE(diags.entries.size() == 1);
    CHECK(diags.entries[0].severity == Severity::Warning);
  }
}

TEST_CASE("TargetChecks: at most 8 channel ids per op", "[passes][target]") {
  const TargetLimits &t = knownTargets().front();
  SECTION("8 pass") {
    CollectingDiagnosticSink diags;
    CHECK(checkTargetLimits(planWithOps({signalWith(8)}), t, diags));
    CHECK(diags.entries.empty());
  }
  SECTION("9 fail") {
    CollectingDiagnosticSink diags;
    CHECK_FALSE(checkTargetLimits(planWithOps({signalWith(9)}), t, diags));
    CHECK(diags.errorCount() == 1);
    REQUIRE(diags.entries.size() == 1);
    CHECK_THAT(diags.entries[0].message, Catch::Contains("uses 9 channels"));
  }
  SECTION("inside a pipeline") {
    plan::Op pipe;
    pipe.kind = OpKind::Pipeline;
    pipe.ops.push_back(signalWith(9));
    CollectingDiagnosticSink diags;
    CHECK_FALSE(checkTargetLimits(planWithOps({pipe}), t, diags));
    CHECK(diags.errorCount() == 1);
  }
}
