// <mscclpp/dsl.hpp> — the MSCCL++ DSL as a C++20 dialect, for mscclc.
//
// This header mirrors the reference Python DSL (mscclpp.language, 0.9.0) one
// to one: same class names, same snake_case methods, same parameter names and
// defaults. Python keyword arguments become designated initialisers of an
// options struct:
//
//   Python:  ch.signal(tb=0, data_sync=SyncType.after, relaxed=True)
//   C++:     ch.signal({.tb = 0, .data_sync = SyncType::after, .relaxed =
//   true});
//
//   Python:  buf[a:b]            C++:  buf.slice(a, b)   (buf.slice() is
//   buf[:])
//
// The header declares everything and defines nothing that matters: mscclc
// never runs algorithm code, it evaluates the function body itself (its
// last section, seen only by mscclc, lists instantiations for mscclc's
// precompiled header). Any C++20 compiler accepts an algorithm file, so
// IDEs and clangd work on it as usual.
// See docs/dialect.md for the full correspondence.
#ifndef MSCCLPP_DSL_HPP
#define MSCCLPP_DSL_HPP

#include <cstdint>
#include <map>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

// Marks a function as an algorithm. Its parameters are the plan's knobs,
// settable with `mscclc -P name=value`; defaults come from the signature.
#if defined(__clang__)
#define MSCCLPP_ALGORITHM [[clang::annotate("mscclpp.algorithm")]]
#else
#define MSCCLPP_ALGORITHM
#endif

namespace mscclpp::dsl {

// ---------------------------------------------------------------- enums --

enum class SyncType : int { none = 0, before = 1, after = 2, both = 3 };
constexpr SyncType operator|(SyncType a, SyncType b) {
  return SyncType(int(a) | int(b));
}
constexpr SyncType operator&(SyncType a, SyncType b) {
  return SyncType(int(a) & int(b));
}
constexpr SyncType operator^(SyncType a, SyncType b) {
  return SyncType(int(a) ^ int(b));
}

enum class ReduceOperationType { sum, min, max };
enum class BufferType { input, output, scratch };
// `switch` is a C++ keyword, hence `switch_`.
enum class ChannelType { port, memory, switch_, none };
enum class Protocol { Simple, LL };
enum class ReplicationPolicy { interleaved, none };

// ------------------------------------------------------- collectives --

// Collectives supply per-rank buffer sizes (in chunks) and the plan's
// "collective" and "inplace" fields.
class Collective {
public:
  int num_ranks() const;
  int chunk_factor() const;
  bool inplace() const;

protected:
  Collective() = default;
};

class AllGather : public Collective {
public:
  AllGather(int num_ranks, int chunk_factor, bool inplace);
};
class AllReduce : public Collective {
public:
  AllReduce(int num_ranks, int chunk_factor, bool inplace);
};
class ReduceScatter : public Collective {
public:
  ReduceScatter(int num_ranks, int chunk_factor, bool inplace);
};
class AllToAll : public Collective {
public:
  AllToAll(int num_ranks, int chunk_factor, bool inplace);
};
class SendRecv : public Collective {
public:
  SendRecv(int num_ranks, int chunk_factor, bool inplace);
};
// Arbitrary buffer sizes; never in place. For unit tests of single ops.
class TestCollective : public Collective {
public:
  TestCollective(int num_ranks, int input_size, int output_size);
};

// ----------------------------------------------------------- program --

// Every CollectiveProgram option of the reference, with its default.
struct ProgramOptions {
  int instances = 1;
  Protocol protocol = Protocol::Simple;
  bool instr_fusion = true;
  bool auto_sync = true;
  ReplicationPolicy replication_policy = ReplicationPolicy::interleaved;
  bool reuse_resources = false;
  int num_threads_per_block = 1024;
  bool use_double_scratch_buffer = false;
  int buffer_alignment = 16;
  std::uint64_t min_message_size = 0;
  std::uint64_t max_message_size = UINT64_MAX;
};

// The reference's AlgoSpec record (for the default algorithms).
struct AlgoSpec {
  std::string_view name;
  Collective collective;
  int nranks_per_node;
  int world_size;
  bool in_place;
  int instances;
  Protocol protocol;
  bool instr_fusion = true;
  bool auto_sync = true;
  ReplicationPolicy replication_policy = ReplicationPolicy::interleaved;
  bool reuse_resources = false;
  int num_threads_per_block = 1024;
  bool use_double_scratch_buffer = false;
  int buffer_alignment = 16;
  std::uint64_t min_message_size = 0;
  std::uint64_t max_message_size = UINT64_MAX;
  std::map<std::string_view, std::string_view> tags = {};
};

// The program being built. It is current from construction until it goes
// out of scope (Python: the `with CollectiveProgram(...)` block). An
// algorithm builds exactly one program.
class CollectiveProgram {
public:
  CollectiveProgram(std::string_view name, const Collective &collective,
                    int num_ranks, ProgramOptions options = {});
  static CollectiveProgram from_spec(const AlgoSpec &spec);
  ~CollectiveProgram();
  CollectiveProgram(const CollectiveProgram &) = delete;
  CollectiveProgram &operator=(const CollectiveProgram &) = delete;
};

// ------------------------------------------------- buffers and chunks --

// A contiguous range of chunks of one buffer of one rank.
struct Chunk {
  int rank;
  BufferType buffer;
  int index;
  int size;
};

class BaseBuffer {
public:
  // Python buf[start:stop]; negative bounds or start > stop are errors.
  Chunk slice(int start, int stop) const;
  // Python buf[:]: the whole buffer.
  Chunk slice() const;
  // Python buf.rank, buf.buffer_type, buf.offset, buf.size. As in Python,
  // offset is where the buffer starts in its rank's buffer of that type (0
  // for input and output; for scratch, the chunks of the rank's earlier
  // scratch buffers) and size is where it ENDS: offset + its length in
  // chunks, so the length is size() - offset().
  int rank() const;
  BufferType buffer_type() const;
  int offset() const;
  int size() const;

protected:
  BaseBuffer() = default;
};

// A scratch buffer of `size` chunks on `rank`, allocated after the rank's
// earlier scratch buffers.
class Buffer : public BaseBuffer {
public:
  Buffer(int rank, int size);
};

class ThreadBlockGroup {
public:
  explicit ThreadBlockGroup(std::vector<int> tb_list);
  // Python tbg.tb_list: the thread blocks, in the order given.
  std::vector<int> tb_list() const;
  int get_internal_id(int tb) const;
  int numtb() const;
};

// Thread-block selection shared by every op that accepts a group: give `tb`
// (one op) or `tb_group` (one op per member thread block).
struct OpOptions {
  std::optional<int> tb = std::nullopt;
  std::optional<ThreadBlockGroup> tb_group = std::nullopt;
};

struct TbOptions {
  std::optional<int> tb = std::nullopt;
};

struct ReduceOptions {
  std::optional<int> tb = std::nullopt;
  std::optional<ThreadBlockGroup> tb_group = std::nullopt;
  std::optional<Chunk> dst_chunk = std::nullopt;
  ReduceOperationType reduce_op = ReduceOperationType::sum;
  bool packet = false;
};

class Rank {
public:
  explicit Rank(int rank);
  BaseBuffer get_input_buffer() const;
  BaseBuffer get_output_buffer() const;
  void copy(Chunk dst_chunk, Chunk src_chunk, OpOptions options = {}) const;
  void copy_packets(Chunk dst_chunk, Chunk src_chunk,
                    OpOptions options = {}) const;
  void unpack_packets(Chunk dst_chunk, Chunk src_chunk,
                      OpOptions options = {}) const;
  void reduce(Chunk src_chunk, std::vector<Chunk> other_chunks,
              ReduceOptions options = {}) const;
  // One thread block: a __syncthreads (nop); several: a barrier op.
  void barrier(std::vector<int> tb_list) const;
};

// ---------------------------------------------------------- channels --

struct SyncOptions {
  std::optional<int> tb = std::nullopt;
  SyncType data_sync = SyncType::both;
};

struct MemorySyncOptions {
  std::optional<int> tb = std::nullopt;
  SyncType data_sync = SyncType::both;
  bool relaxed = false;
};

struct ChannelReduceOptions {
  std::optional<int> tb = std::nullopt;
  std::optional<ThreadBlockGroup> tb_group = std::nullopt;
  std::optional<Chunk> local_dst_chunk = std::nullopt;
  ReduceOperationType reduce_op = ReduceOperationType::sum;
};

// Peer-to-peer channel over GPU memory, from src_rank to dst_rank. Every
// method records on src_rank.
class MemoryChannel {
public:
  MemoryChannel(int dst_rank, int src_rank);
  void signal(MemorySyncOptions options = {}) const;
  void wait(MemorySyncOptions options = {}) const;
  void get(Chunk dst_chunk, Chunk src_chunk, OpOptions options = {}) const;
  void put(Chunk dst_chunk, Chunk src_chunk, OpOptions options = {}) const;
  void put_packets(Chunk dst_chunk, Chunk src_chunk,
                   OpOptions options = {}) const;
  void read_put_packets(Chunk dst_chunk, Chunk src_chunk,
                        OpOptions options = {}) const;
  void reduce(Chunk local_src_chunk, std::vector<Chunk> remote_src_chunks,
              ChannelReduceOptions options = {}) const;
};

// Channel through the host proxy (inter-node capable).
class PortChannel {
public:
  PortChannel(int dst_rank, int src_rank);
  void signal(SyncOptions options = {}) const;
  void wait(SyncOptions options = {}) const;
  void flush(SyncOptions options = {}) const;
  void put(Chunk dst_chunk, Chunk src_chunk, TbOptions options = {}) const;
  void put_with_signal(Chunk dst_chunk, Chunk src_chunk,
                       TbOptions options = {}) const;
  void put_with_signal_and_flush(Chunk dst_chunk, Chunk src_chunk,
                                 TbOptions options = {}) const;
  void put_packets(Chunk dst_chunk, Chunk src_chunk,
                   TbOptions options = {}) const;
  void read_put_packets(Chunk dst_chunk, Chunk src_chunk,
                        OpOptions options = {}) const;
};

struct SwitchReduceOptions {
  std::optional<int> tb = std::nullopt;
  ReduceOperationType reduce_op = ReduceOperationType::sum;
};

class SwitchChannel;

// SwitchChannel::at_rank(rank): the channel's methods with `rank` bound.
class SwitchChannelRankView {
public:
  void reduce(int buffer_offset, int size, Chunk dst_chunk,
              SwitchReduceOptions options = {}) const;
  void broadcast(Chunk src_chunk, int buffer_offset, int size,
                 TbOptions options = {}) const;
  void broadcast_packets(Chunk src_chunk, int buffer_offset, int size,
                         TbOptions options = {}) const;
};

// NVLS multicast channel over `buffer_type` of every rank in rank_list.
class SwitchChannel {
public:
  SwitchChannel(std::vector<int> rank_list, BufferType buffer_type);
  SwitchChannelRankView at_rank(int rank) const;
  void reduce(int rank, int buffer_offset, int size, Chunk dst_chunk,
              SwitchReduceOptions options = {}) const;
  void broadcast(int rank, Chunk src_chunk, int buffer_offset, int size,
                 TbOptions options = {}) const;
  void broadcast_packets(int rank, Chunk src_chunk, int buffer_offset, int size,
                         TbOptions options = {}) const;
};

// Intra-rank, cross-thread-block semaphore.
class Semaphore {
public:
  Semaphore(int rank, int initial_value);
  void acquire(SyncOptions options = {}) const;
  void release(SyncOptions options = {}) const;
};

// Pipeline loop: ops recorded while it is in scope are grouped per
// (rank, thread block) into one `pipeline` op (Python: `with
// LoopIterationContext(unit, num_chunks):`). Pipelines do not nest.
class LoopIterationContext {
public:
  LoopIterationContext(std::uint64_t unit, int num_chunks);
  ~LoopIterationContext();
  LoopIterationContext(const LoopIterationContext &) = delete;
  LoopIterationContext &operator=(const LoopIterationContext &) = delete;
};

} // namespace mscclpp::dsl

// ------------------------------------------------ for mscclc only --

#if defined(__MSCCLC__)
// Uses every std type the declarations above put in an algorithm's way
// (the options' std::optional fields set from an int, a group or a chunk,
// std::vector<Chunk> and std::vector<int> from a braced list, AlgoSpec's
// tags), in the forms programs write them. Never called: naming it makes
// Clang instantiate what it needs once, into mscclc's precompiled header,
// instead of in every algorithm file (a third of the parse of a typical
// algorithm, docs/performance.md). Function templates and constexpr keep
// it out of code generation and inside what a skipped-bodies PCH keeps.
namespace __mscclc_instantiate {
using namespace mscclpp::dsl;
template <int>
constexpr void
api(int &i, const int &ci, std::size_t &z, Chunk &c, const Chunk &cc,
    ThreadBlockGroup &g, const ThreadBlockGroup &cg, const Rank &r,
    const MemoryChannel &m, const PortChannel &p, const SwitchChannel &s,
    const Semaphore &sem, const AlgoSpec &spec) {
  // .tb from an int variable, a const one, an expression, a size_t.
  r.copy(c, c, {.tb = i});
  r.copy(c, c, {.tb = ci});
  r.copy(c, c, {.tb = 0});
  r.copy(c, c, {.tb = z});
  r.copy(c, c, {.tb = std::nullopt});
  // .tb_group from a group variable, a const one, a temporary.
  r.copy(c, c, {.tb_group = g});
  r.copy(c, c, {.tb_group = cg});
  r.copy(c, c, {.tb_group = ThreadBlockGroup({0, 1})});
  // Chunks: a variable, a const one, a temporary.
  r.reduce(c, {c}, {.tb = i, .dst_chunk = c});
  r.reduce(cc, {cc, cc}, {.tb = 0, .dst_chunk = cc});
  r.reduce(c, {c}, {.tb = 0, .dst_chunk = Chunk{}});
  r.barrier({0, 1});
  (void)std::vector<int>(g.tb_list());
  m.signal({.tb = i});
  m.wait({.tb = 0});
  m.put(c, c, {.tb = i});
  m.reduce(c, {c}, {.tb = i, .local_dst_chunk = c});
  m.reduce(cc, {cc}, {.tb = i, .local_dst_chunk = cc});
  m.reduce(c, {c}, {.tb = 0, .local_dst_chunk = Chunk{}});
  p.signal({.tb = i});
  p.put(c, c, {.tb = 0});
  s.reduce(0, 0, 1, c, {.tb = i});
  s.at_rank(0).broadcast(c, 0, 1, {.tb = 0});
  sem.acquire({.tb = i});
  (void)CollectiveProgram("name", spec.collective, i);
  (void)AlgoSpec(spec);
  (void)AlgoSpec{.collective = spec.collective, .tags = {{"key", "value"}}};
}
inline constexpr auto *api_instance = &api<0>;
} // namespace __mscclc_instantiate
#endif

#endif // MSCCLPP_DSL_HPP
