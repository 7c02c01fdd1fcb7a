//===- DslBinding.cpp - the DSL's declarations, bound ---------------------===//
//
// The binding table (see DslBinding.h) and the handlers it names: DSL
// constructors, methods and functions are checked and forwarded to the
// ProgramBuilder; the diagnostics it throws without a location are placed
// at the call.
//
//===----------------------------------------------------------------------===//
#include "DslBinding.h"

#include "Evaluator.h"

#include "clang/Basic/SourceManager.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

using namespace clang;

namespace mscclc::frontend {

using clang::SourceLocation;

// ------------------------------------------------------------- bindings --

namespace {
using Kind = DslBinding::Kind;
constexpr DslBinding ctor(DslClass c, llvm::StringRef cls, DslConstructor h) {
  return {Kind::Constructor, c, cls, uint8_t(h)};
}
constexpr DslBinding method(DslClass c, llvm::StringRef name, DslMethod h) {
  return {Kind::Method, c, name, uint8_t(h)};
}
constexpr DslBinding function(DslClass c, llvm::StringRef name, DslFunction h) {
  return {Kind::Function, c, name, uint8_t(h)};
}
constexpr DslBinding scopeEnd(DslClass c, llvm::StringRef cls, DslScopeEnd h) {
  return {Kind::ScopeEnd, c, cls, uint8_t(h)};
}

const DslBinding bindings[] = {
    // Collectives: the plan's collective, buffer sizes and in-place flag.
    ctor(DslClass::Collective, "AllGather", DslConstructor::Collective),
    ctor(DslClass::Collective, "AllReduce", DslConstructor::Collective),
    ctor(DslClass::Collective, "ReduceScatter", DslConstructor::Collective),
    ctor(DslClass::Collective, "AllToAll", DslConstructor::Collective),
    ctor(DslClass::Collective, "SendRecv", DslConstructor::Collective),
    ctor(DslClass::Collective, "TestCollective", DslConstructor::Collective),
    method(DslClass::Collective, "num_ranks", DslMethod::CollectiveNumRanks),
    method(DslClass::Collective, "chunk_factor",
           DslMethod::CollectiveChunkFactor),
    method(DslClass::Collective, "inplace", DslMethod::CollectiveInplace),
    method(DslClass::Collective, "name", DslMethod::CollectiveName),
    // The program: current from construction to the end of its scope.
    ctor(DslClass::CollectiveProgram, "CollectiveProgram",
         DslConstructor::Program),
    function(DslClass::CollectiveProgram, "from_spec",
             DslFunction::ProgramFromSpec),
    scopeEnd(DslClass::CollectiveProgram, "CollectiveProgram",
             DslScopeEnd::EndProgram),
    // Buffers and chunks.
    method(DslClass::BaseBuffer, "slice", DslMethod::BufferSlice),
    method(DslClass::BaseBuffer, "rank", DslMethod::BufferRank),
    method(DslClass::BaseBuffer, "buffer_type", DslMethod::BufferType),
    method(DslClass::BaseBuffer, "offset", DslMethod::BufferOffset),
    method(DslClass::BaseBuffer, "size", DslMethod::BufferSize),
    ctor(DslClass::Buffer, "Buffer", DslConstructor::Buffer),
    ctor(DslClass::ThreadBlockGroup, "ThreadBlockGroup",
         DslConstructor::ThreadBlockGroup),
    method(DslClass::ThreadBlockGroup, "tb_list", DslMethod::GroupTbList),
    method(DslClass::ThreadBlockGroup, "get_internal_id",
           DslMethod::GroupInternalId),
    method(DslClass::ThreadBlockGroup, "numtb", DslMethod::GroupNumTb),
    // Ranks: local operations.
    ctor(DslClass::Rank, "Rank", DslConstructor::Rank),
    method(DslClass::Rank, "get_input_buffer", DslMethod::RankInputBuffer),
    method(DslClass::Rank, "get_output_buffer", DslMethod::RankOutputBuffer),
    method(DslClass::Rank, "copy", DslMethod::RankCopy),
    method(DslClass::Rank, "copy_packets", DslMethod::RankCopyPackets),
    method(DslClass::Rank, "unpack_packets", DslMethod::RankUnpackPackets),
    method(DslClass::Rank, "reduce", DslMethod::RankReduce),
    method(DslClass::Rank, "barrier", DslMethod::RankBarrier),
    // Channels.
    ctor(DslClass::MemoryChannel, "MemoryChannel",
         DslConstructor::MemoryChannel),
    method(DslClass::MemoryChannel, "signal", DslMethod::ChannelSignal),
    method(DslClass::MemoryChannel, "wait", DslMethod::ChannelWait),
    method(DslClass::MemoryChannel, "get", DslMethod::ChannelGet),
    method(DslClass::MemoryChannel, "put", DslMethod::ChannelPut),
    method(DslClass::MemoryChannel, "put_packets",
           DslMethod::ChannelPutPackets),
    method(DslClass::MemoryChannel, "read_put_packets",
           DslMethod::ChannelReadPutPackets),
    method(DslClass::MemoryChannel, "reduce", DslMethod::ChannelReduce),
    ctor(DslClass::PortChannel, "PortChannel", DslConstructor::PortChannel),
    method(DslClass::PortChannel, "signal", DslMethod::ChannelSignal),
    method(DslClass::PortChannel, "wait", DslMethod::ChannelWait),
    method(DslClass::PortChannel, "flush", DslMethod::ChannelFlush),
    method(DslClass::PortChannel, "put", DslMethod::ChannelPut),
    method(DslClass::PortChannel, "put_with_signal",
           DslMethod::ChannelPutWithSignal),
    method(DslClass::PortChannel, "put_with_signal_and_flush",
           DslMethod::ChannelPutWithSignalAndFlush),
    method(DslClass::PortChannel, "put_packets", DslMethod::ChannelPutPackets),
    method(DslClass::PortChannel, "read_put_packets",
           DslMethod::ChannelReadPutPackets),
    ctor(DslClass::SwitchChannel, "SwitchChannel",
         DslConstructor::SwitchChannel),
    method(DslClass::SwitchChannel, "at_rank", DslMethod::SwitchAtRank),
    method(DslClass::SwitchChannel, "reduce", DslMethod::SwitchReduce),
    method(DslClass::SwitchChannel, "broadcast", DslMethod::SwitchBroadcast),
    method(DslClass::SwitchChannel, "broadcast_packets",
           DslMethod::SwitchBroadcastPackets),
    method(DslClass::SwitchChannelRankView, "reduce", DslMethod::SwitchReduce),
    method(DslClass::SwitchChannelRankView, "broadcast",
           DslMethod::SwitchBroadcast),
    method(DslClass::SwitchChannelRankView, "broadcast_packets",
           DslMethod::SwitchBroadcastPackets),
    // Synchronisation within a rank, and pipelines.
    ctor(DslClass::Semaphore, "Semaphore", DslConstructor::Semaphore),
    method(DslClass::Semaphore, "acquire", DslMethod::SemaphoreAcquire),
    method(DslClass::Semaphore, "release", DslMethod::SemaphoreRelease),
    ctor(DslClass::LoopIterationContext, "LoopIterationContext",
         DslConstructor::Loop),
    scopeEnd(DslClass::LoopIterationContext, "LoopIterationContext",
             DslScopeEnd::EndPipeline),
    // SyncType combines as flags.
    function(DslClass::None, "operator|", DslFunction::SyncTypeOr),
    function(DslClass::None, "operator&", DslFunction::SyncTypeAnd),
    function(DslClass::None, "operator^", DslFunction::SyncTypeXor),
};

const DslBinding *findBinding(DslBinding::Kind kind, DslClass cls,
                              llvm::StringRef name) {
  for (const DslBinding &b : bindings)
    if (b.kind == kind && b.cls == cls && b.name == name)
      return &b;
  return nullptr;
}
} // namespace

llvm::ArrayRef<DslBinding> dslBindings() { return bindings; }

std::optional<DslConstructor> findDslConstructor(DslClass cls,
                                                 llvm::StringRef className) {
  if (const DslBinding *b = findBinding(Kind::Constructor, cls, className))
    return DslConstructor(b->handler);
  return std::nullopt;
}

std::optional<DslMethod> findDslMethod(DslClass cls, llvm::StringRef name) {
  if (const DslBinding *b = findBinding(Kind::Method, cls, name))
    return DslMethod(b->handler);
  return std::nullopt;
}

std::optional<DslFunction> findDslFunction(DslClass cls, llvm::StringRef name) {
  if (const DslBinding *b = findBinding(Kind::Function, cls, name))
    return DslFunction(b->handler);
  return std::nullopt;
}

std::optional<DslScopeEnd> findDslScopeEnd(DslClass cls) {
  for (const DslBinding &b : bindings)
    if (b.kind == Kind::ScopeEnd && b.cls == cls)
      return DslScopeEnd(b.handler);
  return std::nullopt;
}

// -------------------------------------------------------- classification --

static bool inDslNamespace(const Decl *d) {
  const DeclContext *dc = d->getDeclContext();
  const auto *inner = dyn_cast<NamespaceDecl>(dc);
  if (!inner || inner->getName() != "dsl")
    return false;
  const auto *outer = dyn_cast<NamespaceDecl>(inner->getParent());
  return outer && outer->getName() == "mscclpp" &&
         outer->getParent()->isTranslationUnit();
}

// Per-thread and cleared with the std classification (see StdLibrary.cpp).
namespace {
// The i-th argument of a DSL call. The bindings read the declaration's
// arity (defaults included); reading past it is a bug of ours, thrown as
// std::vector::at threw it, never a read out of bounds.
const Value &argAt(llvm::ArrayRef<Value> args, size_t i) {
  if (i >= args.size())
    throw std::out_of_range("DSL binding: argument " + std::to_string(i) +
                            " of " + std::to_string(args.size()));
  return args[i];
}

// The expression a DSL call passes as its i-th argument, or null (an
// argument the declaration's default supplies, or a call written another
// way).
const Expr *writtenArgument(const Expr *site, size_t i) {
  const auto *call = dyn_cast<CallExpr>(site);
  if (!call || i >= call->getNumArgs() ||
      isa<CXXDefaultArgExpr>(call->getArg(i)))
    return nullptr;
  return call->getArg(i);
}

// The variable an argument reads, through the copy that passes a chunk by
// value, or null.
const VarDecl *readVariable(const Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (const auto *copy = dyn_cast<CXXConstructExpr>(e);
      copy && copy->getNumArgs() == 1 &&
      copy->getConstructor()->isCopyOrMoveConstructor())
    e = copy->getArg(0)->IgnoreParenImpCasts();
  if (const auto *ref = dyn_cast<DeclRefExpr>(e))
    return dyn_cast<VarDecl>(ref->getDecl());
  return nullptr;
}

thread_local llvm::DenseMap<const CXXRecordDecl *, DslClass> dslClassCache;
} // namespace

void Evaluator::resetDslClassCache() { dslClassCache.clear(); }

Evaluator::DslClass Evaluator::classifyDsl(const CXXRecordDecl *rd) {
  auto &cache = dslClassCache;
  auto [it, inserted] = cache.try_emplace(rd, DslClass::None);
  if (inserted)
    it->second = classifyDslUncached(rd);
  return it->second;
}

Evaluator::DslClass Evaluator::classifyDslUncached(const CXXRecordDecl *rd) {
  if (!rd || !rd->getIdentifier() || !inDslNamespace(rd))
    return DslClass::None;
  llvm::StringRef n = rd->getName();
  if (n == "Collective" || n == "AllGather" || n == "AllReduce" ||
      n == "ReduceScatter" || n == "AllToAll" || n == "SendRecv" ||
      n == "TestCollective")
    return DslClass::Collective;
  if (n == "CollectiveProgram")
    return DslClass::CollectiveProgram;
  if (n == "Chunk")
    return DslClass::Chunk;
  if (n == "BaseBuffer")
    return DslClass::BaseBuffer;
  if (n == "Buffer")
    return DslClass::Buffer;
  if (n == "Rank")
    return DslClass::Rank;
  if (n == "ThreadBlockGroup")
    return DslClass::ThreadBlockGroup;
  if (n == "MemoryChannel")
    return DslClass::MemoryChannel;
  if (n == "PortChannel")
    return DslClass::PortChannel;
  if (n == "SwitchChannel")
    return DslClass::SwitchChannel;
  if (n == "SwitchChannelRankView")
    return DslClass::SwitchChannelRankView;
  if (n == "Semaphore")
    return DslClass::Semaphore;
  if (n == "LoopIterationContext")
    return DslClass::LoopIterationContext;
  return DslClass::OptionsStruct;
}

// ------------------------------------------------------------- helpers --

// Options are read by field name for every recorded op: the answer is kept
// per (record, name) in a slot field() probes, the names per record.
void Evaluator::findField(const RecordDecl *record, llvm::StringRef name,
                          FieldSlot &slot) {
  auto [it, added] = fieldNames_.try_emplace(record);
  if (added)
    for (const FieldDecl *fd : record->fields())
      it->second.push_back(fd->getName());
  const auto &names = it->second;
  int32_t index = -1;
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) {
      index = int32_t(i);
      break;
    }
  slot = {record, name.data(), name.size(), index};
}

std::optional<int64_t> Evaluator::optInt(const Value *v) {
  if (!v || v->kind == Value::Kind::Null)
    return std::nullopt;
  return v->i;
}

TbSelection Evaluator::tbSelection(const Value &opts) {
  TbSelection sel;
  sel.tb = optInt(field(opts, "tb"));
  const Value *g = field(opts, "tb_group");
  if (g && g->kind == Value::Kind::Object)
    sel.group = g->obj->list();
  sel.groupAllowed = g != nullptr;
  return sel;
}

chunk::Chunk Evaluator::toChunk(const Value &v, LazyLoc loc) {
  if (v.kind == Value::Kind::Chunk) {
    // Made by slice(), which validated it.
    chunk::Chunk c;
    c.rank = v.chunkRank;
    c.type = chunk::BufferType(v.chunkType);
    c.index = v.i;
    c.size = v.chunkSize;
    return c;
  }
  if (v.kind != Value::Kind::Agg || v.elems().size() != 4)
    error(loc, diag::err_dsl_expected_chunk);
  for (const Value &f : v.elems())
    if (f.kind == Value::Kind::Uninit)
      error(loc, diag::err_eval_uninitialised_unnamed);
  chunk::Chunk c;
  c.rank = int32_t(v.elems()[0].i);
  c.type = chunk::BufferType(v.elems()[1].i);
  c.index = v.elems()[2].i;
  c.size = v.elems()[3].i;
  try {
    builder_.checkRank(v.elems()[0].i, "chunk rank");
  } catch (DiagnosticError &e) {
    locateDslError(e, loc);
    throw;
  }
  if (c.index < 0 || c.size < 0)
    error(loc, diag::err_dsl_chunk_negative, {describe(c)});
  return c;
}

std::vector<chunk::Chunk> Evaluator::toChunkList(const Value &v, LazyLoc loc) {
  std::vector<chunk::Chunk> out;
  if (v.kind != Value::Kind::Agg)
    error(loc, diag::err_dsl_expected_chunk_list);
  for (const Value &e : v.elems())
    out.push_back(toChunk(e, loc));
  return out;
}

std::vector<int64_t> Evaluator::toIntList(const Value &v, LazyLoc loc) {
  std::vector<int64_t> out;
  if (v.kind != Value::Kind::Agg)
    error(loc, diag::err_dsl_expected_int_list);
  for (const Value &e : v.elems()) {
    if (e.kind != Value::Kind::Int)
      error(loc, diag::err_dsl_expected_int_list);
    out.push_back(e.i);
  }
  return out;
}

// ------------------------------------------------------------- DSL calls --

// The options CollectiveProgram's ProgramOptions and AlgoSpec share, under
// the same field names.
void Evaluator::readProgramOptions(const Value &o, ProgramSettings &s) {
  chunk::ProgramSettings &p = s.program;
  s.instances = field(o, "instances")->i;
  p.protocol = chunk::Protocol(field(o, "protocol")->i);
  p.instrFusion = field(o, "instr_fusion")->i != 0;
  p.autoSync = field(o, "auto_sync")->i != 0;
  p.replicationPolicy =
      chunk::ReplicationPolicy(field(o, "replication_policy")->i);
  p.reuseResources = field(o, "reuse_resources")->i != 0;
  p.numThreadsPerBlock = field(o, "num_threads_per_block")->i;
  p.useDoubleScratchBuffer = field(o, "use_double_scratch_buffer")->i != 0;
  p.bufferAlignment = field(o, "buffer_alignment")->i;
  p.minMessageSize = uint64_t(field(o, "min_message_size")->i);
  p.maxMessageSize = uint64_t(field(o, "max_message_size")->i);
}

static uint8_t syncBits(const Value *v) {
  return v ? uint8_t(v->i & 3) : uint8_t(3);
}

// The value a braced options argument gives field `name` (the `-1` of
// `{.tb = -1}` or `MemorySyncOptions{.tb = -1}`); invalid when the
// argument is no braced list of a record, or leaves the field to its
// default.
static SourceLocation optionValueLoc(const Expr *argument,
                                     llvm::StringRef name) {
  const Expr *options = argument->IgnoreImplicit();
  // A copy or move of a braced temporary, or the temporary named by type.
  for (;;) {
    if (const auto *copy = dyn_cast<CXXConstructExpr>(options)) {
      if (copy->getNumArgs() != 1)
        return {};
      options = copy->getArg(0)->IgnoreImplicit();
    } else if (const auto *cast = dyn_cast<CXXFunctionalCastExpr>(options)) {
      options = cast->getSubExpr()->IgnoreImplicit();
    } else {
      break;
    }
  }
  const auto *list = dyn_cast<InitListExpr>(options);
  const RecordDecl *record =
      list ? list->getType()->getAsRecordDecl() : nullptr;
  if (!record)
    return {};
  for (const FieldDecl *f : record->fields()) {
    if (f->getName() != name || f->getFieldIndex() >= list->getNumInits())
      continue;
    const Expr *init = list->getInit(f->getFieldIndex());
    if (!isa<CXXDefaultInitExpr, ImplicitValueInitExpr>(init) &&
        init->getExprLoc().isValid())
      return init->getExprLoc();
  }
  return {};
}

// Where the value a CollectiveProgram settings error is about was written:
// the num_ranks argument, or the field's initializer in a braced options
// argument (`{.instances = 0}`). Invalid when it was not written in the
// call (a ProgramOptions variable, a default): the error stays at the call.
static SourceLocation programSettingLoc(diag::ID id, const Expr *site) {
  const auto *construct = dyn_cast<CXXConstructExpr>(site);
  if (!construct)
    return {};
  llvm::StringRef fields[2];
  switch (id) {
  case diag::err_dsl_num_ranks:
  case diag::err_dsl_num_ranks_max:
    return construct->getNumArgs() > 2 ? construct->getArg(2)->getExprLoc()
                                       : SourceLocation();
  case diag::err_dsl_program_name_utf8:
    return construct->getNumArgs() > 0 ? construct->getArg(0)->getExprLoc()
                                       : SourceLocation();
  case diag::err_dsl_instances:
  case diag::err_dsl_instances_max:
    fields[0] = "instances";
    break;
  case diag::err_dsl_threads_per_block:
    fields[0] = "num_threads_per_block";
    break;
  case diag::err_dsl_buffer_alignment:
    fields[0] = "buffer_alignment";
    break;
  case diag::err_dsl_message_size_range:
    fields[0] = "min_message_size";
    fields[1] = "max_message_size";
    break;
  default:
    return {};
  }
  if (construct->getNumArgs() < 4)
    return {};
  for (llvm::StringRef name : fields)
    if (SourceLocation at = name.empty()
                                ? SourceLocation()
                                : optionValueLoc(construct->getArg(3), name);
        at.isValid())
      return at;
  return {};
}

// Where a per-op option the builder refused is written (`.tb = -1`), for
// the errors about one; invalid when the options are not a braced list
// in the call, or do not name it.
static SourceLocation opOptionLoc(diag::ID id, const Expr *site) {
  const auto *call = dyn_cast<CallExpr>(site);
  if (!call)
    return {};
  switch (id) {
  case diag::err_dsl_tb_negative:
  case diag::err_dsl_tb_max:
  case diag::err_dsl_tb_outside_group:
    break;
  default:
    return {};
  }
  for (const Expr *arg : llvm::reverse(call->arguments()))
    if (SourceLocation at = optionValueLoc(arg, "tb"); at.isValid())
      return at;
  return {};
}

Value Evaluator::dslConstruct(DslClass cls, const CXXRecordDecl *rd,
                              ValueList args, const Expr *site) {
  LazyLoc loc(site);
  auto [known, added] = dslConstructors_.try_emplace(rd);
  if (added)
    known->second = findDslConstructor(cls, rd->getName());
  std::optional<DslConstructor> ctor = known->second;
  if (!ctor)
    error(loc, diag::err_dsl_not_constructible, {rd->getNameAsString()});
  // Ranks are shared (one object per rank): only the first makes one.
  std::shared_ptr<DslObject> obj;
  if (*ctor != DslConstructor::Rank)
    obj = std::make_shared<DslObject>();
  try {
    switch (*ctor) {
    case DslConstructor::Collective: {
      llvm::StringRef n = rd->getName();
      CollectiveDesc &c = obj->mutableCollective();
      obj->type = DslObject::Type::Collective;
      int64_t r = args.at(0).i;
      if (r <= 0)
        error(loc, diag::err_dsl_collective_ranks, {r});
      c.numRanks = r;
      if (n == "TestCollective") {
        c.name = "test";
        c.inputSize = args.at(1).i;
        c.outputSize = args.at(2).i;
        if (c.inputSize < 0 || c.outputSize < 0)
          error(loc, diag::err_dsl_test_collective_sizes);
        c.inplace = false;
        c.chunkFactor = 1;
      } else {
        int64_t cf = args.at(1).i;
        if (cf <= 0)
          error(loc, diag::err_dsl_chunk_factor, {cf});
        c.chunkFactor = cf;
        c.inplace = args.at(2).i != 0;
        if (n == "AllGather") {
          c.name = "allgather";
          c.inputSize = cf;
          c.outputSize = r * cf;
        } else if (n == "AllReduce") {
          c.name = "allreduce";
          c.inputSize = c.outputSize = r * cf;
        } else if (n == "ReduceScatter") {
          c.name = "reducescatter";
          c.inputSize = r * cf;
          c.outputSize = cf;
        } else if (n == "AllToAll") {
          c.name = "alltoall";
          c.inputSize = c.outputSize = r * cf;
        } else if (n == "SendRecv") {
          c.name = "sendrecv";
          c.inputSize = c.outputSize = cf;
        } else {
          error(loc, diag::err_dsl_collective_unknown, {n.str()});
        }
      }
      break;
    }
    case DslConstructor::Program: {
      requireNamedScopeObject(site, /*program=*/true);
      ProgramSettings s;
      if (args.at(0).kind == Value::Kind::String)
        s.program.name = args[0].s();
      if (args.at(1).kind != Value::Kind::Object)
        error(loc, diag::err_dsl_expected_collective);
      s.collective = args[1].obj->collective();
      s.numRanks = args.at(2).i;
      readProgramOptions(args.at(3), s);
      try {
        builder_.beginProgram(s, irBeginLoc(site));
      } catch (DiagnosticError &e) {
        SourceLocation at = programSettingLoc(e.diag.id, site);
        if (at.isValid())
          locateDslError(e, at);
        throw;
      }
      obj->type = DslObject::Type::Program;
      break;
    }
    case DslConstructor::Rank: {
      // Rank objects are immutable: share one per rank.
      builder_.checkRank(args.at(0).i, "rank");
      size_t r = size_t(args[0].i);
      if (rankObjects_.size() <= r)
        rankObjects_.resize(r + 1);
      if (!rankObjects_[r]) {
        obj = std::make_shared<DslObject>();
        obj->type = DslObject::Type::Rank;
        obj->a = args[0].i;
        rankObjects_[r] = obj;
      }
      return Value::makeObject(rankObjects_[r]);
    }
    case DslConstructor::Buffer:
      obj->type = DslObject::Type::Buffer;
      obj->buffer = builder_.allocScratch(args.at(0).i, args.at(1).i);
      break;
    case DslConstructor::ThreadBlockGroup:
      obj->type = DslObject::Type::ThreadBlockGroup;
      obj->mutableList() = toIntList(args.at(0), loc);
      builder_.checkThreadBlockGroup(obj->list());
      break;
    case DslConstructor::MemoryChannel:
      obj->type = DslObject::Type::MemoryChannel;
      obj->a = builder_.newMemoryChannel(args.at(0).i, args.at(1).i,
                                         irBeginLoc(site));
      break;
    case DslConstructor::PortChannel:
      obj->type = DslObject::Type::PortChannel;
      obj->a =
          builder_.newPortChannel(args.at(0).i, args.at(1).i, irBeginLoc(site));
      break;
    case DslConstructor::SwitchChannel:
      obj->type = DslObject::Type::SwitchChannel;
      obj->a = builder_.newSwitchChannel(toIntList(args.at(0), loc),
                                         chunk::BufferType(args.at(1).i),
                                         irBeginLoc(site));
      break;
    case DslConstructor::Semaphore:
      obj->type = DslObject::Type::Semaphore;
      obj->a =
          builder_.newSemaphore(args.at(0).i, args.at(1).i, irBeginLoc(site));
      break;
    case DslConstructor::Loop:
      requireNamedScopeObject(site, /*program=*/false);
      obj->type = DslObject::Type::Loop;
      builder_.beginLoop(uint64_t(args.at(0).i), args.at(1).i,
                         irBeginLoc(site));
      break;
    }
  } catch (DiagnosticError &e) {
    locateDslError(e, loc);
    throw;
  }
  return Value::makeObject(std::move(obj));
}

Value Evaluator::dslMethod(DslClass cls, const Value &self,
                           const CXXMethodDecl *md, llvm::ArrayRef<Value> args,
                           const Expr *site) {
  LazyLoc loc(site);
  // The method name is where ops are reported (cheap: stored in the AST).
  SourceLocation at;
  if (const auto *mce = dyn_cast<CXXMemberCallExpr>(site))
    if (const auto *me = dyn_cast<MemberExpr>(mce->getCallee()))
      at = me->getMemberLoc();
  if (at.isInvalid())
    at = site->getBeginLoc();
  auto [bound, added] = dslMethods_.try_emplace(md);
  if (added)
    bound->second = findDslMethod(cls, md->getName());
  if (!bound->second)
    error(loc, diag::err_dsl_unsupported_method, {md->getNameAsString()});
  const DslMethod method = *bound->second;
  if (self.kind != Value::Kind::Object)
    error(loc, diag::err_dsl_not_constructed);
  const DslObject &o = *self.obj;
  auto chunkArg = [&](size_t i) {
    const Value &v = argAt(args, i);
    // `Chunk c;` given no slice yet: name it, at the argument.
    if (v.kind == Value::Kind::Agg &&
        llvm::any_of(v.elems(), [](const Value &f) {
          return f.kind == Value::Kind::Uninit;
        }))
      if (const Expr *arg = writtenArgument(site, i)) {
        if (const VarDecl *var = readVariable(arg))
          error(arg->getExprLoc(), diag::err_eval_uninitialised_variable,
                {var->getNameAsString()});
        error(arg->getExprLoc(), diag::err_eval_uninitialised_unnamed);
      }
    return toChunk(v, loc);
  };
  auto optChunk = [&](const Value &opts,
                      llvm::StringRef f) -> std::optional<chunk::Chunk> {
    const Value *v = field(opts, f);
    if (!v || v->kind == Value::Kind::Null)
      return std::nullopt;
    return toChunk(*v, loc);
  };
  auto reduceOp = [&](const Value &opts) {
    const Value *v = field(opts, "reduce_op");
    return v ? chunk::ReduceOp(v->i) : chunk::ReduceOp::Sum;
  };
  auto transfer = [&](chunk::OpKind kind) {
    builder_.transfer(int32_t(o.a), kind, chunkArg(0), chunkArg(1),
                      tbSelection(argAt(args, 2)), irLoc(at));
    return Value::makeVoid();
  };
  // A switch channel's methods take the rank first; a rank view's have it
  // bound.
  const bool view = cls == DslClass::SwitchChannelRankView;
  const size_t base = view ? 0 : 1;
  auto switchRank = [&] { return view ? o.b : argAt(args, 0).i; };
  try {
    if (cls != DslClass::Collective && cls != DslClass::BaseBuffer &&
        cls != DslClass::Buffer && cls != DslClass::ThreadBlockGroup)
      builder_.requireProgram();
    switch (method) {
    case DslMethod::CollectiveNumRanks:
      return Value::makeInt(o.collective().numRanks);
    case DslMethod::CollectiveChunkFactor:
      return Value::makeInt(o.collective().chunkFactor);
    case DslMethod::CollectiveInplace:
      return Value::makeInt(o.collective().inplace);
    case DslMethod::CollectiveName:
      return Value::makeString(o.collective().name);
    case DslMethod::BufferSlice: {
      std::optional<int64_t> a, b;
      if (args.size() == 2) {
        a = args[0].i;
        b = args[1].i;
      }
      chunk::Chunk c = builder_.slice(o.buffer, a, b);
      return Value::makeChunk(c, site->getType()->getAsCXXRecordDecl());
    }
    // Python's attributes: size is offset + length (rank.py stores the
    // end), so a ported program's arithmetic on it stays right.
    case DslMethod::BufferSize:
      return Value::makeInt(o.buffer.end);
    case DslMethod::BufferOffset:
      return Value::makeInt(o.buffer.offset);
    case DslMethod::BufferRank:
      return Value::makeInt(o.buffer.rank);
    case DslMethod::BufferType:
      return Value::makeInt(int64_t(o.buffer.type));
    case DslMethod::GroupNumTb:
      return Value::makeInt(int64_t(o.list().size()));
    case DslMethod::GroupTbList: {
      ValueList tbs;
      for (int64_t tb : o.list())
        tbs.push_back(Value::makeInt(tb));
      return Value::makeAgg(std::move(tbs));
    }
    case DslMethod::GroupInternalId:
      for (size_t i = 0; i < o.list().size(); ++i)
        if (o.list()[i] == argAt(args, 0).i)
          return Value::makeInt(int64_t(i));
      error(at, diag::err_dsl_tb_not_in_group, {argAt(args, 0).i});
    case DslMethod::RankInputBuffer:
    case DslMethod::RankOutputBuffer: {
      // Input and output buffers never change: share one object each.
      bool input = method == DslMethod::RankInputBuffer;
      size_t slot = size_t(o.a) * 2 + (input ? 0 : 1);
      if (bufferObjects_.size() <= slot)
        bufferObjects_.resize(slot + 1);
      if (!bufferObjects_[slot]) {
        auto b = std::make_shared<DslObject>();
        b->type = DslObject::Type::Buffer;
        b->buffer =
            input ? builder_.inputBuffer(o.a) : builder_.outputBuffer(o.a);
        bufferObjects_[slot] = std::move(b);
      }
      return Value::makeObject(bufferObjects_[slot]);
    }
    case DslMethod::RankCopy:
    case DslMethod::RankCopyPackets:
    case DslMethod::RankUnpackPackets: {
      chunk::OpKind k = method == DslMethod::RankCopy ? chunk::OpKind::Copy
                        : method == DslMethod::RankCopyPackets
                            ? chunk::OpKind::Cpkt
                            : chunk::OpKind::Upkt;
      builder_.copy(o.a, chunkArg(0), chunkArg(1), tbSelection(argAt(args, 2)),
                    k, irLoc(at));
      return Value::makeVoid();
    }
    case DslMethod::RankReduce: {
      const Value &opts = argAt(args, 2);
      builder_.reduce(o.a, chunkArg(0), toChunkList(argAt(args, 1), loc),
                      tbSelection(opts), optChunk(opts, "dst_chunk"),
                      reduceOp(opts), field(opts, "packet")->i != 0, irLoc(at));
      return Value::makeVoid();
    }
    case DslMethod::RankBarrier:
      builder_.barrier(o.a, toIntList(argAt(args, 0), loc), irLoc(at));
      return Value::makeVoid();
    case DslMethod::ChannelSignal:
    case DslMethod::ChannelWait: {
      const Value &opts = argAt(args, 0);
      const Value *rel = field(opts, "relaxed");
      builder_.signalOrWait(int32_t(o.a), optInt(field(opts, "tb")),
                            syncBits(field(opts, "data_sync")),
                            rel && rel->i != 0,
                            method == DslMethod::ChannelSignal, irLoc(at));
      return Value::makeVoid();
    }
    case DslMethod::ChannelFlush: {
      const Value &opts = argAt(args, 0);
      builder_.flush(int32_t(o.a), optInt(field(opts, "tb")),
                     syncBits(field(opts, "data_sync")), irLoc(at));
      return Value::makeVoid();
    }
    case DslMethod::ChannelPut:
      return transfer(chunk::OpKind::Put);
    case DslMethod::ChannelGet:
      return transfer(chunk::OpKind::Get);
    case DslMethod::ChannelPutPackets:
      return transfer(chunk::OpKind::Ppkt);
    case DslMethod::ChannelReadPutPackets:
      return transfer(chunk::OpKind::Rppkt);
    case DslMethod::ChannelPutWithSignal:
      return transfer(chunk::OpKind::Pws);
    case DslMethod::ChannelPutWithSignalAndFlush:
      return transfer(chunk::OpKind::Pwsf);
    case DslMethod::ChannelReduce: {
      const Value &opts = argAt(args, 2);
      builder_.channelReduce(
          int32_t(o.a), chunkArg(0), toChunkList(argAt(args, 1), loc),
          tbSelection(opts), optChunk(opts, "local_dst_chunk"), reduceOp(opts),
          irLoc(at));
      return Value::makeVoid();
    }
    case DslMethod::SwitchAtRank: {
      builder_.checkSwitchMember(int32_t(o.a), argAt(args, 0).i);
      auto v = std::make_shared<DslObject>();
      v->type = DslObject::Type::SwitchView;
      v->a = o.a;
      v->b = args[0].i;
      return Value::makeObject(std::move(v));
    }
    case DslMethod::SwitchReduce: {
      const Value &opts = argAt(args, base + 3);
      builder_.switchReduce(int32_t(o.a), switchRank(), argAt(args, base).i,
                            argAt(args, base + 1).i, chunkArg(base + 2),
                            optInt(field(opts, "tb")), reduceOp(opts),
                            irLoc(at));
      return Value::makeVoid();
    }
    case DslMethod::SwitchBroadcast:
    case DslMethod::SwitchBroadcastPackets: {
      const Value &opts = argAt(args, base + 3);
      builder_.switchBroadcast(
          int32_t(o.a), switchRank(), chunkArg(base), argAt(args, base + 1).i,
          argAt(args, base + 2).i, optInt(field(opts, "tb")),
          method == DslMethod::SwitchBroadcastPackets, irLoc(at));
      return Value::makeVoid();
    }
    case DslMethod::SemaphoreAcquire:
    case DslMethod::SemaphoreRelease: {
      const Value &opts = argAt(args, 0);
      builder_.semaphoreOp(int32_t(o.a), optInt(field(opts, "tb")),
                           syncBits(field(opts, "data_sync")),
                           method == DslMethod::SemaphoreAcquire, irLoc(at));
      return Value::makeVoid();
    }
    }
  } catch (DiagnosticError &e) {
    SourceLocation option = opOptionLoc(e.diag.id, site);
    locateDslError(e, option.isValid() ? option : at);
    throw;
  }
  llvm_unreachable("every DslMethod returns or throws");
}

Value Evaluator::dslFreeFunction(const FunctionDecl *fd, ValueList args,
                                 const Expr *site) {
  LazyLoc loc(site);
  const auto *md = dyn_cast<CXXMethodDecl>(fd);
  const CXXRecordDecl *parent = md ? md->getParent() : nullptr;
  std::optional<DslFunction> function;
  if (parent ? inDslNamespace(parent) : inDslNamespace(fd))
    // getNameAsString: operators have no identifier.
    function = findDslFunction(parent ? classifyDsl(parent) : DslClass::None,
                               fd->getNameAsString());
  if (function) {
    switch (*function) {
    case DslFunction::SyncTypeOr:
      return Value::makeInt(args.at(0).i | args.at(1).i);
    case DslFunction::SyncTypeAnd:
      return Value::makeInt(args.at(0).i & args.at(1).i);
    case DslFunction::SyncTypeXor:
      return Value::makeInt(args.at(0).i ^ args.at(1).i);
    case DslFunction::ProgramFromSpec: {
      requireNamedScopeObject(site, /*program=*/true);
      const Value &spec = args.at(0);
      ProgramSettings s;
      const Value *name = field(spec, "name");
      if (name && name->kind == Value::Kind::String)
        s.program.name = name->s();
      const Value *coll = field(spec, "collective");
      if (!coll || coll->kind != Value::Kind::Object)
        error(loc, diag::err_dsl_algospec_collective);
      s.collective = coll->obj->collective();
      s.numRanks = field(spec, "world_size")->i;
      readProgramOptions(spec, s);
      try {
        builder_.beginProgram(s, irLoc(site->getBeginLoc()));
      } catch (DiagnosticError &e) {
        locateDslError(e, loc);
        throw;
      }
      auto obj = std::make_shared<DslObject>();
      obj->type = DslObject::Type::Program;
      return Value::makeObject(std::move(obj));
    }
    }
  }
  if (parent && parent->isInStdNamespace())
    unsupportedStdType(parent, loc);
  error(loc, diag::err_eval_unsupported_function,
        {fd->getQualifiedNameAsString()});
}

// ------------------------------------------------- the header, checked --

namespace {
// The declarations of namespace mscclpp::dsl in `ctx`, from every block
// that opens it; none when the namespace is absent.
std::optional<std::vector<const Decl *>> dslDeclarations(ASTContext &ctx) {
  std::optional<std::vector<const Decl *>> decls;
  for (const Decl *d : ctx.getTranslationUnitDecl()->decls())
    if (const auto *outer = dyn_cast<NamespaceDecl>(d);
        outer && outer->getName() == "mscclpp")
      for (const Decl *inner : outer->decls())
        if (const auto *ns = dyn_cast<NamespaceDecl>(inner);
            ns && ns->getName() == "dsl") {
          if (!decls)
            decls.emplace();
          decls->insert(decls->end(), ns->decls_begin(), ns->decls_end());
        }
  return decls;
}
} // namespace

std::vector<std::string> checkDslBindings(ASTContext &ctx) {
  std::vector<std::string> problems;
  std::vector<bool> used(std::size(bindings), false);
  auto use = [&](Kind kind, DslClass cls, llvm::StringRef name,
                 const std::string &what) {
    if (const DslBinding *b = findBinding(kind, cls, name))
      used[size_t(b - bindings)] = true;
    else
      problems.push_back(what + " has no binding");
  };
  std::optional<std::vector<const Decl *>> decls = dslDeclarations(ctx);
  if (!decls)
    return {"no namespace mscclpp::dsl in the translation unit"};
  for (const Decl *d : *decls) {
    if (isa<EnumDecl>(d))
      continue; // enumerators are values: nothing to bind
    if (const auto *fd = dyn_cast<FunctionDecl>(d)) {
      use(Kind::Function, DslClass::None, fd->getNameAsString(),
          "function '" + fd->getNameAsString() + "'");
      continue;
    }
    const auto *rd = dyn_cast<CXXRecordDecl>(d);
    if (!rd) {
      problems.push_back(std::string("a ") + d->getDeclKindName() +
                         " declaration, which the evaluator does not model");
      continue;
    }
    if (!rd->isThisDeclarationADefinition())
      continue; // a forward declaration
    std::string cname = rd->getNameAsString();
    DslClass cls = Evaluator::classifyDslUncached(rd);
    // What rd->methods() does not list: member templates, friends, nested
    // classes. The evaluator binds none of them.
    for (const Decl *member : rd->decls()) {
      // A friend is callable whatever section declares it.
      if (member->isImplicit() ||
          (!isa<FriendDecl>(member) && member->getAccess() != AS_public))
        continue;
      if (isa<FunctionTemplateDecl, FriendDecl, ClassTemplateDecl,
              CXXRecordDecl>(member))
        problems.push_back(std::string("a ") + member->getDeclKindName() +
                           " declaration in '" + cname +
                           "', which the evaluator does not model");
    }
    for (const CXXMethodDecl *md : rd->methods()) {
      // What algorithm code cannot call needs no binding.
      if (md->isImplicit() || md->isDeleted() || md->getAccess() != AS_public)
        continue;
      std::string what = "'" + cname + "::" + md->getNameAsString() + "'";
      if (cls == DslClass::OptionsStruct || cls == DslClass::Chunk) {
        problems.push_back(what + " is a member function of a class the "
                                  "evaluator treats as a plain struct");
        continue;
      }
      if (const auto *ctor = dyn_cast<CXXConstructorDecl>(md)) {
        if (!ctor->isCopyOrMoveConstructor())
          use(Kind::Constructor, cls, cname, "constructor " + what);
      } else if (isa<CXXDestructorDecl>(md)) {
        use(Kind::ScopeEnd, cls, cname, "destructor " + what);
      } else if (md->isStatic()) {
        use(Kind::Function, cls, md->getName(),
            "static member function " + what);
      } else if (!md->getIdentifier()) {
        problems.push_back("operator " + what + " has no binding");
      } else {
        use(Kind::Method, cls, md->getName(), "member function " + what);
      }
    }
  }
  for (size_t i = 0; i < used.size(); ++i)
    if (!used[i])
      problems.push_back("binding '" + bindings[i].name.str() +
                         "' names no declaration of its class");
  return problems;
}

// ------------------------------------- the header's instantiation list --

namespace {
// The standard-library class type `t` names (through references, const
// and arrays), or null.
const CXXRecordDecl *stdRecord(QualType t) {
  t = t.getNonReferenceType().getCanonicalType();
  while (const auto *at = dyn_cast<ArrayType>(t.getTypePtr()))
    t = at->getElementType().getCanonicalType();
  const CXXRecordDecl *rd = t->getAsCXXRecordDecl();
  return rd && rd->isInStdNamespace() ? rd : nullptr;
}
} // namespace

std::vector<std::string> checkDslInstantiations(ASTContext &ctx) {
  std::vector<std::string> problems;
  PrintingPolicy policy = ctx.getPrintingPolicy();
  policy.SuppressTagKeyword = true;
  std::map<std::string, const CXXRecordDecl *> needed;
  auto need = [&](QualType t) {
    if (const CXXRecordDecl *rd = stdRecord(t))
      needed.emplace(QualType(rd->getTypeForDecl(), 0).getAsString(policy), rd);
  };
  auto needSignature = [&](const FunctionDecl *fd) {
    need(fd->getReturnType());
    for (const ParmVarDecl *p : fd->parameters())
      need(p->getType());
  };
  if (std::optional<std::vector<const Decl *>> decls = dslDeclarations(ctx))
    for (const Decl *member : *decls) {
      if (const auto *fd = dyn_cast<FunctionDecl>(member))
        needSignature(fd);
      const auto *rd = dyn_cast<CXXRecordDecl>(member);
      if (!rd || !rd->isThisDeclarationADefinition())
        continue;
      for (const FieldDecl *f : rd->fields())
        need(f->getType());
      for (const CXXMethodDecl *md : rd->methods())
        if (!md->isImplicit() && md->getAccess() == AS_public)
          needSignature(md);
    }
  // Every function template of the list must be constexpr (the PCH is
  // built with SkipFunctionBodies, which keeps only constexpr bodies:
  // without it the template would instantiate nothing there) and named, so
  // that Clang instantiates it while it builds the PCH.
  const FunctionDecl *api = nullptr;
  bool anyList = false;
  for (const Decl *d : ctx.getTranslationUnitDecl()->decls())
    if (const auto *ns = dyn_cast<NamespaceDecl>(d);
        ns && ns->getName() == "__mscclc_instantiate")
      for (const Decl *inner : ns->decls()) {
        const auto *ft = dyn_cast<FunctionTemplateDecl>(inner);
        if (!ft)
          continue;
        anyList = true;
        std::string name = "__mscclc_instantiate::" + ft->getNameAsString();
        if (!ft->getTemplatedDecl()->isConstexpr())
          problems.push_back(name + " is not constexpr");
        const FunctionDecl *instantiated = nullptr;
        for (const FunctionDecl *spec : ft->specializations())
          if (spec->hasBody())
            instantiated = spec;
        if (!instantiated)
          problems.push_back(name + " is never instantiated");
        if (ft->getName() == "__api")
          api = instantiated;
      }
  if (!anyList)
    return {"no function template in namespace __mscclc_instantiate at the "
            "end of the header"};
  if (!api) {
    problems.push_back("no instantiated __mscclc_instantiate::__api<0>");
    return problems;
  }
  std::set<const CXXRecordDecl *> built;
  std::function<void(const Stmt *)> walk = [&](const Stmt *s) {
    if (!s)
      return;
    if (isa<CXXConstructExpr, InitListExpr>(s))
      if (const CXXRecordDecl *rd = stdRecord(cast<Expr>(s)->getType()))
        built.insert(rd->getCanonicalDecl());
    for (const Stmt *child : s->children())
      walk(child);
  };
  walk(api->getBody());
  for (const auto &[name, rd] : needed)
    if (!built.count(rd->getCanonicalDecl()))
      problems.push_back("'" + name +
                         "' is in the header's declarations but "
                         "__mscclc_instantiate::__api does not build one");
  return problems;
}

} // namespace mscclc::frontend
