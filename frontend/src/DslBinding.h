//===- DslBinding.h - what the evaluator does for each DSL declaration ----===//
//
// <mscclpp/dsl.hpp> declares the DSL; the evaluator gives each declaration
// its meaning. The binding table (dslBindings()) is the one list of what is
// bound: every constructor, destructor, method and function of the header
// maps to a handler id, and the evaluator dispatches on those ids (switches
// without a default, so a new id without a handler does not compile cleanly).
// The unit test "every declaration of <mscclpp/dsl.hpp> has a binding" walks
// the header with Clang and checks the table against it in both directions
// (checkDslHeaderBindings in Frontend.h). checkDslInstantiations checks
// the header's list of what to instantiate once into the precompiled
// header.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace mscclc::frontend {

// The DSL classes, by what the evaluator does with them. Every other class
// of the DSL namespace is an options struct (an aggregate of fields).
enum class DslClass : uint8_t {
  None,
  Collective, // any collective class
  CollectiveProgram,
  Chunk,
  BaseBuffer,
  Buffer,
  Rank,
  ThreadBlockGroup,
  MemoryChannel,
  PortChannel,
  SwitchChannel,
  SwitchChannelRankView,
  Semaphore,
  LoopIterationContext,
  OptionsStruct,
};

// A DSL class whose values are handles made by its constructors (not a
// Chunk or an options struct, which are plain values): none has a default
// constructor.
inline bool isDslHandleClass(DslClass dc) {
  return dc != DslClass::None && dc != DslClass::OptionsStruct &&
         dc != DslClass::Chunk;
}

// Handlers of the constructors (Evaluator::dslConstruct).
enum class DslConstructor : uint8_t {
  Collective,
  Program,
  Rank,
  Buffer,
  ThreadBlockGroup,
  MemoryChannel,
  PortChannel,
  SwitchChannel,
  Semaphore,
  Loop,
};

// Handlers of the methods (Evaluator::dslMethod).
enum class DslMethod : uint8_t {
  CollectiveNumRanks,
  CollectiveChunkFactor,
  CollectiveInplace,
  CollectiveName,
  BufferSlice,
  BufferRank,
  BufferType,
  BufferOffset,
  BufferSize,
  GroupTbList,
  GroupInternalId,
  GroupNumTb,
  RankInputBuffer,
  RankOutputBuffer,
  RankCopy,
  RankCopyPackets,
  RankUnpackPackets,
  RankReduce,
  RankBarrier,
  ChannelSignal,
  ChannelWait,
  ChannelFlush,
  ChannelPut,
  ChannelGet,
  ChannelPutPackets,
  ChannelReadPutPackets,
  ChannelPutWithSignal,
  ChannelPutWithSignalAndFlush,
  ChannelReduce,
  SwitchAtRank,
  SwitchReduce,
  SwitchBroadcast,
  SwitchBroadcastPackets,
  SemaphoreAcquire,
  SemaphoreRelease,
};

// Handlers of static member functions and free functions
// (Evaluator::dslFreeFunction).
enum class DslFunction : uint8_t {
  ProgramFromSpec,
  SyncTypeOr,
  SyncTypeAnd,
  SyncTypeXor,
};

// What the end of a DSL object's scope does (its destructor; see
// Evaluator::finishScopeObject).
enum class DslScopeEnd : uint8_t {
  EndProgram,
  EndPipeline,
};

struct DslBinding {
  enum class Kind : uint8_t { Constructor, Method, Function, ScopeEnd };
  Kind kind;
  // The declaring class (None for a free function).
  DslClass cls;
  // The class's name for a constructor or a destructor (ScopeEnd: the
  // object's scope ends the program or the pipeline), else the function's
  // (operators as "operator|").
  llvm::StringRef name;
  // A DslConstructor, DslMethod, DslFunction or DslScopeEnd, by kind.
  uint8_t handler;
};

llvm::ArrayRef<DslBinding> dslBindings();

std::optional<DslConstructor> findDslConstructor(DslClass cls,
                                                 llvm::StringRef className);
std::optional<DslMethod> findDslMethod(DslClass cls, llvm::StringRef name);
std::optional<DslFunction> findDslFunction(DslClass cls, llvm::StringRef name);
// What ends with the scope of an object of `cls`, if anything.
std::optional<DslScopeEnd> findDslScopeEnd(DslClass cls);

// Checks the table against the declarations of namespace mscclpp::dsl in
// `ctx` (a translation unit that includes <mscclpp/dsl.hpp>): one line for
// each declaration the evaluator would not know, and for each binding that
// names no declaration. Empty when they agree.
std::vector<std::string> checkDslBindings(clang::ASTContext &ctx);

// Checks the header's lists of instantiations for mscclc's precompiled
// header (namespace __mscclc_instantiate, at the end of <mscclpp/dsl.hpp>)
// in `ctx`: every function template there must be constexpr (the PCH keeps
// no other bodies) and instantiated, and __api must build every
// standard-library class a DSL declaration takes, returns or holds. One
// line per problem; a missing type makes compiles slower, not wrong.
std::vector<std::string> checkDslInstantiations(clang::ASTContext &ctx);

} // namespace mscclc::frontend
