//===- test_sim.cpp - the simulator's arithmetic, layout and checks ------===//
//
// The element arithmetic must be the executor's bit for bit; the layout
// its byte offsets; and each check must fire on the smallest plan that
// has the bug it names (and stay quiet on the fixed plan).
//
//===----------------------------------------------------------------------===//
#include "mscclc/ir/Diagnostics.h"
#include "mscclc/json/JsonReader.h"
#include "mscclc/sim/Simulator.h"

#include "../../sim/src/Elements.h"
#include "../../sim/src/Layout.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

using namespace mscclc;
using namespace mscclc::sim;

namespace {

uint16_t half(float f) { return floatToHalf(f); }

// A 2-rank in-place allgather: rank r puts its chunk into the peer's
// output, then signals and waits. The pieces a bug removes are optional.
std::string allgatherPlan(bool nopBeforeSignal, bool peerSignals,
                          bool relaxed = false) {
  auto rank = [&](int r) {
    int peer = 1 - r;
    std::string sig = relaxed ? "rlxsignal" : "signal";
    std::string wait = relaxed ? "rlxwait" : "wait";
    // Entry handshake (so a fast rank's next run waits for the peer),
    // the put, then the exit handshake.
    std::string ops =
        R"({"name":"signal","channel_ids":[0],"channel_type":"memory"},)"
        R"({"name":"wait","channel_ids":[0],"channel_type":"memory"},)"
        R"({"name":"nop"},)"
        R"({"name":"put","src_buff":[{"type":"o","index":)" +
        std::to_string(r) +
        R"(,"size":1}],"dst_buff":[{"buffer_id":0,"index":)" +
        std::to_string(r) + R"(,"size":1}],"channel_type":"memory"})";
    if (nopBeforeSignal)
      ops += R"(,{"name":"nop"})";
    if (peerSignals || r == 0)
      ops += R"(,{"name":")" + sig +
             R"(","channel_ids":[0],"channel_type":"memory"})";
    ops += R"(,{"name":")" + wait +
           R"(","channel_ids":[0],"channel_type":"memory"},{"name":"nop"})";
    return R"({"id":)" + std::to_string(r) +
           R"(,"input_chunks":1,"output_chunks":2,"scratch_chunks":0,
      "threadblocks":[{"id":0,"ops":[)" +
           ops + R"(],
        "channels":[{"channel_type":"memory","channel_ids":[0]}],
        "remote_buffer_refs":[{"access_channel_type":"memory","remote_buffer_ids":[0]}]}],
      "channels":[{"channel_type":"memory","connected_to":[)" +
           std::to_string(peer) + R"(]}],
      "remote_buffers":[{"rank":)" +
           std::to_string(peer) +
           R"(,"type":"o","access_channel_types":["memory"]}],
      "semaphores":[]})";
  };
  return R"({"name":"ag","collective":"allgather","protocol":"Simple",
    "inplace":true,"reuse_resources":false,"num_threads_per_block":1024,
    "use_double_scratch_buffer":false,"buffer_alignment":16,
    "min_message_size":0,"max_message_size":18446744073709551615,
    "gpus":[)" +
         rank(0) + "," + rank(1) + "]}";
}

SimReport run(const std::string &json, int runs = 1) {
  CollectingDiagnosticSink diags;
  auto plan = json::readPlanJson(json, diags);
  REQUIRE(plan);
  SimOptions o;
  o.runs = runs;
  o.schedules = 4;
  return simulate(*plan, o);
}

bool has(const SimReport &r, Finding::Kind k) {
  for (const Finding &f : r.findings)
    if (f.kind == k)
      return true;
  return false;
}

} // namespace

TEST_CASE("sim: half and bfloat16 conversions round to nearest even", "[sim]") {
  CHECK(halfToFloat(half(1.0f)) == 1.0f);
  CHECK(halfToFloat(half(65504.0f)) == 65504.0f);
  CHECK(std::isinf(halfToFloat(half(65520.0f))));
  CHECK(halfToFloat(half(1.0f + 1.0f / 2048)) == 1.0f); // tie to even
  CHECK(halfToFloat(half(1.0f + 3.0f / 2048)) == 1.0f + 2.0f / 1024);
  CHECK(halfToFloat(half(std::ldexp(1.0f, -24))) == std::ldexp(1.0f, -24));
  CHECK(bf16ToFloat(floatToBf16(1.0f + 1.0f / 256)) == 1.0f);
  CHECK(bf16ToFloat(floatToBf16(1.0f + 3.0f / 256)) == 1.0f + 4.0f / 256);
}

TEST_CASE("sim: fp16 sums saturate at 65504 and NaN becomes -65504", "[sim]") {
  uint16_t acc[2] = {half(65504.0f), half(NAN)};
  uint16_t x[2] = {half(65504.0f), half(1.0f)};
  reduceInto(reinterpret_cast<uint8_t *>(acc),
             reinterpret_cast<const uint8_t *>(x), 2, DType::F16,
             plan::ReduceOp::Sum);
  CHECK(halfToFloat(acc[0]) == 65504.0f);
  CHECK(halfToFloat(acc[1]) == -65504.0f);
  uint32_t a = 0xffffffffu, b = 2;
  reduceInto(reinterpret_cast<uint8_t *>(&a),
             reinterpret_cast<const uint8_t *>(&b), 1, DType::U32,
             plan::ReduceOp::Sum);
  CHECK(a == 1u); // wraps
}

TEST_CASE("sim: min and max reductions of every type, over lengths that "
          "leave a vector remainder",
          "[sim]") {
  const size_t n = 37;
  std::vector<float> fa(n), fb(n);
  std::vector<int32_t> ia(n), ib(n);
  std::vector<uint16_t> ha(n), hb(n), ba(n), bb(n);
  std::vector<uint8_t> ua(n), ub(n);
  for (size_t i = 0; i < n; ++i) {
    float x = float(i) - 18.0f, y = 18.0f - float(i) + 0.5f;
    fa[i] = x, fb[i] = y;
    ia[i] = int32_t(i) * 7 - 100, ib[i] = 50 - int32_t(i) * 3;
    ha[i] = half(x), hb[i] = half(y);
    ba[i] = floatToBf16(x), bb[i] = floatToBf16(y);
    ua[i] = uint8_t(i * 9), ub[i] = uint8_t(200 - i);
  }
  auto bytes = [](auto &v) { return reinterpret_cast<uint8_t *>(v.data()); };
  auto minOf = fa, maxOf = fa;
  reduceInto(bytes(minOf), bytes(fb), n, DType::F32, plan::ReduceOp::Min);
  reduceInto(bytes(maxOf), bytes(fb), n, DType::F32, plan::ReduceOp::Max);
  auto imin = ia;
  reduceInto(bytes(imin), bytes(ib), n, DType::I32, plan::ReduceOp::Min);
  auto hmax = ha, bmin = ba;
  reduceInto(bytes(hmax), bytes(hb), n, DType::F16, plan::ReduceOp::Max);
  reduceInto(bytes(bmin), bytes(bb), n, DType::BF16, plan::ReduceOp::Min);
  auto usum = ua;
  reduceInto(bytes(usum), bytes(ub), n, DType::U8, plan::ReduceOp::Sum);
  for (size_t i = 0; i < n; ++i) {
    INFO("element " << i);
    CHECK(minOf[i] == std::min(fa[i], fb[i]));
    CHECK(maxOf[i] == std::max(fa[i], fb[i]));
    CHECK(imin[i] == std::min(ia[i], ib[i]));
    CHECK(halfToFloat(hmax[i]) == std::max(fa[i], fb[i]));
    CHECK(bf16ToFloat(bmin[i]) == std::min(fa[i], fb[i]));
    CHECK(usum[i] == uint8_t(ua[i] + ub[i])); // wraps
  }
}

TEST_CASE("sim: in-place layouts alias input and output as the executor "
          "test allocates them",
          "[sim]") {
  CollectingDiagnosticSink diags;
  auto plan = json::readPlanJson(allgatherPlan(true, true), diags);
  REQUIRE(plan);
  PlanLayout l = layoutFor(*plan, 4096);
  REQUIRE(l.ranks.size() == 2);
  CHECK(l.ranks[1].outputBytes == 4096);
  CHECK(l.ranks[1].inputBytes == 2048);
  CHECK(l.ranks[1].chunkBytes == 2048);
  CHECK(l.ranks[1].inputSpace == l.ranks[1].outputSpace);
  CHECK(l.ranks[1].inputOffset == 2048); // slice r of the output
  SizeRange sizes = validSizes(*plan);
  CHECK(sizes.unit == 32); // alignment 16 x 2 output chunks
}

TEST_CASE("sim: a correct allgather passes, with two runs back to back",
          "[sim]") {
  SimReport r = run(allgatherPlan(true, true), 2);
  INFO(formatReport(r, nullptr));
  CHECK(r.pass());
  CHECK(r.resultChecked);
}

TEST_CASE("sim: a signal without a nop before it publishes no put", "[sim]") {
  SimReport r = run(allgatherPlan(false, true));
  INFO(formatReport(r, nullptr));
  CHECK(has(r, Finding::Kind::Race));
}

TEST_CASE("sim: a relaxed exit barrier publishes no put", "[sim]") {
  SimReport r = run(allgatherPlan(true, true, true));
  INFO(formatReport(r, nullptr));
  CHECK(has(r, Finding::Kind::Race));
}

TEST_CASE("sim: a wait that nobody signals is a deadlock naming the channel",
          "[sim]") {
  SimReport r = run(allgatherPlan(true, false));
  INFO(formatReport(r, nullptr));
  REQUIRE(has(r, Finding::Kind::Deadlock));
  bool named = false;
  for (const Finding &f : r.findings)
    if (f.kind == Finding::Kind::Deadlock && f.rank == 0 && f.opName == "wait")
      named = f.message.find("channel 0 from rank 1") != std::string::npos;
  CHECK(named);
}
