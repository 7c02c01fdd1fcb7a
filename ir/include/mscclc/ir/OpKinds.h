//===- OpKinds.h - the op table as C++ ------------------------------------===//
//
// OpKinds.def is the single description of every op kind: its JSON name,
// families, kind-specific keys, when it carries channel ids and a channel
// type, and the layout of its src_buff/dst_buff lists. This header turns the
// table into the OpKind enum and an OpInfo record per kind; predicates,
// the JSON reader and writer, the verifiers and lowering all read from it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mscclc::plan {

enum class OpKind : uint8_t {
#define MSCCLC_OP(Enum, Json, Families, Keys, Ids, Type, Src, Dst) Enum,
#include "mscclc/ir/OpKinds.def"
};

inline constexpr size_t NumOpKinds = 0
#define MSCCLC_OP(Enum, Json, Families, Keys, Ids, Type, Src, Dst) +1
#include "mscclc/ir/OpKinds.def"
    ;

namespace opfamily {
enum : uint16_t {
  Reduce = 1 << 0,
  Put = 1 << 1,
  Packet = 1 << 2,
  DataSync = 1 << 3,
  Data = 1 << 4,
  Switch = 1 << 5,
  Signal = 1 << 6,
  Wait = 1 << 7,
  Relaxed = 1 << 8,
  Reducing = 1 << 9,
};
} // namespace opfamily

// Kind-specific JSON keys beyond the generic ones.
enum class OpKeys : uint8_t {
  NoKeys,
  BarrierKeys,   // barrier_id, num_threadblocks
  SemaphoreKeys, // semaphore_ids
  GlreKeys,      // buffer_type, buffer_offset, size, dst_chunk
  PipelineKeys,  // iter_context, ops
};

enum class ChannelIdsRule : uint8_t {
  Never,
  Always,   // one or more
  PortOnly, // over port channels only, one per remote operand
  One,      // exactly one
};

enum class ChannelTypeRule : uint8_t {
  Never,
  Always,
  IfSet, // present iff the op names a channel type
};

// What one src_buff/dst_buff entry is.
enum class OperandRole : uint8_t {
  Local,           // L: a buffer of this rank
  LocalPacket,     // P: this rank's scratch, holding packets
  Remote,          // R: a peer's buffer, through a remote buffer id
  RemotePacket,    // Q: a peer's scratch, receiving packets
  Switch,          // S: a multicast buffer, through a switch channel
  LocalFull,       // F: a buffer of this rank, written with its rank
  LocalFullPacket, // G: like F, scratch holding packets
};

bool isRemoteRole(OperandRole r);
bool isLocalRole(OperandRole r);  // L, P, F, G
bool isPacketRole(OperandRole r); // P, Q, G
// Roles written with "rank" and "type" in JSON.
bool isFullFormRole(OperandRole r);

// A parsed layout: `head` entries at fixed positions, then `tail` repeated
// at least `tailMin` times (when `hasTail`), or exactly as many entries as
// the other list (`matchOther`, with `tail` as the role of each).
struct OperandLayout {
  std::array<OperandRole, 3> head{};
  uint8_t headCount = 0;
  bool hasTail = false;
  OperandRole tail = OperandRole::Local;
  uint8_t tailMin = 0;
  bool matchOther = false;

  bool empty() const { return headCount == 0 && !hasTail && !matchOther; }
  // The role of entry `i` of a list of `count` entries (whose shape was
  // checked with accepts()).
  OperandRole roleAt(size_t i) const { return i < headCount ? head[i] : tail; }
  // Whether a list of `count` entries fits, given the other list's size.
  bool accepts(size_t count, size_t otherCount) const;
  // "L R+"-style text, for messages.
  std::string_view text;
};

struct OpInfo {
  OpKind kind;
  std::string_view jsonName;
  uint16_t families;
  OpKeys keys;
  ChannelIdsRule channelIds;
  ChannelTypeRule channelType;
  OperandLayout src;
  OperandLayout dst;

  bool is(uint16_t family) const { return (families & family) != 0; }
};

const OpInfo &opInfo(OpKind kind);
// A layout in words: "a local buffer, then one or more remote buffers".
std::string describeLayout(const OperandLayout &layout);
std::optional<OpKind> parseOpKind(std::string_view jsonName);
std::string_view toString(OpKind k); // JSON op name

// Family predicates, read from the table.
inline bool isReduceFamily(OpKind k) { return opInfo(k).is(opfamily::Reduce); }
inline bool isPutFamily(OpKind k) { return opInfo(k).is(opfamily::Put); }
inline bool isPacketOp(OpKind k) { return opInfo(k).is(opfamily::Packet); }
inline bool isDataSyncOp(OpKind k) { return opInfo(k).is(opfamily::DataSync); }
inline bool movesData(OpKind k) { return opInfo(k).is(opfamily::Data); }
inline bool isSwitchOp(OpKind k) { return opInfo(k).is(opfamily::Switch); }
inline bool isSignalOp(OpKind k) { return opInfo(k).is(opfamily::Signal); }
inline bool isWaitOp(OpKind k) { return opInfo(k).is(opfamily::Wait); }
inline bool isRelaxedOp(OpKind k) { return opInfo(k).is(opfamily::Relaxed); }
inline bool carriesReduceOp(OpKind k) {
  return opInfo(k).is(opfamily::Reducing);
}
// On a port channel, thread i of the op pushes its i-th signal or transfer
// to the proxy (executor-semantics §3.1); these kinds push a signal, and
// these a transfer (put_with_signal[_and_flush] both).
inline bool pushesPortSignal(OpKind k) {
  return k == OpKind::Signal || k == OpKind::RlxSignal || k == OpKind::Pws ||
         k == OpKind::Pwsf;
}
inline bool pushesPortTransfer(OpKind k) {
  return k == OpKind::Put || k == OpKind::Pws || k == OpKind::Pwsf ||
         k == OpKind::Ppkt || k == OpKind::Rppkt;
}

} // namespace mscclc::plan
