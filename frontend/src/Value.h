//===- Value.h - runtime values of the algorithm evaluator ---------------===//
//
// The evaluator gives C++ value semantics to everything the dialect allows:
// copying a Value copies vectors, maps and structs element by element. DSL
// objects (channels, ranks, buffers, ...) are immutable handles, so copying
// one shares the underlying channel exactly as copying a Python reference
// does.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/frontend/ProgramBuilder.h"
#include "mscclc/support/LargeBlockAllocator.h"

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class CXXRecordDecl;
class FunctionDecl;
class RecordDecl;
class LambdaExpr;
class ValueDecl;
} // namespace clang

namespace mscclc::frontend {

struct DslObject {
  enum class Type : uint8_t {
    Collective,
    Program,
    Rank,
    Buffer,
    MemoryChannel,
    PortChannel,
    SwitchChannel,
    SwitchView,
    Semaphore,
    ThreadBlockGroup,
    Loop,
  };
  Type type;
  int64_t a = 0; // rank / channel or semaphore handle
  int64_t b = 0; // switch view: bound rank
  BufferDesc buffer;

  // Only collectives and thread-block groups have these: kept out of line,
  // as a program may hold a handle per (rank, peer, thread block), 130,048
  // of them at 128 ranks (80 bytes each instead of 160).
  const CollectiveDesc &collective() const {
    return extra_ ? extra_->collective : noExtra().collective;
  }
  const std::vector<int64_t> &list() const { // thread block group
    return extra_ ? extra_->list : noExtra().list;
  }
  CollectiveDesc &mutableCollective() { return extra().collective; }
  std::vector<int64_t> &mutableList() { return extra().list; }

private:
  struct Extra {
    CollectiveDesc collective;
    std::vector<int64_t> list;
  };
  static const Extra &noExtra() {
    static const Extra none;
    return none;
  }
  Extra &extra() {
    if (!extra_)
      extra_ = std::make_unique<Extra>();
    return *extra_;
  }
  std::unique_ptr<Extra> extra_;
};

struct Value;
// Elements, fields and argument lists. Large ones are backed by huge pages
// (see LargeBlockAllocator.h: hostile programs copy and fill them).
using ValueList = std::vector<Value, support::LargeBlockAllocator<Value>>;
struct Closure;
// A key to look a map entry up by (MapStore::find).
struct MapKey {
  const Value &key;
};
// Orders map entries by their key (the entry's first element).
struct EntryLess {
  using is_transparent = void;
  bool operator()(const Value &a, const Value &b) const;
  bool operator()(const Value &entry, MapKey k) const;
  bool operator()(MapKey k, const Value &entry) const;
};
// A std::map: its entries, each a pair value (key, mapped value), so that
// iterating a map can bind `auto &[k, v]` or `auto &kv` to the entry
// itself (writes through them are writes to the map, as in C++). The set
// orders entries by key and never compares mapped values, so an entry's
// mapped value may be changed in place (mutableEntry); its key never is.
// One node per entry holds the pair only (a std::map held a key copy
// besides: 64 bytes more per entry).
class MapStore;
inline Value &mutableEntry(const Value &entry) {
  return const_cast<Value &>(entry);
}

struct ValueHeap;

// Values are created, copied and destroyed at nearly every evaluation step,
// and almost all of them are integers, chunks or DSL handles. Those live in
// the Value itself (64 bytes, one pointer test to destroy); strings,
// aggregates, maps and lambdas keep their parts in a ValueHeap made on
// first write.
struct Value {
  enum class Kind : uint8_t {
    Uninit, // declared without initialiser; reading it is an error
    Void,
    Int, // integers, bools, enums (type decides width/signedness)
    Float,
    String,
    Null,    // empty std::optional
    Agg,     // struct fields, array/vector elements, pair/tuple members
    Map,     // std::map, in `map`
    Object,  // DSL object
    Closure, // lambda
    Chunk,   // a DSL Chunk, stored inline (the most copied aggregate)
    // Stands in for the referent of a reference whose object was destroyed
    // or moved (`i` indexes Evaluator::danglings_); reading it is an error.
    Dangling,
    // An iterator into a std::vector, map or set (Iterators.cpp): the
    // container is found through a tracked record (`chunkSize` indexes
    // Evaluator::iterRecords_), never a raw pointer; `i` is the position
    // (a reverse iterator's base()), `chunkType` the IterFlags, and a map
    // or set iterator not at end() holds its entry's key in elems()[0].
    Iter,
  };
  Kind kind = Kind::Uninit;
  bool isUnsigned = false;
  uint8_t chunkType = 0; // Chunk: buffer type
  int32_t chunkRank = 0; // Chunk: rank
  int64_t i = 0;         // Int value; Chunk: index
  double f = 0;
  int64_t chunkSize = 0;                     // Chunk: size
  const clang::RecordDecl *record = nullptr; // Agg of a struct type
  std::shared_ptr<const DslObject> obj;

  Value() = default;
  [[gnu::always_inline]] Value(const Value &o);
  Value(Value &&) noexcept = default;
  // Values without out-of-line parts (integers, chunks, DSL handles) are
  // assigned field by field, inline; the rest through a copy.
  [[gnu::always_inline]] Value &operator=(const Value &o) {
    if (this == &o)
      return *this;
    if (heap_ || o.heap_) {
      assignThroughCopy(o);
      return *this;
    }
    assignPlainFields(o);
    obj = o.obj;
    return *this;
  }
  // Most moves are between values without a DSL object or out-of-line
  // parts (integers, chunks): those copy the fields and touch no pointer,
  // inline at every use (a call each cost about a third of the move).
  [[gnu::always_inline]] Value &operator=(Value &&o) noexcept {
    assignPlainFields(o);
    if (obj || o.obj || heap_ || o.heap_)
      moveOwnedParts(o);
    return *this;
  }
  [[gnu::always_inline]] ~Value();

  // The out-of-line parts; the non-const accessors make them on first use,
  // the const ones read an empty part when there is none.
  std::string &s();
  const std::string &s() const;
  ValueList &elems();
  const ValueList &elems() const;
  // Map: owned exclusively (deep-copied with the value).
  std::unique_ptr<MapStore> &map();
  const std::unique_ptr<MapStore> &map() const;
  std::shared_ptr<Closure> &closure();
  const std::shared_ptr<Closure> &closure() const;
  bool hasHeap() const { return heap_ != nullptr; }

  static Value makeInt(int64_t v, bool isUnsigned = false) {
    Value r;
    r.kind = Kind::Int;
    r.i = v;
    r.isUnsigned = isUnsigned;
    return r;
  }
  static Value makeFloat(double v) {
    Value r;
    r.kind = Kind::Float;
    r.f = v;
    return r;
  }
  static Value makeString(std::string v) {
    Value r;
    r.kind = Kind::String;
    r.s() = std::move(v);
    return r;
  }
  static Value makeVoid() {
    Value r;
    r.kind = Kind::Void;
    return r;
  }
  static Value makeNull() {
    Value r;
    r.kind = Kind::Null;
    return r;
  }
  static Value makeAgg(ValueList elems,
                       const clang::RecordDecl *record = nullptr);
  static Value makeMap();
  static Value makeChunk(const chunk::Chunk &c,
                         const clang::RecordDecl *chunkRecord) {
    Value r;
    r.kind = Kind::Chunk;
    r.chunkRank = c.rank;
    r.chunkType = uint8_t(c.type);
    r.i = c.index;
    r.chunkSize = c.size;
    r.record = chunkRecord;
    return r;
  }
  // Turns an inline chunk into the equivalent struct {rank, buffer, index,
  // size}, so its fields can be read and written like any struct's.
  void expandChunk() {
    if (kind != Kind::Chunk)
      return;
    ValueList fields;
    fields.push_back(makeInt(chunkRank));
    fields.push_back(makeInt(chunkType));
    fields.push_back(makeInt(i));
    fields.push_back(makeInt(chunkSize));
    const clang::RecordDecl *rd = record;
    *this = makeAgg(std::move(fields), rd);
  }
  static Value makeObject(std::shared_ptr<const DslObject> o) {
    Value r;
    r.kind = Kind::Object;
    r.obj = std::move(o);
    return r;
  }
  // The integer as a mathematically exact value.
  __int128 wide() const {
    return isUnsigned ? __int128(uint64_t(i)) : __int128(i);
  }

private:
  // Every field but the DSL object and the out-of-line parts.
  [[gnu::always_inline]] void assignPlainFields(const Value &o) {
    kind = o.kind;
    isUnsigned = o.isUnsigned;
    chunkType = o.chunkType;
    chunkRank = o.chunkRank;
    i = o.i;
    f = o.f;
    chunkSize = o.chunkSize;
    record = o.record;
  }
  // The out-of-line halves of the copy and the destructor (Evaluator.cpp).
  [[gnu::noinline]] void copyHeap(const Value &o);
  [[gnu::noinline]] void releaseParts() noexcept;
  [[gnu::noinline]] void assignThroughCopy(const Value &o);
  [[gnu::noinline]] void moveOwnedParts(Value &o) noexcept {
    if (obj || o.obj)
      obj = std::move(o.obj);
    if (heap_ || o.heap_)
      heap_ = std::move(o.heap_);
  }
  ValueHeap &heap();
  std::unique_ptr<ValueHeap> heap_;
};

// The entries of a std::map (see above where it is declared). An
// iterator into a set stays valid until its entry goes: every member
// that can remove an entry or hand the nodes elsewhere (erase, clear,
// extract, merge, swap, assignment, move, destruction) counts itself in
// mapRemovals(), so that a remembered iterator (Evaluator::mapFind's last
// entry found) is known to be still good while the count is unchanged.
inline uint64_t &mapRemovals() {
  static thread_local uint64_t count = 0;
  return count;
}
// The set is a private base: a std::set& (std::erase_if takes one) would
// remove entries past the count.
class MapStore : private std::set<Value, EntryLess> {
  using Base = std::set<Value, EntryLess>;

public:
  using Base::begin, Base::end, Base::rbegin, Base::rend, Base::size,
      Base::empty, Base::find, Base::lower_bound, Base::upper_bound,
      Base::count, Base::insert, Base::emplace, Base::emplace_hint;
  using typename Base::const_iterator, typename Base::iterator,
      typename Base::value_type, typename Base::size_type;

  MapStore() = default;
  MapStore(const MapStore &) = default;
  MapStore(MapStore &&o) noexcept : Base(std::move(o)) { ++mapRemovals(); }
  MapStore &operator=(const MapStore &o) {
    ++mapRemovals();
    Base::operator=(o);
    return *this;
  }
  MapStore &operator=(MapStore &&o) noexcept {
    ++mapRemovals();
    Base::operator=(std::move(o));
    return *this;
  }
  ~MapStore() { ++mapRemovals(); }

  template <class... Args> auto erase(Args &&...args) {
    ++mapRemovals();
    return Base::erase(std::forward<Args>(args)...);
  }
  void clear() noexcept {
    ++mapRemovals();
    Base::clear();
  }
  template <class... Args> auto extract(Args &&...args) {
    ++mapRemovals();
    return Base::extract(std::forward<Args>(args)...);
  }
  template <class Source> void merge(Source &&source) {
    ++mapRemovals();
    Base::merge(std::forward<Source>(source));
  }
  void swap(MapStore &o) noexcept {
    ++mapRemovals();
    Base::swap(o);
  }
};

// The parts of a string, map or lambda, out of line again: an aggregate
// (a struct, a vector, a map's entry pair: 130,048 of those in the
// 128-rank all-pairs program) needs only its elements, and a 32-byte heap
// block instead of an 80-byte one.
struct ValueRest {
  std::string s;
  std::unique_ptr<MapStore> map;
  std::shared_ptr<Closure> closure;
};
struct ValueHeap {
  ValueList elems;
  std::unique_ptr<ValueRest> rest;

  // Made and dropped for every aggregate temporary (an option struct per
  // DSL call): kept on the small-block free lists, as ValueLists are.
  static void *operator new(std::size_t bytes) {
    return support::newBlock(bytes);
  }
  static void operator delete(void *p, std::size_t bytes) noexcept {
    support::deleteBlock(p, bytes);
  }

  ValueRest &mutableRest() {
    if (!rest)
      rest = std::make_unique<ValueRest>();
    return *rest;
  }
};

// A copy of a lambda's state for a copy of the lambda: its own by-copy
// captures when a `mutable` call operator can change them (directly, or as
// a std::function's target), the same closure otherwise.
std::shared_ptr<Closure> copyClosure(const std::shared_ptr<Closure> &c);

inline Value::Value(const Value &o)
    : kind(o.kind), isUnsigned(o.isUnsigned), chunkType(o.chunkType),
      chunkRank(o.chunkRank), i(o.i), f(o.f), chunkSize(o.chunkSize),
      record(o.record), obj(o.obj) {
  // Scalars and chunks are by far the most copied values; a part they may
  // have been given by a read through a non-const accessor means nothing.
  if (o.heap_ && kind != Kind::Int && kind != Kind::Float &&
      kind != Kind::Null && kind != Kind::Uninit && kind != Kind::Void &&
      kind != Kind::Chunk)
    copyHeap(o);
}
inline Value::~Value() {
  // Most values own nothing: two tests, inline. (The members' own
  // destructors then find nothing either.)
  if (obj || heap_)
    releaseParts();
}

inline ValueHeap &Value::heap() {
  if (!heap_)
    heap_ = std::make_unique<ValueHeap>();
  return *heap_;
}
namespace detail {
inline const ValueHeap &emptyValueHeap() {
  static const ValueHeap empty;
  return empty;
}
inline const ValueRest &emptyValueRest() {
  static const ValueRest empty;
  return empty;
}
} // namespace detail
inline std::string &Value::s() { return heap().mutableRest().s; }
inline const std::string &Value::s() const {
  return heap_ && heap_->rest ? heap_->rest->s : detail::emptyValueRest().s;
}
inline ValueList &Value::elems() { return heap().elems; }
inline const ValueList &Value::elems() const {
  return heap_ ? heap_->elems : detail::emptyValueHeap().elems;
}
inline std::unique_ptr<MapStore> &Value::map() {
  return heap().mutableRest().map;
}
inline const std::unique_ptr<MapStore> &Value::map() const {
  return heap_ && heap_->rest ? heap_->rest->map : detail::emptyValueRest().map;
}
inline std::shared_ptr<Closure> &Value::closure() {
  return heap().mutableRest().closure;
}
inline const std::shared_ptr<Closure> &Value::closure() const {
  return heap_ && heap_->rest ? heap_->rest->closure
                              : detail::emptyValueRest().closure;
}
inline Value Value::makeAgg(ValueList elems, const clang::RecordDecl *record) {
  Value r;
  r.kind = Kind::Agg;
  r.elems() = std::move(elems);
  r.record = record;
  return r;
}
inline Value Value::makeMap() {
  Value r;
  r.kind = Kind::Map;
  r.map() = std::make_unique<MapStore>();
  return r;
}

// A by-reference capture. It names the variable, not its slot: the frame
// that owns the variable (by serial number) and which declaration of it
// (a loop re-declares its body's variables), so a lambda called after the
// variable's lifetime ended is a located error, never a read of freed
// memory. A variable the enclosing lambda captured by copy lives in that
// lambda's closure, which `holder` keeps alive.
struct RefCapture {
  const clang::ValueDecl *decl = nullptr;
  // The name the lambda's body uses, when not `decl`'s own: a
  // by-reference init-capture `[&r = x]` names x's variable as `r`.
  const clang::ValueDecl *name = nullptr;
  const clang::ValueDecl *spelledAs() const { return name ? name : decl; }
  uint64_t frameSerial = 0;
  uint32_t generation = 0;
  std::shared_ptr<const struct Closure> holder;
  Value *member = nullptr; // the slot inside `holder`
};

// A lambda: its body plus captured variables. A std::function is a
// Closure without a lambda: the function it calls (`call`: a function, or
// a lambda's call operator for the signature) and that lambda's closure
// (`target`).
struct Closure {
  const clang::LambdaExpr *lambda = nullptr;
  const clang::FunctionDecl *call = nullptr;
  std::shared_ptr<const Closure> target;
  // A std::function holding an object of the program's own class: `call`
  // is its const operator(), run on this copy of the object.
  std::shared_ptr<Value> functor;
  std::vector<RefCapture> byRef;
  std::vector<std::pair<const clang::ValueDecl *, std::unique_ptr<Value>>>
      byCopy;
};

// Total order over values usable as std::map keys (ints, floats, strings,
// tuples of those, structs field by field). With `asCxx`, the comparison
// C++ makes instead: a NaN against anything, the first difference found in
// the parts compared, makes the whole comparison UnorderedComparison, as
// C++20's three-way comparisons of pairs, tuples, optionals, vectors and
// arrays do, and as `==` of a NaN is false.
int compareValues(const Value &a, const Value &b, bool asCxx = false);
inline constexpr int UnorderedComparison = 2;
// A struct of the program ordered field by field (a defaulted operator<=>
// or operator<, no hand-written one, fields ordered by value): sorts and
// map keys compare it as C++ would.
bool hasDefaultedOrder(const clang::CXXRecordDecl *rd);
bool valuesEqual(const Value &a, const Value &b);
// A short human-readable rendering for diagnostics: 3, "x", (1, 2), ...
// `shortText`: a text longer than 64 bytes shown by its start and length
// (what a call note shows of an argument).
std::string describeValue(const Value &v, bool shortText = false);

// compareValues, with integer keys (the common map key: a rank, a peer)
// compared here instead of through the call and its switch on kinds.
inline int compareKeys(const Value &a, const Value &b) {
  if (a.kind == Value::Kind::Int && b.kind == Value::Kind::Int) {
    __int128 x = a.wide(), y = b.wide();
    return (x > y) - (x < y);
  }
  return compareValues(a, b);
}

// A map or set entry (an Agg (key, mapped)) keeps an integer key in its own
// otherwise unused fields as well: `i`, and `chunkType` 1 for a signed key,
// 2 for an unsigned one (0: not cached). The tree then compares integer
// keys without reaching the entry's elements, two dependent loads per
// level (a map of a hundred channels per thread block is searched for
// every recorded op). Keys never change once in the tree, and entries are
// made only by the map helpers (withCachedKey) or copied from entries.
inline Value &withCachedKey(Value &entry) {
  const Value &key = entry.elems()[0];
  if (key.kind == Value::Kind::Int) {
    entry.i = key.i;
    entry.chunkType = key.isUnsigned ? 2 : 1;
  }
  return entry;
}
inline int compareEntryKey(const Value &entry, const Value &key) {
  if (entry.chunkType != 0 && key.kind == Value::Kind::Int) {
    __int128 x =
        entry.chunkType == 2 ? __int128(uint64_t(entry.i)) : __int128(entry.i);
    __int128 y = key.wide();
    return (x > y) - (x < y);
  }
  return compareKeys(entry.elems()[0], key);
}

inline bool EntryLess::operator()(const Value &a, const Value &b) const {
  if (a.chunkType != 0 && b.chunkType != 0) {
    __int128 x = a.chunkType == 2 ? __int128(uint64_t(a.i)) : __int128(a.i);
    __int128 y = b.chunkType == 2 ? __int128(uint64_t(b.i)) : __int128(b.i);
    return x < y;
  }
  return compareKeys(a.elems()[0], b.elems()[0]) < 0;
}
inline bool EntryLess::operator()(const Value &entry, MapKey k) const {
  return compareEntryKey(entry, k.key) < 0;
}
inline bool EntryLess::operator()(MapKey k, const Value &entry) const {
  return compareEntryKey(entry, k.key) > 0;
}

} // namespace mscclc::frontend
