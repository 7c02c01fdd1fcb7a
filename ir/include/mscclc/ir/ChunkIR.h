//===- ChunkIR.h - what the algorithm says, op by op ---------------------===//
//
// Chunk IR is produced by the front end's evaluator and transformed by the
// passes. Per rank it holds the resources the program declared (channels,
// remote buffers, semaphores, scratch size) and, per thread block, the ops in
// program order. Ops name channels by (kind, global id) and chunks by
// (rank, buffer, index, size); lowering to plan IR allocates tb-local ids.
// GPU-level ids (a channel's position in connected_to, a remote buffer's
// position in remote_buffers) are fixed while recording: the reference
// numbers them in global call order across thread blocks, which the per-tb
// op lists no longer show once ops are fused.
//
// Local chunk operands carry a data version, numbered once before the
// passes run (assignVersions in ChunkIRPrinter.h): a write to a chunk slot
// gets the next version of its (rank, buffer), a read shows the newest
// version written before it in recording order. The printer shows them as
// `o[2:3]#4`, so "who produced this data?" can be answered from the text.
// They are an annotation, not SSA: no pass reads them, and the dependency
// analysis (DependencySync) works on byte intervals, as the reference does.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/CompactList.h"
#include "mscclc/ir/PlanIR.h"
#include "mscclc/ir/SourceLocation.h"
#include "mscclc/ir/ThinList.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mscclc::chunk {

using plan::BufferType;
using plan::ChannelType;
using plan::OpKind;
using plan::Protocol;
using plan::ReduceOp;
using plan::TbgInfo;

enum SyncFlags : uint8_t {
  SyncNone = 0,
  SyncBefore = 1,
  SyncAfter = 2,
  SyncBoth = 3,
};

enum class ReplicationPolicy : uint8_t { Interleaved, None };

// 24 bytes (rank and buffer type share a word): a program's ops hold
// millions of chunk operands.
struct Chunk {
  // Ranks are checked against the program's rank count (at most
  // MaxRank + 1) before a chunk names them.
  static constexpr int32_t MaxRank = (1 << 23) - 1;
  int32_t rank : 24 = 0;
  BufferType type : 8 = BufferType::Input;
  // Version of the data this operand reads or writes (0 = initial); see
  // the header comment.
  uint32_t version = 0;
  int64_t index = 0;
  int64_t size = 0;

  // Field-wise equality of coordinates (versions are not compared), as the
  // reference's fusion rules compare chunks.
  bool sameCoords(const Chunk &o) const {
    return rank == o.rank && type == o.type && index == o.index &&
           size == o.size;
  }
  // Whether the two share a chunk of one rank's buffer.
  bool overlaps(const Chunk &o) const {
    return rank == o.rank && type == o.type && index < o.index + o.size &&
           o.index < index + size;
  }
};
static_assert(sizeof(Chunk) == 24, "Chunk grew: see the note above it");

struct ChannelRef {
  ChannelType kind = ChannelType::Memory;
  // Memory/port: position in the source rank's connected_to list.
  // Switch: the per-rank switch channel id.
  int32_t globalId = 0;
  bool operator==(const ChannelRef &) const = default;
};

// Operand lists of an op: most hold no chunk or one (ThinList.h, one word)
// and no channel or one (CompactList.h, the channel in the pointer's place).
using ChunkList = ThinList<Chunk>;
using ChannelList = CompactList<ChannelRef>;

struct Op;

// An owned, optional object that is deep-copied with its owner, so the
// owner's copy operations stay the defaults (no field list to keep in step).
template <typename T> class CopiedBox {
public:
  CopiedBox() = default;
  CopiedBox(const CopiedBox &o)
      : p_(o.p_ ? std::make_unique<T>(*o.p_) : nullptr) {}
  CopiedBox(CopiedBox &&) noexcept = default;
  CopiedBox &operator=(const CopiedBox &o) {
    if (this != &o)
      p_ = o.p_ ? std::make_unique<T>(*o.p_) : nullptr;
    return *this;
  }
  CopiedBox &operator=(CopiedBox &&) noexcept = default;
  const T *get() const { return p_.get(); }
  T &getOrMake() {
    if (!p_)
      p_ = std::make_unique<T>();
    return *p_;
  }

private:
  std::unique_ptr<T> p_;
};

// The fields only a few op kinds use, kept out of line: a program records
// millions of signals, waits and data moves, and each op would otherwise
// carry every kind's fields (Op was 400 bytes, now under half of that).
struct OpDetails {
  std::optional<TbgInfo> tbg;
  std::vector<int32_t> semaphoreIds;
  // barrier: id and the ordered tb list it synchronises
  int32_t barrierId = 0;
  std::vector<int32_t> barrierTbs;
  // switch ops: multicast buffer type, offsets into it, size, and the local
  // chunk (glre destination, gstore source)
  BufferType switchBuffer = BufferType::Input;
  std::vector<int64_t> switchSrcOffsets;
  std::vector<int64_t> switchDstOffsets;
  int64_t switchSize = 0;
  std::optional<Chunk> switchChunk;
  // pipeline
  uint64_t unitSize = 0;
  int64_t numChunks = 0;
  std::vector<Op> body;
  // recpkt/recspkt: the local packet destination (the fused rppkt's source)
  ChunkList pktDst;
  // Where the op was read from chunk IR text (invalid when the front end
  // built it): problems in hand-written IR point at the .cir line.
  SourceLocation textLoc;
};

// Laid out for size (80 bytes): a program records millions of ops, and
// the bytes of each are most of the compiler's memory at scale.
struct Op {
  OpKind kind = OpKind::Nop;
  uint8_t dataSync = SyncNone; // data-sync ops only
  ReduceOp reduceOp = ReduceOp::Sum;
  SourceLocation loc;
  // Recording order over the whole program.
  uint64_t seq = 0;
  // Channels the op uses, in registration order. signal/wait/flush: a set
  // (fusion requires disjointness); data ops: one per transfer.
  ChannelList channels;
  ChunkList localSrc;
  ChunkList remoteSrc;
  ChunkList localDst;
  ChunkList remoteDst;

  // The kind-specific fields (all defaults when the op has none).
  const OpDetails &details() const;
  // The same, made on first use: call it only to write.
  OpDetails &mutableDetails();
  bool hasDetails() const { return details_.get() != nullptr; }

  // Where to report a problem with the op: its algorithm source line, or
  // its line in chunk IR text read from a file when it has none.
  SourceLocation reportLoc() const {
    return loc.isValid() ? loc : details().textLoc;
  }

  bool isDataSync() const { return plan::isDataSyncOp(kind); }
  bool isSyncLike() const {
    return kind == OpKind::Nop || kind == OpKind::Barrier;
  }

private:
  CopiedBox<OpDetails> details_;
};

static_assert(sizeof(Op) <= 80, "Op grew: see the note above it");

inline const OpDetails &Op::details() const {
  static const OpDetails none;
  return details_.get() ? *details_.get() : none;
}
inline OpDetails &Op::mutableDetails() { return details_.getOrMake(); }

// Calls f on every chunk operand of op (not of a pipeline's body): local and
// remote sources, local, packet and remote destinations, the switch chunk.
template <typename F> void forEachOperandChunk(const Op &op, F f) {
  for (const ChunkList *list : {&op.localSrc, &op.remoteSrc, &op.localDst,
                                &op.details().pktDst, &op.remoteDst})
    for (const Chunk &c : *list)
      f(c);
  if (op.details().switchChunk)
    f(*op.details().switchChunk);
}

struct ThreadBlock {
  std::vector<Op> ops;
};

struct ChannelGroup {
  ChannelType kind = ChannelType::Memory;
  std::vector<int32_t> connectedTo;
  // Where each channel of the group was created (parallel to connectedTo).
  std::vector<SourceLocation> createdAt;
};

struct SwitchDecl {
  BufferType bufferType = BufferType::Input;
  std::vector<int32_t> ranks;
};

struct RemoteBufferDecl {
  int32_t rank = 0;
  BufferType type = BufferType::Input;
  std::vector<ChannelType> accessKinds; // first-use order
};

struct Rank {
  // Its `rank N` line when read from chunk IR text (invalid when the DSL
  // built it).
  SourceLocation loc;
  int64_t inputChunks = 0;
  int64_t outputChunks = 0;
  int64_t scratchChunks = 0;
  std::vector<ChannelGroup> channelGroups; // first-construction order of kind
  std::vector<SwitchDecl> switchChannels;
  std::vector<RemoteBufferDecl> remoteBuffers;
  std::vector<int64_t> semaphores; // init values
  std::vector<ThreadBlock> tbs;

  int64_t bufferChunks(BufferType t) const {
    switch (t) {
    case BufferType::Input:
      return inputChunks;
    case BufferType::Output:
      return outputChunks;
    case BufferType::Scratch:
      return scratchChunks;
    }
    return 0;
  }
  const ChannelGroup *group(ChannelType kind) const {
    for (const auto &g : channelGroups)
      if (g.kind == kind)
        return &g;
    return nullptr;
  }
};

// What the program's options say: the plan's settings plus what only the
// compiler acts on. The DSL's options struct, the recording layer, chunk IR
// and plan IR all use these fields; lowering copies the PlanSettings part.
struct ProgramSettings : plan::PlanSettings {
  int32_t instances = 1;
  bool instrFusion = true;
  bool autoSync = true;
  ReplicationPolicy replicationPolicy = ReplicationPolicy::Interleaved;
};

struct Program : ProgramSettings {
  SourceLocation loc; // where the CollectiveProgram was created

  std::vector<Rank> ranks;
  // Set by the replication pass; the verifier and later passes check it.
  bool replicated = false;
  // The files locations point into (the front end fills it), and the id of
  // the algorithm file among them (printed locations are relative to it).
  std::shared_ptr<const SourceFiles> files;
  int32_t sourceFile = 0;

  size_t numRanks() const { return ranks.size(); }
};

// Number of ops, pipeline bodies included.
size_t countOps(const Program &program);

} // namespace mscclc::chunk
