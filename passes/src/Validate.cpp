//===- Validate.cpp - operands inside their buffers ----------------------===//
#include "mscclc/passes/Validate.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

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
    warnPartialGroups(program, diags);
    return ok_;
  }

private:
  // An op made with both tb and tb_group is that thread block's share of
  // a split among the group (the reference DSL's meaning): unless some
  // thread block at every position of the group records the same op (same
  // kind and operands; channels may differ, which is the point), part of
  // the data is never moved. A warning once per statement, as the
  // reference accepts it.
  void warnPartialGroups(const Program &p, DiagnosticSink &diags) {
    if (diags.isIgnored(diag::warn_partial_thread_block_group))
      return;
    using Operand = std::tuple<int32_t, int, int64_t, int64_t>;
    using Key = std::tuple<OpKind, int32_t, std::vector<Operand>>;
    struct Shares {
      std::vector<int64_t> count; // per position in the group
      const Op *first = nullptr;
    };
    std::set<SourceLocation> reported;
    for (const Rank &rank : p.ranks) {
      std::map<Key, Shares> groups;
      auto visit = [&](const Op &op, auto &self) -> void {
        for (const Op &inner : op.details().body)
          self(inner, self);
        const std::optional<TbgInfo> &tbg = op.details().tbg;
        if (!tbg || tbg->tbgSize <= 1 || tbg->tbId < 0 ||
            tbg->tbId >= tbg->tbgSize)
          return;
        Key key{op.kind, tbg->tbgSize, {}};
        forEachOperandChunk(op, [&](const Chunk &c) {
          std::get<2>(key).push_back(
              {int32_t(c.rank), int(c.type), c.index, c.size});
        });
        Shares &shares = groups[std::move(key)];
        if (!shares.first) {
          shares.first = &op;
          shares.count.assign(size_t(tbg->tbgSize), 0);
        }
        ++shares.count[size_t(tbg->tbId)];
      };
      for (const ThreadBlock &tb : rank.tbs)
        for (const Op &op : tb.ops)
          visit(op, visit);
      for (const auto &[key, shares] : groups) {
        // Only a share no thread block records at all: one recorded more
        // often (the whole group, then one block's share again) still
        // moves every byte.
        std::string missing;
        int64_t recorded = 0;
        for (size_t i = 0; i < shares.count.size(); ++i) {
          if (shares.count[i] != 0) {
            ++recorded;
            continue;
          }
          missing += (missing.empty() ? "" : ", ") + std::to_string(i);
        }
        if (missing.empty())
          continue;
        SourceLocation at = shares.first->reportLoc();
        if (at.isValid() && !reported.insert(at).second)
          continue;
        diags.report(diag::warn_partial_thread_block_group, at,
                     {std::string(plan::toString(std::get<0>(key))),
                      int64_t(shares.count.size()), recorded, missing});
      }
    }
  }

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
