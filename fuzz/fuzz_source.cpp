//===- fuzz_source.cpp - libFuzzer target: the front end on sources ------===//
//
// Any bytes as an algorithm file: Clang parses it (the DSL header comes
// precompiled), the evaluator runs the algorithm, the pipeline compiles
// the program. The evaluator's own limits are lowered so one input takes
// milliseconds.
//
// Inputs with preprocessor directives other than #include <...> of the
// standard and DSL headers are skipped: a macro or #include bomb ends the
// process by design (the front end cannot unwind Clang; see Frontend.cpp),
// which libFuzzer would take for a crash. The robustness corpus covers
// those.
//
//===----------------------------------------------------------------------===//
#include "mscclc/frontend/Frontend.h"
#include "mscclc/passes/Pipeline.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>

namespace {

bool onlyHeaderIncludes(const std::string &text) {
  size_t pos = 0;
  while ((pos = text.find('#', pos)) != std::string::npos) {
    size_t start = text.find_first_not_of(" \t", pos + 1);
    if (start == std::string::npos || text.compare(start, 8, "include ") != 0 ||
        text.find('<', start) != start + 8 ||
        text.compare(start + 9, 4, "..") == 0)
      return false;
    pos = start;
  }
  // %: and ??= spell '#' too (digraph, trigraph).
  return text.find("%:") == std::string::npos &&
         text.find("?\?=") == std::string::npos &&
         text.find("_Pragma") == std::string::npos &&
         text.find("__pragma") == std::string::npos;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  if (text.find('\0') != std::string::npos || !onlyHeaderIncludes(text))
    return -1; // not added to the corpus
  static const std::string path =
      "/tmp/mscclc_fuzz_source_" + std::to_string(getpid()) + ".cpp";
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
  mscclc::frontend::FrontendOptions options;
  options.inputFile = path;
  options.maxSteps = 2'000'000;
  options.maxMemoryBytes = uint64_t(512) << 20;
  mscclc::CollectingDiagnosticSink diags;
  auto result = mscclc::frontend::runFrontend(options, diags);
  if (result.program && diags.errorCount() == 0) {
    mscclc::passes::PipelineOptions pipeline;
    mscclc::passes::runPipeline(*result.program, pipeline, diags);
  }
  return 0;
}
