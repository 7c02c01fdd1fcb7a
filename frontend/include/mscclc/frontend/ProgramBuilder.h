//===- ProgramBuilder.h - recording semantics of the DSL -----------------===//
//
// The evaluator calls one method per DSL API call; the builder validates the
// arguments exactly where the reference DSL does (and where it should have:
// negative ranks, sizes, thread blocks, self-channels ...), registers
// resources in first-use order and appends chunk IR ops to thread blocks.
// A misuse throws a DiagnosticError without a location (the builder knows
// nothing of Clang); the evaluator fills in the DSL call's source location.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/frontend/Frontend.h" // BarrierRegistry (declarations only)
#include "mscclc/ir/ChunkIR.h"
#include "mscclc/ir/Diagnostics.h"

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace mscclc::frontend {

// A buffer of one rank: chunks [offset, end) of its input, output or scratch.
struct BufferDesc {
  int32_t rank = 0;
  chunk::BufferType type = chunk::BufferType::Input;
  int64_t offset = 0;
  int64_t end = 0;
};

// tb=... or tb_group=... as given by the user.
struct TbSelection {
  std::optional<int64_t> tb;
  std::optional<std::vector<int64_t>> group;
  // Whether the call's options have a tb_group (TbOptions has not): what
  // the error for a missing thread block suggests.
  bool groupAllowed = true;
};

struct CollectiveDesc {
  std::string name; // "allgather", ...
  int64_t numRanks = 0;
  int64_t chunkFactor = 1;
  bool inplace = false;
  int64_t inputSize = 0; // per rank, in chunks
  int64_t outputSize = 0;
};

// What a CollectiveProgram (or AlgoSpec::from_spec) asks for: the program
// settings as chunk IR keeps them, plus the values that are checked before
// they are narrowed into them.
struct ProgramSettings {
  chunk::ProgramSettings program; // collective and inplace come from below
  CollectiveDesc collective;
  int64_t numRanks = 0;
  int64_t instances = 1;
};

class ProgramBuilder {
public:
  struct Limits {
    int64_t maxRanks = 4096;
    int64_t maxThreadBlocks = 4096;
    int64_t maxInstances = 1024;
  };
  explicit ProgramBuilder(Limits limits,
                          std::shared_ptr<BarrierRegistry> barriers = nullptr)
      : limits_(limits),
        barrierIds_(barriers ? std::move(barriers)
                             : std::make_shared<BarrierRegistry>()) {}
  ProgramBuilder() : ProgramBuilder(Limits{}) {}

  // ---- program lifetime
  void beginProgram(const ProgramSettings &settings, SourceLocation loc);
  void endProgram();
  bool hasProgram() const { return started_; }
  bool programActive() const { return active_; }
  chunk::Program takeProgram();
  // Call before every API use that needs a current program.
  void requireProgram() const;
  // While the initialiser of a variable at namespace scope runs, which C++
  // runs before main, when no program exists: its name, for the error of
  // any use that needs one (empty: none runs).
  void setNamespaceScopeInitialiser(std::string variable) {
    namespaceScopeInitialiser_ = std::move(variable);
  }
  const std::string &namespaceScopeInitialiser() const {
    return namespaceScopeInitialiser_;
  }

  // ---- ranks and buffers
  void checkRank(int64_t rank, const char *what) const;
  BufferDesc inputBuffer(int64_t rank) const;
  BufferDesc outputBuffer(int64_t rank) const;
  BufferDesc allocScratch(int64_t rank, int64_t size);
  chunk::Chunk slice(const BufferDesc &buf, std::optional<int64_t> start,
                     std::optional<int64_t> stop) const;

  // ---- resources (return handles)
  int32_t newMemoryChannel(int64_t dstRank, int64_t srcRank,
                           SourceLocation loc);
  int32_t newPortChannel(int64_t dstRank, int64_t srcRank, SourceLocation loc);
  int32_t newSwitchChannel(const std::vector<int64_t> &ranks,
                           chunk::BufferType bufferType, SourceLocation loc);
  int32_t newSemaphore(int64_t rank, int64_t initialValue, SourceLocation loc);
  void checkThreadBlockGroup(const std::vector<int64_t> &tbs) const;

  struct PeerChannel {
    chunk::ChannelType kind;
    int32_t src;
    int32_t dst;
    int32_t globalId;
    SourceLocation createdAt;
  };
  const PeerChannel &peerChannel(int32_t handle) const {
    return peerChannels_[handle];
  }
  const std::vector<int64_t> &switchRanks(int32_t handle) const {
    return switchChannels_[handle].ranks;
  }

  // ---- Rank ops
  void copy(int64_t rank, const chunk::Chunk &dst, const chunk::Chunk &src,
            const TbSelection &sel, chunk::OpKind kind, SourceLocation loc);
  void reduce(int64_t rank, const chunk::Chunk &src,
              const std::vector<chunk::Chunk> &others, const TbSelection &sel,
              std::optional<chunk::Chunk> dst, chunk::ReduceOp op, bool packet,
              SourceLocation loc);
  void barrier(int64_t rank, const std::vector<int64_t> &tbs,
               SourceLocation loc);

  // ---- memory / port channel ops
  void signalOrWait(int32_t channel, std::optional<int64_t> tb,
                    uint8_t dataSync, bool relaxed, bool isSignal,
                    SourceLocation loc);
  void flush(int32_t channel, std::optional<int64_t> tb, uint8_t dataSync,
             SourceLocation loc);
  // put, pws, pwsf, ppkt, rppkt, get
  void transfer(int32_t channel, chunk::OpKind kind, const chunk::Chunk &dst,
                const chunk::Chunk &src, const TbSelection &sel,
                SourceLocation loc);
  void channelReduce(int32_t channel, const chunk::Chunk &localSrc,
                     const std::vector<chunk::Chunk> &remoteSrcs,
                     const TbSelection &sel,
                     std::optional<chunk::Chunk> localDst, chunk::ReduceOp op,
                     SourceLocation loc);

  // ---- switch channel ops
  void checkSwitchMember(int32_t channel, int64_t rank) const;
  void switchReduce(int32_t channel, int64_t rank, int64_t bufferOffset,
                    int64_t size, const chunk::Chunk &dst,
                    std::optional<int64_t> tb, chunk::ReduceOp op,
                    SourceLocation loc);
  void switchBroadcast(int32_t channel, int64_t rank, const chunk::Chunk &src,
                       int64_t bufferOffset, int64_t size,
                       std::optional<int64_t> tb, bool packets,
                       SourceLocation loc);

  // ---- semaphores
  void semaphoreOp(int32_t semaphore, std::optional<int64_t> tb,
                   uint8_t dataSync, bool acquire, SourceLocation loc);

  // ---- pipelines
  void beginLoop(uint64_t unit, int64_t numChunks, SourceLocation loc);
  void endLoop();

  bool loopActive() const { return loop_.has_value(); }

private:
  struct SwitchChannelState {
    std::vector<int64_t> ranks;
    chunk::BufferType bufferType;
    std::map<int64_t, int32_t> idOnRank;
    SourceLocation createdAt;
  };
  struct SemaphoreState {
    int32_t rank;
    int32_t id;
  };
  struct Captured {
    int32_t rank;
    int32_t tb;
    chunk::Op op;
  };
  struct LoopState {
    uint64_t unit;
    int64_t numChunks;
    SourceLocation loc;
    std::vector<Captured> ops;
  };

  chunk::Rank &rankState(int64_t rank) { return program_.ranks[rank]; }
  int32_t newPeerChannel(chunk::ChannelType kind, int64_t dstRank,
                         int64_t srcRank, SourceLocation loc);
  int32_t checkTb(std::optional<int64_t> tb, const char *method) const;
  // The thread blocks an op goes to, in a list reused by every call (one
  // per recorded op; no caller selects again while it iterates them).
  const std::vector<std::pair<int32_t, std::optional<chunk::TbgInfo>>> &
  selectTbs(const TbSelection &sel, const char *method) const;
  mutable std::vector<std::pair<int32_t, std::optional<chunk::TbgInfo>>>
      selectedTbs_;
  void ensureTb(int32_t rank, int32_t tb);
  void registerRemote(int32_t rank, const chunk::Chunk &remote,
                      chunk::ChannelType access);
  void appendOp(int32_t rank, int32_t tb, chunk::Op &&op);
  void checkSameSize(const chunk::Chunk &a, const chunk::Chunk &b,
                     const char *what) const;
  void checkOnRank(const chunk::Chunk &c, int64_t rank, const char *what) const;
  void checkScratch(const chunk::Chunk &c, const char *what) const;

  Limits limits_;
  bool started_ = false;
  bool active_ = false;
  std::string namespaceScopeInitialiser_;
  chunk::Program program_;
  std::vector<PeerChannel> peerChannels_;
  std::vector<SwitchChannelState> switchChannels_;
  std::vector<SemaphoreState> semaphores_;
  // Per rank: ordered tb list -> barrier id (fresh per program unless
  // shared by the caller).
  std::shared_ptr<BarrierRegistry> barrierIds_;
  std::optional<LoopState> loop_;
  uint64_t nextSeq_ = 1;
  // Per rank, at remote rank * 3 + buffer type: 1 + the index of that
  // buffer's declaration in the rank's remoteBuffers (0: none yet).
  std::vector<std::vector<uint32_t>> remoteSlots_;
};

std::string describe(const chunk::Chunk &c);

} // namespace mscclc::frontend
