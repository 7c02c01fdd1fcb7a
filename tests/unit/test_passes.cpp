//===- test_passes.cpp - the chunk IR passes, lowering and target checks -===//
//
// One group of cases per pass, each on a small program recorded with
// ProgramBuilder exactly as the evaluator would record the DSL calls. The
// expected results come from dsl-semantics.md §3 (and the worked traces of
// Appendix D); where the pass deliberately fixes a reference quirk (§6) the
// case says which one.
//
//===----------------------------------------------------------------------===//

#include "TestHelpers.h"
#include "mscclc/frontend/ProgramBuilder.h"

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

bool sameCoords(const chunk::ChunkList &a, const chunk::ChunkList &b) {
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

// Runs one pass, which must succeed silently and leave valid chunk IR.
void runPass(std::unique_ptr<Pass> pass, chunk::Program &p) {
  CollectingDiagnosticSink diags;
  bool ok = pass->run(p, diags);
  INFO("pass " << pass->name());
  REQUIRE(ok);
  REQUIRE(diags.entries.empty());
  CollectingDiagnosticSink problems;
  bool valid = chunk::verify(p, problems);
  INFO((problems.entries.empty() ? std::string()
                                 : problems.entries.front().message));
  REQUIRE(valid);
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

// =========================================================== SyncInsertion

// ========================================================== DependencySync

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

// ======================================================= SignalWaitPairing

// ================================================================ Lowering

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
