//===- SyncInsertion.cpp - nops around data-sync ops ---------------------===//
#include "mscclc/passes/SyncInsertion.h"

namespace mscclc::passes {

chunk::Op makeNop(const chunk::Op &near) {
  chunk::Op nop;
  nop.kind = chunk::OpKind::Nop;
  nop.loc = near.loc;
  nop.seq = near.seq;
  return nop;
}

namespace {

using namespace chunk;

std::vector<Op> insertSyncs(std::vector<Op> ops) {
  std::vector<Op> out;
  out.reserve(ops.size() * 2);
  for (auto &op : ops) {
    if (op.kind == OpKind::Pipeline)
      op.mutableDetails().body =
          insertSyncs(std::move(op.mutableDetails().body));
    bool before = op.isDataSync() && (op.dataSync & SyncBefore);
    bool after = op.isDataSync() && (op.dataSync & SyncAfter);
    if (before)
      out.push_back(makeNop(op));
    Op nopAfter = after ? makeNop(op) : Op{};
    out.push_back(std::move(op));
    if (after)
      out.push_back(std::move(nopAfter));
  }
  return out;
}

class SyncInsertionPass : public Pass {
public:
  std::string_view name() const override { return "sync-insertion"; }
  bool run(Program &program, DiagnosticSink &) override {
    for (auto &rank : program.ranks)
      for (auto &tb : rank.tbs)
        tb.ops = insertSyncs(std::move(tb.ops));
    return true;
  }
};

} // namespace

std::unique_ptr<Pass> createSyncInsertionPass() {
  return std::make_unique<SyncInsertionPass>();
}

} // namespace mscclc::passes
