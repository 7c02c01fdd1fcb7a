//===- test_plan_contract.cpp - op table, verifier and PlanQuery APIs ----===//
//
// Plan IR is the contract the simulator, the CUDA backend, diff and viz
// consume: the op table says what each kind is, plan::verify what every
// plan satisfies, PlanQuery what its ids mean. Each malformed-plan message
// is tested in tests/errors/plan_*.test; these cases pin the APIs.
//
//===----------------------------------------------------------------------===//
#include "mscclc/cuda/CudaWriter.h"
#include "mscclc/ir/Diagnostics.h"
#include "mscclc/ir/PlanQuery.h"
#include "mscclc/ir/PlanVerifier.h"
#include "mscclc/json/JsonReader.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <tuple>

using namespace mscclc;
using namespace mscclc::plan;
namespace fs = std::filesystem;

#ifndef MSCCLC_CONFORMANCE_DIR
#define MSCCLC_CONFORMANCE_DIR ""
#endif

namespace {

Plan parsePlan(const std::string &text) {
  CollectingDiagnosticSink diags;
  auto plan = json::readPlanJson(text, diags);
  for (const auto &d : diags.entries)
    INFO(d.planPath << ": " << d.message);
  REQUIRE(plan);
  return *plan;
}

// Two ranks. Rank 0: memory channels to 1 and 1 again, a port channel to 1,
// a switch channel over {0,1}; remote buffer 0 = rank 1's output (memory
// and port), 1 = rank 1's scratch (memory). Its thread block lists memory
// channels [1, 0] and remote buffers (memory) [1, 0].
const char *SmallPlan = R"({
  "name": "q", "collective": "test", "protocol": "LL", "inplace": false,
  "gpus": [
    {"id": 0, "input_chunks": 2, "output_chunks": 2, "scratch_chunks": 2,
     "threadblocks": [
       {"id": 0,
        "ops": [
          {"name": "signal", "channel_ids": [0, 1], "channel_type": "memory"},
          {"name": "put", "src_buff": [{"type": "i", "index": 0, "size": 1}],
           "dst_buff": [{"buffer_id": 1, "index": 1, "size": 1}],
           "channel_type": "memory"},
          {"name": "rppkt", "src_buff": [{"type": "s", "index": 1, "size": 1}],
           "dst_buff": [{"buffer_id": 0, "index": 0, "size": 1}],
           "channel_type": "memory"},
          {"name": "gstore",
           "src_buff": [{"rank": 0, "type": "o", "index": 0, "size": 1}],
           "dst_buff": [{"switch_channel_id": 0, "index": 1, "size": 1}],
           "channel_type": "switch"}
        ],
        "channels": [{"channel_type": "memory", "channel_ids": [1, 0]},
                     {"channel_type": "switch", "channel_ids": [0]}],
        "remote_buffer_refs": [{"access_channel_type": "memory",
                                "remote_buffer_ids": [1, 0]}]}
     ],
     "channels": [{"channel_type": "memory", "connected_to": [1, 1]},
                  {"channel_type": "port", "connected_to": [1]},
                  {"channel_type": "switch", "buffer_type": "o",
                   "rank_groups": [{"size": 2, "ranks": [0, 1]}]}],
     "remote_buffers": [
       {"rank": 1, "type": "o", "access_channel_types": ["memory", "port"]},
       {"rank": 1, "type": "s", "access_channel_types": ["memory"]}]},
    {"id": 1, "input_chunks": 2, "output_chunks": 2, "scratch_chunks": 2,
     "threadblocks": [
       {"id": 0,
        "ops": [{"name": "wait", "channel_ids": [0, 1],
                 "channel_type": "memory"}],
        "channels": [{"channel_type": "memory", "channel_ids": [0, 1]}]}],
     "channels": [{"channel_type": "memory", "connected_to": [0, 0]},
                  {"channel_type": "port", "connected_to": [0]},
                  {"channel_type": "switch", "buffer_type": "o",
                   "rank_groups": [{"size": 2, "ranks": [0, 1]}]}],
     "remote_buffers": []}
  ]
})";

} // namespace

TEST_CASE("op table: names are unique and every layout is usable",
          "[plan][op-table]") {
  std::set<std::string_view> names;
  for (size_t k = 0; k < NumOpKinds; ++k) {
    const OpInfo &info = opInfo(OpKind(k));
    INFO(info.jsonName);
    CHECK(info.kind == OpKind(k));
    CHECK(names.insert(info.jsonName).second);
    CHECK(parseOpKind(info.jsonName) == OpKind(k));
    // Data-moving ops have both lists; the rest have none.
    CHECK(info.is(opfamily::Data) == (!info.src.empty() && !info.dst.empty()));
    // A packet op has a packet operand somewhere, and only packet ops do.
    bool packetRole = false;
    for (const OperandLayout *l : {&info.src, &info.dst}) {
      for (size_t i = 0; i < l->headCount; ++i)
        packetRole |= isPacketRole(l->head[i]);
      packetRole |= (l->hasTail || l->matchOther) && isPacketRole(l->tail);
    }
    CHECK(packetRole == info.is(opfamily::Packet));
  }
  CHECK(describeLayout(opInfo(OpKind::Rre).src) ==
        "a local buffer, then one or more remote buffers");
  CHECK(describeLayout(opInfo(OpKind::Put).dst) ==
        "as many remote buffers as the other list has entries");
  CHECK(opInfo(OpKind::Recspkt).dst.roleAt(1) == OperandRole::LocalPacket);
  CHECK(opInfo(OpKind::Recspkt).dst.roleAt(5) == OperandRole::RemotePacket);
}

TEST_CASE("PlanQuery: tb-local ids resolve to GPU channels, peers and "
          "buffers",
          "[plan][query]") {
  Plan plan = parsePlan(SmallPlan);
  CollectingDiagnosticSink diags;
  REQUIRE(verify(plan, diags));
  PlanQuery q(plan);

  CHECK(q.gpuChannels(0, ChannelType::Memory) == std::vector<int32_t>{1, 1});
  CHECK(q.gpuChannels(0, ChannelType::Port) == std::vector<int32_t>{1});
  CHECK(q.tbChannels(0, 0, ChannelType::Memory) == std::vector<int32_t>{1, 0});
  CHECK(q.gpuChannel(0, 0, ChannelType::Memory, 0) == 1);
  CHECK(q.gpuChannel(0, 0, ChannelType::Memory, 2) == -1); // out of range
  CHECK(q.peerOf(0, ChannelType::Memory, 1) == 1);
  CHECK(q.peerOf(0, ChannelType::Switch, 0) == -1);
  const ChannelDecl *sw = q.switchDecl(0, 0);
  REQUIRE(sw);
  CHECK(sw->groupRanks == std::vector<int32_t>{0, 1});

  const auto &ops = plan.gpus[0].threadblocks[0].ops;
  std::vector<ChannelEnd> ends = q.channelsOf(0, 0, ops[0]);
  REQUIRE(ends.size() == 2);
  CHECK(ends[0].gpuChannel == 1);
  CHECK(ends[1].gpuChannel == 0);
  CHECK(ends[0].peer == 1);

  // put: local source, remote destination (tb remote id 1 = GPU buffer 0).
  auto src = q.operand(0, 0, ops[1], Operand::Src, 0);
  REQUIRE(src);
  CHECK(src->role == OperandRole::Local);
  CHECK(src->rank == 0);
  CHECK(src->type == BufferType::Input);
  auto dst = q.operand(0, 0, ops[1], Operand::Dst, 0);
  REQUIRE(dst);
  CHECK(dst->role == OperandRole::Remote);
  CHECK(dst->gpuRemoteBuffer == 0);
  CHECK(dst->rank == 1);
  CHECK(dst->type == BufferType::Output);
  CHECK((dst->index == 1 && dst->size == 1));

  // rppkt: local packets in scratch to the peer's scratch (GPU buffer 1).
  auto pkt = q.operand(0, 0, ops[2], Operand::Dst, 0);
  REQUIRE(pkt);
  CHECK(pkt->role == OperandRole::RemotePacket);
  CHECK(pkt->rank == 1);
  CHECK(pkt->type == BufferType::Scratch);
  CHECK(q.operand(0, 0, ops[2], Operand::Src, 0)->role ==
        OperandRole::LocalPacket);

  // gstore: the multicast destination is the switch channel's buffer.
  auto mc = q.operand(0, 0, ops[3], Operand::Dst, 0);
  REQUIRE(mc);
  CHECK(mc->role == OperandRole::Switch);
  CHECK(mc->type == BufferType::Output);
  REQUIRE(mc->switchRanks);
  CHECK(*mc->switchRanks == std::vector<int32_t>{0, 1});
  CHECK(q.operand(0, 0, ops[3], Operand::Src, 0)->role ==
        OperandRole::LocalFull);

  CHECK_FALSE(q.operand(0, 0, ops[1], Operand::Dst, 1)); // no such entry
  CHECK(q.bufferChunks(1, BufferType::Scratch) == 2);
  CHECK(q.bufferChunks(5, BufferType::Scratch) == -1);
}

TEST_CASE("PlanQuery: the k-th channel from a to b pairs with the k-th from "
          "b to a",
          "[plan][query]") {
  // Rank 0: memory channels to 1, 2, 1, 2, 1; rank 1: to 0, 2, 0; rank 2:
  // to 0, 0, 1. Rank 0's third channel to 1 has no partner.
  auto gpu = [](int id, const char *peers) {
    return std::string(R"({"id": )") + std::to_string(id) +
           R"(, "input_chunks": 1, "output_chunks": 1, "scratch_chunks": 0,
      "threadblocks": [], "channels": [{"channel_type": "memory",
      "connected_to": )" +
           peers + R"(}], "remote_buffers": []})";
  };
  Plan plan = parsePlan(
      std::string(R"({"name": "p", "collective": "test", "protocol": "Simple",
        "inplace": false, "gpus": [)") +
      gpu(0, "[1, 2, 1, 2, 1]") + ", " + gpu(1, "[0, 2, 0]") + ", " +
      gpu(2, "[0, 0, 1]") + "]}");
  PlanQuery q(plan);
  const ChannelType M = ChannelType::Memory;
  CHECK(q.occurrence(0, M, 0) == 0);
  CHECK(q.occurrence(0, M, 2) == 1);
  CHECK(q.occurrence(0, M, 4) == 2);
  CHECK(q.occurrence(0, M, 5) == -1);
  CHECK(q.channelsTo(0, M, 1) == 3);
  CHECK(q.channelsTo(1, M, 0) == 2);
  CHECK(q.channelsTo(1, M, 1) == 0);
  CHECK(q.channelsTo(7, M, 0) == 0);     // no such rank
  CHECK(q.pairedChannel(0, M, 0) == 0);  // 0->1 #0 with 1->0 #0
  CHECK(q.pairedChannel(0, M, 2) == 2);  // 0->1 #1 with 1->0 #1
  CHECK(q.pairedChannel(0, M, 4) == -1); // 0->1 #2: rank 1 has two
  CHECK(q.pairedChannel(0, M, 3) == 1);  // 0->2 #1 with 2->0 #1
  CHECK(q.pairedChannel(2, M, 2) == 1);  // 2->1 #0 with 1->2 #0
  CHECK(q.pairedChannel(1, M, 1) == 2);
  CHECK(q.pairedChannel(0, ChannelType::Port, 0) == -1);
  CHECK(q.pairedChannel(0, ChannelType::Switch, 0) == -1);
}

TEST_CASE("plan::verify reports with JSON paths and caps the report",
          "[plan][verify]") {
  Plan plan = parsePlan(SmallPlan);
  plan.gpus[0].threadblocks[0].ops[0].channelIds = {0, 7};
  for (int i = 0; i < 30; ++i)
    plan.gpus[0].threadblocks[0].ops.push_back(
        plan.gpus[0].threadblocks[0].ops[0]);
  CollectingDiagnosticSink diags;
  CHECK_FALSE(verify(plan, diags, 5));
  REQUIRE(diags.entries.size() == 6);
  CHECK(diags.entries[0].planPath ==
        "gpus[0].threadblocks[0].ops[0].channel_ids[1]");
  CHECK(diags.entries[0].id == diag::err_plan_op_channel_id);
  CHECK(diags.entries[5].severity == Severity::Note);
  CHECK(diags.errorCount() == 5);
}

TEST_CASE("plan::verify accepts every reference plan", "[plan][verify]") {
  fs::path dir = MSCCLC_CONFORMANCE_DIR;
  if (dir.empty() || !fs::is_directory(dir)) {
    WARN("conformance directory '" << dir.string() << "' not found; skipping");
    return;
  }
  size_t n = 0;
  for (const auto &entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".json")
      continue;
    INFO(entry.path().filename().string());
    CollectingDiagnosticSink diags;
    auto plan = json::readPlanFile(entry.path().string(), diags);
    REQUIRE(plan);
    CHECK(verify(*plan, diags));
    for (const auto &d : diags.entries)
      INFO(d.planPath << ": " << d.message);
    CHECK(diags.entries.empty());
    ++n;
  }
  CHECK(n > 0);
}

TEST_CASE("visibleText escapes what would move or hide text on a terminal",
          "[plan]") {
  CHECK(visibleText("plain é ✓ 😀") == "plain é ✓ 😀");
  CHECK(visibleText("a\nb\tc\rd\x1b[1m\x7f") == "a\\nb\\tc\\rd\\x1b[1m\\x7f");
  // C1 controls, line/paragraph separators, bidi marks and overrides.
  CHECK(visibleText("x\xc2\x85y\xc2\x9b") == "x\\u0085y\\u009b");
  CHECK(visibleText("\xe2\x80\xa8\xe2\x80\xa9") == "\\u2028\\u2029");
  CHECK(visibleText("ab\xe2\x80\xae"
                    "cd\xe2\x81\xa6\xe2\x80\x8f\xd8\x9c") ==
        "ab\\u202ecd\\u2066\\u200f\\u061c");
  // Bytes that are not well-formed UTF-8 (a lone continuation byte, a
  // truncated sequence, an overlong '/', a surrogate) are shown as bytes.
  CHECK(visibleText("\x80") == "\\x80");
  CHECK(visibleText("a\xe2\x80") == "a\\xe2\\x80");
  CHECK(visibleText("\xc0\xaf") == "\\xc0\\xaf");
  CHECK(visibleText("\xed\xa0\x80") == "\\xed\\xa0\\x80");
}

TEST_CASE("appendVisibleCharacter tells whether it escaped the character",
          "[plan]") {
  auto one = [](std::string_view s) {
    std::string out;
    bool escaped = true;
    size_t length = appendVisibleCharacter(out, s, 0, &escaped);
    return std::tuple{out, length, escaped};
  };
  CHECK(one("a") == std::tuple{std::string("a"), size_t(1), false});
  CHECK(one("é") == std::tuple{std::string("é"), size_t(2), false});
  CHECK(one("\\") == std::tuple{std::string("\\"), size_t(1), false});
  CHECK(one("\n") == std::tuple{std::string("\\n"), size_t(1), true});
  CHECK(one("\xe2\x80\xae") ==
        std::tuple{std::string("\\u202e"), size_t(3), true});
  CHECK(one("\xc0\xaf") == std::tuple{std::string("\\xc0"), size_t(1), true});
}

TEST_CASE("messageSizes: the multiples of the unit within the plan's range",
          "[plan]") {
  Plan p;
  p.collective = "allreduce";
  p.gpus.resize(2);
  p.gpus[0].inputChunks = 4;
  p.gpus[1].inputChunks = 6;
  // Unit: lcm(4, 6) x 16 = 192.
  p.minMessageSize = 100;
  p.maxMessageSize = 1000;
  MessageSizes s = messageSizes(p, 16);
  REQUIRE(s.unit == uint64_t(192));
  CHECK(s.min == 192);
  CHECK(s.max == 960);
  CHECK_FALSE(s.empty());
  // min_message_size below the unit: the unit itself is the smallest.
  p.minMessageSize = 0;
  CHECK(messageSizes(p, 16).min == 192);
  // No multiple in range.
  p.minMessageSize = 961;
  s = messageSizes(p, 16);
  CHECK(s.unit == uint64_t(192));
  CHECK(s.empty());
  // The first multiple past 2^64.
  p.minMessageSize = UINT64_MAX - 10;
  p.maxMessageSize = UINT64_MAX;
  CHECK(messageSizes(p, 16).empty());
  // A unit past 2^64.
  p.minMessageSize = 0;
  s = messageSizes(p, uint64_t(1) << 62);
  CHECK_FALSE(s.unit);
  CHECK(s.empty());
  // A rank without chunks constrains nothing; an allgather counts outputs.
  p.gpus[1].inputChunks = 0;
  CHECK(messageSizes(p, 16).unit == uint64_t(64));
  p.collective = "allgather";
  p.gpus[0].outputChunks = 3;
  CHECK(messageSizes(p, 16).unit == uint64_t(48));
}

TEST_CASE("namespaceComponents splits a qualified name at each ::", "[cuda]") {
  using Parts = std::vector<std::string>;
  CHECK(cuda::namespaceComponents("gen") == Parts{"gen"});
  CHECK(cuda::namespaceComponents("a::b::c") == Parts{"a", "b", "c"});
  // Empty components stay, for the caller to refuse.
  CHECK(cuda::namespaceComponents("a::") == Parts{"a", ""});
  CHECK(cuda::namespaceComponents("::a") == Parts{"", "a"});
  CHECK(cuda::namespaceComponents("a::::b") == Parts{"a", "", "b"});
  CHECK(cuda::namespaceComponents("a:b") == Parts{"a:b"});
}
