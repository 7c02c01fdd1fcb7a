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

#include "mscclc/ir/SourceLocation.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mscclc::plan {

enum class BufferType : uint8_t { Input, Output, Scratch };
enum class ChannelType : uint8_t { Memory, Port, Switch, None };
enum class ReduceOp : uint8_t { Sum, Min, Max };
enum class Protocol : uint8_t { Simple, LL };

// Every op name the 0.9.0 DSL can emit (glre included, although the executor
// rejects it).
enum class OpKind : uint8_t {
  Nop,
  Barrier,
  Copy,
  Cpkt,
  Upkt,
  Re,
  Repkt,
  Recpkt,
  Res,
  Respkt,
  Recspkt,
  Rre,
  Rres,
  SemAcquire,
  SemRelease,
  Signal,
  Wait,
  RlxSignal,
  RlxWait,
  Flush,
  Get,
  Put,
  Pws,
  Pwsf,
  Ppkt,
  Rppkt,
  Glre,
  Gstore,
  Gstorepkt,
  Glres,
  Pipeline,
};

std::string_view toString(BufferType t);  // "i", "o", "s"
std::string_view toString(ChannelType t); // "memory", "port", "switch", "none"
std::string_view toString(ReduceOp op);   // "sum", "min", "max"
std::string_view toString(Protocol p);    // "Simple", "LL"
std::string_view toString(OpKind k);      // JSON op name
std::optional<BufferType> parseBufferType(std::string_view s);
std::optional<ChannelType> parseChannelType(std::string_view s);
std::optional<ReduceOp> parseReduceOp(std::string_view s);
std::optional<Protocol> parseProtocol(std::string_view s);
std::optional<OpKind> parseOpKind(std::string_view s);

bool isReduceFamily(
    OpKind k); // re, repkt, recpkt, res, respkt, recspkt, rre, rres
bool isDataSyncOp(OpKind k); // signal, wait, rlx*, flush, sem_*
bool isPutFamily(OpKind k);  // put, pws, pwsf, ppkt, rppkt
bool isPacketOp(OpKind k);   // ops that read or write LL packets
// Ops whose reference JSON encoding always carries src_buff and dst_buff.
bool movesData(OpKind k);
// "input", "output", "scratch" (toString gives the JSON letters).
std::string_view bufferName(BufferType t);

// One entry of an op's src_buff / dst_buff.
struct BufferRef {
  enum class Form : uint8_t {
    Local,  // {"type", "index", "size"}
    Remote, // {"buffer_id", "index", "size"}
    Full,   // {"rank", "type", "index", "size"} (switch ops)
    Switch, // {"switch_channel_id", "index", "size"}
  };
  Form form = Form::Local;
  BufferType type = BufferType::Input; // Local, Full
  int32_t rank = 0;                    // Full
  int32_t id = 0;                      // Remote: buffer_id; Switch: channel id
  int64_t index = 0;
  int64_t size = 0;

  static BufferRef local(BufferType t, int64_t index, int64_t size) {
    BufferRef r;
    r.form = Form::Local;
    r.type = t;
    r.index = index;
    r.size = size;
    return r;
  }
  static BufferRef remote(int32_t bufferId, int64_t index, int64_t size) {
    BufferRef r;
    r.form = Form::Remote;
    r.id = bufferId;
    r.index = index;
    r.size = size;
    return r;
  }
  static BufferRef full(int32_t rank, BufferType t, int64_t index,
                        int64_t size) {
    BufferRef r;
    r.form = Form::Full;
    r.rank = rank;
    r.type = t;
    r.index = index;
    r.size = size;
    return r;
  }
  static BufferRef switchRef(int32_t channelId, int64_t index, int64_t size) {
    BufferRef r;
    r.form = Form::Switch;
    r.id = channelId;
    r.index = index;
    r.size = size;
    return r;
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
  // Whether "channel_ids" is present in the JSON (put-family ops emit it
  // only for port channels).
  bool hasChannelIds = false;
  ChannelType channelType = ChannelType::None;
  bool hasChannelType = false;
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
  BufferRef dstChunk; // Full form
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
  bool operator==(const Gpu &) const = default;
};

struct Plan {
  std::optional<std::string> name; // null in JSON when absent
  std::string collective;
  Protocol protocol = Protocol::Simple;
  bool inplace = false;
  bool reuseResources = false;
  std::vector<Gpu> gpus;
  int64_t numThreadsPerBlock = 1024;
  bool useDoubleScratchBuffer = false;
  int64_t bufferAlignment = 16;
  uint64_t minMessageSize = 0;
  uint64_t maxMessageSize = UINT64_MAX;
  bool operator==(const Plan &) const = default;
};

// Total op count of a plan (pipeline inner ops included).
size_t countOps(const Plan &plan);

} // namespace mscclc::plan
