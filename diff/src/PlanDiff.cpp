//===- PlanDiff.cpp - what changed between two plans, in words ------------===//
//
// Plans are compared through their resolved meaning (PlanDiff.h): each op
// becomes one line of text with every id resolved, and per thread block
// the two lists of lines are aligned (a longest common subsequence, after
// trimming the common prefix and suffix) into ops kept, added, removed, or
// changed in place (a removal and an addition at the same point).
//
//===----------------------------------------------------------------------===//
#include "mscclc/diff/PlanDiff.h"

#include <algorithm>
#include <map>
#include <sstream>

namespace mscclc::diff {

using namespace mscclc::plan;

namespace {

std::string plural(size_t n, const std::string &noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string range(int64_t index, int64_t size) {
  return "[" + std::to_string(index) + ":" + std::to_string(index + size) + "]";
}

std::string ranks(const std::vector<int32_t> &r) {
  std::string s;
  for (size_t i = 0; i < r.size(); ++i)
    s += (i ? "," : "") + std::to_string(r[i]);
  return s;
}

std::string describeBuffer(const ResolvedBuffer &b, int32_t self) {
  std::string s;
  switch (b.role) {
  case OperandRole::Remote:
  case OperandRole::RemotePacket:
    s = "rank " + std::to_string(b.rank) + " ";
    break;
  case OperandRole::Switch:
    s = "switch{" + (b.switchRanks ? ranks(*b.switchRanks) : "") + "} ";
    break;
  default:
    if (b.rank != self && b.rank >= 0)
      s = "rank " + std::to_string(b.rank) + " ";
  }
  s += std::string(bufferName(b.type)) + range(b.index, b.size);
  if (isPacketRole(b.role))
    s += " (packets)";
  return s;
}

// A channel as the peer it reaches and which of the rank's channels of
// that type to that peer it is (channels are paired in that order).
std::string describeChannel(const PlanQuery &q, int32_t rank,
                            const ChannelEnd &c) {
  if (c.type == ChannelType::Switch) {
    const ChannelDecl *d = q.switchDecl(rank, c.gpuChannel);
    return "switch{" + (d ? ranks(d->groupRanks) : std::string("?")) + "} " +
           (d ? std::string(bufferName(d->bufferType)) : "");
  }
  int32_t occurrence = q.occurrence(rank, c.type, c.gpuChannel);
  std::string s =
      std::string(toString(c.type)) + " rank " + std::to_string(c.peer);
  if (occurrence > 0)
    s += " #" + std::to_string(occurrence + 1);
  return s;
}

} // namespace

std::string describeOp(const PlanQuery &q, int32_t rank, int32_t tb,
                       const Op &op) {
  std::ostringstream os;
  os << toString(op.kind);
  if (op.reduceOp && *op.reduceOp != ReduceOp::Sum)
    os << " " << toString(*op.reduceOp);
  auto list = [&](Operand which, const std::vector<BufferRef> &refs) {
    std::string s;
    for (size_t i = 0; i < refs.size(); ++i) {
      auto b = q.operand(rank, tb, op, which, i);
      s += (i ? ", " : "") +
           (b ? describeBuffer(*b, rank) : std::string("<unresolved>"));
    }
    return s;
  };
  if (!op.src.empty())
    os << " " << list(Operand::Src, op.src);
  if (!op.dst.empty())
    os << " -> " << list(Operand::Dst, op.dst);
  std::vector<ChannelEnd> channels = q.channelsOf(rank, tb, op);
  if (!channels.empty()) {
    os << " via ";
    for (size_t i = 0; i < channels.size(); ++i)
      os << (i ? ", " : "") << describeChannel(q, rank, channels[i]);
  }
  if (!op.semaphoreIds.empty())
    os << " semaphores " << ranks(op.semaphoreIds);
  if (op.kind == OpKind::Barrier)
    os << " id " << op.barrierId << " of " << op.numThreadblocks
       << " thread blocks";
  if (op.size != 0 || op.bufferOffset != 0) {
    // A switch channel already names its buffer when it is this one.
    bool named = !channels.empty() &&
                 channels.front().type == ChannelType::Switch && [&] {
                   const ChannelDecl *d =
                       q.switchDecl(rank, channels.front().gpuChannel);
                   return d && d->bufferType == op.bufferType;
                 }();
    os << " " << (named ? "" : std::string(bufferName(op.bufferType)) + " ")
       << "offset " << op.bufferOffset << " size " << op.size << " into "
       << bufferName(op.dstChunk.type)
       << range(op.dstChunk.index, op.dstChunk.size);
  }
  if (op.tbg)
    os << " (thread-block group: " << op.tbg->tbId << " of " << op.tbg->tbgSize
       << ")";
  if (op.kind == OpKind::Pipeline) {
    os << " unit " << op.unitSize << " B, " << op.numChunks << " chunks {";
    for (size_t i = 0; i < op.ops.size(); ++i)
      os << (i ? "; " : " ") << describeOp(q, rank, tb, op.ops[i]);
    os << " }";
  }
  return os.str();
}

namespace {

class Differ {
public:
  Differ(const Plan &a, const Plan &b) : a_(a), b_(b), qa_(a), qb_(b) {}

  PlanDiff run() {
    options();
    size_t common = std::min(a_.gpus.size(), b_.gpus.size());
    for (size_t r = 0; r < common; ++r)
      rank(int32_t(r));
    for (size_t r = common; r < b_.gpus.size(); ++r)
      add(Difference::Kind::Added, "rank " + std::to_string(r), "rank", "",
          rankShape(b_.gpus[r]));
    for (size_t r = common; r < a_.gpus.size(); ++r)
      add(Difference::Kind::Removed, "rank " + std::to_string(r), "rank",
          rankShape(a_.gpus[r]), "");
    out_.ranks = b_.gpus.size();
    out_.ops = countOps(b_);
    return std::move(out_);
  }

private:
  void add(Difference::Kind k, std::string where, std::string category,
           std::string before, std::string after) {
    out_.differences.push_back({k, std::move(where), std::move(category),
                                std::move(before), std::move(after)});
  }
  void changed(const std::string &where, const std::string &category,
               const std::string &before, const std::string &after) {
    if (before != after)
      add(Difference::Kind::Changed, where, category, before, after);
  }

  void options() {
    auto opt = [&](const char *name, const std::string &x,
                   const std::string &y) {
      changed(std::string("option ") + name, "option", x, y);
    };
    auto b = [](bool v) { return std::string(v ? "true" : "false"); };
    opt("name", a_.name.value_or("(none)"), b_.name.value_or("(none)"));
    opt("collective", a_.collective, b_.collective);
    opt("protocol", std::string(toString(a_.protocol)),
        std::string(toString(b_.protocol)));
    opt("inplace", b(a_.inplace), b(b_.inplace));
    opt("reuse_resources", b(a_.reuseResources), b(b_.reuseResources));
    opt("num_threads_per_block", std::to_string(a_.numThreadsPerBlock),
        std::to_string(b_.numThreadsPerBlock));
    opt("use_double_scratch_buffer", b(a_.useDoubleScratchBuffer),
        b(b_.useDoubleScratchBuffer));
    opt("buffer_alignment", std::to_string(a_.bufferAlignment),
        std::to_string(b_.bufferAlignment));
    opt("min_message_size", std::to_string(a_.minMessageSize),
        std::to_string(b_.minMessageSize));
    opt("max_message_size", std::to_string(a_.maxMessageSize),
        std::to_string(b_.maxMessageSize));
  }

  static std::string rankShape(const Gpu &g) {
    size_t ops = 0;
    for (const ThreadBlock &tb : g.threadblocks)
      ops += tb.ops.size();
    return plural(g.threadblocks.size(), "thread block") + ", " +
           plural(ops, "op");
  }

  // Declared channels of a rank, independent of their numbering.
  static std::string channelSet(const Gpu &g) {
    std::map<std::string, std::vector<int32_t>> peers;
    std::vector<std::string> switches;
    for (const ChannelDecl &c : g.channels) {
      if (c.type == ChannelType::None)
        continue; // accepted and ignored by the executor: no channel
      if (c.type == ChannelType::Switch) {
        switches.push_back(std::string(bufferName(c.bufferType)) + "{" +
                           ranks(c.groupRanks) + "}");
        continue;
      }
      auto &v = peers[std::string(toString(c.type))];
      v.insert(v.end(), c.connectedTo.begin(), c.connectedTo.end());
    }
    std::string s;
    for (auto &[type, v] : peers) {
      std::sort(v.begin(), v.end());
      s += (s.empty() ? "" : "; ") + type + " to " + ranks(v);
    }
    std::sort(switches.begin(), switches.end());
    for (const std::string &w : switches)
      s += (s.empty() ? "" : "; ") + std::string("switch ") + w;
    return s.empty() ? "(none)" : s;
  }

  void rank(int32_t r) {
    const Gpu &x = a_.gpus[size_t(r)], &y = b_.gpus[size_t(r)];
    std::string R = "rank " + std::to_string(r);
    auto chunks = [](const Gpu &g) {
      return "input " + std::to_string(g.inputChunks) + ", output " +
             std::to_string(g.outputChunks) + ", scratch " +
             std::to_string(g.scratchChunks);
    };
    auto values = [](const std::vector<int64_t> &v) {
      std::string s;
      for (size_t i = 0; i < v.size(); ++i)
        s += (i ? "," : "") + std::to_string(v[i]);
      return "[" + s + "]";
    };
    changed(R + " chunks", "rank attribute", chunks(x), chunks(y));
    changed(R + " semaphores", "rank attribute", values(x.semaphores),
            values(y.semaphores));
    changed(R + " channels", "rank attribute", channelSet(x), channelSet(y));
    size_t common = std::min(x.threadblocks.size(), y.threadblocks.size());
    for (size_t t = 0; t < common; ++t)
      threadBlock(r, int32_t(t));
    auto tbShape = [](const ThreadBlock &tb) {
      return plural(tb.ops.size(), "op");
    };
    for (size_t t = common; t < y.threadblocks.size(); ++t)
      add(Difference::Kind::Added, R + " tb " + std::to_string(t),
          "thread block", "", tbShape(y.threadblocks[t]));
    for (size_t t = common; t < x.threadblocks.size(); ++t)
      add(Difference::Kind::Removed, R + " tb " + std::to_string(t),
          "thread block", tbShape(x.threadblocks[t]), "");
  }

  void threadBlock(int32_t r, int32_t t) {
    const ThreadBlock &x = a_.gpus[size_t(r)].threadblocks[size_t(t)];
    const ThreadBlock &y = b_.gpus[size_t(r)].threadblocks[size_t(t)];
    std::vector<std::string> A, B;
    for (const Op &op : x.ops)
      A.push_back(describeOp(qa_, r, t, op));
    for (const Op &op : y.ops)
      B.push_back(describeOp(qb_, r, t, op));
    if (A == B)
      return;
    std::string where =
        "rank " + std::to_string(r) + " tb " + std::to_string(t) + " op ";
    // Common prefix and suffix, then an LCS of the middle (small in
    // practice: a change touches a few ops); a middle too large for the
    // table is compared position by position.
    size_t pre = 0;
    while (pre < A.size() && pre < B.size() && A[pre] == B[pre])
      ++pre;
    size_t suf = 0;
    while (suf < A.size() - pre && suf < B.size() - pre &&
           A[A.size() - 1 - suf] == B[B.size() - 1 - suf])
      ++suf;
    size_t n = A.size() - pre - suf, m = B.size() - pre - suf;
    // The edit script: 'k' keep, 'd' delete from A, 'i' insert from B.
    std::string script;
    if (n * m <= 4'000'000) {
      std::vector<uint32_t> L((n + 1) * (m + 1), 0);
      auto at = [&](size_t i, size_t j) -> uint32_t & {
        return L[i * (m + 1) + j];
      };
      for (size_t i = n; i-- > 0;)
        for (size_t j = m; j-- > 0;)
          at(i, j) = A[pre + i] == B[pre + j]
                         ? at(i + 1, j + 1) + 1
                         : std::max(at(i + 1, j), at(i, j + 1));
      size_t i = 0, j = 0;
      while (i < n || j < m) {
        if (i < n && j < m && A[pre + i] == B[pre + j]) {
          script += 'k';
          ++i, ++j;
        } else if (j < m && (i == n || at(i, j + 1) >= at(i + 1, j))) {
          script += 'i';
          ++j;
        } else {
          script += 'd';
          ++i;
        }
      }
    } else {
      size_t both = std::min(n, m);
      script = std::string(both, 'c') + std::string(n - both, 'd') +
               std::string(m - both, 'i');
    }
    // Deletions next to insertions are changes in place.
    size_t i = pre, j = pre;
    for (size_t s = 0; s < script.size();) {
      if (script[s] == 'k') {
        ++i, ++j, ++s;
        continue;
      }
      if (script[s] == 'c') {
        changed(where + std::to_string(j), "op", A[i], B[j]);
        ++i, ++j, ++s;
        continue;
      }
      size_t d = 0, in = 0, e = s;
      while (e < script.size() && (script[e] == 'd' || script[e] == 'i'))
        (script[e++] == 'd' ? d : in)++;
      size_t pairs = std::min(d, in);
      for (size_t p = 0; p < pairs; ++p)
        add(Difference::Kind::Changed, where + std::to_string(j + p), "op",
            A[i + p], B[j + p]);
      for (size_t p = pairs; p < d; ++p)
        add(Difference::Kind::Removed, where + std::to_string(i + p), "op",
            A[i + p], "");
      for (size_t p = pairs; p < in; ++p)
        add(Difference::Kind::Added, where + std::to_string(j + p), "op", "",
            B[j + p]);
      i += d;
      j += in;
      s = e;
    }
  }

  const Plan &a_, &b_;
  PlanQuery qa_, qb_;
  PlanDiff out_;
};

const char *kindWord(Difference::Kind k) {
  switch (k) {
  case Difference::Kind::Changed:
    return "changed";
  case Difference::Kind::Added:
    return "added";
  case Difference::Kind::Removed:
    return "removed";
  }
  return "?";
}

} // namespace

PlanDiff diffPlans(const Plan &a, const Plan &b) { return Differ(a, b).run(); }

std::string summary(const PlanDiff &d) {
  if (d.equal())
    return "mscclc diff: the plans are equal (" + std::to_string(d.ranks) +
           " ranks, " + std::to_string(d.ops) + " ops)";
  // Counted per category and kind, in a fixed order.
  std::map<std::pair<std::string, std::string>, size_t> counts;
  for (const Difference &x : d.differences)
    ++counts[{x.category, kindWord(x.kind)}];
  std::string parts;
  for (const char *category :
       {"option", "rank", "rank attribute", "thread block", "op"})
    for (const char *kind : {"changed", "added", "removed"}) {
      auto it = counts.find({category, kind});
      if (it == counts.end())
        continue;
      std::string noun = category;
      if (it->second != 1)
        noun += "s";
      parts += (parts.empty() ? "" : ", ") + std::to_string(it->second) + " " +
               noun + " " + kind;
    }
  size_t n = d.differences.size();
  return "mscclc diff: " + std::to_string(n) + " difference" +
         (n == 1 ? "" : "s") + " (" + parts + ")";
}

std::string renderText(const PlanDiff &d) {
  std::string s;
  for (const Difference &x : d.differences) {
    s += visibleText(x.where) + ": ";
    switch (x.kind) {
    case Difference::Kind::Changed:
      s += visibleText(x.before) + " became " + visibleText(x.after);
      break;
    case Difference::Kind::Added:
      s += "added: " + visibleText(x.after);
      break;
    case Difference::Kind::Removed:
      s += "removed: " + visibleText(x.before);
      break;
    }
    s += "\n";
  }
  return s + summary(d) + "\n";
}

nlohmann::ordered_json renderJson(const PlanDiff &d) {
  nlohmann::ordered_json j;
  j["equal"] = d.equal();
  j["summary"] = summary(d);
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const Difference &x : d.differences) {
    nlohmann::ordered_json e;
    e["kind"] = kindWord(x.kind);
    e["category"] = x.category;
    e["where"] = x.where;
    if (x.kind != Difference::Kind::Added)
      e["before"] = x.before;
    if (x.kind != Difference::Kind::Removed)
      e["after"] = x.after;
    list.push_back(std::move(e));
  }
  j["differences"] = std::move(list);
  return j;
}

} // namespace mscclc::diff
