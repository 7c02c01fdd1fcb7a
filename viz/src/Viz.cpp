//===- Viz.cpp - the viz model from plan IR, and the page ----------------===//
#include "mscclc/viz/Viz.h"

#include "mscclc/diff/PlanDiff.h"
#include "mscclc/ir/OpKinds.h"
#include "mscclc/ir/PlanQuery.h"

#include <algorithm>
#include <map>
#include <set>

namespace mscclc::viz {

using namespace plan;

namespace {

// The page colours ops by family and knows the executor's long names; the
// plan's short JSON names map onto them.
std::string_view longName(OpKind k) {
  switch (k) {
  case OpKind::Cpkt:
    return "copy_packets";
  case OpKind::Upkt:
    return "unpack_packets";
  case OpKind::Re:
    return "reduce";
  case OpKind::Repkt:
    return "reduce_packets";
  case OpKind::Recpkt:
    return "reduce_copy_packets";
  case OpKind::Res:
    return "reduce_send";
  case OpKind::Respkt:
    return "reduce_send_packets";
  case OpKind::Recspkt:
    return "reduce_copy_send_packets";
  case OpKind::Rre:
    return "read_reduce";
  case OpKind::Rres:
    return "read_reduce_send";
  case OpKind::RlxSignal:
    return "relaxed_signal";
  case OpKind::RlxWait:
    return "relaxed_wait";
  case OpKind::Pws:
    return "put_with_signal";
  case OpKind::Pwsf:
    return "put_with_signal_and_flush";
  case OpKind::Ppkt:
    return "put_packets";
  case OpKind::Rppkt:
    return "read_put_packets";
  case OpKind::Glre:
    return "multi_load_reduce_store";
  case OpKind::Gstore:
    return "multi_store";
  case OpKind::Gstorepkt:
    return "multi_store_packets";
  case OpKind::Glres:
    return "multi_load_reduce_store_send";
  default:
    return toString(k);
  }
}

struct Box {
  int32_t lane = -1, op = -1;
  bool operator<(const Box &o) const {
    return lane != o.lane ? lane < o.lane : op < o.op;
  }
};

// One op as the edge search sees it: its box, the op (a pipeline's inner
// ops each stand for the pipeline's box), its thread block's position.
struct Item {
  Box box;
  int32_t rank = 0, tb = 0;
  const Op *op = nullptr;
  size_t order = 0; // position in its lane's flattened op list
};

class ModelBuilder {
public:
  explicit ModelBuilder(const Plan &plan) : plan_(plan), q_(plan) {}

  nlohmann::ordered_json build(const std::string &source) {
    nlohmann::ordered_json lanes = nlohmann::ordered_json::array();
    std::set<std::string> kinds;
    std::vector<std::string> kindOrder;
    for (const Gpu &gpu : plan_.gpus)
      for (const ThreadBlock &tb : gpu.threadblocks) {
        int32_t lane = int32_t(lanes.size());
        nlohmann::ordered_json ops = nlohmann::ordered_json::array();
        laneItems_.emplace_back();
        for (size_t i = 0; i < tb.ops.size(); ++i) {
          const Op &op = tb.ops[i];
          std::string kind(longName(op.kind));
          if (kinds.insert(kind).second)
            kindOrder.push_back(kind);
          nlohmann::ordered_json o;
          o["kind"] = kind;
          o["text"] = diff::describeOp(q_, gpu.id, tb.id, op);
          std::string loc;
          if (plan_.files && op.loc.isValid())
            loc = plan_.files->describe(op.loc);
          o["loc"] = loc.empty() ? nlohmann::ordered_json()
                                 : nlohmann::ordered_json(loc);
          ops.push_back(std::move(o));
          Box box{lane, int32_t(i)};
          if (op.kind == OpKind::Pipeline)
            for (const Op &inner : op.ops)
              addItem(box, gpu.id, tb.id, inner);
          else
            addItem(box, gpu.id, tb.id, op);
        }
        nlohmann::ordered_json l;
        l["rank"] = gpu.id;
        l["tb"] = tb.id;
        l["ops"] = std::move(ops);
        lanes.push_back(std::move(l));
      }
    matchSignals();
    findDataEdges();

    nlohmann::ordered_json edges = nlohmann::ordered_json::array();
    for (const auto &[kind, from, to] : edges_)
      edges.push_back({{"kind", kind},
                       {"from", {from.lane, from.op}},
                       {"to", {to.lane, to.op}}});
    nlohmann::ordered_json m;
    m["format"] = "mscclc-viz-1";
    m["name"] = plan_.name ? *plan_.name : std::string();
    m["collective"] = plan_.collective;
    m["ranks"] = plan_.gpus.size();
    m["protocol"] = plan_.protocol == Protocol::LL ? "LL" : "Simple";
    m["source"] = source.empty() ? nlohmann::ordered_json()
                                 : nlohmann::ordered_json(source);
    m["lanes"] = std::move(lanes);
    m["edges"] = std::move(edges);
    m["opKinds"] = kindOrder;
    return m;
  }

private:
  void addItem(Box box, int32_t rank, int32_t tb, const Op &op) {
    Item it{box, rank, tb, &op, laneItems_.back().size()};
    laneItems_.back().push_back(it);
    bool memoryOrPort = op.channelType == ChannelType::Memory ||
                        op.channelType == ChannelType::Port;
    if (!memoryOrPort)
      return;
    for (const ChannelEnd &c : q_.channelsOf(rank, tb, op)) {
      auto key = std::make_tuple(rank, int(c.type), c.gpuChannel);
      if (isSignalOp(op.kind))
        signals_[key].push_back(it);
      if (isWaitOp(op.kind))
        waits_[key].push_back(it);
    }
  }

  void matchSignals() {
    for (const auto &[key, sent] : signals_) {
      auto [rank, type, gpuChannel] = key;
      int32_t back = q_.pairedChannel(rank, ChannelType(type), gpuChannel);
      if (back < 0)
        continue;
      int32_t peer =
          q_.gpuChannels(rank, ChannelType(type))[size_t(gpuChannel)];
      auto it = waits_.find(std::make_tuple(peer, type, back));
      if (it == waits_.end())
        continue;
      for (size_t k = 0; k < sent.size() && k < it->second.size(); ++k) {
        edges_.insert({"signal", sent[k].box, it->second[k].box});
        released_[{sent[k].box.lane, int32_t(sent[k].order)}] = it->second[k];
      }
    }
  }

  // Each lane's reads of local buffers, by buffer and in op order, for
  // firstReader: a lane's ops resolved once, and a query that looks only at
  // reads of the chunks written (a long lane with no reader of them was
  // scanned to its end for every write into it).
  struct LocalRead {
    size_t order = 0;
    int64_t index = 0, size = 0;
    bool packet = false;
    Box box;
  };
  // The reads of one buffer: each read of at most WideRead chunks listed
  // under every chunk it covers, the wider ones apart.
  static constexpr int64_t WideRead = 64;
  struct BufferReads {
    std::vector<LocalRead> reads;
    std::map<int64_t, std::vector<uint32_t>> byChunk;
    std::vector<uint32_t> wide;
  };
  using BufferKey = std::pair<int32_t, int>; // rank, buffer type
  std::vector<std::map<BufferKey, BufferReads>> laneReads_;

  void indexReads() {
    laneReads_.resize(laneItems_.size());
    for (size_t lane = 0; lane < laneItems_.size(); ++lane) {
      for (const Item &it : laneItems_[lane])
        for (size_t s = 0; s < it.op->src.size(); ++s) {
          auto b = q_.operand(it.rank, it.tb, *it.op, Operand::Src, s);
          if (b && isLocalRole(b->role))
            laneReads_[lane][{b->rank, int(b->type)}].reads.push_back(
                {it.order, b->index, b->size, isPacketOp(it.op->kind), it.box});
        }
      for (auto &[key, group] : laneReads_[lane])
        for (uint32_t k = 0; k < group.reads.size(); ++k) {
          const LocalRead &r = group.reads[k];
          if (r.size > WideRead) {
            group.wide.push_back(k);
            continue;
          }
          for (int64_t c = r.index; c < r.index + r.size; ++c)
            group.byChunk[c].push_back(k);
        }
    }
  }

  // The first op of `lane` from `order` on that reads `written`.
  std::optional<Box> firstReader(int32_t lane, size_t order,
                                 const ResolvedBuffer &written,
                                 bool packets) const {
    const auto &byBuffer = laneReads_[size_t(lane)];
    auto found = byBuffer.find({written.rank, int(written.type)});
    if (found == byBuffer.end())
      return std::nullopt;
    const BufferReads &group = found->second;
    const std::vector<LocalRead> &reads = group.reads;
    auto overlaps = [&](const LocalRead &r) {
      return r.index < written.index + written.size &&
             written.index < r.index + r.size;
    };
    // Reads are in op order: the smallest index among the candidates is
    // the first reader.
    std::optional<uint32_t> best;
    auto consider = [&](const std::vector<uint32_t> &ks, bool checkOverlap) {
      auto from = std::lower_bound(
          ks.begin(), ks.end(), order,
          [&](uint32_t k, size_t o) { return reads[k].order < o; });
      for (auto k = from; k != ks.end(); ++k) {
        if (best && *k >= *best)
          return;
        const LocalRead &r = reads[*k];
        if ((packets && !r.packet) || (checkOverlap && !overlaps(r)))
          continue;
        best = *k;
        return;
      }
    };
    if (written.size > WideRead) {
      // A wide write: every read of the buffer, in order.
      for (uint32_t k =
               uint32_t(std::lower_bound(reads.begin(), reads.end(), order,
                                         [](const LocalRead &r, size_t o) {
                                           return r.order < o;
                                         }) -
                        reads.begin());
           k < reads.size(); ++k)
        if ((!packets || reads[k].packet) && overlaps(reads[k]))
          return reads[k].box;
      return std::nullopt;
    }
    for (int64_t c = written.index; c < written.index + written.size; ++c)
      if (auto bucket = group.byChunk.find(c); bucket != group.byChunk.end())
        consider(bucket->second, /*checkOverlap=*/false);
    consider(group.wide, /*checkOverlap=*/true);
    if (!best)
      return std::nullopt;
    return reads[*best].box;
  }

  // Each lane's signals that release a wait, by the waiting rank, in op
  // order: the next one at or after an op is a binary search.
  std::vector<std::map<int32_t, std::vector<int32_t>>> releasesByRank_;

  void indexReleases() {
    releasesByRank_.resize(laneItems_.size());
    for (const auto &[signal, wait] : released_)
      releasesByRank_[size_t(signal.first)][wait.rank].push_back(signal.second);
    for (auto &byRank : releasesByRank_)
      for (auto &[rank, orders] : byRank)
        std::sort(orders.begin(), orders.end());
  }

  void findDataEdges() {
    indexReads();
    indexReleases();
    for (size_t lane = 0; lane < laneItems_.size(); ++lane)
      for (size_t i = 0; i < laneItems_[lane].size(); ++i) {
        const Item &w = laneItems_[lane][i];
        for (size_t d = 0; d < w.op->dst.size(); ++d) {
          auto dst = q_.operand(w.rank, w.tb, *w.op, Operand::Dst, d);
          if (!dst || !isRemoteRole(dst->role) || dst->rank == w.rank)
            continue;
          if (isPacketOp(w.op->kind)) {
            // Packets carry their own flags: whoever reads them.
            for (size_t l = 0; l < laneItems_.size(); ++l)
              if (!laneItems_[l].empty() && laneItems_[l][0].rank == dst->rank)
                if (auto r = firstReader(int32_t(l), 0, *dst, true))
                  edges_.insert({"data", w.box, *r});
            continue;
          }
          // Plain data: after the wait that this op's signal (or the next
          // signal of its thread block to that rank) releases.
          const auto &byRank = releasesByRank_[lane];
          auto toRank = byRank.find(dst->rank);
          if (toRank == byRank.end())
            continue;
          auto next = std::lower_bound(toRank->second.begin(),
                                       toRank->second.end(), int32_t(i));
          if (next == toRank->second.end())
            continue;
          // No reader (the chunks are final output): the data feeds the
          // wait.
          const Item &wait = released_.at({int32_t(lane), *next});
          std::optional<Box> r =
              firstReader(wait.box.lane, wait.order + 1, *dst, false);
          edges_.insert({"data", w.box, r ? *r : wait.box});
        }
      }
  }

  const Plan &plan_;
  PlanQuery q_;
  std::vector<std::vector<Item>> laneItems_;
  std::map<std::tuple<int32_t, int, int32_t>, std::vector<Item>> signals_,
      waits_;
  // (lane, flattened order) of a signal → the wait it releases.
  std::map<std::pair<int32_t, int32_t>, Item> released_;
  std::set<std::tuple<std::string, Box, Box>> edges_;
};

const char ViewerHtml[] =
#include "viewer_html.inc"
    ;

} // namespace

nlohmann::ordered_json buildModel(const Plan &plan, const std::string &source) {
  return ModelBuilder(plan).build(source);
}

std::string renderHtml(const nlohmann::ordered_json &model) {
  std::string json =
      model.dump(-1, ' ', /*ensure_ascii=*/true,
                 nlohmann::ordered_json::error_handler_t::replace);
  const std::string_view page = ViewerHtml;
  const std::string_view Placeholder = "/*@MSCCLC_VIZ_MODEL@*/null";
  size_t at = page.find(Placeholder);
  if (at == std::string_view::npos)
    return std::string(page);
  // JSON has '<', '>' and '&' only inside strings, where \u escapes mean
  // the same: no op text can close the script element. Built in place:
  // a large plan's model is hundreds of megabytes.
  size_t extra = 0;
  for (char c : json)
    extra += (c == '<' || c == '>' || c == '&') ? 5 : 0;
  std::string out;
  out.reserve(page.size() + json.size() + extra);
  out.append(page.substr(0, at));
  for (char c : json) {
    if (c == '<')
      out += "\\u003c";
    else if (c == '>')
      out += "\\u003e";
    else if (c == '&')
      out += "\\u0026";
    else
      out += c;
  }
  std::string().swap(json);
  out.append(page.substr(at + Placeholder.size()));
  return out;
}

} // namespace mscclc::viz
