//===- PlanIR.h - the executor-level plan -------------------------------===//
//
// Plan IR is exactly the structure of an MSCCL++ 0.9.0 JSON execution plan:
// per rank, chunk counts, channel declarations, remote buffers, semaphores
// and thread blocks whose ops use tb-local indices. Lowering from chunk IR
// produces it; backend-json serialises it and reads it back from any plan.
// Every op may carry the source location of the call that made it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/OpKinds.h"
#include "mscclc/ir/SourceLocation.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mscclc::plan {

enum class BufferType : uint8_t { Input, Output, Scratch };
enum class ChannelType : uint8_t { Memory, Port, Switch, None };
enum class ReduceOp : uint8_t { Sum, Min, Max };
enum class Protocol : uint8_t { Simple, LL };

std::string_view toString(BufferType t);  // "i", "o", "s"
std::string_view toString(ChannelType t); // "memory", "port", "switch", "none"
std::string_view toString(ReduceOp op);   // "sum", "min", "max"
std::string_view toString(Protocol p);    // "Simple", "LL"
std::optional<BufferType> parseBufferType(std::string_view s);
std::optional<ChannelType> parseChannelType(std::string_view s);
std::optional<ReduceOp> parseReduceOp(std::string_view s);
std::optional<Protocol> parseProtocol(std::string_view s);

// "input", "output", "scratch" (toString gives the JSON letters).
std::string_view bufferName(BufferType t);
// "scratch[2:4]": a buffer's chunk range, as messages name it.
std::string describeRange(BufferType t, int64_t index, int64_t size);

// One entry of an op's src_buff / dst_buff. What the entry *is* (local,
// remote, packet, switch) follows from the op kind and its position: see
// OpKinds.def and opInfo(kind).src/.dst.roleAt(i). PlanQuery resolves it.
struct BufferRef {
  BufferType type = BufferType::Input; // local roles (L, P, F, G)
  // Remote roles: index into the tb's remote buffers of the op's channel
  // type; switch role: index into the tb's switch channels.
  int32_t id = 0;
  int64_t index = 0;
  int64_t size = 0;

  static BufferRef local(BufferType t, int64_t index, int64_t size) {
    return {t, 0, index, size};
  }
  static BufferRef remote(int32_t bufferId, int64_t index, int64_t size) {
    return {BufferType::Input, bufferId, index, size};
  }
  static BufferRef switchRef(int32_t channelId, int64_t index, int64_t size) {
    return {BufferType::Input, channelId, index, size};
  }
  bool operator==(const BufferRef &) const = default;
};

struct TbgInfo {
  int32_t tbId = 0;
  int32_t tbgSize = 1;
  bool operator==(const TbgInfo &) const = default;
};

struct Op {
  OpKind kind = OpKind::Nop;
  std::vector<BufferRef> src;
  std::vector<BufferRef> dst;
  // tb-local channel indices (signal/wait/flush/get/port puts/glre).
  std::vector<int32_t> channelIds;
  // The channel type the op works through; None when it names none.
  ChannelType channelType = ChannelType::None;
  std::optional<ReduceOp> reduceOp;
  std::optional<TbgInfo> tbg;
  std::vector<int32_t> semaphoreIds;
  // barrier
  int32_t barrierId = 0;
  int32_t numThreadblocks = 0;
  // glre
  BufferType bufferType = BufferType::Input;
  int64_t bufferOffset = 0;
  int64_t size = 0;
  BufferRef dstChunk; // a local buffer (role F)
  // pipeline
  uint64_t unitSize = 0;
  int64_t numChunks = 0;
  std::vector<Op> ops;
  // Where the op came from (invalid for plans read from JSON).
  SourceLocation loc;

  bool operator==(const Op &o) const; // ignores loc
};

struct ChannelRefs {
  ChannelType type = ChannelType::Memory;
  std::vector<int32_t> ids; // GPU-level channel ids
  bool operator==(const ChannelRefs &) const = default;
};

struct RemoteBufferRefs {
  ChannelType accessType = ChannelType::Memory;
  std::vector<int32_t> ids; // GPU-level remote buffer ids
  bool operator==(const RemoteBufferRefs &) const = default;
};

struct ThreadBlock {
  int32_t id = 0;
  std::vector<Op> ops;
  std::vector<ChannelRefs> channels;
  std::vector<RemoteBufferRefs> remoteBufferRefs;
  bool operator==(const ThreadBlock &) const = default;
};

struct ChannelDecl {
  ChannelType type = ChannelType::Memory;
  // memory / port
  std::vector<int32_t> connectedTo;
  // switch
  BufferType bufferType = BufferType::Input;
  std::vector<int32_t> groupRanks; // rank_groups[0].ranks
  bool operator==(const ChannelDecl &) const = default;
};

struct RemoteBufferDecl {
  int32_t rank = 0;
  BufferType type = BufferType::Input;
  std::vector<ChannelType> accessChannelTypes;
  bool operator==(const RemoteBufferDecl &) const = default;
};

struct Gpu {
  int32_t id = 0;
  int64_t inputChunks = 0;
  int64_t outputChunks = 0;
  int64_t scratchChunks = 0;
  std::vector<ThreadBlock> threadblocks;
  std::vector<ChannelDecl> channels;
  std::vector<RemoteBufferDecl> remoteBuffers;
  std::vector<int64_t> semaphores; // init values
  // Where the rank was declared, for plans compiled from chunk IR text (its
  // `rank N` line; invalid otherwise): diagnostics about the rank that have
  // no op to point at point there. Not part of the identity.
  SourceLocation loc;
  bool operator==(const Gpu &o) const; // ignores loc
};

// The plan-wide settings, as the JSON's top level carries them. Chunk IR's
// ProgramSettings extends this with what only the compiler needs, so a
// setting is declared once from the DSL to the JSON.
struct PlanSettings {
  std::optional<std::string> name; // null in JSON when absent
  std::string collective;
  Protocol protocol = Protocol::Simple;
  bool inplace = false;
  bool reuseResources = false;
  int64_t numThreadsPerBlock = 1024;
  bool useDoubleScratchBuffer = false;
  int64_t bufferAlignment = 16;
  uint64_t minMessageSize = 0;
  uint64_t maxMessageSize = UINT64_MAX;
  bool operator==(const PlanSettings &) const = default;
};

struct Plan : PlanSettings {
  std::vector<Gpu> gpus;
  // The source files op locations point into (null for plans read from
  // JSON); not part of the plan's identity.
  std::shared_ptr<const SourceFiles> files;
  // Where the CollectiveProgram was created (invalid for plans read from
  // JSON): plan-wide diagnostics point there. Not part of the identity.
  SourceLocation loc;
  // The instances the source's thread blocks were replicated into (1 for
  // plans read from JSON): thread block T of the plan is instance T % n of
  // the source's thread block T / n. Not part of the identity.
  int32_t sourceInstances = 1;

  bool operator==(const Plan &o) const {
    return static_cast<const PlanSettings &>(*this) == o && gpus == o.gpus;
  }
};

// Whether chunks [index, index + size) lie in a buffer of `count` chunks,
// without overflowing for hostile values.
inline bool rangeFits(int64_t index, int64_t size, int64_t count) {
  return index >= 0 && size >= 0 && count >= 0 && index <= count &&
         size <= count - index;
}

// "rank R thread block T", for diagnostics; for a plan compiled with
// instances, also which of the source's thread blocks T is a copy of
// ("rank 0 thread block 6 (instance 0 of thread block 3)"), since the
// diagnostic points at the source, where T was never written.
std::string threadBlockName(const Plan &plan, int32_t rank, int32_t tb);

// Total op count of a plan (pipeline inner ops included).
size_t countOps(const Plan &plan);

// A plan's size as work: its ops (pipeline inner ops included) plus their
// src, dst and channel entries. After fusion one op may name 64 peers, so
// the op count alone undersells a plan when deciding whether a walk over
// it pays for a worker thread.
size_t countOpEntries(const Plan &plan);
size_t countOpEntries(const Gpu &gpu);

// `s` with its control characters written as escapes (\n, \t, \x1b...),
// for text output of strings a plan carries: a plan's name must not end a
// report's line early, send the terminal escape sequences or reorder the
// line (C1 controls, U+2028/U+2029 and bidirectional marks become \uXXXX;
// bytes that are not well-formed UTF-8 become \xNN).
std::string visibleText(std::string_view s);
// Appends visibleText of the character at s[i] (one byte, or one
// well-formed UTF-8 sequence) and returns the bytes it took; `escaped`, if
// given, tells whether it appended an escape instead of the character.
size_t appendVisibleCharacter(std::string &out, std::string_view s, size_t i,
                              bool *escaped = nullptr);

// What message sizes are a multiple of (executor-semantics §2.1): `granule`
// (buffer_alignment, or a multiple of it) times, on every rank, the chunk
// count of the buffer that sets the chunk size (a rank without chunks there
// constrains nothing). Nothing when that does not fit in 64 bits.
std::optional<uint64_t> messageSizeUnit(const Plan &plan, uint64_t granule);

// The message sizes a plan accepts (executor-semantics §2.1): the
// multiples of messageSizeUnit(plan, granule) from `min` to `max`, the
// first and last within [min_message_size, max_message_size]. Empty when
// the unit does not fit in 64 bits or no multiple lies in the range.
struct MessageSizes {
  std::optional<uint64_t> unit;
  uint64_t min = 1, max = 0;
  bool empty() const { return !unit || min > max; }
};
MessageSizes messageSizes(const Plan &plan, uint64_t granule);

} // namespace mscclc::plan
