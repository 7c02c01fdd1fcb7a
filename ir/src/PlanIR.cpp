//===- PlanIR.cpp - enum names, op classification and equality ----------===//
//
// The string tables here are the JSON spellings of the MSCCL++ 0.9.0 plan
// format; the writer and the reader both go through them, so a name can only
// be spelled one way.
//
//===----------------------------------------------------------------------===//

#include "mscclc/ir/PlanIR.h"

#include <array>
#include <iterator>
#include <utility>

namespace mscclc::plan {

namespace {

// Indexed by the enum's underlying value; the static_asserts below keep the
// tables in step with the enums.
constexpr std::array<std::string_view, 3> BufferTypeNames = {"i", "o", "s"};
constexpr std::array<std::string_view, 4> ChannelTypeNames = {"memory", "port",
                                                              "switch", "none"};
constexpr std::array<std::string_view, 3> ReduceOpNames = {"sum", "min", "max"};
constexpr std::array<std::string_view, 2> ProtocolNames = {"Simple", "LL"};

// Op names are spelled next to their enumerator: with 31 entries a
// positional list would make a swapped pair easy to miss, and
// opTableIsIndexed() proves at compile time that entry i is enumerator i.
constexpr std::pair<OpKind, std::string_view> OpKindTable[] = {
    {OpKind::Nop, "nop"},
    {OpKind::Barrier, "barrier"},
    {OpKind::Copy, "copy"},
    {OpKind::Cpkt, "cpkt"},
    {OpKind::Upkt, "upkt"},
    {OpKind::Re, "re"},
    {OpKind::Repkt, "repkt"},
    {OpKind::Recpkt, "recpkt"},
    {OpKind::Res, "res"},
    {OpKind::Respkt, "respkt"},
    {OpKind::Recspkt, "recspkt"},
    {OpKind::Rre, "rre"},
    {OpKind::Rres, "rres"},
    {OpKind::SemAcquire, "sem_acquire"},
    {OpKind::SemRelease, "sem_release"},
    {OpKind::Signal, "signal"},
    {OpKind::Wait, "wait"},
    {OpKind::RlxSignal, "rlxsignal"},
    {OpKind::RlxWait, "rlxwait"},
    {OpKind::Flush, "flush"},
    {OpKind::Get, "get"},
    {OpKind::Put, "put"},
    {OpKind::Pws, "pws"},
    {OpKind::Pwsf, "pwsf"},
    {OpKind::Ppkt, "ppkt"},
    {OpKind::Rppkt, "rppkt"},
    {OpKind::Glre, "glre"},
    {OpKind::Gstore, "gstore"},
    {OpKind::Gstorepkt, "gstorepkt"},
    {OpKind::Glres, "glres"},
    {OpKind::Pipeline, "pipeline"},
};

constexpr bool opTableIsIndexed() {
  size_t i = 0;
  for (const auto &entry : OpKindTable)
    if (static_cast<size_t>(entry.first) != i++)
      return false;
  return i == static_cast<size_t>(OpKind::Pipeline) + 1;
}
static_assert(opTableIsIndexed());

constexpr std::array<std::string_view, std::size(OpKindTable)> OpKindNames =
    [] {
      std::array<std::string_view, std::size(OpKindTable)> names{};
      for (size_t i = 0; i < names.size(); ++i)
        names[i] = OpKindTable[i].second;
      return names;
    }();

static_assert(BufferTypeNames.size() ==
              static_cast<size_t>(BufferType::Scratch) + 1);
static_assert(ChannelTypeNames.size() ==
              static_cast<size_t>(ChannelType::None) + 1);
static_assert(ReduceOpNames.size() == static_cast<size_t>(ReduceOp::Max) + 1);
static_assert(ProtocolNames.size() == static_cast<size_t>(Protocol::LL) + 1);

template <typename Enum, size_t N>
std::string_view nameOf(const std::array<std::string_view, N> &names, Enum e) {
  size_t i = static_cast<size_t>(e);
  return i < N ? names[i] : std::string_view("<invalid>");
}

// The tables are tiny, so a linear scan beats anything cleverer.
template <typename Enum, size_t N>
std::optional<Enum> lookup(const std::array<std::string_view, N> &names,
                           std::string_view s) {
  for (size_t i = 0; i < N; ++i)
    if (names[i] == s)
      return static_cast<Enum>(i);
  return std::nullopt;
}

size_t countOpList(const std::vector<Op> &ops) {
  size_t n = ops.size();
  for (const Op &op : ops)
    n += countOpList(op.ops);
  return n;
}

} // namespace

std::string_view toString(BufferType t) { return nameOf(BufferTypeNames, t); }
std::string_view toString(ChannelType t) { return nameOf(ChannelTypeNames, t); }
std::string_view toString(ReduceOp op) { return nameOf(ReduceOpNames, op); }
std::string_view toString(Protocol p) { return nameOf(ProtocolNames, p); }
std::string_view toString(OpKind k) { return nameOf(OpKindNames, k); }

std::optional<BufferType> parseBufferType(std::string_view s) {
  return lookup<BufferType>(BufferTypeNames, s);
}
std::optional<ChannelType> parseChannelType(std::string_view s) {
  return lookup<ChannelType>(ChannelTypeNames, s);
}
std::optional<ReduceOp> parseReduceOp(std::string_view s) {
  return lookup<ReduceOp>(ReduceOpNames, s);
}
std::optional<Protocol> parseProtocol(std::string_view s) {
  return lookup<Protocol>(ProtocolNames, s);
}
std::optional<OpKind> parseOpKind(std::string_view s) {
  return lookup<OpKind>(OpKindNames, s);
}

bool isReduceFamily(OpKind k) {
  switch (k) {
  case OpKind::Re:
  case OpKind::Repkt:
  case OpKind::Recpkt:
  case OpKind::Res:
  case OpKind::Respkt:
  case OpKind::Recspkt:
  case OpKind::Rre:
  case OpKind::Rres:
    return true;
  default:
    return false;
  }
}

bool isPacketOp(OpKind k) {
  switch (k) {
  case OpKind::Ppkt:
  case OpKind::Rppkt:
  case OpKind::Cpkt:
  case OpKind::Upkt:
  case OpKind::Repkt:
  case OpKind::Recpkt:
  case OpKind::Respkt:
  case OpKind::Recspkt:
  case OpKind::Gstorepkt:
    return true;
  default:
    return false;
  }
}

bool movesData(OpKind k) {
  switch (k) {
  case OpKind::Copy:
  case OpKind::Cpkt:
  case OpKind::Upkt:
  case OpKind::Get:
  case OpKind::Gstore:
  case OpKind::Gstorepkt:
  case OpKind::Glres:
    return true;
  default:
    return isReduceFamily(k) || isPutFamily(k);
  }
}

std::string_view bufferName(BufferType t) {
  switch (t) {
  case BufferType::Input:
    return "input";
  case BufferType::Output:
    return "output";
  case BufferType::Scratch:
    return "scratch";
  }
  return "?";
}

bool isDataSyncOp(OpKind k) {
  switch (k) {
  case OpKind::Signal:
  case OpKind::Wait:
  case OpKind::RlxSignal:
  case OpKind::RlxWait:
  case OpKind::Flush:
  case OpKind::SemAcquire:
  case OpKind::SemRelease:
    return true;
  default:
    return false;
  }
}

bool isPutFamily(OpKind k) {
  switch (k) {
  case OpKind::Put:
  case OpKind::Pws:
  case OpKind::Pwsf:
  case OpKind::Ppkt:
  case OpKind::Rppkt:
    return true;
  default:
    return false;
  }
}

bool Op::operator==(const Op &o) const {
  // Spelled out rather than defaulted because `loc` must not take part: a
  // plan read back from JSON has no locations but is still the same plan.
  // std::vector<Op>::operator== recurses into this for pipeline bodies.
  return kind == o.kind && src == o.src && dst == o.dst &&
         channelIds == o.channelIds && hasChannelIds == o.hasChannelIds &&
         channelType == o.channelType && hasChannelType == o.hasChannelType &&
         reduceOp == o.reduceOp && tbg == o.tbg &&
         semaphoreIds == o.semaphoreIds && barrierId == o.barrierId &&
         numThreadblocks == o.numThreadblocks && bufferType == o.bufferType &&
         bufferOffset == o.bufferOffset && size == o.size &&
         dstChunk == o.dstChunk && unitSize == o.unitSize &&
         numChunks == o.numChunks && ops == o.ops;
}

size_t countOps(const Plan &plan) {
  size_t n = 0;
  for (const Gpu &gpu : plan.gpus)
    for (const ThreadBlock &tb : gpu.threadblocks)
      n += countOpList(tb.ops);
  return n;
}

} // namespace mscclc::plan
