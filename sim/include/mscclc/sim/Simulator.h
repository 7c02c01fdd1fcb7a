//===- Simulator.h - run an MSCCL++ plan on the CPU with real data -------===//
//
// The oracle for plans: every (rank, thread block) of a plan is a logical
// thread, a seeded scheduler interleaves them op by op (packet ops packet
// by packet), buffers hold real elements laid out exactly as the 0.9.0
// executor lays them out, and what the executor does with each op is done
// to those bytes (executor-semantics.md §2-§5). The simulator then checks:
//
//   result     the output against the collective's definition;
//   deadlock   nothing can run while something is unfinished;
//   race       two accesses to the same bytes, one a write, that no
//              happens-before edge orders (vector clocks, lane rule);
//   imbalance  signals or semaphores left unbalanced after the runs;
//   defect     an op the 0.9.0 executor gets wrong (executor-semantics
//              §8.1), reported under both semantics.
//
// It depends on plan IR only, so it runs plans from any producer.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/ir/PlanIR.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mscclc::sim {

enum class DType : uint8_t { F32, F16, BF16, I32, U32, U8 };
enum class PacketType : uint8_t { LL16, LL8 };
// Executor: what 0.9.0 does, defects included. Intended: what each op
// means (flush waits, get uses its own offsets, reduce_op is honoured...).
enum class Semantics : uint8_t { Executor, Intended };

std::optional<DType> parseDType(std::string_view s);
std::string_view toString(DType t);
size_t elementSize(DType t);

struct SimOptions {
  uint64_t size = 0; // message size in bytes; 0 picks defaultSize()
  DType dtype = DType::F32;
  PacketType packet = PacketType::LL16;
  int runs = 1;      // back-to-back executions (flags and counters persist)
  int schedules = 4; // independent interleavings, each from its own seed
  uint64_t seed = 1;
  Semantics semantics = Semantics::Executor;
  bool checkRaces = true;
  bool checkResult = true; // compare outputs with the collective
  // sendrecv: ranks form groups of this many consecutive ranks (upstream's
  // split_mask + 1); each receives from its place in the previous group.
  int32_t sendRecvGroup = 1;

  // Receives the raw buffers of the first schedule's last run, each under
  // its dumpFileName() (empty: none). The simulator writes no files: the
  // caller decides where they go and what a failed write means.
  std::function<void(const std::string &name, std::string_view bytes)> dump;
  // Non-empty: record a Chrome trace of the first schedule into
  // SimReport::trace (the caller writes it to this path).
  std::string tracePath;
  // A cap on the simulated steps of one schedule, so that a plan that
  // livelocks (a wait that another run keeps feeding) still ends.
  uint64_t maxSteps = 200'000'000;
};

struct Finding {
  enum class Kind : uint8_t { Result, Race, Deadlock, Imbalance, Defect };
  Kind kind = Kind::Result;
  int32_t rank = -1;
  int32_t tb = -1;
  int32_t op = -1;    // the executor's flattened op index, -1 for none
  std::string opName; // "put", "wait", ...
  SourceLocation loc; // invalid for plans read from JSON
  std::string message;
  int32_t schedule = 0; // the first schedule that showed it
  int32_t run = 0;      // the execution (0-based) it happened in
  // A race is two accesses: the finding sits at one (rank, tb, op, run
  // above; `agent` says who made it) and `other` is the second, so that
  // tools can tell a race within one launch from one between launches or
  // with the host.
  enum class Agent : uint8_t { ThreadBlock, Proxy, HostFill, HostCheck };
  Agent agent = Agent::ThreadBlock;
  struct Other {
    Agent agent = Agent::ThreadBlock;
    int32_t rank = -1;
    int32_t tb = -1, op = -1; // the op (a proxy's: the op that pushed it);
                              // -1 for the host
    int32_t run = 0;
  };
  std::optional<Other> other;
};
std::string_view toString(Finding::Kind k);
std::string_view toString(Finding::Agent a);

struct SimReport {
  std::string planName;
  std::string collective;
  uint64_t size = 0;
  DType dtype = DType::F32;
  PacketType packet = PacketType::LL16;
  Semantics semantics = Semantics::Executor;
  int runs = 1;
  int schedules = 0;
  uint64_t seed = 1;
  bool resultChecked = false; // false for collectives without a definition
  std::string resultNote;     // why the result was not checked
  uint64_t bytesMoved = 0;    // by data ops, over every schedule
  uint64_t steps = 0;         // scheduler steps, over every schedule
  double hostSeconds = 0;     // filling inputs and checking outputs
  uint64_t sizeUnit = 0, sizeMin = 0, sizeMax = 0; // the valid sizes
  std::vector<Finding> findings;
  std::string trace; // the first schedule's Chrome trace (--trace)
  bool pass() const { return findings.empty(); }
};

// The message sizes the executor accepts for a plan: multiples of `unit`
// in [min, max] (executor-semantics §2.1, with every rank's chunk counts).
struct SizeRange {
  uint64_t unit = 0;
  uint64_t min = 0;
  uint64_t max = 0;
  bool empty() const { return unit == 0 || min > max; }
};
SizeRange validSizes(const plan::Plan &plan);
// The valid sizes whose chunks hold whole elements of `dtype` on every
// rank (a multiple of lcm(buffer_alignment, element size) x chunk count):
// the result check compares elements, and a reduction over a chunk that
// ends inside an element mixes two of them.
SizeRange wholeElementSizes(const plan::Plan &plan, DType dtype);
// One of wholeElementSizes(plan, dtype) near 64 KiB (nullopt when there is
// none).
std::optional<uint64_t> defaultSize(const plan::Plan &plan,
                                    DType dtype = DType::F32);

// The name of a --dump file: "rank<R>.<buffer>.<when>.bin", with buffer
// "input" or "output" and when "before" or "after" (the last run).
std::string dumpFileName(int32_t rank, std::string_view buffer,
                         std::string_view when);

// The bytes of buffers (input, output, scratch of every rank) a
// simulation at `size` holds.
uint64_t simulatedBytes(const plan::Plan &plan, uint64_t size);

// Runs `options.schedules` schedules of `plan` (which must have passed
// plan::verify) and collects every distinct finding. Findings are
// deduplicated by (kind, rank, tb, op) and keep the first schedule's text.
// `options.size` must be valid (see validSizes).
SimReport simulate(const plan::Plan &plan, const SimOptions &options);

// The human summary (one screen) and the --json object.
std::string formatReport(const SimReport &report, const SourceFiles *files);
std::string formatReportJson(const SimReport &report, const SourceFiles *files);

} // namespace mscclc::sim
