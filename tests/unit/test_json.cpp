//===- test_json.cpp - JSON writer/reader and plan IR basics -------------===//
//
// The central property: every reference plan read into plan IR and written
// back is byte-identical to the reference text. The remaining cases pin down
// error messages (they are user-facing), escaping, u64 handling and Op
// equality.
//
//===----------------------------------------------------------------------===//

#include "mscclc/ir/Diagnostics.h"
#include "mscclc/ir/PlanIR.h"
#include "mscclc/json/JsonReader.h"
#include "mscclc/json/JsonWriter.h"
#include "mscclc/support/Parallel.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace mscclc::plan;
using namespace mscclc::json;
namespace fs = std::filesystem;

#ifndef MSCCLC_CONFORMANCE_DIR
#define MSCCLC_CONFORMANCE_DIR ""
#endif

namespace {

std::string slurp(const fs::path &p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Op makeNop() { return Op{}; }

// The first problem the reader reports, as "path: message" (or
// "line:col: message" for a syntax error); "" when there was none.
std::string firstError(const mscclc::CollectingDiagnosticSink &diags) {
  if (diags.entries.empty())
    return "";
  const auto &d = diags.entries.front();
  if (d.loc.isValid())
    return std::to_string(d.loc.line) + ":" + std::to_string(d.loc.column) +
           ": " + d.message;
  return (d.planPath.empty() ? "" : d.planPath + ": ") + d.message;
}

std::optional<Plan> readJson(std::string_view text, std::string &error) {
  mscclc::CollectingDiagnosticSink diags;
  mscclc::SourceFiles files;
  int32_t id = files.add("plan.json", std::string(text));
  auto plan = readPlanJson(files.text(id), diags, id);
  error = firstError(diags);
  return plan;
}

// A small but complete plan: two ranks, rank 1 has four thread blocks and
// its last one has eight ops, so paths like gpus[1].threadblocks[3].ops[7]
// exist.
Plan makeSmallPlan() {
  Plan plan;
  plan.name = "small";
  plan.collective = "allreduce";
  for (int r = 0; r < 2; ++r) {
    Gpu gpu;
    gpu.id = r;
    gpu.inputChunks = 2;
    gpu.outputChunks = 2;
    int tbs = r == 0 ? 1 : 4;
    for (int t = 0; t < tbs; ++t) {
      ThreadBlock tb;
      tb.id = t;
      int ops = t == 3 ? 8 : 1;
      for (int i = 0; i < ops; ++i)
        tb.ops.push_back(makeNop());
      gpu.threadblocks.push_back(tb);
    }
    plan.gpus.push_back(gpu);
  }
  return plan;
}

// Applies `edit` to the JSON of makeSmallPlan() and returns the reader's
// error (empty if it unexpectedly succeeded).
template <typename F> std::string readEdited(F &&edit) {
  auto doc = nlohmann::json::parse(writePlanJson(makeSmallPlan()));
  edit(doc);
  std::string error;
  auto plan = readJson(doc.dump(2), error);
  return plan ? std::string() : error;
}

// One op of every kind with every list its layout (OpKinds.def) allows,
// every buffer-reference role, and the optional fields each kind carries.
Op makeOpOfKind(OpKind kind, int variant) {
  const OpInfo &info = opInfo(kind);
  Op op;
  op.kind = kind;
  auto refFor = [&](OperandRole role, int64_t i) {
    switch (role) {
    case OperandRole::Remote:
    case OperandRole::RemotePacket:
      return BufferRef::remote(0, 3 + i, 1);
    case OperandRole::Switch:
      return BufferRef::switchRef(0, 2, 1);
    case OperandRole::LocalPacket:
    case OperandRole::LocalFullPacket:
      return BufferRef::local(BufferType::Scratch, i, 1);
    default:
      return BufferRef::local(BufferType::Input, 1 + i, 2);
    }
  };
  size_t n = 1 + size_t(variant % 3);
  auto fill = [&](std::vector<BufferRef> &list, const OperandLayout &l) {
    if (l.empty())
      return;
    size_t count = l.matchOther ? n : l.headCount + (l.hasTail ? n : 0);
    for (size_t i = 0; i < count; ++i)
      list.push_back(refFor(l.roleAt(i), int64_t(i)));
  };
  fill(op.src, info.src);
  fill(op.dst, info.dst);
  bool port =
      variant % 2 == 1 && !info.is(opfamily::Switch) && kind != OpKind::Get;
  if (info.channelType == ChannelTypeRule::Always ||
      (info.channelType == ChannelTypeRule::IfSet && variant % 2 == 0))
    op.channelType = info.is(opfamily::Switch) ? ChannelType::Switch
                     : port                    ? ChannelType::Port
                                               : ChannelType::Memory;
  switch (info.channelIds) {
  case ChannelIdsRule::Never:
    break;
  case ChannelIdsRule::PortOnly:
    if (op.channelType == ChannelType::Port)
      for (size_t i = 0; i < op.dst.size(); ++i)
        op.channelIds.push_back(int32_t(i));
    break;
  case ChannelIdsRule::Always:
    op.channelIds = {1, 0};
    break;
  case ChannelIdsRule::One:
    op.channelIds = {0};
    break;
  }
  if (info.is(opfamily::Reducing))
    op.reduceOp = static_cast<ReduceOp>(variant % 3);
  if (info.is(opfamily::Data) && variant % 2 == 0)
    op.tbg = TbgInfo{1, 3};
  if (kind == OpKind::SemAcquire || kind == OpKind::SemRelease)
    op.semaphoreIds = {0, 1};
  if (kind == OpKind::Barrier) {
    op.barrierId = 2;
    op.numThreadblocks = 2;
  }
  if (kind == OpKind::Glre) {
    op.bufferType = BufferType::Scratch;
    op.bufferOffset = 9;
    op.size = 3;
    op.dstChunk = BufferRef::local(BufferType::Input, 4, 1);
  }
  if (kind == OpKind::Pipeline) {
    op.unitSize = uint64_t(1) << 40;
    op.numChunks = 2;
    op.ops = {makeOpOfKind(OpKind::Copy, 0), makeNop()};
  }
  return op;
}

Plan makeKitchenSinkPlan() {
  Plan plan;
  plan.name.reset();
  plan.collective = "test";
  plan.protocol = Protocol::LL;
  plan.inplace = true;
  plan.reuseResources = true;
  plan.useDoubleScratchBuffer = true;
  plan.numThreadsPerBlock = 512;
  plan.bufferAlignment = 32;
  plan.minMessageSize = 1024;
  plan.maxMessageSize = (uint64_t(1) << 63) + 5;

  Gpu gpu;
  gpu.id = 0;
  gpu.inputChunks = 4;
  gpu.outputChunks = 4;
  gpu.scratchChunks = 8;
  ChannelDecl mem;
  mem.type = ChannelType::Memory;
  mem.connectedTo = {1, 1};
  ChannelDecl sw;
  sw.type = ChannelType::Switch;
  sw.bufferType = BufferType::Scratch;
  sw.groupRanks = {0, 1};
  ChannelDecl none;
  none.type = ChannelType::None;
  gpu.channels = {mem, sw, none};
  gpu.remoteBuffers.push_back(
      {1, BufferType::Output, {ChannelType::Memory, ChannelType::Port}});
  gpu.semaphores = {0, -3};

  ThreadBlock tb;
  tb.id = 0;
  tb.channels.push_back({ChannelType::Switch, {0}});
  tb.channels.push_back({ChannelType::Memory, {0, 1}});
  tb.remoteBufferRefs.push_back({ChannelType::Memory, {0}});
  for (size_t k = 0; k < NumOpKinds; ++k)
    for (int variant = 0; variant < 2; ++variant)
      tb.ops.push_back(makeOpOfKind(static_cast<OpKind>(k), int(k) + variant));
  gpu.threadblocks.push_back(tb);
  ThreadBlock empty;
  empty.id = 1;
  gpu.threadblocks.push_back(empty);
  plan.gpus.push_back(gpu);
  return plan;
}

} // namespace

TEST_CASE("reference plans round-trip byte-identically", "[json]") {
  fs::path dir = MSCCLC_CONFORMANCE_DIR;
  if (dir.empty() || !fs::is_directory(dir)) {
    WARN("conformance directory '" << dir.string() << "' not found; skipping");
    return;
  }
  std::vector<fs::path> files;
  for (const auto &entry : fs::directory_iterator(dir))
    if (entry.path().extension() == ".json")
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  REQUIRE(!files.empty());

  size_t identical = 0;
  std::vector<std::string> missingNewline;
  for (const fs::path &file : files) {
    INFO("plan: " << file.filename().string());
    std::string text = slurp(file);
    std::string error;
    auto plan = readJson(text, error);
    INFO("error: " << error);
    REQUIRE(plan);
    std::string out = writePlanJson(*plan);
    // The writer always ends with the single "\n" that `print` adds; a few
    // reference plans were saved without it. Compare the JSON text itself
    // and report those files instead of failing on them.
    std::string expected = text;
    if (expected.empty() || expected.back() != '\n') {
      expected += '\n';
      missingNewline.push_back(file.filename().string());
    }
    if (out == expected) {
      ++identical;
    } else {
      size_t at = std::mismatch(out.begin(), out.end(), expected.begin(),
                                expected.end())
                      .first -
                  out.begin();
      size_t from = at < 80 ? 0 : at - 80;
      FAIL_CHECK("first difference at byte " << at << "\n--- written:\n"
                                             << out.substr(from, 160)
                                             << "\n--- reference:\n"
                                             << expected.substr(from, 160));
    }
    // And the IR survives its own text.
    auto again = readJson(out, error);
    REQUIRE(again);
    CHECK(*again == *plan);
  }
  CHECK(identical == files.size());
  for (const std::string &f : missingNewline)
    WARN("reference plan " << f << " has no trailing newline");
}

TEST_CASE("every op kind and role round-trips through the IR", "[json]") {
  Plan plan = makeKitchenSinkPlan();
  std::string text = writePlanJson(plan);
  std::string error;
  auto back = readJson(text, error);
  INFO(error);
  REQUIRE(back);
  CHECK(*back == plan);
  CHECK(writePlanJson(*back) == text);
}

TEST_CASE("the streamed text is the text, in pieces of about 1 MB", "[json]") {
  // Large enough to be handed over in several pieces: 40,000 ops of every
  // kind across 4 thread blocks.
  Plan plan = makeSmallPlan();
  for (int t = 0; t < 4; ++t)
    for (int i = 0; i < 10000; ++i)
      plan.gpus[1].threadblocks[size_t(t)].ops.push_back(
          makeOpOfKind(static_cast<OpKind>(size_t(i) % NumOpKinds), i));
  const std::string whole = writePlanJson(plan);
  REQUIRE(whole.size() > (size_t(3) << 20));
  std::vector<std::string> pieces;
  // On one thread (the helper's gpus come in pieces of their own, so the
  // calling thread's text before one may be shorter: see the next case).
  CHECK(writePlanJson(
      plan,
      [&](std::string_view piece) {
        pieces.emplace_back(piece);
        return true;
      },
      SIZE_MAX));
  CHECK(pieces.size() >= 3);
  std::string joined;
  for (size_t i = 0; i < pieces.size(); ++i) {
    const std::string &p = pieces[i];
    CHECK(p.size() <= (size_t(1) << 21));
    // Every piece but the last is cut after an op (its closing brace).
    if (i + 1 < pieces.size()) {
      CHECK(p.size() >= (size_t(1) << 20));
      CHECK(p.back() == '}');
    }
    joined += p;
  }
  CHECK(joined == whole);
  // A small plan comes in one piece.
  pieces.clear();
  CHECK(writePlanJson(makeSmallPlan(), [&](std::string_view piece) {
    pieces.emplace_back(piece);
    return true;
  }));
  CHECK(pieces.size() == 1);
  CHECK(pieces[0] == writePlanJson(makeSmallPlan()));
}

// Gpus of different sizes (1 to 3 MB of text, or tiny), so the helper
// thread's pieces and the calling thread's interleave unevenly.
static Plan makeManyGpuPlan(int gpus) {
  Plan plan = makeSmallPlan();
  Gpu model = plan.gpus[1];
  plan.gpus.resize(size_t(gpus));
  for (int r = 0; r < gpus; ++r) {
    Gpu &gpu = plan.gpus[size_t(r)];
    gpu = model;
    gpu.id = r;
    int ops = r % 3 == 2 ? 0 : 8000 * (1 + r % 4);
    for (int i = 0; i < ops; ++i)
      gpu.threadblocks[size_t(i % 4)].ops.push_back(
          makeOpOfKind(static_cast<OpKind>(size_t(i + r) % NumOpKinds), i));
  }
  return plan;
}

TEST_CASE("gpus made on the helper thread give the same text",
          "[json][parallel]") {
  if (mscclc::support::workerThreads() < 2)
    return; // MSCCLC_THREADS=1 or one core: the helper never starts
  for (int gpus : {2, 3, 7}) {
    INFO("gpus: " << gpus);
    Plan plan = makeManyGpuPlan(gpus);
    auto collect = [&](size_t helperFrom, std::vector<size_t> *sizes) {
      std::string joined;
      CHECK(writePlanJson(
          plan,
          [&](std::string_view piece) {
            if (sizes)
              sizes->push_back(piece.size());
            joined += piece;
            return true;
          },
          helperFrom));
      return joined;
    };
    std::vector<size_t> sizes;
    const std::string serial = collect(SIZE_MAX, nullptr);
    CHECK(collect(0, &sizes) == serial);
    CHECK(writePlanJson(plan) == serial); // above the default threshold
    // Pieces stay bounded: at most a megabyte and the op that crossed it.
    for (size_t size : sizes)
      CHECK(size <= (size_t(1) << 20) + (size_t(1) << 16));
    CHECK(sizes.size() >= 3);
  }
}

TEST_CASE("a failing sink stops the helper thread's pieces too",
          "[json][parallel]") {
  Plan plan = makeManyGpuPlan(6);
  // Fails on each piece in turn: nothing more is handed over after the
  // failure, whichever thread made the piece, and the writer returns.
  for (int failAt = 1; failAt <= 12; failAt += 3) {
    int calls = 0;
    CHECK_FALSE(writePlanJson(
        plan, [&](std::string_view) { return ++calls < failAt; }, 0));
    CHECK(calls == failAt);
  }
}

TEST_CASE("a failing sink stops the stream and is reported", "[json]") {
  Plan plan = makeSmallPlan();
  for (int i = 0; i < 40000; ++i)
    plan.gpus[1].threadblocks[0].ops.push_back(makeOpOfKind(OpKind::Put, i));
  int calls = 0;
  CHECK_FALSE(writePlanJson(plan, [&](std::string_view) {
    ++calls;
    return false;
  }));
  CHECK(calls == 1); // nothing more is handed over after a failure
}

TEST_CASE("writer layout follows json.dumps(indent=2)", "[json]") {
  Plan plan;
  plan.name = "p";
  plan.collective = "allgather";
  Gpu gpu;
  ThreadBlock tb;
  Op op;
  op.kind = OpKind::Signal;
  op.channelIds = {0, 1};
  op.channelType = ChannelType::Memory;
  tb.ops.push_back(op);
  gpu.threadblocks.push_back(tb);
  plan.gpus.push_back(gpu);
  const char *expected = R"({
  "name": "p",
  "collective": "allgather",
  "protocol": "Simple",
  "inplace": false,
  "reuse_resources": false,
  "gpus": [
    {
      "id": 0,
      "input_chunks": 0,
      "output_chunks": 0,
      "scratch_chunks": 0,
      "threadblocks": [
        {
          "id": 0,
          "ops": [
            {
              "name": "signal",
              "channel_ids": [
                0,
                1
              ],
              "channel_type": "memory"
            }
          ],
          "channels": [],
          "remote_buffer_refs": []
        }
      ],
      "channels": [],
      "remote_buffers": [],
      "semaphores": []
    }
  ],
  "num_threads_per_block": 1024,
  "use_double_scratch_buffer": false,
  "buffer_alignment": 16,
  "min_message_size": 0,
  "max_message_size": 18446744073709551615
}
)";
  CHECK(writePlanJson(plan) == expected);
}

TEST_CASE("optional fields follow the op kind, in canonical order", "[json]") {
  Plan plan;
  plan.collective = "c";
  Gpu gpu;
  ThreadBlock tb;
  Op res = makeOpOfKind(OpKind::Res, 0); // channel type, reduce op, tbg
  Op get = makeOpOfKind(OpKind::Get, 0); // channel ids and type
  Op put = makeOpOfKind(OpKind::Put, 0); // memory: no channel ids
  tb.ops = {res, get, put};
  gpu.threadblocks.push_back(tb);
  plan.gpus.push_back(gpu);
  auto doc = nlohmann::ordered_json::parse(writePlanJson(plan));
  auto keysOf = [&](int i) {
    const auto &op = doc["gpus"][0]["threadblocks"][0]["ops"][i];
    std::vector<std::string> keys;
    for (auto it = op.begin(); it != op.end(); ++it)
      keys.push_back(it.key());
    return keys;
  };
  CHECK(keysOf(0) == std::vector<std::string>{"name", "src_buff", "dst_buff",
                                              "channel_type", "reduce_op",
                                              "tbg_info"});
  CHECK(keysOf(1) == std::vector<std::string>{"name", "src_buff", "dst_buff",
                                              "channel_ids", "channel_type",
                                              "tbg_info"});
  CHECK(keysOf(2) == std::vector<std::string>{"name", "src_buff", "dst_buff",
                                              "channel_type", "tbg_info"});
  CHECK(writePlanJson(plan).find("\"name\": null") != std::string::npos);
}

TEST_CASE("writer escapes like ensure_ascii", "[json]") {
  Plan plan = makeSmallPlan();
  // é (2 bytes), ✓ (3 bytes), 😀 (4 bytes: a surrogate pair), controls.
  plan.name =
      "h\xC3\xA9llo \xE2\x9C\x93 \xF0\x9F\x98\x80 \"q\" \\ \n\t\x01\x7F";
  std::string text = writePlanJson(plan);
  CHECK(
      text.find(
          R"("name": "h\u00e9llo \u2713 \ud83d\ude00 \"q\" \\ \n\t\u0001\u007f")") !=
      std::string::npos);
  CHECK(std::all_of(text.begin(), text.end(), [](char c) {
    return static_cast<unsigned char>(c) < 0x80;
  }));
  std::string error;
  auto back = readJson(text, error);
  REQUIRE(back);
  CHECK(back->name == plan.name);

  // Invalid UTF-8 cannot come from the reference; it becomes U+FFFD.
  plan.name = "a\xFF"
              "b";
  CHECK(writePlanJson(plan).find(R"("name": "a\ufffdb")") != std::string::npos);
}

TEST_CASE("u64 message sizes round-trip", "[json]") {
  Plan plan = makeSmallPlan();
  plan.maxMessageSize = UINT64_MAX;
  plan.minMessageSize = UINT64_MAX - 1;
  std::string text = writePlanJson(plan);
  CHECK(text.find("\"max_message_size\": 18446744073709551615\n") !=
        std::string::npos);
  CHECK(text.find("\"min_message_size\": 18446744073709551614,") !=
        std::string::npos);
  std::string error;
  auto back = readJson(text, error);
  REQUIRE(back);
  CHECK(back->maxMessageSize == UINT64_MAX);
  CHECK(back->minMessageSize == UINT64_MAX - 1);
  CHECK(*back == plan);
}

TEST_CASE("syntax errors report line and column", "[json][errors]") {
  std::string error;
  // The stray token is on line 3, starting at column 17.
  std::string text = "{\n  \"name\": \"x\",\n  \"collective\" \"y\"\n}\n";
  CHECK_FALSE(readJson(text, error));
  CHECK(error.rfind("3:", 0) == 0);
  CHECK(error.find("invalid JSON: syntax error") != std::string::npos);
  CHECK(error.find("json.exception") == std::string::npos);

  // Our position agrees with nlohmann's own line/column report.
  try {
    auto doc = nlohmann::json::parse(text);
    FAIL("nlohmann accepted the malformed text: " << doc.dump());
  } catch (const nlohmann::json::parse_error &e) {
    std::string what = e.what();
    size_t at = what.find("at line ");
    REQUIRE(at != std::string::npos);
    size_t comma = what.find(", column ", at);
    size_t colon = what.find(':', comma);
    std::string line = what.substr(at + 8, comma - at - 8);
    std::string column = what.substr(comma + 9, colon - comma - 9);
    CHECK(error.rfind(line + ":" + column + ": ", 0) == 0);
  }

  CHECK_FALSE(readJson("", error));
  CHECK(error.rfind("1:1: ", 0) == 0);
  CHECK_FALSE(readJson("{\"a\": 1,\n\n  }", error));
  CHECK(error.rfind("3:3: ", 0) == 0);
}

TEST_CASE("unknown op names carry the JSON path", "[json][errors]") {
  std::string error = readEdited([](nlohmann::json &doc) {
    doc["gpus"][1]["threadblocks"][3]["ops"][7]["name"] = "foo";
  });
  CHECK(error == R"(gpus[1].threadblocks[3].ops[7]: unknown op "foo")");
}

TEST_CASE("wrong types are reported with the path", "[json][errors]") {
  CHECK(readEdited([](nlohmann::json &doc) {
          doc["gpus"][0]["input_chunks"] = "4";
        }) == "gpus[0].input_chunks: expected an integer, got string");
  CHECK(readEdited([](nlohmann::json &doc) {
          doc["gpus"][0]["input_chunks"] = -4;
        }) == "gpus[0].input_chunks: expected a non-negative integer, got -4");
  CHECK(readEdited([](nlohmann::json &doc) {
          doc["gpus"][1]["id"] = 5000000000ull;
        }) == "gpus[1].id: integer 5000000000 is out of range (at most "
              "2147483647)");
  CHECK(readEdited([](nlohmann::json &doc) { doc["inplace"] = 1; }) ==
        "inplace: expected a boolean, got number 1");
  CHECK(readEdited([](nlohmann::json &doc) { doc["gpus"] = nullptr; }) ==
        "gpus: expected an array, got null");
  CHECK(readEdited([](nlohmann::json &doc) { doc["protocol"] = "simple"; }) ==
        R"(protocol: unknown protocol "simple" (expected "Simple" or "LL"))");
  CHECK(readEdited([](nlohmann::json &doc) {
          doc["gpus"][0]["threadblocks"][0]["ops"][0] = {
              {"name", "copy"},
              {"src_buff", {{{"type", "x"}, {"index", 0}, {"size", 1}}}},
              {"dst_buff", nlohmann::json::array()}};
        }) == "gpus[0].threadblocks[0].ops[0].src_buff[0].type: unknown "
              "buffer type \"x\" (expected \"i\", \"o\" or \"s\")");
  std::string error;
  CHECK_FALSE(readJson("[1, 2]", error));
  CHECK(error == "(top level): expected an object, got array");
}

TEST_CASE("missing keys are reported with the path", "[json][errors]") {
  CHECK(readEdited([](nlohmann::json &doc) {
          doc["gpus"][0].erase("threadblocks");
        }) == R"(gpus[0]: missing key "threadblocks")");
  CHECK(readEdited([](nlohmann::json &doc) { doc.erase("gpus"); }) ==
        R"((top level): missing key "gpus")");
  CHECK(readEdited([](nlohmann::json &doc) {
          doc["gpus"][1]["threadblocks"][0]["ops"][0] = {{"name", "put"}};
        }) == R"(gpus[1].threadblocks[0].ops[0]: missing key "src_buff")");
  // Keys the executor reads with a default may be left out.
  CHECK(readEdited([](nlohmann::json &doc) {
          for (const char *k : {"reuse_resources", "num_threads_per_block",
                                "use_double_scratch_buffer", "buffer_alignment",
                                "min_message_size", "max_message_size"})
            doc.erase(k);
          doc["gpus"][0].erase("semaphores");
          doc["gpus"][0]["threadblocks"][0].erase("remote_buffer_refs");
        }) == "");
}

TEST_CASE("unknown and misplaced keys are rejected", "[json][errors]") {
  CHECK(readEdited([](nlohmann::json &doc) {
          doc["gpus"][0]["threadblocks"][0]["chanels"] =
              nlohmann::json::array();
        }) == R"(gpus[0].threadblocks[0]: unknown key "chanels")");
  CHECK(readEdited([](nlohmann::json &doc) {
          doc["extra"] = 1;
          doc["more"] = 2;
        }) == R"((top level): unknown keys "extra", "more")");
  CHECK(readEdited([](nlohmann::json &doc) {
          doc["gpus"][0]["threadblocks"][0]["ops"][0]["semaphore_ids"] =
              nlohmann::json::array();
        }) == R"(gpus[0].threadblocks[0].ops[0]: key "semaphore_ids" is not )"
              R"(valid for op "nop")");
  CHECK(readEdited([](nlohmann::json &doc) {
          doc["gpus"][0]["channels"] = {{{"channel_type", "memory"},
                                         {"connected_to", {1}},
                                         {"buffer_type", "i"}}};
        }) == R"(gpus[0].channels[0]: key "buffer_type" is not valid for a )"
              R"(memory channel)");
}

TEST_CASE("SourceFiles finds any line's text from its index of line starts",
          "[diagnostics]") {
  mscclc::SourceFiles files;
  int32_t id = files.add("a.cir", "first\r\n\nthird\nlast");
  int32_t flat = files.add("b.cir", "only");
  auto line = [&](int32_t file, uint32_t n) {
    mscclc::SourceLocation loc;
    loc.fileId = file;
    loc.line = n;
    loc.column = 1;
    return std::string(files.lineText(loc));
  };
  CHECK(line(id, 1) == "first"); // the carriage return is not part of it
  CHECK(line(id, 2) == "");
  CHECK(line(id, 3) == "third");
  CHECK(line(id, 4) == "last"); // no newline at the end
  CHECK(line(id, 5) == "");     // past the end
  CHECK(line(id, 4000000000u) == "");
  CHECK(line(flat, 1) == "only");
  CHECK(line(flat, 2) == "");
  files.dropText(id);
  CHECK(line(id, 3) == "");
  // Many lines: each found directly (a scan from the start per line made a
  // diagnostic per op of a large input quadratic).
  std::string big;
  for (int i = 0; i < 100000; ++i)
    big += "line " + std::to_string(i) + "\n";
  int32_t many = files.add("c.cir", big);
  CHECK(line(many, 1) == "line 0");
  CHECK(line(many, 54321) == "line 54320");
  CHECK(line(many, 100000) == "line 99999");
  CHECK(line(many, 100001) == "");
}

TEST_CASE("readPlanFile locates syntax errors in the file", "[json][errors]") {
  fs::path dir = fs::temp_directory_path() /
                 ("mscclc-json-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path file = dir / "bad.json";
  std::ofstream(file) << "{\n  oops\n}\n";
  {
    mscclc::CollectingDiagnosticSink diags;
    auto files = std::make_shared<mscclc::SourceFiles>();
    CHECK_FALSE(readPlanFile(file.string(), diags, files));
    REQUIRE(diags.entries.size() == 1);
    const auto &d = diags.entries[0];
    REQUIRE(files);
    CHECK(files->describe(d.loc) == file.string() + ":2:3");
    CHECK(files->lineText(d.loc) == "  oops");
  }
  {
    std::ofstream(file) << "{}";
    mscclc::CollectingDiagnosticSink diags;
    CHECK_FALSE(readPlanFile(file.string(), diags));
    CHECK(firstError(diags) == R"((top level): missing key "name")");
  }
  {
    mscclc::CollectingDiagnosticSink diags;
    CHECK_FALSE(readPlanFile((dir / "absent.json").string(), diags));
    CHECK(firstError(diags).rfind(
              "cannot read '" + (dir / "absent.json").string() + "'", 0) == 0);
  }
  fs::remove_all(dir);
}

TEST_CASE("Op equality ignores the source location", "[ir]") {
  Op a;
  a.kind = OpKind::Put;
  a.src = {BufferRef::local(BufferType::Input, 0, 1)};
  a.dst = {BufferRef::remote(0, 0, 1)};
  Op b = a;
  b.loc.fileId = 3;
  b.loc.line = 42;
  b.loc.column = 7;
  CHECK(a == b);
  b.channelType = ChannelType::Port;
  CHECK_FALSE(a == b);

  Op p;
  p.kind = OpKind::Pipeline;
  p.ops = {a};
  Op q = p;
  q.ops[0].loc.line = 9;
  CHECK(p == q);
  q.ops[0].dst[0].index = 1;
  CHECK_FALSE(p == q);
}

TEST_CASE("countOps includes pipeline bodies", "[ir]") {
  Plan plan = makeSmallPlan();
  CHECK(countOps(plan) == 1 + 3 + 8);
  Op pipe;
  pipe.kind = OpKind::Pipeline;
  pipe.ops = {makeNop(), makeNop()};
  plan.gpus[0].threadblocks[0].ops.push_back(pipe);
  CHECK(countOps(plan) == 1 + 3 + 8 + 3);
}

TEST_CASE("enum names round-trip", "[ir]") {
  for (size_t k = 0; k < NumOpKinds; ++k) {
    auto kind = static_cast<OpKind>(k);
    CHECK(parseOpKind(toString(kind)) == kind);
  }
  CHECK(toString(OpKind::SemAcquire) == "sem_acquire");
  CHECK(toString(OpKind::RlxSignal) == "rlxsignal");
  CHECK_FALSE(parseOpKind("start"));
  CHECK(parseBufferType("s") == BufferType::Scratch);
  CHECK(parseChannelType("none") == ChannelType::None);
  CHECK(parseProtocol("LL") == Protocol::LL);
  CHECK_FALSE(parseProtocol("ll"));
  CHECK(parseReduceOp("max") == ReduceOp::Max);
  CHECK(isReduceFamily(OpKind::Recspkt));
  CHECK_FALSE(isReduceFamily(OpKind::Glres));
  CHECK(isPutFamily(OpKind::Rppkt));
  CHECK(isDataSyncOp(OpKind::SemRelease));
  CHECK_FALSE(isDataSyncOp(OpKind::Barrier));
}
