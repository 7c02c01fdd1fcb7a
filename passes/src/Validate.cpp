//===- Validate.cpp - operands inside their buffers ----------------------===//
#include "mscclc/passes/Validate.h"

namespace mscclc::passes {
namespace {

using namespace chunk;

class ValidatePass : public Pass {
public:
  std::string_view name() const override { return "validate"; }
  bool run(Program &program, DiagnosticSink &diags) override {
    ok_ = true;
    for (auto &rank : program.ranks)
      for (auto &tb : rank.tbs)
        for (auto &op : tb.ops)
          check(program, op, diags);
    return ok_;
  }

private:
  void checkChunk(const Program &p, const Chunk &c, const Op &op,
                  DiagnosticSink &diags) {
    if (c.rank < 0 || size_t(c.rank) >= p.ranks.size()) {
      diags.report(diag::err_chunk_rank_out_of_range, op.reportLoc(),
                   {c.rank, p.ranks.size()});
      ok_ = false;
      return;
    }
    int64_t avail = p.ranks[c.rank].bufferChunks(c.type);
    if (!plan::rangeFits(c.index, c.size, avail)) {
      diags.report(diag::err_chunk_out_of_range, op.reportLoc(),
                   {plan::bufferName(c.type),
                    "[" + std::to_string(c.index) + ":" +
                        std::to_string(c.index + c.size) + "]",
                    c.rank, avail});
      ok_ = false;
    }
  }
  void check(const Program &p, const Op &op, DiagnosticSink &diags) {
    forEachOperandChunk(op,
                        [&](const Chunk &c) { checkChunk(p, c, op, diags); });
    for (const auto &inner : op.details().body)
      check(p, inner, diags);
  }
  bool ok_ = true;
};

} // namespace

std::unique_ptr<Pass> createValidatePass() {
  return std::make_unique<ValidatePass>();
}

} // namespace mscclc::passes
