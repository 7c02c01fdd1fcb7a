//===- PlanVerifier.cpp - structural checks of plan IR --------------------===//
#include "mscclc/ir/PlanVerifier.h"

#include "mscclc/ir/PlanQuery.h"
#include "mscclc/support/Parallel.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <memory>
#include <set>
#include <tuple>

namespace mscclc::plan {

namespace {

std::string roleName(OperandRole r) {
  switch (r) {
  case OperandRole::Local:
  case OperandRole::LocalFull:
    return "a local buffer";
  case OperandRole::LocalPacket:
  case OperandRole::LocalFullPacket:
    return "local packets";
  case OperandRole::Remote:
    return "a remote buffer";
  case OperandRole::RemotePacket:
    return "remote packets";
  case OperandRole::Switch:
    return "a switch buffer";
  }
  return "?";
}

// "[a:b]"; the end is computed wide, since hostile values may overflow.
std::string range(int64_t index, int64_t size) {
  __int128 end = __int128(index) + size;
  std::string digits;
  bool negative = end < 0;
  unsigned __int128 u =
      negative ? (unsigned __int128)(-(end + 1)) + 1 : (unsigned __int128)end;
  do {
    digits.insert(digits.begin(), char('0' + int(u % 10)));
    u /= 10;
  } while (u);
  return "[" + std::to_string(index) + ":" + (negative ? "-" : "") + digits +
         "]";
}

// A JSON path ("gpus[3].threadblocks[1].ops[7].src_buff[0]") made into a
// string only when a problem is reported there: verifying a large plan
// built one string per op and operand otherwise. A Path refers to its
// parent, so it lives no longer than the caller's frame.
class Path {
public:
  Path(const char *key, int64_t index = -1, const Path *parent = nullptr)
      : parent_(parent), key_(key), index_(index) {}
  Path child(const char *key, int64_t index = -1) const {
    return Path(key, index, this);
  }
  std::string str() const {
    std::string s = parent_ ? parent_->str() + "." : std::string();
    s += key_;
    if (index_ >= 0)
      s += "[" + std::to_string(index_) + "]";
    return s;
  }
  operator std::string() const { return str(); }

private:
  const Path *parent_;
  const char *key_;
  int64_t index_;
};
std::string operator+(const Path &p, const char *suffix) {
  return p.str() + suffix;
}

// An op's place, kept for problems found after the walk (a wait whose peer
// never signals).
struct OpAt {
  int32_t rank, tb, index, inner; // inner: index in a pipeline, or -1
  std::string str() const {
    Path g("gpus", rank);
    Path t = g.child("threadblocks", tb);
    Path o = t.child("ops", index);
    return inner < 0 ? o.str() : o.child("ops", inner).str();
  }
};

// Each rank's own checks (gpu(r): its declarations, thread blocks, ops and
// barriers) run on worker threads, one Verifier per rank that records its
// problems; they are then reported in rank order, as one walk would, and
// the checks across ranks follow.
class Verifier {
public:
  Verifier(const Plan &plan, const PlanQuery &q, DiagnosticSink &diags,
           unsigned maxReported)
      : plan_(plan), q_(q), diags_(diags), max_(maxReported) {}

  bool run() {
    settings();
    // Ranks go to the workers in batches, reported in order after each:
    // a rank records at most the problems still to be shown, so what is
    // held stays bounded however many ranks a (hostile) plan has.
    constexpr size_t Batch = 64;
    size_t n = plan_.gpus.size();
    signalled_.resize(n);
    for (size_t first = 0; first < n; first += Batch) {
      size_t count = std::min(Batch, n - first);
      unsigned budget = problems_ < max_ ? max_ - problems_ : 0;
      size_t entries = 0;
      for (size_t r = first; r < first + count; ++r)
        entries += countOpEntries(plan_.gpus[r]);
      std::vector<std::unique_ptr<Verifier>> ranks(count);
      support::parallelFor(count, entries, [&](size_t i) {
        ranks[i] = std::make_unique<Verifier>(plan_, q_, diags_, budget);
        ranks[i]->recording_ = true;
        ranks[i]->gpu(int32_t(first + i));
      });
      for (size_t i = 0; i < count; ++i) {
        takeRank(*ranks[i], first + i);
        ranks[i].reset();
      }
    }
    switchGroups();
    switchOrder();
    waitsHaveSignallers();
    if (problems_ > max_)
      diags_.report(diag::note_plan_more_problems, {}, {problems_ - max_});
    return problems_ == 0;
  }

private:
  // Reports rank r's recorded problems (in order, against the cap) and
  // keeps its waits and signalled peers for the checks across ranks.
  void takeRank(Verifier &v, size_t r) {
    for (Diagnostic &d : v.recorded_)
      if (++problems_ <= max_)
        diags_.emit(std::move(d));
    problems_ += v.problems_ - unsigned(v.recorded_.size());
    waits_.insert(waits_.end(), v.waits_.begin(), v.waits_.end());
    for (std::vector<int32_t> &peers : v.ownSignals_) {
      std::sort(peers.begin(), peers.end());
      peers.erase(std::unique(peers.begin(), peers.end()), peers.end());
    }
    signalled_[r] = std::move(v.ownSignals_);
  }

  const Plan &plan_;
  const PlanQuery &q_;
  DiagnosticSink &diags_;
  unsigned max_;
  unsigned problems_ = 0;
  // A rank's Verifier keeps its problems (at most its max_, the problems
  // run() may still show) for run() to report in order.
  bool recording_ = false;
  std::vector<Diagnostic> recorded_;
  // signalled_[rank][type]: the peers some op of `rank` signals over a
  // channel of that type, sorted (sized by the signals, not by the ranks
  // squared, which a hostile plan with many gpus would make huge). A
  // rank's Verifier collects its own in ownSignals_.
  using SignalPeers =
      std::array<std::vector<int32_t>, size_t(ChannelType::None) + 1>;
  std::vector<SignalPeers> signalled_;
  SignalPeers ownSignals_;
  static size_t typeSlot(ChannelType t) {
    return std::min<size_t>(size_t(t), size_t(ChannelType::None));
  }
  bool signals(int32_t r, ChannelType t, int32_t peer) const {
    const std::vector<int32_t> &peers = signalled_[size_t(r)][typeSlot(t)];
    return std::binary_search(peers.begin(), peers.end(), peer);
  }
  // Which of a rank's channels the op being checked has named so far: the
  // stamp of that op marks them (no set per op).
  std::vector<uint32_t> channelStamp_;
  uint32_t opStamp_ = 0;
  std::vector<int32_t> negativeChannels_; // of a malformed plan
  // Marks `gpuChannel` as named by the current op; false if it already was.
  bool firstUseInOp(int32_t gpuChannel) {
    if (gpuChannel < 0) {
      if (std::count(negativeChannels_.begin(), negativeChannels_.end(),
                     gpuChannel))
        return false;
      negativeChannels_.push_back(gpuChannel);
      return true;
    }
    if (size_t(gpuChannel) >= channelStamp_.size())
      channelStamp_.resize(size_t(gpuChannel) + 1, 0);
    uint32_t &stamp = channelStamp_[size_t(gpuChannel)];
    if (stamp == opStamp_)
      return false;
    stamp = opStamp_;
    return true;
  }
  void startOp() {
    negativeChannels_.clear();
    if (++opStamp_ == 0) { // wrapped: clear the old stamps
      std::fill(channelStamp_.begin(), channelStamp_.end(), 0);
      opStamp_ = 1;
    }
  }
  std::vector<std::tuple<int32_t, ChannelType, int32_t, OpAt, SourceLocation>>
      waits_;

  void problem(diag::ID id, const std::string &path, SourceLocation loc,
               std::initializer_list<DiagArg> args) {
    if (++problems_ > max_)
      return;
    if (!loc.isValid())
      loc = fallbackLocation(path);
    if (recording_) {
      recorded_.push_back(makeDiagnostic(id, loc, args));
      recorded_.back().planPath = path;
      return;
    }
    diags_.report(id, loc, args).at(path);
  }

  int32_t numRanks() const { return int32_t(plan_.gpus.size()); }

  // A problem with no op to point at, in a plan compiled from chunk IR
  // text: the `rank N` line of the rank its path names ("gpus[N]..."), or
  // the program line when the plan has no ranks. Invalid otherwise.
  SourceLocation fallbackLocation(const std::string &path) const {
    if (path == "gpus")
      return plan_.gpus.empty() ? plan_.loc : SourceLocation{};
    std::string_view rest = path;
    if (rest.substr(0, 5) != "gpus[")
      return {};
    rest.remove_prefix(5);
    size_t r = 0;
    auto [end, error] =
        std::from_chars(rest.data(), rest.data() + rest.size(), r);
    if (error != std::errc() || end == rest.data() + rest.size() ||
        *end != ']' || r >= plan_.gpus.size())
      return {};
    return plan_.gpus[r].loc;
  }

  // What the executor assumes of the top level (executor-semantics §1.1).
  void settings() {
    for (size_t r = 0; r < plan_.gpus.size(); ++r) {
      const auto &g = plan_.gpus[r];
      std::string at = "gpus[" + std::to_string(r) + "].";
      for (auto [name, n] : {std::pair{"input_chunks", g.inputChunks},
                             std::pair{"output_chunks", g.outputChunks},
                             std::pair{"scratch_chunks", g.scratchChunks}})
        if (uint64_t(n) > UINT32_MAX)
          problem(diag::err_plan_chunk_count, at + name, {}, {name, n});
    }
    if (plan_.gpus.empty())
      problem(diag::err_plan_no_gpus, "gpus", {}, {});
    if (plan_.numThreadsPerBlock < 1 || plan_.numThreadsPerBlock > 1024)
      problem(diag::err_plan_setting, "num_threads_per_block", {},
              {"num_threads_per_block", "1..1024", plan_.numThreadsPerBlock});
    if (plan_.bufferAlignment < 1)
      problem(diag::err_plan_setting, "buffer_alignment", {},
              {"buffer_alignment", "1 or more", plan_.bufferAlignment});
    if (plan_.minMessageSize > plan_.maxMessageSize)
      problem(diag::err_plan_message_sizes, "min_message_size", {},
              {plan_.minMessageSize, plan_.maxMessageSize});
    else if (plan_.bufferAlignment >= 1 && !plan_.gpus.empty()) {
      // The executor refuses every message size outside [min, max] or not
      // a multiple of the unit (§2.1): a plan none fits can never run.
      MessageSizes sizes = messageSizes(plan_, uint64_t(plan_.bufferAlignment));
      if (sizes.empty())
        problem(diag::err_plan_no_message_size, "max_message_size", plan_.loc,
                {sizes.unit ? std::to_string(*sizes.unit)
                            : std::string("2^64 or more"),
                 plan_.bufferAlignment, plan_.minMessageSize,
                 plan_.maxMessageSize});
    }
  }
  bool rankInRange(int32_t r) const { return r >= 0 && r < numRanks(); }

  // Every call of a known collective passes buffers in one proportion
  // (allreduce, alltoall and sendrecv: output as large as input; allgather:
  // the rank count times as large; reducescatter: that much smaller).
  // The executor's load divides each by its chunk count and throws unless
  // the chunk sizes agree (executor-semantics 2.1, 6.1), so the chunk
  // counts must be in the same proportion. 0 counts are a defect of their
  // own (Q9) and other collectives have no definition.
  void collectiveShape(int32_t r, const Gpu &g, const std::string &path) {
    const int64_t ci = g.inputChunks, co = g.outputChunks, n = numRanks();
    if (ci <= 0 || co <= 0 || n <= 0)
      return;
    const std::string &c = plan_.collective;
    std::string need, fix, field = "output_chunks";
    if (c == "allreduce" || c == "alltoall" || c == "sendrecv") {
      if (co == ci)
        return;
      need = "as many output chunks as input chunks";
      fix = "declare " + std::to_string(ci) + " output chunks";
    } else if (c == "allgather") {
      if (co == ci * n)
        return;
      need = "the rank count (" + std::to_string(n) +
             ") times as many output chunks as input chunks";
      fix = "declare " + std::to_string(ci * n) + " output chunks";
    } else if (c == "reducescatter") {
      if (ci == co * n)
        return;
      need = "the rank count (" + std::to_string(n) +
             ") times as many input chunks as output chunks";
      if (ci % n == 0) {
        fix = "declare " + std::to_string(ci / n) + " output chunks";
      } else {
        fix = "declare " + std::to_string(co * n) + " input chunks";
        field = "input_chunks";
      }
    } else {
      return;
    }
    problem(diag::err_plan_collective_shape, path + "." + field, {},
            {c, need, r, ci, co, fix});
  }

  void gpu(int32_t r) {
    const Gpu &g = plan_.gpus[size_t(r)];
    std::string path = "gpus[" + std::to_string(r) + "]";
    if (g.id != r)
      problem(diag::err_plan_gpu_id, path + ".id", {}, {g.id, r});
    for (auto [key, n] : {std::pair{"input_chunks", g.inputChunks},
                          std::pair{"output_chunks", g.outputChunks},
                          std::pair{"scratch_chunks", g.scratchChunks}})
      if (n < 0)
        problem(diag::err_plan_negative_count, path + "." + key, {}, {key, n});
    collectiveShape(r, g, path);
    for (size_t c = 0; c < g.channels.size(); ++c) {
      const ChannelDecl &d = g.channels[c];
      std::string cp = path + ".channels[" + std::to_string(c) + "]";
      if (d.type == ChannelType::Switch) {
        for (size_t k = 0; k < d.groupRanks.size(); ++k)
          if (!rankInRange(d.groupRanks[k]))
            problem(diag::err_plan_channel_rank,
                    cp + ".rank_groups[0].ranks[" + std::to_string(k) + "]", {},
                    {d.groupRanks[k], numRanks()});
        std::set<int32_t> seen;
        for (size_t k = 0; k < d.groupRanks.size(); ++k)
          if (!seen.insert(d.groupRanks[k]).second)
            problem(diag::err_plan_switch_duplicate_rank,
                    cp + ".rank_groups[0].ranks[" + std::to_string(k) + "]", {},
                    {d.groupRanks[k]});
        if (std::find(d.groupRanks.begin(), d.groupRanks.end(), r) ==
            d.groupRanks.end())
          problem(diag::err_plan_switch_not_member, cp + ".rank_groups[0]", {},
                  {r});
        continue;
      }
      for (size_t k = 0; k < d.connectedTo.size(); ++k)
        if (!rankInRange(d.connectedTo[k]))
          problem(diag::err_plan_channel_rank,
                  cp + ".connected_to[" + std::to_string(k) + "]", {},
                  {d.connectedTo[k], numRanks()});
    }
    for (size_t b = 0; b < g.remoteBuffers.size(); ++b) {
      const RemoteBufferDecl &d = g.remoteBuffers[b];
      std::string bp = path + ".remote_buffers[" + std::to_string(b) + "]";
      if (!rankInRange(d.rank))
        problem(diag::err_plan_remote_buffer_rank, bp + ".rank", {},
                {d.rank, numRanks()});
      if (d.accessChannelTypes.empty())
        problem(diag::err_plan_remote_buffer_no_access,
                bp + ".access_channel_types", {}, {});
      for (size_t k = 0; k < d.accessChannelTypes.size(); ++k) {
        ChannelType t = d.accessChannelTypes[k];
        // Each listed type appends the buffer to that type's index space
        // (executor-semantics §4.3): listing one twice shifts every later id.
        if (std::count(d.accessChannelTypes.begin(),
                       d.accessChannelTypes.begin() + long(k), t))
          problem(diag::err_plan_remote_buffer_access_twice,
                  bp + ".access_channel_types[" + std::to_string(k) + "]", {},
                  {toString(t)});
        if (t != ChannelType::Memory && t != ChannelType::Port)
          problem(diag::err_plan_remote_buffer_access,
                  bp + ".access_channel_types[" + std::to_string(k) + "]", {},
                  {toString(t)});
      }
    }
    for (size_t t = 0; t < g.threadblocks.size(); ++t)
      threadBlock(r, int32_t(t));
    barriers(r);
  }

  void threadBlock(int32_t r, int32_t t) {
    const Gpu &g = plan_.gpus[size_t(r)];
    const ThreadBlock &tb = g.threadblocks[size_t(t)];
    std::string path = "gpus[" + std::to_string(r) + "].threadblocks[" +
                       std::to_string(t) + "]";
    if (tb.id != t)
      problem(diag::err_plan_tb_id, path + ".id", {}, {tb.id, t});
    for (size_t c = 0; c < tb.channels.size(); ++c) {
      const ChannelRefs &refs = tb.channels[c];
      std::string cp = path + ".channels[" + std::to_string(c) + "]";
      if (!isRealChannel(refs.type)) {
        problem(diag::err_plan_tb_channel_type, cp + ".channel_type", {},
                {toString(refs.type)});
        continue;
      }
      size_t have = q_.gpuChannels(r, refs.type).size();
      for (size_t k = 0; k < refs.ids.size(); ++k)
        if (refs.ids[k] < 0 || size_t(refs.ids[k]) >= have)
          problem(diag::err_plan_tb_channel_id,
                  cp + ".channel_ids[" + std::to_string(k) + "]", {},
                  {refs.ids[k], toString(refs.type), have});
    }
    for (size_t c = 0; c < tb.remoteBufferRefs.size(); ++c) {
      const RemoteBufferRefs &refs = tb.remoteBufferRefs[c];
      std::string cp = path + ".remote_buffer_refs[" + std::to_string(c) + "]";
      if (refs.accessType != ChannelType::Memory &&
          refs.accessType != ChannelType::Port) {
        problem(diag::err_plan_remote_buffer_access,
                cp + ".access_channel_type", {}, {toString(refs.accessType)});
        continue;
      }
      for (size_t k = 0; k < refs.ids.size(); ++k) {
        int32_t id = refs.ids[k];
        // Made only for a problem: a thread block may name thousands.
        auto ip = [&] {
          return cp + ".remote_buffer_ids[" + std::to_string(k) + "]";
        };
        if (id < 0 || size_t(id) >= g.remoteBuffers.size()) {
          problem(diag::err_plan_tb_remote_buffer_id, ip(), {},
                  {id, g.remoteBuffers.size()});
          continue;
        }
        const auto &types = g.remoteBuffers[size_t(id)].accessChannelTypes;
        if (std::find(types.begin(), types.end(), refs.accessType) ==
            types.end())
          problem(diag::err_plan_tb_remote_buffer_access, ip(), {},
                  {id, toString(refs.accessType)});
      }
    }
    Path gp("gpus", r);
    Path tp = gp.child("threadblocks", t);
    for (size_t i = 0; i < tb.ops.size(); ++i)
      op(r, t, tb.ops[i], tp.child("ops", int64_t(i)), {r, t, int32_t(i), -1});
  }

  void op(int32_t r, int32_t t, const Op &o, const Path &path, OpAt at) {
    const bool inPipeline = at.inner >= 0;
    const OpInfo &info = opInfo(o.kind);
    const Gpu &g = plan_.gpus[size_t(r)];
    SourceLocation loc = o.loc;
    std::string name(info.jsonName);

    // Channel type and channel ids.
    bool remote = false;
    for (const auto *list : {&o.src, &o.dst}) {
      const OperandLayout &l = list == &o.src ? info.src : info.dst;
      for (size_t i = 0; i < list->size(); ++i)
        remote = remote || isRemoteRole(l.roleAt(i));
    }
    switch (info.channelType) {
    case ChannelTypeRule::Never:
      if (o.channelType != ChannelType::None)
        problem(diag::err_plan_op_channel_type_unexpected,
                path + ".channel_type", loc, {name});
      break;
    case ChannelTypeRule::Always:
      if (!isRealChannel(o.channelType))
        problem(diag::err_plan_op_channel_type_missing, path, loc, {name});
      break;
    case ChannelTypeRule::IfSet:
      break;
    }
    if (info.is(opfamily::Switch) && o.channelType != ChannelType::Switch &&
        isRealChannel(o.channelType))
      problem(diag::err_plan_op_channel_type_wrong, path + ".channel_type", loc,
              {name, toString(o.channelType), "switch"});
    // signal/wait and their relaxed forms over a switch channel load (the
    // executor then skips them: a defect checkTargetDefects reports).
    bool switchSync = !info.is(opfamily::Data) &&
                      (info.is(opfamily::Signal) || info.is(opfamily::Wait));
    if (!info.is(opfamily::Switch) && !switchSync &&
        o.channelType == ChannelType::Switch)
      problem(diag::err_plan_op_channel_type_wrong, path + ".channel_type", loc,
              {name, "switch", "memory or port"});
    if (remote && o.channelType != ChannelType::Memory &&
        o.channelType != ChannelType::Port)
      problem(diag::err_plan_op_remote_needs_channel, path, loc, {name});
    // The executor reads get's and the reduce family's remote operands
    // through the memory-channel tables whatever channel_type says, and
    // flushes only port channels (executor-semantics §1.8, §3.5, §3.6).
    if ((o.kind == OpKind::Get || (info.is(opfamily::Reduce) && remote)) &&
        o.channelType == ChannelType::Port)
      problem(diag::err_plan_op_channel_type_wrong, path + ".channel_type", loc,
              {name, "port", "memory"});
    if (o.kind == OpKind::Flush && o.channelType == ChannelType::Memory)
      problem(diag::err_plan_op_channel_type_wrong, path + ".channel_type", loc,
              {name, "memory", "port"});

    size_t remoteCount = 0;
    for (size_t i = 0; i < o.dst.size(); ++i)
      remoteCount += isRemoteRole(info.dst.roleAt(i));
    for (size_t i = 0; i < o.src.size(); ++i)
      remoteCount += isRemoteRole(info.src.roleAt(i));
    bool idsOk = true;
    auto countProblem = [&](const std::string &want) {
      problem(diag::err_plan_op_channel_id_count, path + ".channel_ids", loc,
              {name, o.channelIds.size(), want});
      idsOk = false;
    };
    switch (info.channelIds) {
    case ChannelIdsRule::Never:
      if (!o.channelIds.empty())
        countProblem("none");
      break;
    case ChannelIdsRule::Always:
      if (o.channelIds.empty())
        countProblem("at least one");
      break;
    case ChannelIdsRule::One:
      if (o.channelIds.size() != 1)
        countProblem("exactly one");
      break;
    case ChannelIdsRule::PortOnly:
      if (o.channelType == ChannelType::Port &&
          o.channelIds.size() != remoteCount)
        countProblem("one per remote destination (" +
                     std::to_string(remoteCount) + ") over port channels");
      else if (o.channelType != ChannelType::Port && !o.channelIds.empty())
        countProblem("none over memory channels");
      break;
    }
    std::vector<ChannelEnd> ends;
    if (isRealChannel(o.channelType)) {
      const auto &list = q_.tbChannels(r, t, o.channelType);
      for (size_t k = 0; k < o.channelIds.size(); ++k)
        if (o.channelIds[k] < 0 || size_t(o.channelIds[k]) >= list.size()) {
          problem(diag::err_plan_op_channel_id,
                  path + ".channel_ids[" + std::to_string(k) + "]", loc,
                  {o.channelIds[k], toString(o.channelType), list.size()});
          idsOk = false;
        }
      if (idsOk)
        ends = q_.channelsOf(r, t, o);
    }
    if (idsOk &&
        (info.is(opfamily::Signal) || info.is(opfamily::Wait) ||
         o.kind == OpKind::Flush) &&
        !info.is(opfamily::Put)) {
      startOp();
      for (size_t k = 0; k < ends.size(); ++k)
        if (!firstUseInOp(ends[k].gpuChannel))
          problem(
              diag::err_plan_op_channel_repeated,
              path + ".channel_ids[" + std::to_string(k) + "]", loc,
              {name, toString(ends[k].type), ends[k].gpuChannel, ends[k].peer});
    }
    if (idsOk && o.channelType != ChannelType::Switch)
      for (size_t k = 0; k < ends.size(); ++k) {
        const ChannelEnd &e = ends[k];
        bool sig = info.is(opfamily::Signal), wait = info.is(opfamily::Wait);
        if (!sig && !wait)
          continue;
        if (sig)
          ownSignals_[typeSlot(e.type)].push_back(e.peer);
        if (wait)
          waits_.push_back({r, e.type, e.peer, at, loc});
        checkPaired(r, e, path, k, loc, name);
      }

    // Operands.
    for (Operand which : {Operand::Src, Operand::Dst}) {
      const auto &list = which == Operand::Src ? o.src : o.dst;
      const auto &other = which == Operand::Src ? o.dst : o.src;
      const OperandLayout &l = which == Operand::Src ? info.src : info.dst;
      const char *key = which == Operand::Src ? "src_buff" : "dst_buff";
      if (!l.accepts(list.size(), other.size())) {
        std::string want =
            l.empty() ? std::string("none")
            : l.matchOther
                ? "one per " +
                      std::string(which == Operand::Src ? "dst_buff"
                                                        : "src_buff") +
                      " entry (" + std::to_string(other.size()) + ")"
                : describeLayout(l);
        problem(diag::err_plan_op_layout, path.child(key), loc,
                {name, key, list.size(), want});
        continue;
      }
      for (size_t i = 0; i < list.size(); ++i)
        operand(r, t, o, which, i, path.child(key, int64_t(i)),
                idsOk ? &ends : nullptr);
    }
    // The executor takes the byte count from one entry (a put's
    // destination, a copy's source, ...) and moves it through every entry
    // (executor-semantics §3): entries of different sizes read or write
    // chunks they do not name.
    auto unequalSize = [&]() -> std::optional<std::pair<int64_t, int64_t>> {
      const BufferRef *first = nullptr;
      for (const auto *list : {&o.src, &o.dst})
        for (const BufferRef &b : *list) {
          if (b.size < 0)
            continue; // reported as negative
          if (!first)
            first = &b;
          else if (b.size != first->size)
            return std::pair(first->size, b.size);
        }
      return std::nullopt;
    };
    if (auto sizes = unequalSize())
      problem(diag::err_plan_op_sizes, path, loc,
              {name, sizes->first, sizes->second});
    if (o.kind == OpKind::Glre && idsOk && !ends.empty()) {
      // The multicast range it reduces lies in the switch buffer of every
      // member of the group.
      const ChannelDecl *sw = q_.switchDecl(r, ends[0].gpuChannel);
      if (sw && sw->bufferType != o.bufferType)
        problem(diag::err_plan_glre_buffer_type, path + ".buffer_type", loc,
                {toString(o.bufferType), toString(sw->bufferType)});
      else if (sw)
        for (int32_t member : sw->groupRanks) {
          int64_t have = q_.bufferChunks(member, o.bufferType);
          if (rankInRange(member) && !rangeFits(o.bufferOffset, o.size, have)) {
            problem(diag::err_plan_op_range, path + ".buffer_offset", loc,
                    {name, range(o.bufferOffset, o.size),
                     bufferName(o.bufferType), member, have});
            break;
          }
        }
    }
    if (o.kind == OpKind::Glre) {
      const BufferRef &d = o.dstChunk;
      int64_t have = bufferChunks(g, d.type);
      if (!rangeFits(d.index, d.size, have))
        problem(diag::err_plan_op_range, path + ".dst_chunk", loc,
                {name, range(d.index, d.size), bufferName(d.type), r, have});
    }

    // Kind-specific fields.
    for (size_t k = 0; k < o.semaphoreIds.size(); ++k)
      if (o.semaphoreIds[k] < 0 ||
          size_t(o.semaphoreIds[k]) >= g.semaphores.size())
        problem(diag::err_plan_op_semaphore,
                path + ".semaphore_ids[" + std::to_string(k) + "]", loc,
                {o.semaphoreIds[k], g.semaphores.size()});
    if ((o.kind == OpKind::SemAcquire || o.kind == OpKind::SemRelease) &&
        o.semaphoreIds.empty())
      problem(diag::err_plan_op_semaphore_none, path + ".semaphore_ids", loc,
              {name});
    if (o.reduceOp && !info.is(opfamily::Reducing))
      problem(diag::err_plan_op_key_unexpected, path + ".reduce_op", loc,
              {"reduce_op", name});
    if (o.tbg) {
      if (!info.is(opfamily::Data))
        problem(diag::err_plan_op_key_unexpected, path + ".tbg_info", loc,
                {"tbg_info", name});
      else if (o.tbg->tbgSize < 1 || o.tbg->tbId < 0 ||
               o.tbg->tbId >= o.tbg->tbgSize)
        problem(diag::err_plan_op_tbg, path + ".tbg_info", loc,
                {o.tbg->tbId, o.tbg->tbgSize});
    }
    if (o.kind == OpKind::Barrier && o.barrierId < 0)
      problem(diag::err_plan_barrier_id, path + ".barrier_id", loc,
              {o.barrierId});
    if (o.kind == OpKind::Barrier &&
        (o.numThreadblocks < 1 ||
         size_t(o.numThreadblocks) > g.threadblocks.size()))
      problem(diag::err_plan_barrier_size, path + ".num_threadblocks", loc,
              {o.numThreadblocks, g.threadblocks.size()});
    if (o.kind == OpKind::Pipeline) {
      if (inPipeline)
        problem(diag::err_plan_pipeline_nested, path, loc, {});
      if (o.unitSize == 0)
        problem(diag::err_plan_pipeline_field, path + ".iter_context.unit_size",
                loc, {"unit_size"});
      if (o.numChunks <= 0)
        problem(diag::err_plan_pipeline_field,
                path + ".iter_context.num_chunks", loc, {"num_chunks"});
      for (size_t i = 0; i < o.ops.size(); ++i) {
        const Op &inner = o.ops[i];
        Path ip = path.child("ops", int64_t(i));
        // Every iteration moves the offset by unit_size over num_chunks
        // chunks; an operand spanning fewer chunks is run past its end
        // (executor-semantics §3.11).
        if (o.numChunks > 0 && !inner.tbg)
          for (const auto *refs : {&inner.src, &inner.dst})
            for (const BufferRef &b : *refs)
              if (b.size > 0 && b.size < o.numChunks) {
                problem(diag::err_plan_pipeline_operand_short, ip, inner.loc,
                        {b.size, o.numChunks});
                goto checked;
              }
      checked:
        op(r, t, inner, ip, {at.rank, at.tb, at.index, int32_t(i)});
      }
    } else if (!o.ops.empty()) {
      problem(diag::err_plan_op_key_unexpected, path + ".ops", loc,
              {"ops", name});
    }
  }

  // How many of a list's first `i` entries are remote: the index of entry
  // `i`'s channel among the op's port channel ids. Counted from the
  // layout, not entry by entry (a fused put has thousands of operands).
  static size_t remoteRolesBefore(const OperandLayout &layout, size_t i) {
    size_t count = 0;
    size_t head = std::min<size_t>(i, layout.headCount);
    for (size_t j = 0; j < head; ++j)
      count += isRemoteRole(layout.head[j]);
    if (i > head && isRemoteRole(layout.tail))
      count += i - head;
    return count;
  }

  void operand(int32_t r, int32_t t, const Op &o, Operand which, size_t i,
               const Path &path, const std::vector<ChannelEnd> *ends) {
    const OpInfo &info = opInfo(o.kind);
    std::string name(info.jsonName);
    const BufferRef &ref = (which == Operand::Src ? o.src : o.dst)[i];
    OperandRole role = (which == Operand::Src ? info.src : info.dst).roleAt(i);
    SourceLocation loc = o.loc;
    if (ref.index < 0 || ref.size < 0) {
      problem(diag::err_plan_op_negative, path, loc, {name});
      return;
    }
    if (isRemoteRole(role)) {
      const auto &list = q_.tbRemoteBuffers(r, t, o.channelType);
      if (ref.id < 0 || size_t(ref.id) >= list.size()) {
        if (o.channelType == ChannelType::Memory ||
            o.channelType == ChannelType::Port)
          problem(diag::err_plan_op_remote_buffer_id, path + ".buffer_id", loc,
                  {ref.id, toString(o.channelType), list.size()});
        return;
      }
    }
    if (role == OperandRole::Switch) {
      const auto &list = q_.tbChannels(r, t, ChannelType::Switch);
      if (ref.id < 0 || size_t(ref.id) >= list.size()) {
        problem(diag::err_plan_op_switch_id, path + ".switch_channel_id", loc,
                {ref.id, list.size()});
        return;
      }
    }
    std::optional<ResolvedBuffer> b = q_.operand(r, t, o, which, i);
    if (!b || (!rankInRange(b->rank)))
      return; // the declaration was reported already
    if (isPacketRole(role) && b->type != BufferType::Scratch)
      problem(diag::err_plan_op_packet_not_scratch, path, loc,
              {name, roleName(role), bufferName(b->type)});
    if (role == OperandRole::Switch) {
      for (int32_t member : *b->switchRanks) {
        if (!rankInRange(member))
          continue;
        int64_t have = q_.bufferChunks(member, b->type);
        if (!rangeFits(ref.index, ref.size, have)) {
          problem(diag::err_plan_op_range, path, loc,
                  {name, range(ref.index, ref.size), bufferName(b->type),
                   member, have});
          break;
        }
      }
      return;
    }
    int64_t have = q_.bufferChunks(b->rank, b->type);
    if (!rangeFits(ref.index, ref.size, have))
      problem(diag::err_plan_op_range, path, loc,
              {name, range(ref.index, ref.size), bufferName(b->type), b->rank,
               have});
    // Over port channels, data travels on the channel listed for it.
    if (ends && isRemoteRole(role) && o.channelType == ChannelType::Port &&
        info.channelIds == ChannelIdsRule::PortOnly) {
      size_t k =
          remoteRolesBefore(which == Operand::Src ? info.src : info.dst, i);
      if (k < ends->size() && (*ends)[k].peer != b->rank)
        problem(diag::err_plan_op_port_peer, path, loc,
                {name, (*ends)[k].local, (*ends)[k].peer, b->rank});
    }
  }

  // Each barrier episode takes num_threadblocks arrivals. A barrier inside
  // a pipeline is reached once per iteration, a count fixed only at run
  // time (it follows the chunk size) but equal for every pipeline of the
  // same iteration context; so arrivals are counted per context (none, or
  // (unit_size, num_chunks)) and each count must complete its episodes.
  void barriers(int32_t r) {
    const Gpu &g = plan_.gpus[size_t(r)];
    struct Use {
      int32_t size;     // num_threadblocks where first seen
      std::string path; // where first seen
      // per context: arrivals, and where the first was
      std::map<std::pair<uint64_t, int64_t>, std::pair<int64_t, std::string>>
          arrivals;
    };
    std::map<int32_t, Use> seen; // barrier id -> its uses
    auto count = [&](const Op &o, const std::string &path,
                     std::pair<uint64_t, int64_t> context) {
      auto [it, fresh] = seen.try_emplace(o.barrierId);
      if (fresh) {
        it->second.size = o.numThreadblocks;
        it->second.path = path;
      } else if (it->second.size != o.numThreadblocks) {
        problem(
            diag::err_plan_barrier_inconsistent, path + ".num_threadblocks",
            o.loc,
            {o.barrierId, o.numThreadblocks, it->second.size, it->second.path});
      }
      auto &[arrivals, first] = it->second.arrivals[context];
      if (arrivals++ == 0)
        first = path;
    };
    for (size_t t = 0; t < g.threadblocks.size(); ++t) {
      const auto &ops = g.threadblocks[t].ops;
      for (size_t i = 0; i < ops.size(); ++i) {
        const Op &o = ops[i];
        if (o.kind == OpKind::Barrier)
          count(o, OpAt{r, int32_t(t), int32_t(i), -1}.str(), {0, 0});
        if (o.kind == OpKind::Pipeline)
          for (size_t k = 0; k < o.ops.size(); ++k)
            if (o.ops[k].kind == OpKind::Barrier)
              count(o.ops[k], OpAt{r, int32_t(t), int32_t(i), int32_t(k)}.str(),
                    {o.unitSize, o.numChunks});
      }
    }
    for (const auto &[id, use] : seen) {
      bool complete = true;
      for (const auto &[context, counted] : use.arrivals)
        complete = complete && (use.size < 1 || counted.first % use.size == 0);
      if (complete)
        continue;
      // Counts of different contexts add up in proportions that follow the
      // message size: no fixed count says whether the rounds complete.
      if (use.arrivals.size() > 1) {
        problem(diag::err_plan_barrier_mixed_contexts, use.path, {}, {id, r});
        continue;
      }
      const auto &[context, counted] = *use.arrivals.begin();
      const auto &[arrivals, first] = counted;
      if (context.second == 0)
        problem(diag::err_plan_barrier_count, first, {},
                {id, r, arrivals, use.size});
      else
        problem(diag::err_plan_pipeline_barrier_count, first, {},
                {id, r, arrivals, int64_t(context.first), context.second,
                 use.size});
    }
  }

  // "1st", "2nd", "3rd", "4th", ..., "11th", "12th", "13th", "21st": a
  // count of channels, spelt so it is not read as a 0-based channel id.
  static std::string ordinal(int64_t n) {
    const char *suffix = "th";
    if (n % 100 < 11 || n % 100 > 13) {
      if (n % 10 == 1)
        suffix = "st";
      else if (n % 10 == 2)
        suffix = "nd";
      else if (n % 10 == 3)
        suffix = "rd";
    }
    return std::to_string(n) + suffix;
  }

  // The k-th channel from A to B pairs with the k-th from B to A
  // (executor-semantics §4.2). A signal or wait on a channel without a
  // partner is never seen or never ends.
  void checkPaired(int32_t r, const ChannelEnd &e, const Path &path, size_t k,
                   SourceLocation loc, const std::string &name) {
    if (!rankInRange(e.peer))
      return;
    int64_t nth = q_.occurrence(r, e.type, e.gpuChannel);
    int64_t back = q_.channelsTo(e.peer, e.type, r);
    if (back <= nth)
      problem(diag::err_plan_channel_unpaired,
              path + ".channel_ids[" + std::to_string(k) + "]", loc,
              {name, toString(e.type), r, e.peer, ordinal(nth + 1), back});
  }

  // A switch group must be declared by each of its members with the same
  // ranks and buffer type, in the same order relative to their other
  // groups.
  void switchGroups() {
    for (int32_t r = 0; r < numRanks(); ++r) {
      const auto &mine = q_.gpuChannels(r, ChannelType::Switch);
      for (size_t k = 0; k < mine.size(); ++k) {
        const ChannelDecl &d = plan_.gpus[size_t(r)].channels[size_t(mine[k])];
        for (int32_t member : d.groupRanks) {
          if (member == r || !rankInRange(member))
            continue;
          bool found = false;
          for (int32_t decl : q_.gpuChannels(member, ChannelType::Switch)) {
            const ChannelDecl &o =
                plan_.gpus[size_t(member)].channels[size_t(decl)];
            found = found || (o.groupRanks == d.groupRanks &&
                              o.bufferType == d.bufferType);
          }
          if (!found)
            problem(diag::err_plan_switch_unmatched,
                    "gpus[" + std::to_string(r) + "].channels[" +
                        std::to_string(mine[k]) + "]",
                    {}, {r, member});
        }
      }
    }
  }

  // Members connect shared groups collectively, each in its own order, so
  // two ranks must list the groups they share in the same order
  // (executor-semantics §4.5).
  void switchOrder() {
    // Only ranks that share a switch group can disagree: visit the peers
    // named in a's groups (linear in the plan, not in ranks squared).
    for (int32_t a = 0; a < numRanks(); ++a) {
      std::set<int32_t> peers;
      for (int32_t decl : q_.gpuChannels(a, ChannelType::Switch))
        for (int32_t r :
             plan_.gpus[size_t(a)].channels[size_t(decl)].groupRanks)
          if (r > a && r < numRanks())
            peers.insert(r);
      for (int32_t b : peers) {
        auto shared = [&](int32_t self, int32_t other) {
          std::vector<const ChannelDecl *> out;
          for (int32_t decl : q_.gpuChannels(self, ChannelType::Switch)) {
            const ChannelDecl &d =
                plan_.gpus[size_t(self)].channels[size_t(decl)];
            if (std::count(d.groupRanks.begin(), d.groupRanks.end(), other))
              out.push_back(&d);
          }
          return out;
        };
        auto x = shared(a, b), y = shared(b, a);
        if (x.size() != y.size())
          continue; // a missing group is reported by switchGroups()
        for (size_t k = 0; k < x.size(); ++k)
          if (x[k]->groupRanks != y[k]->groupRanks ||
              x[k]->bufferType != y[k]->bufferType) {
            problem(diag::err_plan_switch_order,
                    "gpus[" + std::to_string(b) + "].channels", {}, {a, b});
            break;
          }
      }
    }
  }

  void waitsHaveSignallers() {
    for (const auto &[r, type, peer, path, loc] : waits_) {
      if (!rankInRange(peer))
        continue;
      if (!signals(peer, type, r))
        problem(diag::err_plan_wait_without_signal, path.str(), loc,
                {r, peer, toString(type)});
    }
  }
};

} // namespace

bool verify(const Plan &plan, DiagnosticSink &diags, unsigned maxReported) {
  PlanQuery q(plan);
  return Verifier(plan, q, diags, maxReported).run();
}

} // namespace mscclc::plan
