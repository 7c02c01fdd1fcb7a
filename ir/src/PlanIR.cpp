//===- PlanIR.cpp - enum names, op classification and equality ----------===//
//
// The string tables here are the JSON spellings of the MSCCL++ 0.9.0 plan
// format; the writer and the reader both go through them, so a name can only
// be spelled one way.
//
//===----------------------------------------------------------------------===//

#include "mscclc/ir/PlanIR.h"

#include <algorithm>
#include <array>
#include <numeric>

namespace mscclc::plan {

namespace {

// Indexed by the enum's underlying value; the static_asserts below keep the
// tables in step with the enums.
constexpr std::array<std::string_view, 3> BufferTypeNames = {"i", "o", "s"};
constexpr std::array<std::string_view, 4> ChannelTypeNames = {"memory", "port",
                                                              "switch", "none"};
constexpr std::array<std::string_view, 3> ReduceOpNames = {"sum", "min", "max"};
constexpr std::array<std::string_view, 2> ProtocolNames = {"Simple", "LL"};

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

std::string describeRange(BufferType t, int64_t index, int64_t size) {
  return std::string(bufferName(t)) + "[" + std::to_string(index) + ":" +
         std::to_string(index + size) + "]";
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

bool Op::operator==(const Op &o) const {
  // Spelled out rather than defaulted because `loc` must not take part: a
  // plan read back from JSON has no locations but is still the same plan.
  // std::vector<Op>::operator== recurses into this for pipeline bodies.
  return kind == o.kind && src == o.src && dst == o.dst &&
         channelIds == o.channelIds && channelType == o.channelType &&
         reduceOp == o.reduceOp && tbg == o.tbg &&
         semaphoreIds == o.semaphoreIds && barrierId == o.barrierId &&
         numThreadblocks == o.numThreadblocks && bufferType == o.bufferType &&
         bufferOffset == o.bufferOffset && size == o.size &&
         dstChunk == o.dstChunk && unitSize == o.unitSize &&
         numChunks == o.numChunks && ops == o.ops;
}

bool Gpu::operator==(const Gpu &o) const {
  // As Op's: a plan read back from JSON has no locations.
  return id == o.id && inputChunks == o.inputChunks &&
         outputChunks == o.outputChunks && scratchChunks == o.scratchChunks &&
         threadblocks == o.threadblocks && channels == o.channels &&
         remoteBuffers == o.remoteBuffers && semaphores == o.semaphores;
}

namespace {
size_t countOpListEntries(const std::vector<Op> &ops) {
  size_t n = 0;
  for (const Op &op : ops)
    n += 1 + op.src.size() + op.dst.size() + op.channelIds.size() +
         countOpListEntries(op.ops);
  return n;
}
} // namespace

size_t countOpEntries(const Gpu &gpu) {
  size_t n = 0;
  for (const ThreadBlock &tb : gpu.threadblocks)
    n += countOpListEntries(tb.ops);
  return n;
}

size_t countOpEntries(const Plan &plan) {
  size_t n = 0;
  for (const Gpu &gpu : plan.gpus)
    n += countOpEntries(gpu);
  return n;
}

std::string threadBlockName(const Plan &plan, int32_t rank, int32_t tb) {
  std::string name =
      "rank " + std::to_string(rank) + " thread block " + std::to_string(tb);
  const int32_t n = plan.sourceInstances;
  if (n > 1 && tb >= 0)
    name += " (instance " + std::to_string(tb % n) + " of thread block " +
            std::to_string(tb / n) + ")";
  return name;
}

size_t countOps(const Plan &plan) {
  size_t n = 0;
  for (const Gpu &gpu : plan.gpus)
    for (const ThreadBlock &tb : gpu.threadblocks)
      n += countOpList(tb.ops);
  return n;
}

namespace {

// The code point of the well-formed UTF-8 sequence at s[i], and its
// length; nothing for a byte that does not start one.
std::optional<std::pair<char32_t, size_t>> decodeUtf8(std::string_view s,
                                                      size_t i) {
  unsigned char lead = static_cast<unsigned char>(s[i]);
  size_t length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 0;
  if (length == 0 || lead > 0xf4 || i + length > s.size())
    return std::nullopt;
  char32_t cp = lead & (0x7f >> length);
  for (size_t k = 1; k < length; ++k) {
    unsigned char c = static_cast<unsigned char>(s[i + k]);
    if ((c & 0xc0) != 0x80)
      return std::nullopt;
    cp = cp << 6 | (c & 0x3f);
  }
  static constexpr char32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < smallest[length] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
    return std::nullopt;
  return std::pair{cp, length};
}

// Characters that move or hide text on a terminal without being control
// bytes: C1 controls, line/paragraph separators and the bidirectional
// marks, embeddings, overrides and isolates.
bool hidesText(char32_t cp) {
  return (cp >= 0x80 && cp <= 0x9f) || cp == 0x061c || cp == 0x200e ||
         cp == 0x200f || (cp >= 0x2028 && cp <= 0x202e) ||
         (cp >= 0x2066 && cp <= 0x2069);
}

void appendHex(std::string &out, uint32_t value, int digits) {
  static const char hex[] = "0123456789abcdef";
  for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4)
    out += hex[(value >> shift) & 15];
}

} // namespace

size_t appendVisibleCharacter(std::string &out, std::string_view s, size_t i,
                              bool *escaped) {
  unsigned char u = static_cast<unsigned char>(s[i]);
  bool ignored;
  bool &wasEscaped = escaped ? *escaped : ignored;
  wasEscaped = false;
  if (u >= 0x20 && u < 0x7f) {
    out += s[i];
    return 1;
  }
  if (u >= 0x80) {
    if (auto decoded = decodeUtf8(s, i)) {
      auto [cp, length] = *decoded;
      if (hidesText(cp)) {
        wasEscaped = true;
        out += "\\u";
        appendHex(out, uint32_t(cp), 4);
      } else {
        out.append(s.substr(i, length));
      }
      return length;
    }
  }
  wasEscaped = true;
  switch (u) {
  case '\n':
    out += "\\n";
    break;
  case '\t':
    out += "\\t";
    break;
  case '\r':
    out += "\\r";
    break;
  default:
    out += "\\x";
    appendHex(out, u, 2);
  }
  return 1;
}

std::string visibleText(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();)
    i += appendVisibleCharacter(out, s, i);
  return out;
}

std::optional<uint64_t> messageSizeUnit(const Plan &plan, uint64_t granule) {
  const bool allgather = plan.collective == "allgather";
  unsigned __int128 unit = 1;
  for (const Gpu &g : plan.gpus) {
    uint64_t ci = uint64_t(std::max<int64_t>(g.inputChunks, 0));
    uint64_t co = uint64_t(std::max<int64_t>(g.outputChunks, 0));
    uint64_t count = (allgather || ci == 0) ? co : ci;
    unsigned __int128 step =
        (unsigned __int128)granule * std::max<uint64_t>(count, 1);
    if (step > UINT64_MAX)
      return std::nullopt;
    uint64_t u = uint64_t(unit), s = uint64_t(step);
    unit = (unsigned __int128)(u / std::gcd(u, s)) * s;
    if (unit > UINT64_MAX)
      return std::nullopt;
  }
  return uint64_t(unit);
}

MessageSizes messageSizes(const Plan &plan, uint64_t granule) {
  MessageSizes sizes;
  sizes.unit = messageSizeUnit(plan, granule);
  if (!sizes.unit)
    return sizes;
  const uint64_t unit = *sizes.unit;
  uint64_t lo = std::max(plan.minMessageSize, unit);
  uint64_t firstMultiple = lo / unit + (lo % unit != 0);
  if (firstMultiple > plan.maxMessageSize / unit)
    return sizes; // none in range (a first multiple past 2^64 included)
  sizes.min = firstMultiple * unit;
  sizes.max = plan.maxMessageSize / unit * unit;
  return sizes;
}

} // namespace mscclc::plan
