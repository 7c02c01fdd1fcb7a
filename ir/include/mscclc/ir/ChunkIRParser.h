//===- ChunkIRParser.h - chunk IR text back into chunk IR ----------------===//
//
// Reads exactly what ChunkIRPrinter writes, so chunk IR round-trips through
// text (print(parse(print(P))) == print(P)) and a pass can be run on a file:
//
//   mscclc --run-pass=fusion input.cir
//
// which is how tests/passes/ tests each pass, with the expectations beside
// the input (lit + FileCheck). Lines starting with `//` or `;` are
// comments, as is everything after `;` on a line (the printer puts source
// locations there: `; line 12:5`, parsed back into op locations). Recording
// order (seq) follows the text: rank by rank, thread block by thread block.
//
// Source locations of the ops point into the algorithm the IR came from,
// which the text does not include: they are given file "<source>".
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/ChunkIR.h"
#include "mscclc/ir/Diagnostics.h"

#include <optional>
#include <string_view>

namespace mscclc::chunk {

// Parses `text`, the contents of file `fileId` of `files` (parse errors are
// reported at their line and column there). The program's own file table is
// `files`, with a "<source>" entry added for op locations.
std::optional<Program> parse(std::string_view text, int32_t fileId,
                             std::shared_ptr<SourceFiles> files,
                             DiagnosticSink &diags);

} // namespace mscclc::chunk
