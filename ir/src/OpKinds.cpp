//===- OpKinds.cpp - the op table, parsed at compile time ----------------===//
//
// The layout strings of OpKinds.def are parsed by a constexpr function, so
// a malformed row is a compile error rather than a surprise at run time.
//
//===----------------------------------------------------------------------===//
#include "mscclc/ir/OpKinds.h"

namespace mscclc::plan {

namespace {

constexpr OperandRole roleOf(char c) {
  switch (c) {
  case 'L':
    return OperandRole::Local;
  case 'P':
    return OperandRole::LocalPacket;
  case 'R':
    return OperandRole::Remote;
  case 'Q':
    return OperandRole::RemotePacket;
  case 'S':
    return OperandRole::Switch;
  case 'F':
    return OperandRole::LocalFull;
  case 'G':
    return OperandRole::LocalFullPacket;
  }
  // Not a constant expression: a bad letter in OpKinds.def fails the build.
  throw "unknown operand role letter in OpKinds.def";
}

constexpr OperandLayout parseLayout(std::string_view s) {
  OperandLayout l;
  l.text = s;
  size_t i = 0;
  if (i < s.size() && s[i] == '=') {
    l.matchOther = true;
    l.tail = roleOf(s[i + 1]);
    if (s.size() != 2)
      throw "a '=' layout names exactly one role";
    return l;
  }
  while (i < s.size()) {
    if (s[i] == ' ') {
      ++i;
      continue;
    }
    OperandRole r = roleOf(s[i++]);
    if (i < s.size() && (s[i] == '+' || s[i] == '*')) {
      if (l.hasTail)
        throw "only the last token may repeat";
      l.hasTail = true;
      l.tail = r;
      l.tailMin = s[i] == '+' ? 1 : 0;
      ++i;
      if (i != s.size())
        throw "only the last token may repeat";
      break;
    }
    if (l.headCount == l.head.size())
      throw "too many fixed operands";
    l.head[l.headCount++] = r;
  }
  return l;
}

constexpr OpInfo Table[] = {
#define MSCCLC_OP(Enum, Json, Families, Keys, Ids, Type, Src, Dst)             \
  OpInfo{OpKind::Enum,                                                         \
         Json,                                                                 \
         [] {                                                                  \
           using namespace opfamily;                                           \
           return uint16_t(Families);                                          \
         }(),                                                                  \
         OpKeys::Keys,                                                         \
         ChannelIdsRule::Ids,                                                  \
         ChannelTypeRule::Type,                                                \
         parseLayout(Src),                                                     \
         parseLayout(Dst)},
#include "mscclc/ir/OpKinds.def"
};

constexpr bool tableIsIndexed() {
  for (size_t i = 0; i < NumOpKinds; ++i)
    if (static_cast<size_t>(Table[i].kind) != i)
      return false;
  return sizeof(Table) / sizeof(Table[0]) == NumOpKinds;
}
static_assert(tableIsIndexed());

} // namespace

bool OperandLayout::accepts(size_t count, size_t otherCount) const {
  if (matchOther)
    return count == otherCount && count > 0;
  if (count < headCount)
    return false;
  if (!hasTail)
    return count == headCount;
  return count - headCount >= tailMin;
}

bool isRemoteRole(OperandRole r) {
  return r == OperandRole::Remote || r == OperandRole::RemotePacket;
}
bool isLocalRole(OperandRole r) {
  return r == OperandRole::Local || r == OperandRole::LocalPacket ||
         r == OperandRole::LocalFull || r == OperandRole::LocalFullPacket;
}
bool isPacketRole(OperandRole r) {
  return r == OperandRole::LocalPacket || r == OperandRole::RemotePacket ||
         r == OperandRole::LocalFullPacket;
}
bool isFullFormRole(OperandRole r) {
  return r == OperandRole::LocalFull || r == OperandRole::LocalFullPacket;
}
std::string describeLayout(const OperandLayout &l) {
  auto role = [](OperandRole r, bool plural) -> std::string {
    switch (r) {
    case OperandRole::Local:
    case OperandRole::LocalFull:
      return plural ? "local buffers" : "a local buffer";
    case OperandRole::LocalPacket:
    case OperandRole::LocalFullPacket:
      return plural ? "local scratch packet buffers"
                    : "a local scratch packet buffer";
    case OperandRole::Remote:
      return plural ? "remote buffers" : "a remote buffer";
    case OperandRole::RemotePacket:
      return plural ? "remote scratch packet buffers"
                    : "a remote scratch packet buffer";
    case OperandRole::Switch:
      return plural ? "switch buffers" : "a switch buffer";
    }
    return "?";
  };
  if (l.empty())
    return "none";
  if (l.matchOther)
    return "as many " + role(l.tail, true) + " as the other list has entries";
  std::string out;
  for (size_t i = 0; i < l.headCount; ++i)
    out += (i ? ", then " : "") + role(l.head[i], false);
  if (l.hasTail)
    out += std::string(l.headCount ? ", then " : "") +
           (l.tailMin ? "one or more " : "any number of ") + role(l.tail, true);
  return out;
}

const OpInfo &opInfo(OpKind kind) { return Table[static_cast<size_t>(kind)]; }

std::optional<OpKind> parseOpKind(std::string_view jsonName) {
  for (const OpInfo &info : Table)
    if (info.jsonName == jsonName)
      return info.kind;
  return std::nullopt;
}

std::string_view toString(OpKind k) {
  size_t i = static_cast<size_t>(k);
  return i < NumOpKinds ? Table[i].jsonName : std::string_view("<invalid>");
}

} // namespace mscclc::plan
