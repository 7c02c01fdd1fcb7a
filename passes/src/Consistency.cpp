//===- Consistency.cpp - semaphores, pipeline chunks, instance layout -----===//
#include "mscclc/passes/Consistency.h"
#include "InPlaceAliases.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

namespace mscclc::passes {
namespace {

using namespace chunk;

std::string range(const Chunk &c) {
  return plan::describeRange(c.type, c.index, c.size);
}

class ConsistencyPass : public Pass {
public:
  std::string_view name() const override { return "consistency"; }
  bool run(Program &program, DiagnosticSink &diags) override {
    bool ok = true;
    const RelevantOps relevant = relevantOps(program);
    ok &= checkSemaphores(program, relevant, diags);
    ok &= checkPipelines(program, relevant, diags);
    if (program.instances > 1 &&
        program.replicationPolicy == ReplicationPolicy::Interleaved)
      ok &= checkGranularity(program, diags);
    return ok;
  }

private:
  // The top-level ops the semaphore and pipeline checks look at, per rank
  // in thread-block order: semaphore ops, pipelines, and any op with inner
  // ops. One walk over the program instead of one per check: each walk
  // reads every op (62 MB of them in the 128-rank all-pairs program), and
  // most programs have none of these.
  using RelevantOps = std::vector<std::vector<const Op *>>;
  static RelevantOps relevantOps(const Program &p) {
    RelevantOps relevant(p.ranks.size());
    for (size_t r = 0; r < p.ranks.size(); ++r)
      for (const auto &tb : p.ranks[r].tbs)
        for (const auto &op : tb.ops)
          if (op.kind == OpKind::Pipeline || op.kind == OpKind::SemAcquire ||
              op.kind == OpKind::SemRelease ||
              (op.hasDetails() && !op.details().body.empty()))
            relevant[r].push_back(&op);
    return relevant;
  }

  bool checkSemaphores(const Program &p, const RelevantOps &relevant,
                       DiagnosticSink &diags) {
    bool ok = true;
    // A program usually repeats a mistake on every rank: one warning per
    // source location.
    std::set<SourceLocation> reportedCounts;
    for (size_t r = 0; r < p.ranks.size(); ++r) {
      const Rank &rank = p.ranks[r];
      std::vector<int64_t> releases(rank.semaphores.size(), 0);
      std::vector<std::vector<const Op *>> acquires(rank.semaphores.size());
      auto visit = [&](const Op &op, auto &self) -> void {
        for (const auto &inner : op.details().body)
          self(inner, self);
        for (int32_t id : op.details().semaphoreIds) {
          if (id < 0 || size_t(id) >= rank.semaphores.size())
            continue;
          if (op.kind == OpKind::SemAcquire)
            acquires[size_t(id)].push_back(&op);
          else if (op.kind == OpKind::SemRelease)
            ++releases[size_t(id)];
        }
      };
      for (const Op *op : relevant[r])
        visit(*op, visit);
      checkSemaphoresPerIteration(p, rank, relevant[r], int64_t(r),
                                  reportedCounts, diags);
      for (size_t s = 0; s < rank.semaphores.size(); ++s) {
        // In 128 bits: an initial value near 2^63 (chunk IR text) plus the
        // releases wrapped, and a negative sum indexed the acquires badly.
        __int128 available = __int128(rank.semaphores[s]) + releases[s];
        int64_t n = int64_t(acquires[s].size());
        if (n > available) {
          const Op *first = acquires[s][size_t(
              std::clamp<int64_t>(int64_t(available), 0, n - 1))];
          diags.report(diag::err_semaphore_never_available, first->reportLoc(),
                       {s, r, n, rank.semaphores[s], releases[s]});
          ok = false;
        }
      }
    }
    return ok;
  }

  // The count above takes a pipeline's body once, but the executor runs it
  // ceil(num_chunks * chunk bytes / unit_size) times: how often depends on
  // the message size. Pipelines with one ratio of num_chunks to unit_size
  // iterate equally often at every size, so together they must acquire each
  // semaphore as often as they release it.
  void checkSemaphoresPerIteration(const Program &p, const Rank &rank,
                                   const std::vector<const Op *> &relevant,
                                   int64_t r,
                                   std::set<SourceLocation> &reported,
                                   DiagnosticSink &diags) {
    if (diags.isIgnored(diag::warn_semaphore_pipeline_count))
      return;
    // A max_message_size can bound a pipeline to one iteration, where its
    // body runs exactly once.
    auto oneIteration = [&](const OpDetails &pd) {
      return pipelineRunsOnce(p, rank, pd);
    };
    struct Count {
      int64_t acquires = 0, releases = 0;
      // The first of each, and the pipeline it is in.
      const Op *firstAcquire = nullptr, *firstRelease = nullptr;
      const Op *acquirePipeline = nullptr, *releasePipeline = nullptr;
    };
    // (semaphore, unit_size and num_chunks over their common divisor) ->
    // count per iteration.
    std::map<std::tuple<int32_t, uint64_t, uint64_t>, Count> counts;
    for (const Op *candidate : relevant) {
      const Op &op = *candidate;
      if (op.kind != OpKind::Pipeline)
        continue;
      const OpDetails &pd = op.details();
      if (pd.unitSize == 0 || pd.numChunks <= 0 || oneIteration(pd))
        continue;
      uint64_t g = std::gcd(pd.unitSize, uint64_t(pd.numChunks));
      for (const auto &inner : pd.body) {
        if (inner.kind != OpKind::SemAcquire &&
            inner.kind != OpKind::SemRelease)
          continue;
        for (int32_t id : inner.details().semaphoreIds) {
          Count &c = counts[{id, pd.unitSize / g, uint64_t(pd.numChunks) / g}];
          if (inner.kind == OpKind::SemAcquire) {
            if (c.acquires++ == 0) {
              c.firstAcquire = &inner;
              c.acquirePipeline = &op;
            }
          } else if (c.releases++ == 0) {
            c.firstRelease = &inner;
            c.releasePipeline = &op;
          }
        }
      }
    }
    for (const auto &[key, c] : counts) {
      if (c.acquires == c.releases)
        continue;
      bool starves = c.acquires > c.releases;
      const Op *at = starves ? c.firstAcquire : c.firstRelease;
      const Op *pipeline = starves ? c.acquirePipeline : c.releasePipeline;
      if (at->reportLoc().isValid() && !reported.insert(at->reportLoc()).second)
        continue;
      diags
          .report(diag::warn_semaphore_pipeline_count, at->reportLoc(),
                  {int64_t(std::get<0>(key)), r, c.acquires, c.releases,
                   int64_t(pipeline->details().unitSize),
                   pipeline->details().numChunks,
                   starves ? "above some message size the acquires outnumber "
                             "the releases and the program deadlocks"
                           : "the semaphore gains a count per extra "
                             "iteration: its value grows with the message "
                             "size, and a later acquire or launch sees it"})
          .note(diag::note_pipeline_created_here, pipeline->reportLoc())
          .note(diag::note_fix_semaphore_pipeline_count, at->reportLoc());
    }
  }

  bool checkPipelines(const Program &p, const RelevantOps &relevant,
                      DiagnosticSink &diags) {
    bool ok = true;
    // A thread-block-group op is one op per thread block of its group: one
    // error per (source location, rank), not per thread block.
    std::set<std::pair<SourceLocation, int32_t>> reportedAt;
    for (size_t r = 0; r < p.ranks.size(); ++r)
      for (const Op *candidate : relevant[r]) {
        const Op &op = *candidate;
        if (op.kind != OpKind::Pipeline)
          continue;
        for (const auto &inner : op.details().body) {
          bool reported = false;
          forEachOperandChunk(inner, [&](const Chunk &c) {
            if (reported || c.size == op.details().numChunks)
              return;
            reported = true;
            ok = false;
            if (inner.reportLoc().isValid() &&
                !reportedAt.insert({inner.reportLoc(), c.rank}).second)
              return;
            diags
                .report(diag::err_pipeline_chunk_span, inner.reportLoc(),
                        {range(c), c.rank, c.size, op.details().numChunks})
                .note(diag::note_pipeline_created_here, op.reportLoc());
          });
        }
      }
    return ok;
  }

  bool checkGranularity(const Program &p, DiagnosticSink &diags) {
    struct Access {
      int64_t index, size; // where the bytes are (InPlaceAliases)
      const Op *op;
      Chunk named; // as the program names it
    };
    // (rank, buffer) -> distinct accesses. In place, input and output
    // chunks are compared where their bytes are: replication shifts both
    // names of a region alike only when they split it alike (an in-place
    // AllReduce's input[0:2] and output[1:2] are one region in two sizes).
    std::map<std::pair<int32_t, int>, std::vector<Access>> accesses;
    InPlaceAliases aliases;
    auto add = [&](const Chunk &named, const Op &op) {
      Chunk c = aliases.canonical(named);
      accesses[{int32_t(c.rank), int(c.type)}].push_back(
          {c.index, c.size, &op, named});
    };
    auto visit = [&](const Op &op, int32_t r, auto &self) -> void {
      for (const auto &inner : op.details().body)
        self(inner, r, self);
      forEachOperandChunk(op, [&](const Chunk &c) {
        if (c.size > 0)
          add(c, op);
      });
      // Replication shifts multicast offsets with the same formula, so a
      // switch range is an access to that buffer on every group member.
      if (op.details().switchSize > 0 && !op.channels.empty() &&
          op.channels[0].kind == ChannelType::Switch) {
        const Rank &rank = p.ranks[size_t(r)];
        int32_t id = op.channels[0].globalId;
        if (id >= 0 && size_t(id) < rank.switchChannels.size())
          for (int32_t member : rank.switchChannels[size_t(id)].ranks)
            for (const auto *offsets : {&op.details().switchSrcOffsets,
                                        &op.details().switchDstOffsets})
              for (int64_t off : *offsets)
                add(Chunk{member, op.details().switchBuffer, 0, off,
                          op.details().switchSize},
                    op);
      }
    };
    for (size_t r = 0; r < p.ranks.size(); ++r) {
      aliases = InPlaceAliases::of(p, r);
      for (const auto &tb : p.ranks[r].tbs)
        for (const auto &op : tb.ops)
          visit(op, int32_t(r), visit);
    }
    // A chunk named by the other buffer of an in-place collective says
    // where its bytes are.
    auto describe = [&](const Access &a, BufferType placedType) {
      std::string named = range(a.named);
      if (a.named.type == placedType && a.named.index == a.index)
        return named;
      Chunk placed = a.named;
      placed.type = placedType;
      placed.index = a.index;
      return named + " (in place, the bytes of " + range(placed) + ")";
    };
    for (auto &[key, list] : accesses) {
      std::stable_sort(
          list.begin(), list.end(),
          [](const Access &a, const Access &b) { return a.index < b.index; });
      // Each access must be identical to, or disjoint from, every other.
      int64_t maxEnd = -1;
      const Access *maxAcc = nullptr;
      for (const auto &a : list) {
        if (maxAcc && a.index < maxEnd &&
            !(a.index == maxAcc->index && a.size == maxAcc->size)) {
          BufferType placedType = BufferType(key.second);
          std::string x = describe(*maxAcc, placedType);
          std::string y = describe(a, placedType);
          unsigned errorsBefore = diags.errorCount();
          diags
              .report(diag::err_interleaved_granularity, a.op->reportLoc(),
                      {p.instances, key.first, x, y})
              .note(diag::note_accessed_here, maxAcc->op->reportLoc(),
                    {range(maxAcc->named)})
              .note(diag::note_interleaved_granularity_pairs,
                    a.op->reportLoc());
          // -Wno-error=interleaved-granularity: a warning, once per buffer.
          if (diags.errorCount() != errorsBefore)
            return false;
          break;
        }
        if (a.index + a.size > maxEnd) {
          maxEnd = a.index + a.size;
          maxAcc = &a;
        }
      }
    }
    return true;
  }
};

} // namespace

std::unique_ptr<Pass> createConsistencyPass() {
  return std::make_unique<ConsistencyPass>();
}

} // namespace mscclc::passes
