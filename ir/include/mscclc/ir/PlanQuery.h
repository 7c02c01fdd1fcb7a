//===- PlanQuery.h - what a plan's ids mean -------------------------------===//
//
// A plan names everything by index: an op's channel_ids index its thread
// block's channel list of the op's channel type, which holds GPU-level
// channel ids, which index the rank's channel declarations (flattened per
// type: entries in order, then connected_to in order); a remote buffer_id
// indexes the tb's remote_buffer_refs of the op's channel type, which hold
// ids into the rank's remote_buffers. PlanQuery follows those chains once,
// so the simulator, the CUDA backend, diff and viz ask it instead of
// re-deriving them:
//
//   PlanQuery q(plan);
//   for (const ChannelEnd &c : q.channelsOf(rank, tb, op)) ... c.peer ...
//   ResolvedBuffer b = q.operand(rank, tb, op, Operand::Dst, 1);
//
// Lookups return -1 / nullopt for ids out of range, so plan::verify uses it
// too; after verify() succeeds every lookup resolves.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/PlanIR.h"

#include <array>
#include <optional>
#include <vector>

namespace mscclc::plan {

enum class Operand : uint8_t { Src, Dst };

// Where an operand's bytes live.
struct ResolvedBuffer {
  OperandRole role = OperandRole::Local;
  // Owner of the buffer; for a switch buffer, the rank issuing the op (the
  // multicast group is `switchRanks`).
  int32_t rank = -1;
  BufferType type = BufferType::Input;
  int64_t index = 0; // chunk range, before thread-block-group slicing
  int64_t size = 0;
  int32_t gpuRemoteBuffer = -1;  // remote roles: id in gpu.remoteBuffers
  int32_t gpuSwitchChannel = -1; // switch role: the rank's switch channel
  const std::vector<int32_t> *switchRanks = nullptr;
};

// One channel an op acts through, resolved to its GPU-level id and peer.
struct ChannelEnd {
  ChannelType type = ChannelType::None;
  int32_t local = -1;      // the op's channel_ids entry
  int32_t gpuChannel = -1; // the rank's channel of that type
  int32_t peer = -1;       // memory/port: the rank at the other end
};

class PlanQuery {
public:
  explicit PlanQuery(const Plan &plan);
  const Plan &plan() const { return plan_; }

  // Rank-level channels of a type: for memory and port, the peer of each
  // GPU-level channel id; for switch, the index of each switch channel's
  // declaration in gpu.channels.
  const std::vector<int32_t> &gpuChannels(int32_t rank, ChannelType t) const;
  int32_t peerOf(int32_t rank, ChannelType t, int32_t gpuChannel) const;
  const ChannelDecl *switchDecl(int32_t rank, int32_t gpuChannel) const;

  // Channel pairing (executor-semantics §4.2): the k-th memory (port)
  // channel from rank a to rank b is paired with the k-th from b to a.
  // Which occurrence of its peer a GPU-level channel is (-1 out of range),
  // how many channels of a type a rank has to `peer`, and the peer's
  // channel paired with this one (-1 when the peer declares too few).
  int32_t occurrence(int32_t rank, ChannelType t, int32_t gpuChannel) const;
  int32_t channelsTo(int32_t rank, ChannelType t, int32_t peer) const;
  int32_t pairedChannel(int32_t rank, ChannelType t, int32_t gpuChannel) const;

  // A thread block's local lists, flattened per type.
  const std::vector<int32_t> &tbChannels(int32_t rank, int32_t tb,
                                         ChannelType t) const;
  const std::vector<int32_t> &tbRemoteBuffers(int32_t rank, int32_t tb,
                                              ChannelType access) const;
  int32_t gpuChannel(int32_t rank, int32_t tb, ChannelType t,
                     int32_t local) const;
  int32_t gpuRemoteBuffer(int32_t rank, int32_t tb, ChannelType access,
                          int32_t local) const;

  // The channels listed in an op's channel_ids, resolved.
  std::vector<ChannelEnd> channelsOf(int32_t rank, int32_t tb,
                                     const Op &op) const;
  // What a memory-channel pws/pwsf signals under its intended semantics
  // (it names no channel): for each destination, the thread block's first
  // memory channel to the rank that owns it (gpuChannel -1 when the block
  // has none; peer -1 when the destination does not resolve).
  std::vector<ChannelEnd> memoryPutSignals(int32_t rank, int32_t tb,
                                           const Op &op) const;
  // The role of an operand (from the op table) and where it lives.
  std::optional<ResolvedBuffer> operand(int32_t rank, int32_t tb, const Op &op,
                                        Operand which, size_t i) const;
  // The number of chunks of a rank's buffer (-1 for a rank out of range).
  int64_t bufferChunks(int32_t rank, BufferType t) const;

private:
  struct TbIndex {
    std::array<std::vector<int32_t>, 3> channels; // memory, port, switch
    std::array<std::vector<int32_t>, 2> remote;   // memory, port access
  };
  // A rank's memory or port channels as (peer, GPU-level id), sorted: the
  // channels to one peer are a run in declaration order, so the k-th of
  // the run is the k-th occurrence.
  using PeerRuns = std::vector<std::pair<int32_t, int32_t>>;
  struct GpuIndex {
    std::array<std::vector<int32_t>, 3> channels;
    std::array<std::vector<int32_t>, 2> occurrence; // memory, port
    std::array<PeerRuns, 2> byPeer;                 // memory, port
    // Where each peer's run starts in byPeer (one entry per rank of the
    // plan, and an end): runTo without a search. Empty when a channel
    // names a peer outside the plan, or when the gpu has fewer than a
    // quarter as many channels as the plan has ranks (runTo searches).
    std::array<std::vector<uint32_t>, 2> runStart;
    std::vector<TbIndex> tbs;
  };
  std::pair<PeerRuns::const_iterator, PeerRuns::const_iterator>
  runTo(int32_t rank, ChannelType t, int32_t peer) const;
  const Plan &plan_;
  std::vector<GpuIndex> gpus_;
  static const std::vector<int32_t> Empty;
};

// Where each peer's entries start in a list of `peers` grouped by peer
// (peer p's at [result[p], result[p + 1])), counted from `base`: ranks + 1
// offsets. Empty when a peer is outside [0, ranks).
std::vector<uint32_t> peerOffsets(const std::vector<int32_t> &peers,
                                  size_t ranks, uint32_t base = 0);

// Whether a table of peerOffsets is worth its ranks + 1 entries for a list
// of `peers` entries: only where they are about as many, or a plan of many
// ranks with a few channels each would need memory in the square of its
// size.
inline bool peerOffsetsPayOff(size_t peers, size_t ranks) {
  return peers * 4 >= ranks;
}

// Whether a channel type names real channels (memory, port, switch).
inline bool isRealChannel(ChannelType t) { return t != ChannelType::None; }

// The order in which a buffer type's chunks are counted (input, output,
// scratch) for a rank.
int64_t bufferChunks(const Gpu &gpu, BufferType t);

// The executor's scratch slot under reuse_resources (executor-semantics
// §2.5): 64 MiB (half with double buffering) over the rank's scratch chunk
// count, rounded up to buffer_alignment; 0 without reuse_resources or for a
// rank without scratch chunks. At most 64 MiB rounded to the alignment.
uint64_t reuseScratchSlotBytes(const Plan &plan, const Gpu &gpu);

} // namespace mscclc::plan
