//===- Simulator.cpp - schedules, sizes and reports -----------------------===//
//
// simulate() runs K schedules, each from its own seed derived from
// --seed, and keeps the first occurrence of each finding. The report is
// printed two ways: a screen for people and one JSON object for tools.
//
//===----------------------------------------------------------------------===//
#include "mscclc/sim/Simulator.h"
#include "Collectives.h"
#include "Layout.h"
#include "Machine.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <numeric>
#include <set>
#include <sstream>

namespace mscclc::sim {

std::optional<DType> parseDType(std::string_view s) {
  if (s == "f32")
    return DType::F32;
  if (s == "f16")
    return DType::F16;
  if (s == "bf16")
    return DType::BF16;
  if (s == "i32")
    return DType::I32;
  if (s == "u32")
    return DType::U32;
  if (s == "u8")
    return DType::U8;
  return std::nullopt;
}

std::string_view toString(DType t) {
  switch (t) {
  case DType::F32:
    return "f32";
  case DType::F16:
    return "f16";
  case DType::BF16:
    return "bf16";
  case DType::I32:
    return "i32";
  case DType::U32:
    return "u32";
  case DType::U8:
    return "u8";
  }
  return "?";
}

size_t elementSize(DType t) {
  switch (t) {
  case DType::F32:
  case DType::I32:
  case DType::U32:
    return 4;
  case DType::F16:
  case DType::BF16:
    return 2;
  case DType::U8:
    return 1;
  }
  return 1;
}

std::string_view toString(Finding::Kind k) {
  switch (k) {
  case Finding::Kind::Result:
    return "result";
  case Finding::Kind::Race:
    return "race";
  case Finding::Kind::Deadlock:
    return "deadlock";
  case Finding::Kind::Imbalance:
    return "imbalance";
  case Finding::Kind::Defect:
    return "defect";
  }
  return "?";
}

std::string_view toString(Finding::Agent a) {
  switch (a) {
  case Finding::Agent::ThreadBlock:
    return "tb";
  case Finding::Agent::Proxy:
    return "proxy";
  case Finding::Agent::HostFill:
    return "host-fill";
  case Finding::Agent::HostCheck:
    return "host-check";
  }
  return "?";
}

namespace {

// The sizes that are multiples of `granule` x the chunk count that sets
// the chunk size, on every rank, within min/max_message_size.
SizeRange sizesIn(const plan::Plan &plan, uint64_t granule) {
  // A rank without chunks in the buffer that sets the chunk size
  // constrains nothing (the executor divides by zero on it: a defect the
  // simulation reports). A unit past 64 bits is unit 0: empty.
  plan::MessageSizes sizes = plan::messageSizes(plan, granule);
  return SizeRange{sizes.unit.value_or(0), sizes.min, sizes.max};
}

uint64_t alignmentOf(const plan::Plan &plan) {
  return uint64_t(std::max<int64_t>(plan.bufferAlignment, 1));
}

} // namespace

SizeRange validSizes(const plan::Plan &plan) {
  return sizesIn(plan, alignmentOf(plan));
}

SizeRange wholeElementSizes(const plan::Plan &plan, DType dtype) {
  return sizesIn(plan, std::lcm(alignmentOf(plan), elementSize(dtype)));
}

std::optional<uint64_t> defaultSize(const plan::Plan &plan, DType dtype) {
  SizeRange r = wholeElementSizes(plan, dtype);
  if (r.empty())
    return std::nullopt;
  uint64_t target = uint64_t(64) << 10;
  uint64_t near = std::max<uint64_t>(target / r.unit, 1) * r.unit;
  return std::clamp(near, r.min, r.max);
}

std::string dumpFileName(int32_t rank, std::string_view buffer,
                         std::string_view when) {
  return "rank" + std::to_string(rank) + "." + std::string(buffer) + "." +
         std::string(when) + ".bin";
}

uint64_t simulatedBytes(const plan::Plan &plan, uint64_t size) {
  // Memory is paged in on first touch: a reuse_resources plan's 128 MiB
  // scratch costs only what its chunks can reach (LL and double buffering
  // included).
  uint64_t total = 0;
  PlanLayout layout = layoutFor(plan, size);
  for (size_t r = 0; r < layout.ranks.size(); ++r) {
    const RankLayout &l = layout.ranks[r];
    uint64_t cs = uint64_t(std::max<int64_t>(plan.gpus[r].scratchChunks, 0));
    uint64_t reach = cs > UINT64_MAX / 4 / std::max<uint64_t>(l.chunkBytes, 1)
                         ? UINT64_MAX
                         : cs * l.chunkBytes * 4;
    uint64_t parts[3] = {l.spaceBytes[SendSpace], l.spaceBytes[RecvSpace],
                         std::min(l.spaceBytes[ScratchSpace], reach)};
    for (uint64_t b : parts)
      total = b > UINT64_MAX - total ? UINT64_MAX : total + b;
  }
  return total;
}

SimReport simulate(const plan::Plan &plan, const SimOptions &options) {
  SimReport report;
  report.planName = plan.name.value_or("");
  report.collective = plan.collective;
  report.size = options.size ? options.size
                             : defaultSize(plan, options.dtype).value_or(0);
  // The sizes `mscclc sim --size` takes with this dtype.
  SizeRange range = wholeElementSizes(plan, options.dtype);
  report.sizeUnit = range.unit;
  report.sizeMin = range.min;
  report.sizeMax = range.max;
  report.dtype = options.dtype;
  report.packet = options.packet;
  report.semantics = options.semantics;
  report.runs = options.runs;
  report.schedules = options.schedules;
  report.seed = options.seed;
  CollectiveKind kind = collectiveKind(plan.collective);
  PlanReduction reduction = planReduction(plan);
  const bool mixed = reduction.mixed && isReducing(kind);
  report.resultChecked = kind != CollectiveKind::Undefined && !mixed;
  if (kind == CollectiveKind::Undefined)
    report.resultNote = "collective \"" + plan::visibleText(plan.collective) +
                        "\" has no definition to check the output against";
  else if (mixed)
    report.resultNote = reduction.note;
  PlanLayout layout = layoutFor(plan, report.size);
  std::set<std::tuple<int, int, int, int, std::string>> seen;
  for (int32_t k = 0; k < options.schedules; ++k) {
    SimOptions one = options;
    if (k > 0) {
      one.dump = nullptr;
      one.tracePath.clear();
    }
    uint64_t seed = options.seed * 0x9e3779b97f4a7c15ULL + uint64_t(k) * 7919;
    ScheduleResult r = runSchedule(plan, layout, one, seed, k, [&](Finding f) {
      // One entry per (kind, op) over all schedules; results and
      // imbalances per rank.
      auto key = std::make_tuple(int(f.kind), f.rank, f.tb, f.op,
                                 f.op < 0 ? f.message : std::string());
      if (seen.insert(key).second)
        report.findings.push_back(std::move(f));
    });
    report.bytesMoved += r.bytesMoved;
    report.hostSeconds += r.hostSeconds;
    if (k == 0)
      report.trace = std::move(r.trace);
    report.steps += r.steps;
  }
  std::stable_sort(report.findings.begin(), report.findings.end(),
                   [](const Finding &a, const Finding &b) {
                     return std::tie(a.kind, a.rank, a.tb, a.op) <
                            std::tie(b.kind, b.rank, b.tb, b.op);
                   });
  return report;
}

namespace {

std::string locationOf(const Finding &f, const SourceFiles *files) {
  if (!files || !f.loc.isValid())
    return "";
  return files->describe(f.loc);
}

std::string where(const Finding &f) {
  std::ostringstream os;
  if (f.rank >= 0)
    os << "rank " << f.rank;
  if (f.tb >= 0)
    os << " tb " << f.tb;
  if (f.op >= 0)
    os << " op " << f.op << " (" << f.opName << ")";
  return os.str();
}

} // namespace

std::string formatReport(const SimReport &r, const SourceFiles *files) {
  std::ostringstream os;
  std::map<Finding::Kind, size_t> counts;
  for (const Finding &f : r.findings)
    ++counts[f.kind];
  os << "sim: "
     << (r.planName.empty() ? "(unnamed plan)" : plan::visibleText(r.planName))
     << " (" << plan::visibleText(r.collective) << "), " << r.size
     << " bytes of " << toString(r.dtype) << ", "
     << (r.packet == PacketType::LL16 ? "LL16" : "LL8") << ", " << r.runs
     << " run(s) x " << r.schedules << " schedule(s), seed " << r.seed << ", "
     << (r.semantics == Semantics::Executor ? "executor" : "intended")
     << " semantics\n";
  // The first findings of each kind fill the screen; the rest are counted.
  const size_t perKind = 5;
  std::map<Finding::Kind, size_t> shown;
  for (const Finding &f : r.findings) {
    if (shown[f.kind]++ >= perKind)
      continue;
    std::string loc = locationOf(f, files);
    if (!loc.empty())
      os << loc << ": ";
    os << toString(f.kind) << ": ";
    std::string w = where(f);
    if (!w.empty())
      os << w << ": ";
    os << f.message;
    if (f.schedule > 0)
      os << " [schedule " << f.schedule << "]";
    os << "\n";
  }
  for (const auto &[kind, n] : counts)
    if (n > perKind)
      os << "... and " << (n - perKind) << " more " << toString(kind)
         << " finding(s) (--json lists all)\n";
  if (!r.resultChecked)
    os << "note: result not checked: " << r.resultNote << "\n";
  os << "verdict: " << (r.pass() ? "pass" : "fail");
  // A pass says nothing about the output then: the summary line says so
  // too, for readers that only look at it.
  if (r.pass() && !r.resultChecked)
    os << " (result not checked)";
  if (!r.pass()) {
    os << " (";
    bool first = true;
    for (const auto &[kind, n] : counts) {
      os << (first ? "" : ", ") << n << " " << toString(kind);
      first = false;
    }
    os << ")";
  }
  os << "\n";
  return os.str();
}

std::string formatReportJson(const SimReport &r, const SourceFiles *files) {
  nlohmann::ordered_json j;
  j["verdict"] = r.pass() ? "pass" : "fail";
  j["plan"] = r.planName;
  j["collective"] = r.collective;
  j["size"] = r.size;
  j["size_range"] = {
      {"unit", r.sizeUnit}, {"min", r.sizeMin}, {"max", r.sizeMax}};
  j["dtype"] = std::string(toString(r.dtype));
  j["packet"] = r.packet == PacketType::LL16 ? "ll16" : "ll8";
  j["semantics"] = r.semantics == Semantics::Executor ? "executor" : "intended";
  j["runs"] = r.runs;
  j["schedules"] = r.schedules;
  j["seed"] = r.seed;
  j["result_checked"] = r.resultChecked;
  nlohmann::ordered_json findings = nlohmann::ordered_json::array();
  for (const Finding &f : r.findings) {
    nlohmann::ordered_json x;
    x["kind"] = std::string(toString(f.kind));
    x["rank"] = f.rank;
    x["tb"] = f.tb;
    x["op"] = f.op;
    x["op_name"] = f.opName;
    std::string loc = locationOf(f, files);
    x["location"] = loc.empty() ? nlohmann::ordered_json(nullptr)
                                : nlohmann::ordered_json(loc);
    x["run"] = f.run;
    x["schedule"] = f.schedule;
    x["message"] = f.message;
    if (f.other) {
      x["agent"] = std::string(toString(f.agent));
      nlohmann::ordered_json o;
      o["agent"] = std::string(toString(f.other->agent));
      o["rank"] = f.other->rank;
      o["tb"] = f.other->tb;
      o["op"] = f.other->op;
      o["run"] = f.other->run;
      x["other"] = std::move(o);
    }
    findings.push_back(std::move(x));
  }
  j["findings"] = std::move(findings);
  return j.dump(2) + "\n";
}

} // namespace mscclc::sim
