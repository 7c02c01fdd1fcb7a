//===- Sim.cpp - mscclc sim PLAN.json|algo.cpp ----------------------------===//
//
// Loads a plan (compiling a source first, with the same options as a
// compile, so findings name the user's file:line), runs the simulator and
// prints its report. Exit status: 0 every check passed, 1 a check failed,
// 2 usage or an input that cannot be simulated.
//
//===----------------------------------------------------------------------===//
#include "../Driver.h"
#include "Commands.h"

#include "mscclc/sim/Simulator.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <iostream>

namespace mscclc::driver {

namespace {

class SimCommand : public Command {
public:
  const char *name() const override { return "sim"; }
  const char *summary() const override {
    return "run a plan on the CPU with real data and check its result, "
           "races, deadlocks and balance";
  }
  void setup(CLI::App &app) override {
    app.add_option("input", input_, "JSON plan or algorithm source")
        ->required();
    app.add_option("--size", sizeText_,
                   "message size in bytes (default: a valid size near 64 KiB)");
    app.add_option("--dtype", dtype_, "element type: f32 f16 bf16 i32 u32 u8")
        ->default_str("f32");
    app.add_option("--packet", packet_, "LL packet format: ll16 or ll8")
        ->default_str("ll16");
    app.add_option("--runs", runs_,
                   "back-to-back executions (counters and flags persist)")
        ->default_str("1");
    app.add_option("--schedules", schedules_,
                   "interleavings to try, each from its own seed")
        ->default_str("4");
    app.add_option("--seed", seedText_, "seed of the first schedule")
        ->default_str("1");
    app.add_option("--semantics", semantics_,
                   "executor: what MSCCL++ 0.9.0 does, defects included; "
                   "intended: what each op means")
        ->default_str("executor");
    app.add_flag("--json", json_, "print one JSON object instead of a summary");
    app.add_option("--dump", dump_,
                   "write each rank's input and output before and after the "
                   "last run (raw little-endian) and meta.json to this "
                   "directory");
    app.add_option("--trace", trace_,
                   "write the first schedule as a Chrome trace (Perfetto, "
                   "chrome://tracing)");
    app.add_option("--split-mask", splitMaskText_,
                   "sendrecv: ranks form groups of split_mask + 1 (2^k - 1, "
                   "as upstream's send_recv takes it); each receives from "
                   "its place in the previous group")
        ->default_str("0");
    app.add_flag("--no-races", noRaces_,
                 "skip race detection (data, deadlocks and balance only)");
    options_.addTo(app);
  }
  int run() override {
    options_.warningFlags = warningFlags;
    if (!options_.finish())
      return UsageError;
    sim::SimOptions o;
    if (auto t = sim::parseDType(dtype_))
      o.dtype = *t;
    else
      return usage("--dtype", "one of f32 f16 bf16 i32 u32 u8", dtype_);
    if (packet_ == "ll16")
      o.packet = sim::PacketType::LL16;
    else if (packet_ == "ll8")
      o.packet = sim::PacketType::LL8;
    else
      return usage("--packet", "ll16 or ll8", packet_);
    if (semantics_ == "executor")
      o.semantics = sim::Semantics::Executor;
    else if (semantics_ == "intended")
      o.semantics = sim::Semantics::Intended;
    else
      return usage("--semantics", "executor or intended", semantics_);
    if (runs_ < 1 || runs_ > 1000)
      return usage("--runs", "from 1 to 1000", std::to_string(runs_));
    if (schedules_ < 1 || schedules_ > 10000)
      return usage("--schedules", "from 1 to 10000",
                   std::to_string(schedules_));
    o.runs = runs_;
    o.schedules = schedules_;
    // CLI11 would wrap "-1" and saturate "1e30"-sized integers silently.
    if (!seedText_.empty() && !parseUnsigned(seedText_, o.seed))
      return usage("--seed", "an integer from 0 to 18446744073709551615",
                   seedText_);
    if (!sizeText_.empty()) {
      uint64_t size = 0;
      if (!parseUnsigned(sizeText_, size) || size == 0)
        return usage("--size", "a positive number of bytes", sizeText_);
      size_ = size;
    }
    if (!splitMaskText_.empty()) {
      uint64_t mask = 0;
      if (!parseUnsigned(splitMaskText_, mask) || mask >= (1u << 20) ||
          (mask & (mask + 1)) != 0)
        return usage("--split-mask", "2^k - 1 (0, 1, 3, 7, ...)",
                     splitMaskText_);
      o.sendRecvGroup = int32_t(mask + 1);
    }
    o.checkRaces = !noRaces_;
    o.tracePath = trace_;
    if (!dump_.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(dump_, ec);
      if (ec || !std::filesystem::is_directory(dump_)) {
        usageError(diag::err_usage_sim_option,
                   {"--dump", "a directory mscclc can create or write",
                    "'" + dump_ + "'"});
        return UsageError;
      }
      o.dumpDir = dump_;
    }
    // Exit 1 is kept for a failed check: an input that cannot be simulated
    // (unreadable, malformed, rejected by the checks) exits 2, as usage
    // errors do, so that CI can tell "the plan is wrong" from "mscclc
    // could not run it".
    if (!checkInput(input_))
      return UsageError;
    options_.frontend.inputFile = input_;
    if (classifyInput(input_) == InputKind::Plan &&
        !options_.acceptsPlanInput(input_))
      return UsageError;

    auto files = std::make_shared<SourceFiles>();
    auto printer = makePrinter(input_, options_, files);
    LoadedPlan loaded = loadPlan(input_, options_, *printer, files);
    printer->printSummary();
    if (!loaded.plan)
      return UsageError;
    const plan::Plan &p = *loaded.plan;
    if (o.sendRecvGroup > 1 &&
        (p.collective != "sendrecv" || p.gpus.size() % o.sendRecvGroup)) {
      usageError(diag::err_usage_sim_option,
                 {"--split-mask",
                  "a mask whose groups tile the ranks of a sendrecv plan",
                  splitMaskText_ + " (plan: " + p.collective + ", " +
                      std::to_string(p.gpus.size()) + " ranks)"});
      return UsageError;
    }
    sim::SizeRange range = sim::validSizes(p);
    if (range.empty()) {
      usageError(diag::err_usage_sim_no_size,
                 {"a rank has no chunks in the buffer that sets the chunk "
                  "size, or min_message_size exceeds max_message_size"});
      return UsageError;
    }
    // Buffers of every rank live in this process: input, output and a
    // scratch of about the same size, kept under 2 GiB in all.
    uint64_t ranks = std::max<uint64_t>(p.gpus.size(), 1);
    uint64_t memoryCap =
        (uint64_t(2) << 30) / (ranks * 4) / range.unit * range.unit;
    if (size_ && *size_ > memoryCap && *size_ <= range.max &&
        *size_ % range.unit == 0) {
      usageError(diag::err_usage_sim_too_large,
                 {std::to_string(*size_), std::to_string(ranks),
                  std::to_string(memoryCap)});
      return UsageError;
    }
    if (size_) {
      if (*size_ < range.min || *size_ > range.max || *size_ % range.unit) {
        usageError(diag::err_usage_sim_size,
                   {std::to_string(*size_), std::to_string(range.unit),
                    std::to_string(range.min), std::to_string(range.max)});
        return UsageError;
      }
      o.size = *size_;
    } else {
      o.size = *sim::defaultSize(p);
    }
    // Scratch, and outputs with many more chunks than inputs, can make the
    // buffers much larger than the message.
    if (uint64_t bytes = sim::simulatedBytes(p, o.size);
        bytes > (uint64_t(3) << 30)) {
      usageError(diag::err_usage_sim_buffers_too_large,
                 {std::to_string(o.size), std::to_string(bytes)});
      return UsageError;
    }
    sim::SimReport report = sim::simulate(p, o);
    if (!trace_.empty() && !writeOutput(trace_, report.trace, input_))
      return UsageError;
    if (!dump_.empty()) {
      nlohmann::ordered_json meta;
      meta["plan"] = report.planName;
      meta["collective"] = report.collective;
      meta["inplace"] = p.inplace;
      meta["dtype"] = std::string(sim::toString(report.dtype));
      meta["size"] = report.size;
      meta["runs"] = report.runs;
      meta["seed"] = report.seed;
      meta["ranks"] = p.gpus.size();
      meta["files"] = "rank<R>.{input,output}.{before,after}.bin: the last "
                      "run's buffers of the first schedule, little-endian";
      if (!writeOutput(dump_ + "/meta.json", meta.dump(2) + "\n", input_))
        return UsageError;
    }
    const SourceFiles *names = loaded.files ? loaded.files.get() : files.get();
    std::cout << (json_ ? sim::formatReportJson(report, names)
                        : sim::formatReport(report, names));
    return report.pass() ? Success : Failure;
  }

private:
  int usage(const char *option, const char *what, const std::string &got) {
    usageError(diag::err_usage_sim_option, {option, what, "'" + got + "'"});
    return UsageError;
  }

  std::string input_;
  static bool parseUnsigned(const std::string &text, uint64_t &out) {
    auto [end, ec] =
        std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size();
  }

  std::string sizeText_, seedText_;
  std::optional<uint64_t> size_;
  std::string dtype_ = "f32", packet_ = "ll16", semantics_ = "executor";
  std::string splitMaskText_;
  int runs_ = 1, schedules_ = 4;
  bool json_ = false, noRaces_ = false;
  std::string dump_, trace_;
  CompileOptions options_;
};

} // namespace

std::unique_ptr<Command> makeSimCommand() {
  return std::make_unique<SimCommand>();
}

} // namespace mscclc::driver
