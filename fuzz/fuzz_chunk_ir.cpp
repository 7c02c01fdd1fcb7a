//===- fuzz_chunk_ir.cpp - libFuzzer target: chunk IR parser and passes --===//
//
// Any bytes as chunk IR text: the parser, the chunk IR verifier, then (for
// text that parses and verifies) the whole pass pipeline, lowering and the
// plan checks, as `mscclc prog.cir -o plan.json` runs them.
//
//===----------------------------------------------------------------------===//
#include "mscclc/ir/ChunkIRParser.h"
#include "mscclc/ir/ChunkIRVerifier.h"
#include "mscclc/passes/Pipeline.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mscclc::CollectingDiagnosticSink diags;
  auto files = std::make_shared<mscclc::SourceFiles>();
  std::string text(reinterpret_cast<const char *>(data), size);
  int32_t id = files->add("fuzz.cir", text);
  auto program = mscclc::chunk::parse(text, id, files, diags);
  if (!program || !mscclc::chunk::verify(*program, diags))
    return 0;
  mscclc::passes::PipelineOptions options;
  mscclc::passes::runPipeline(*program, options, diags,
                              mscclc::passes::PlanOrigin::External);
  return 0;
}
