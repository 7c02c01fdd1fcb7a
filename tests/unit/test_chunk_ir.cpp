//===- test_chunk_ir.cpp - chunk IR: counting, verifier, printer, versions===//
//
// Programs here are built by hand (no front end), so every field the
// verifier and printer look at is spelled out in the test.
//
//===----------------------------------------------------------------------===//

#include "mscclc/ir/ChunkIR.h"
#include "mscclc/ir/ChunkIRParser.h"
#include "mscclc/ir/ChunkIRPrinter.h"
#include "mscclc/ir/ChunkIRVerifier.h"

#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

using namespace mscclc;
using namespace mscclc::chunk;

namespace {

// The verifier's messages for `p` (empty when it is valid).
std::vector<std::string> problemsOf(const Program &p) {
  CollectingDiagnosticSink diags;
  bool ok = verify(p, diags);
  std::vector<std::string> out;
  for (const auto &d : diags.entries)
    out.push_back(d.planPath + ": " + d.message);
  CHECK(ok == out.empty());
  return out;
}

Chunk chunkOf(int32_t rank, BufferType type, int64_t index, int64_t size) {
  Chunk c;
  c.rank = rank;
  c.type = type;
  c.index = index;
  c.size = size;
  return c;
}

Op copyOp(Chunk src, Chunk dst, uint64_t seq = 0) {
  Op op;
  op.kind = OpKind::Copy;
  op.localSrc = {src};
  op.localDst = {dst};
  op.seq = seq;
  return op;
}

Op nopOp() {
  Op op;
  op.kind = OpKind::Nop;
  return op;
}

Op pipelineOp(std::vector<Op> body) {
  Op op;
  op.kind = OpKind::Pipeline;
  op.mutableDetails().unitSize = 1024;
  op.mutableDetails().numChunks = 4;
  op.mutableDetails().body = std::move(body);
  return op;
}

// Two ranks with 2 input / 2 output chunks each. Rank 0 has one memory
// channel to rank 1 and a remote-buffer declaration for rank 1's output;
// tb 0 copies locally, puts to rank 1 and signals.
Program validProgram() {
  Program p;
  p.collective = "test";
  p.ranks.resize(2);
  for (auto &r : p.ranks) {
    r.inputChunks = 2;
    r.outputChunks = 2;
  }
  Rank &r0 = p.ranks[0];
  r0.channelGroups.push_back(
      {ChannelType::Memory, {1}, std::vector<mscclc::SourceLocation>(1)});
  r0.remoteBuffers.push_back({1, BufferType::Output, {ChannelType::Memory}});
  r0.tbs.resize(1);

  r0.tbs[0].ops.push_back(copyOp(chunkOf(0, BufferType::Input, 0, 1),
                                 chunkOf(0, BufferType::Output, 0, 1), 1));
  Op put;
  put.kind = OpKind::Put;
  put.channels = {{ChannelType::Memory, 0}};
  put.localSrc = {chunkOf(0, BufferType::Input, 1, 1)};
  put.remoteDst = {chunkOf(1, BufferType::Output, 0, 1)};
  put.seq = 2;
  r0.tbs[0].ops.push_back(put);
  Op signal;
  signal.kind = OpKind::Signal;
  signal.dataSync = SyncBoth;
  signal.channels = {{ChannelType::Memory, 0}};
  signal.seq = 3;
  r0.tbs[0].ops.push_back(signal);
  return p;
}

bool anyContains(const std::vector<std::string> &problems,
                 const std::string &needle) {
  for (const auto &p : problems)
    if (p.find(needle) != std::string::npos)
      return true;
  return false;
}

std::string printed(const Program &p) {
  std::ostringstream os;
  print(p, os);
  return os.str();
}

} // namespace

TEST_CASE("chunk IR: countOps counts pipeline bodies", "[chunk-ir]") {
  Program p;
  p.ranks.resize(2);
  p.ranks[0].tbs.resize(2);
  // tb 0: copy, pipeline { copy, copy }  -> 1 + 1 + 2
  p.ranks[0].tbs[0].ops.push_back(copyOp(chunkOf(0, BufferType::Input, 0, 1),
                                         chunkOf(0, BufferType::Output, 0, 1)));
  p.ranks[0].tbs[0].ops.push_back(
      pipelineOp({copyOp(chunkOf(0, BufferType::Input, 0, 1),
                         chunkOf(0, BufferType::Output, 0, 1)),
                  copyOp(chunkOf(0, BufferType::Input, 1, 1),
                         chunkOf(0, BufferType::Output, 1, 1))}));
  // tb 1: nop
  p.ranks[0].tbs[1].ops.push_back(nopOp());
  // rank 1: an empty pipeline still counts as one op
  p.ranks[1].tbs.resize(1);
  p.ranks[1].tbs[0].ops.push_back(pipelineOp({}));

  CHECK(countOps(p) == 6);
  CHECK(countOps(Program{}) == 0);
}

TEST_CASE("chunk IR: the verifier accepts a valid program", "[chunk-ir]") {
  Program p = validProgram();
  std::vector<std::string> problems = problemsOf(p);
  INFO((problems.empty() ? std::string() : problems.front()));
  CHECK(problems.empty());
}

TEST_CASE("chunk IR: the verifier reports out-of-bounds chunks", "[chunk-ir]") {
  Program p = validProgram();
  SECTION("local chunk past the end of its buffer") {
    // input has 2 chunks; [1:3) overruns it
    p.ranks[0].tbs[0].ops.push_back(
        copyOp(chunkOf(0, BufferType::Input, 1, 2),
               chunkOf(0, BufferType::Output, 0, 2)));
    std::vector<std::string> problems = problemsOf(p);
    REQUIRE_FALSE(problems.empty());
    CHECK(anyContains(problems, "out of bounds"));
    CHECK(anyContains(problems, "rank 0 tb 0"));
  }
  SECTION("scratch chunk when no scratch exists") {
    p.ranks[0].tbs[0].ops.push_back(
        copyOp(chunkOf(0, BufferType::Input, 0, 1),
               chunkOf(0, BufferType::Scratch, 0, 1)));
    CHECK(anyContains(problemsOf(p), "out of bounds"));
  }
  SECTION("negative index") {
    p.ranks[0].tbs[0].ops.push_back(
        copyOp(chunkOf(0, BufferType::Input, -1, 1),
               chunkOf(0, BufferType::Output, 0, 1)));
    CHECK(anyContains(problemsOf(p), "out of bounds"));
  }
  SECTION("remote chunk out of bounds on the remote rank") {
    p.ranks[0].tbs[0].ops[1].remoteDst[0].index = 2;
    CHECK(anyContains(problemsOf(p), "out of bounds"));
  }
  SECTION("chunk on a nonexistent rank") {
    p.ranks[0].tbs[0].ops.push_back(
        copyOp(chunkOf(0, BufferType::Input, 0, 1),
               chunkOf(5, BufferType::Output, 0, 1)));
    CHECK(anyContains(problemsOf(p), "nonexistent rank 5"));
  }
}

TEST_CASE("chunk IR: the verifier reports nonexistent channels", "[chunk-ir]") {
  Program p = validProgram();
  Op signal;
  signal.kind = OpKind::Signal;
  signal.dataSync = SyncBoth;
  SECTION("memory id beyond the connected_to list") {
    signal.channels = {{ChannelType::Memory, 1}};
  }
  SECTION("kind without a channel group on the rank") {
    signal.channels = {{ChannelType::Port, 0}};
  }
  SECTION("negative id") { signal.channels = {{ChannelType::Memory, -1}}; }
  p.ranks[0].tbs[0].ops.push_back(signal);
  std::vector<std::string> problems = problemsOf(p);
  REQUIRE_FALSE(problems.empty());
  CHECK((anyContains(problems, "nonexistent memory channel") ||
         anyContains(problems, "nonexistent port channel")));
}

TEST_CASE("chunk IR: the verifier reports nonexistent switch channels",
          "[chunk-ir]") {
  Program p = validProgram();
  Op gstore;
  gstore.kind = OpKind::Gstore;
  gstore.channels = {{ChannelType::Switch, 0}};
  gstore.mutableDetails().switchChunk = chunkOf(0, BufferType::Output, 0, 1);
  gstore.mutableDetails().switchDstOffsets = {0};
  gstore.mutableDetails().switchSize = 1;
  p.ranks[0].tbs[0].ops.push_back(gstore);
  CHECK(anyContains(problemsOf(p), "nonexistent switch channel"));

  p.ranks[0].switchChannels.push_back({BufferType::Output, {0, 1}});
  CHECK(problemsOf(p).empty());
}

TEST_CASE("chunk IR: the verifier reports remote chunks without a "
          "declaration",
          "[chunk-ir]") {
  Program p = validProgram();
  p.ranks[0].remoteBuffers.clear();
  CHECK(
      anyContains(problemsOf(p),
                  "remote chunk on r1.o without a remote buffer declaration"));
}

TEST_CASE("chunk IR: the verifier reports nested pipelines", "[chunk-ir]") {
  Program p = validProgram();
  SECTION("a pipeline inside a pipeline") {
    p.ranks[0].tbs[0].ops.push_back(pipelineOp({pipelineOp({nopOp()})}));
    std::vector<std::string> problems = problemsOf(p);
    REQUIRE_FALSE(problems.empty());
    CHECK(anyContains(problems, "pipelines do not nest"));
  }
  SECTION("a flat pipeline is fine") {
    p.ranks[0].tbs[0].ops.push_back(
        pipelineOp({nopOp(), copyOp(chunkOf(0, BufferType::Input, 0, 1),
                                    chunkOf(0, BufferType::Output, 1, 1))}));
    CHECK(problemsOf(p).empty());
  }
  SECTION("ops inside a pipeline are checked too") {
    p.ranks[0].tbs[0].ops.push_back(
        pipelineOp({copyOp(chunkOf(0, BufferType::Input, 0, 1),
                           chunkOf(0, BufferType::Output, 2, 1))}));
    CHECK(anyContains(problemsOf(p), "out of bounds"));
  }
}

TEST_CASE("chunk IR: the printer shows one line per op", "[chunk-ir]") {
  Program p = validProgram();
  p.ranks[0].tbs[0].ops.push_back(
      pipelineOp({copyOp(chunkOf(0, BufferType::Output, 1, 1),
                         chunkOf(0, BufferType::Input, 0, 1))}));
  Op barrier;
  barrier.kind = OpKind::Barrier;
  barrier.mutableDetails().barrierId = 3;
  barrier.mutableDetails().barrierTbs = {0, 1};
  p.ranks[0].tbs[0].ops.push_back(barrier);
  std::string text = printed(p);
  INFO(text);

  CHECK_THAT(text, Catch::Contains("rank 0 input=2 output=2 scratch=0\n"));
  CHECK_THAT(text, Catch::Contains("  channels memory -> #0:r1\n"));
  CHECK_THAT(text, Catch::Contains("  remote r1.o(memory)\n"));
  CHECK_THAT(text, Catch::Contains("  tb 0\n"));
  CHECK_THAT(text, Catch::Contains("    copy i[0:1]#0 -> o[0:1]#0\n"));
  CHECK_THAT(text,
             Catch::Contains("    put i[1:2]#0 -> r1.o[0:1] via memory#0\n"));
  CHECK_THAT(text, Catch::Contains("    signal.both memory#0\n"));
  CHECK_THAT(text, Catch::Contains("    pipeline unit=1024 chunks=4 {\n"
                                   "      copy o[1:2]#0 -> i[0:1]#0\n"
                                   "    }\n"));
  CHECK_THAT(text, Catch::Contains("    barrier id=3 tbs=[0,1]\n"));
  // Deterministic.
  CHECK(printed(p) == text);
}

TEST_CASE("chunk IR: text round-trips through the parser", "[chunk-ir]") {
  Program p = validProgram();
  p.name = "odd \"name\"; with\\ specials";
  p.instrFusion = false;
  p.replicationPolicy = ReplicationPolicy::None;
  p.maxMessageSize = 1 << 20;
  p.ranks[0].tbs[0].ops.push_back(
      pipelineOp({copyOp(chunkOf(0, BufferType::Output, 1, 1),
                         chunkOf(0, BufferType::Input, 0, 1))}));
  p.ranks[0].tbs[0].ops[0].loc = {0, 12, 5};
  std::string text = printed(p);
  INFO(text);
  auto files = std::make_shared<SourceFiles>();
  int32_t id = files->add("test.cir", text);
  CollectingDiagnosticSink diags;
  std::optional<Program> back = parse(files->text(id), id, files, diags);
  for (const auto &d : diags.entries)
    INFO(d.message);
  REQUIRE(back);
  CHECK(back->name == p.name);
  CHECK_FALSE(back->instrFusion);
  CHECK(back->replicationPolicy == ReplicationPolicy::None);
  CHECK(printed(*back) == text);
  // Locations come back pointing at the algorithm source, not the .cir.
  SourceLocation loc = back->ranks[0].tbs[0].ops[0].loc;
  CHECK(loc.line == 12);
  CHECK(files->path(loc.fileId) == "<source>");
}

TEST_CASE("chunk IR: a short text stays readable while the parser adds "
          "files",
          "[chunk-ir]") {
  // The parser adds a "<source>" file while it reads the text it was given
  // a view of; a text short enough to live inside its std::string moved
  // with it, and the parser read the moved-from bytes.
  auto files = std::make_shared<SourceFiles>();
  int32_t id = files->add("short.cir", "program \"t\"\n");
  std::string_view text = files->text(id);
  for (int i = 0; i < 100; ++i)
    files->add("other" + std::to_string(i), "x");
  CHECK(text == "program \"t\"\n");
  CollectingDiagnosticSink diags;
  std::optional<Program> back = parse(files->text(id), id, files, diags);
  REQUIRE(back);
  CHECK(back->name == "t");
  CHECK(diags.entries.empty());
}

TEST_CASE("chunk IR: parse errors are located", "[chunk-ir]") {
  auto files = std::make_shared<SourceFiles>();
  std::string text = "program \"p\" collective=c ranks=1 protocol=Simple "
                     "inplace=false instances=1\n"
                     "rank 0 input=1 output=1 scratch=0\n"
                     "  tb 0\n"
                     "    copi i[0:1]#0 -> o[0:1]#0\n";
  int32_t id = files->add("bad.cir", text);
  CollectingDiagnosticSink diags;
  CHECK_FALSE(parse(files->text(id), id, files, diags));
  REQUIRE(diags.entries.size() == 1);
  CHECK(diags.entries[0].loc.line == 4);
  CHECK(diags.entries[0].loc.column == 5);
  CHECK_THAT(diags.entries[0].message, Catch::Contains("unknown op 'copi'"));
}

TEST_CASE("chunk IR: the printer appends the source line when known",
          "[chunk-ir]") {
  Program p = validProgram();
  p.ranks[0].tbs[0].ops[0].loc.fileId = 0;
  p.ranks[0].tbs[0].ops[0].loc.line = 12;
  p.ranks[0].tbs[0].ops[0].loc.column = 5;
  CHECK_THAT(printed(p), Catch::Contains("; line 12:5"));
}

TEST_CASE("chunk IR: assignVersions gives reads the latest write's version",
          "[chunk-ir]") {
  Program p;
  p.ranks.resize(1);
  p.ranks[0].inputChunks = 4;
  p.ranks[0].outputChunks = 4;
  p.ranks[0].scratchChunks = 4;
  p.ranks[0].tbs.resize(2);
  auto &tb0 = p.ranks[0].tbs[0].ops;
  auto &tb1 = p.ranks[0].tbs[1].ops;
  const auto I = BufferType::Input, O = BufferType::Output,
             S = BufferType::Scratch;
  // Recording order is seq order, not tb order: the first write is on tb 1.
  tb1.push_back(
      copyOp(chunkOf(0, I, 0, 2), chunkOf(0, O, 0, 2), 1)); // W1 o[0:2]
  tb0.push_back(
      copyOp(chunkOf(0, O, 0, 1), chunkOf(0, S, 0, 1), 2)); // R o[0:1]
  tb0.push_back(
      copyOp(chunkOf(0, I, 0, 1), chunkOf(0, O, 1, 1), 3)); // W2 o[1:2]
  tb0.push_back(
      copyOp(chunkOf(0, O, 1, 1), chunkOf(0, S, 1, 1), 4)); // R o[1:2]
  tb0.push_back(
      copyOp(chunkOf(0, O, 0, 1), chunkOf(0, S, 2, 1), 5)); // R o[0:1]

  assignVersions(p);

  const Op &w1 = tb1[0];
  const Op &r1 = tb0[0];
  const Op &w2 = tb0[1];
  const Op &r2 = tb0[2];
  const Op &r3 = tb0[3];
  // Never-written data is version 0.
  CHECK(w1.localSrc[0].version == 0);
  CHECK(w2.localSrc[0].version == 0);
  // Writes get fresh, distinct versions.
  CHECK(w1.localDst[0].version != 0);
  CHECK(w2.localDst[0].version != 0);
  CHECK(w2.localDst[0].version != w1.localDst[0].version);
  CHECK(r1.localDst[0].version != r2.localDst[0].version);
  // Each read names the newest write of the slots it covers.
  CHECK(r1.localSrc[0].version == w1.localDst[0].version);
  CHECK(r2.localSrc[0].version == w2.localDst[0].version);
  // o[0] was not overwritten by W2.
  CHECK(r3.localSrc[0].version == w1.localDst[0].version);

  // The printer shows the versions.
  std::string text = printed(p);
  INFO(text);
  CHECK_THAT(text, Catch::Contains("copy o[1:2]#" +
                                   std::to_string(w2.localDst[0].version) +
                                   " -> s[1:2]#"));
}

TEST_CASE("chunk IR: assignVersions reaches into pipelines and remote "
          "writes",
          "[chunk-ir]") {
  Program p = validProgram();
  // put (seq 2) writes rank 1's o[0:1]; a later copy on rank 1 reads it.
  p.ranks[1].tbs.resize(1);
  p.ranks[1].tbs[0].ops.push_back(
      pipelineOp({copyOp(chunkOf(1, BufferType::Output, 0, 1),
                         chunkOf(1, BufferType::Input, 0, 1), 10)}));
  assignVersions(p);
  const Op &put = p.ranks[0].tbs[0].ops[1];
  const Op &inner = p.ranks[1].tbs[0].ops[0].details().body[0];
  CHECK(put.remoteDst[0].version != 0);
  CHECK(inner.localSrc[0].version == put.remoteDst[0].version);
}
