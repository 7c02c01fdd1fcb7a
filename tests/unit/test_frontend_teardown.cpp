// runFrontend hands its result over while its thread still frees the
// evaluation's values and Clang's AST (FrontendTeardown): the result is
// complete and usable from the start, a second compile while the first
// result lives gives the same program as alone, errors come back before
// the hand-over, and dropping the handle waits for the thread.
#include "mscclc/frontend/Frontend.h"
#include "mscclc/ir/ChunkIRPrinter.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <utility>

using namespace mscclc;

namespace {

// An algorithm file that lives as long as the object.
struct SourceFile {
  std::string path;
  SourceFile(const std::string &name, const std::string &body)
      : path("/tmp/mscclc_teardown_test_" + std::to_string(getpid()) + "_" +
             name + ".cpp") {
    std::ofstream(path) << "#include <mscclpp/dsl.hpp>\n"
                           "#include <map>\n#include <vector>\n"
                           "using namespace mscclpp::dsl;\n"
                        << body;
  }
  ~SourceFile() { std::remove(path.c_str()); }
};

// All pairs exchange a chunk through channels kept in maps, so that the
// evaluation leaves many values for the thread to free.
const char *AllPairs = R"(
MSCCLPP_ALGORITHM void pairs(int n = 8) {
  AllGather collective(n, 1, true);
  CollectiveProgram program("pairs", collective, n);
  std::vector<std::map<int, MemoryChannel>> channel(n);
  for (int r = 0; r < n; ++r)
    for (int p = 0; p < n; ++p)
      if (p != r)
        channel[r].emplace(p, MemoryChannel(p, r));
  for (int r = 0; r < n; ++r)
    for (int p = 0; p < n; ++p)
      if (p != r)
        channel[r].at(p).put(Rank(p).get_output_buffer().slice(r, r + 1),
                             Rank(r).get_output_buffer().slice(r, r + 1),
                             {.tb = p});
}
)";

std::string chunkIR(const chunk::Program &program) {
  std::ostringstream os;
  chunk::print(program, os);
  return os.str();
}

frontend::FrontendResult compile(const SourceFile &file,
                                 CollectingDiagnosticSink &diags,
                                 std::string n = "8") {
  frontend::FrontendOptions options;
  options.inputFile = file.path;
  options.params = {{"n", std::move(n)}};
  return frontend::runFrontend(options, diags);
}

} // namespace

TEST_CASE("runFrontend returns the program before its teardown ends",
          "[frontend][teardown]") {
  SourceFile file("pairs", AllPairs);
  CollectingDiagnosticSink aloneDiags;
  std::string alone;
  {
    frontend::FrontendResult r = compile(file, aloneDiags);
    REQUIRE(r.program);
    REQUIRE(r.teardown);
    alone = chunkIR(*r.program);
  }
  CHECK(aloneDiags.entries.empty());
  CHECK(alone.find("put") != std::string::npos);

  // A second compile while the first result (and its handle) lives: the
  // first thread is waited for, and each program is what it is alone.
  CollectingDiagnosticSink firstDiags, secondDiags;
  frontend::FrontendResult first = compile(file, firstDiags);
  frontend::FrontendResult second = compile(file, secondDiags, "4");
  REQUIRE(first.program);
  REQUIRE(second.program);
  CHECK(chunkIR(*first.program) == alone);
  CHECK(chunkIR(*second.program) != alone);
  CHECK(second.program->ranks.size() == 4);

  // Dropping a handle waits for that thread; the program stays.
  first.teardown.reset();
  second.teardown.reset();
  CHECK(chunkIR(*first.program) == alone);
  CHECK(firstDiags.entries.empty());
  CHECK(secondDiags.entries.empty());
}

TEST_CASE("runFrontend reports errors before it hands over",
          "[frontend][teardown]") {
  // Clang's error (the consumer never evaluates) and the evaluator's.
  SourceFile clangError("clang", "MSCCLPP_ALGORITHM void a(int n = 2) {\n"
                                 "  undeclared_name(n);\n}\n");
  SourceFile evalError("eval",
                       "MSCCLPP_ALGORITHM void a(int n = 2) {\n"
                       "  AllGather collective(n, 1, true);\n"
                       "  CollectiveProgram program(\"a\", collective, n);\n"
                       "  Rank(n).get_input_buffer();\n}\n");
  // The file's first four lines are SourceFile's.
  for (auto [file, line] : {std::pair{&clangError, 6u}, {&evalError, 8u}}) {
    CollectingDiagnosticSink diags;
    frontend::FrontendResult r = compile(*file, diags, "2");
    INFO(file->path);
    CHECK_FALSE(r.program);
    CHECK(r.teardown);
    // Everything was reported by the time the result came back.
    REQUIRE(diags.errorCount() == 1);
    CHECK(diags.entries.front().loc.line == line);
    size_t reported = diags.entries.size();
    r.teardown.reset();
    CHECK(diags.entries.size() == reported);
  }
}
