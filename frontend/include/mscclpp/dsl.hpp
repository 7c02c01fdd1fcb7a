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

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string_view>
#include <tuple>
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
  // The plan's "collective" field, Python's `collective.name`:
  // "allgather", "allreduce", "reducescatter", "alltoall", "sendrecv" or
  // "test". What a builder checks where Python writes
  // isinstance(spec.collective, ReduceScatter).
  std::string_view name() const;

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

// Instantiation lists for mscclc's precompiled header. A compile without
// that PCH skips them (mscclc defines __MSCCLC_NO_PCH__): there they would
// only add work, a third of a second of it.
#if defined(__MSCCLC__) && !defined(__MSCCLC_NO_PCH__)
// Uses every std type the declarations above put in an algorithm's way, in
// the forms programs write them: the options' std::optional fields set from
// an int, a group or a chunk (a variable, a const one, a temporary), from a
// size_t or std::nullopt; std::vector<Chunk> and std::vector<int> from
// braced lists; a program's name; AlgoSpec's tags. Never called: naming it
// makes Clang instantiate all of that once, into mscclc's precompiled
// header, instead of in every algorithm file (a reduce with options and a
// chunk list cost 21 ms of Sema, now 5; docs/performance.md).
// constexpr because the PCH keeps only constexpr bodies; a template because
// a constexpr function that can never be a constant expression is an error
// unless it is one. Every name here is reserved so that no user macro
// reaches it. mscclc's unit tests check that the list is complete.
namespace __mscclc_instantiate {
using namespace mscclpp::dsl;
template <int>
constexpr void __api(int &__i, const int &__ci, std::size_t &__z, Chunk &__c,
                     const Chunk &__cc, ThreadBlockGroup &__g,
                     const ThreadBlockGroup &__cg, const Rank &__r,
                     const MemoryChannel &__m, const PortChannel &__p,
                     const SwitchChannel &__s, const Semaphore &__sem,
                     const AlgoSpec &__spec) {
  __r.copy(__c, __c, {.tb = __i});
  __r.copy(__c, __c, {.tb = __ci});
  __r.copy(__c, __c, {.tb = 0});
  __r.copy(__c, __c, {.tb = __z});
  __r.copy(__c, __c, {.tb = std::nullopt});
  __r.copy(__c, __c, {.tb_group = __g});
  __r.copy(__c, __c, {.tb_group = __cg});
  __r.copy(__c, __c, {.tb_group = ThreadBlockGroup({0, 1})});
  __r.reduce(__c, {__c}, {.tb = __i, .dst_chunk = __c});
  __r.reduce(__cc, {__cc, __cc}, {.tb = 0, .dst_chunk = __cc});
  __r.reduce(__c, {__c}, {.tb = 0, .dst_chunk = Chunk{}});
  __r.barrier({0, 1});
  (void)__g.tb_list();
  __m.signal({.tb = __i});
  __m.wait({.tb = 0});
  __m.put(__c, __c, {.tb = __i});
  __m.reduce(__c, {__c}, {.tb = __i, .local_dst_chunk = __c});
  __m.reduce(__cc, {__cc}, {.tb = __i, .local_dst_chunk = __cc});
  __m.reduce(__c, {__c}, {.tb = 0, .local_dst_chunk = Chunk{}});
  __p.signal({.tb = __i});
  __p.put(__c, __c, {.tb = 0});
  __s.reduce(0, 0, 1, __c, {.tb = __i});
  __s.at_rank(0).broadcast(__c, 0, 1, {.tb = 0});
  __sem.acquire({.tb = __i});
  (void)CollectiveProgram("name", __spec.collective, __i);
  (void)AlgoSpec(__spec);
  (void)AlgoSpec{.collective = __spec.collective, .tags = {{"key", "value"}}};
}
inline constexpr auto *__api_instance = &__api<0>;

// The containers algorithms keep DSL objects and indices in, with what they
// call on them: the same instantiate-once idea for the algorithm's own
// types (the all-pairs sample's parse 48 ms -> 13). The list is short on
// purpose: Clang 19 reads all of a template's specializations from the PCH
// once a program needs one more, so each entry slows a little the programs
// that use other specializations of the same templates (docs/performance.md).
template <class __T>
constexpr void __vector_of(std::vector<__T> &__v, const __T &__x, __T &__y,
                           std::size_t __n, int &__kl) {
  (void)std::vector<__T>();
  (void)std::vector<__T>{__x};
  (void)std::vector<__T>(__n, __x);
  (void)std::vector<__T>(__v);
  __v = __v;
  __v.push_back(__x);
  __v.push_back(__T(__x));
  __v.emplace_back(__y);
  __v.emplace_back(__T(__x));
  __v.reserve(__n);
  (void)__v.size();
  (void)__v.empty();
  (void)__v[__n];
  (void)__v.at(__n);
  (void)__v.front();
  (void)__v.back();
  for (const __T &__e : __v)
    (void)__e;
  for (__T &__e : __v)
    (void)__e;
  __v.pop_back();
  __v.clear();
  if constexpr (std::is_default_constructible_v<__T>) {
    (void)std::vector<__T>(__n);
    __v.resize(__n);
  }
  // emplace_back(dst, src) of a channel, a pair of ints, ... (not a map,
  // whose iterator-range constructor accepts any two arguments).
  if constexpr (std::is_constructible_v<__T, int &, int &> &&
                !requires { typename __T::key_type; })
    __v.emplace_back(__kl, __kl);
}
template <class __T>
constexpr void __vector_of_vectors(std::vector<std::vector<__T>> &__vv,
                                   const std::vector<__T> &__v,
                                   std::size_t __n) {
  (void)std::vector<std::vector<__T>>(__n, __v);
  (void)std::vector<std::vector<__T>>(__n);
  __vv.resize(__n);
  __vv.push_back(__v);
  __vv.emplace_back();
  (void)__vv[__n][__n];
  (void)__vv.size();
}
template <class __K, class __V>
constexpr void __map_of(std::map<__K, __V> &__m, const __K &__k, __K &__kl,
                        const __V &__x) {
  __m.emplace(__K(__k), __V(__x));
  __m.emplace(__kl, __V(__x));
  __m.emplace(__k, __x);
  __m.insert({__k, __x});
  __m.try_emplace(__k, __x);
  (void)__m.at(__k);
  (void)__m.find(__k);
  (void)__m.count(__k);
  (void)__m.contains(__k);
  (void)__m.size();
  for (const auto &__e : __m)
    (void)__e;
  for (auto &__e : __m)
    (void)__e;
  if constexpr (std::is_default_constructible_v<__V>)
    (void)__m[__k];
}
// Pair keys made from ints of every value category: a loop variable, a
// const local, an expression.
template <int> constexpr void __pair_keys(int &__a, const int &__b) {
  (void)std::make_pair(__a, __a);
  (void)std::make_pair(__a, __b);
  (void)std::make_pair(__a, __a + 0);
  (void)std::make_pair(__b, __a);
  (void)std::make_pair(__b, __b);
  (void)std::make_pair(__b, __a + 0);
  (void)std::make_pair(__a + 0, __a);
  (void)std::make_pair(__a + 0, __b);
  (void)std::make_pair(__a + 0, __a + 0);
  (void)std::make_tuple(__a, __a, __a);
}
// The types: those that ported reference programs and our samples use most.
template <int> constexpr void __containers() {
  using __pair = std::pair<int, int>;
  (void)&__vector_of<int>;
  (void)&__vector_of<Chunk>;
  (void)&__vector_of<Buffer>;
  (void)&__vector_of<MemoryChannel>;
  (void)&__vector_of<PortChannel>;
  (void)&__vector_of<__pair>;
  (void)&__vector_of<std::map<int, MemoryChannel>>;
  (void)&__vector_of_vectors<int>;
  (void)&__vector_of_vectors<std::map<int, MemoryChannel>>;
  (void)&__map_of<int, int>;
  (void)&__map_of<int, MemoryChannel>;
  (void)&__map_of<__pair, MemoryChannel>;
  (void)&__map_of<__pair, PortChannel>;
  (void)&__map_of<std::tuple<int, int, int>, MemoryChannel>;
  (void)&__pair_keys<0>;
}
inline constexpr auto *__containers_instance = &__containers<0>;
} // namespace __mscclc_instantiate
#endif

#endif // MSCCLPP_DSL_HPP
