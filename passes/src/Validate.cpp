//===- Validate.cpp - operands inside their buffers ----------------------===//
#include "mscclc/passes/Validate.h"

#include <set>

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
    warnSelfChannels(program, diags);
    return ok_;
  }

private:
  // A memory or port channel from a rank to itself: a rank reaches its own
  // buffers with local ops, so such a channel is almost always a slip
  // (swapped ranks, `(r + 1) % n` with n = 1). A warning, once per place
  // that creates one: the reference DSL accepts it.
  void warnSelfChannels(const Program &p, DiagnosticSink &diags) {
    std::set<SourceLocation> reported;
    for (size_t r = 0; r < p.ranks.size(); ++r)
      for (const ChannelGroup &g : p.ranks[r].channelGroups) {
        if (g.kind != ChannelType::Memory && g.kind != ChannelType::Port)
          continue;
        for (size_t i = 0; i < g.connectedTo.size(); ++i) {
          if (size_t(g.connectedTo[i]) != r)
            continue;
          SourceLocation at =
              i < g.createdAt.size() ? g.createdAt[i] : SourceLocation();
          if (at.isValid() && !reported.insert(at).second)
            continue;
          diags.report(
              diag::warn_self_channel, at,
              {g.kind == ChannelType::Memory ? "memory" : "port", int64_t(r)});
        }
      }
  }
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
