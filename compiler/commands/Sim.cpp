//===- Sim.cpp - mscclc sim PLAN.json|algo.cpp ----------------------------===//
//
// Loads a plan (compiling a source first, with the same options as a
// compile, so findings name the user's file:line), runs the simulator and
// prints its report. Exit status: 0 every check passed, 1 a check failed,
// 2 usage, an input that cannot be simulated, an output that cannot be
// written or memory running out.
//
//===----------------------------------------------------------------------===//
#include "../Driver.h"
#include "Commands.h"

#include "mscclc/sim/Simulator.h"
#include "mscclc/support/AtomicFile.h"
#include "mscclc/support/ResourceLimits.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <new>
#include <sys/stat.h>
#include <unistd.h>

namespace mscclc::driver {

namespace {

// The files of --dump: four per rank and meta.json. A failed dump must
// leave nothing new behind, so before the simulation starts every target
// is checked, with a temporary created beside it and removed (a target
// that cannot be written is refused before anything runs); the simulator's
// bytes are kept, written to temporaries once it is done, and renamed over
// their targets only once every file was written. Until then the
// destructor removes the temporaries, and the directories that
// makeDirectory() created if they are still empty (a signal or running
// out of memory removes those too: nothing is in them before commit).
class DumpFiles {
public:
  explicit DumpFiles(std::string dir) : dir_(std::move(dir)) {}
  ~DumpFiles() {
    discard();
    if (!committed_)
      for (const std::filesystem::path &d : created_) {
        std::error_code ec;
        std::filesystem::remove(d, ec); // only an empty directory goes
      }
  }
  DumpFiles(const DumpFiles &) = delete;
  DumpFiles &operator=(const DumpFiles &) = delete;

  // Creates the directory (and its missing parents); false when it cannot
  // be created or is not a directory.
  bool makeDirectory() {
    namespace fs = std::filesystem;
    std::error_code ec;
    // Only what is certainly missing counts as created by this run.
    for (const std::string &d : missingDirectories(dir_))
      created_.push_back(d);
    // A run that ends without unwinding (out of memory, a signal) removes
    // them too: the deepest few, the slots for such paths being few.
    for (const fs::path &d : created_)
      if (createdGuards_.size() < MaxGuardedDirectories)
        createdGuards_.push_back(
            std::make_unique<support::TemporaryFile>(d.string()));
    fs::create_directories(dir_, ec);
    return !ec && fs::is_directory(dir_);
  }

  // Creates the temporary of each file; reports the first one that cannot
  // be written (the path and why; `input`, the file being simulated, is
  // never replaced) and returns false.
  bool stage(const std::vector<std::string> &names, const std::string &input) {
    // A file too large for `ulimit -f` is a write error to report, as for
    // -o, not a signal that ends the process with the temporaries left.
    ::signal(SIGXFSZ, SIG_IGN);
    struct stat in;
    bool haveInput = ::stat(input.c_str(), &in) == 0;
    for (const std::string &name : names) {
      File f;
      f.shown = dir_ + "/" + name;
      f.target = f.shown;
      // As -o does: a link stays and the file it names is replaced.
      if (!support::resolveLinks(f.target))
        return fail("cannot follow the link '" + f.shown +
                    "': " + std::strerror(errno));
      struct stat st;
      if (::stat(f.target.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode))
          return fail("'" + f.shown + "' is a directory");
        if (!S_ISREG(st.st_mode))
          return fail("'" + f.shown + "' exists and is not a regular file");
        if (haveInput && st.st_dev == in.st_dev && st.st_ino == in.st_ino)
          return fail("'" + f.shown + "' is the input");
        f.existed = true;
      }
      // Beside the target: rename() is atomic only within a file system.
      size_t slash = f.target.rfind('/');
      f.at = slash == std::string::npos ? "" : f.target.substr(0, slash + 1);
      // Created to know it can be, and removed: the files are written at
      // commit, so that a run ended by a signal or by memory running out
      // leaves nothing in the directories --dump made, and they go.
      int fd = createTemporary(f);
      if (fd < 0)
        return fail("cannot create a file next to '" + f.shown +
                    "': " + std::strerror(errno));
      ::close(fd);
      ::unlink(f.temp.c_str());
      f.temp.clear();
      files_.emplace(name, std::move(f));
    }
    return true;
  }

  // Keeps the bytes of `name` for commit() (the simulator goes on to
  // overwrite its buffers with the next schedule's).
  void write(const std::string &name, std::string_view bytes) {
    auto it = files_.find(name);
    if (it == files_.end())
      return;
    it->second.bytes.assign(bytes);
    it->second.produced = true;
  }

  // Renames every written temporary over its target (a file the run did
  // not produce, such as the buffers after a deadlocked run, is left as it
  // was); reports a failure and returns false.
  bool commit() {
    for (auto &[name, f] : files_) {
      if (!f.produced)
        continue;
      int fd = createTemporary(f);
      if (fd < 0) {
        std::string why = "cannot create a file next to '" + f.shown +
                          "': " + std::strerror(errno);
        discard();
        return fail(why);
      }
      bool ok = support::writeAll(fd, f.bytes);
      int err = errno;
      // close() can report a deferred write error (NFS, a full disk).
      if (::close(fd) != 0 && ok) {
        ok = false;
        err = errno;
      }
      if (!ok) {
        discard();
        return fail("cannot write '" + f.shown + "': " + std::strerror(err));
      }
      f.written = true;
      std::string().swap(f.bytes);
    }
    std::vector<File *> renamed;
    for (auto &[name, f] : files_) {
      if (!f.written)
        continue;
      if (::rename(f.temp.c_str(), f.target.c_str()) != 0) {
        std::string why =
            "cannot replace '" + f.shown + "': " + std::strerror(errno);
        // Files this dump created go again; files it replaced cannot come
        // back.
        bool replaced = false;
        for (File *done : renamed)
          if (done->existed)
            replaced = true;
          else
            ::unlink(done->target.c_str());
        return fail(why, replaced);
      }
      f.temp.clear();
      renamed.push_back(&f);
    }
    discard();
    committed_ = true;
    createdGuards_.clear();
    return true;
  }

private:
  struct File {
    std::string shown;  // as the user would name it
    std::string target; // what it names, links followed
    std::string at;     // its directory, with a final '/' (or empty)
    std::string temp;   // while one of ours exists: empty once renamed
    std::string bytes;  // what the run produced, until commit()
    bool existed = false, produced = false, written = false;
  };

  // Creates a temporary beside `f`'s target (its name in f.temp); the
  // descriptor, or -1 with errno set.
  int createTemporary(File &f) {
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
      f.temp = f.at + ".mscclc.dump." + std::to_string(::getpid()) + "." +
               std::to_string(counter_++);
      fd =
          ::open(f.temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
      if (fd < 0 && errno != EEXIST)
        break;
    }
    if (fd < 0) {
      int err = errno;
      f.temp.clear();
      errno = err;
    }
    return fd;
  }

  bool fail(const std::string &why, bool replaced = false) {
    usageError(diag::err_usage_sim_option,
               {"--dump", "a directory mscclc can write its files into",
                "'" + dir_ + "': " + why +
                    (replaced ? " (files of an earlier dump were replaced)"
                              : " (nothing was written)")});
    return false;
  }

  void discard() {
    for (auto &[name, f] : files_)
      if (!f.temp.empty()) {
        ::unlink(f.temp.c_str());
        f.temp.clear();
      }
  }

  std::string dir_;
  std::map<std::string, File> files_;
  std::vector<std::filesystem::path> created_; // deepest first
  std::vector<std::unique_ptr<support::TemporaryFile>> createdGuards_;
  static constexpr size_t MaxGuardedDirectories = 8;
  unsigned counter_ = 0;
  bool committed_ = false;
};

// A value that is there: an empty one would silently stand for the
// default (or for 0).
std::string nonEmptyValue(const std::string &v) {
  return v.empty() ? std::string("an empty value is not one; leave the "
                                 "option out for its default")
                   : std::string();
}

class SimCommand : public Command {
public:
  const char *name() const override { return "sim"; }
  const char *summary() const override {
    return "run a plan on the CPU with real data and check its result, "
           "races, deadlocks and balance; exit 0 every check passed, 1 a "
           "check failed, 2 it could not simulate";
  }
  void setup(CLI::App &app) override {
    app.add_option("input", input_, "JSON plan or algorithm source")
        ->required();
    app.add_option("--size", sizeText_,
                   "message size in bytes: one the plan accepts whose chunks "
                   "hold whole --dtype elements (default: such a size near "
                   "64 KiB)")
        ->check(nonEmptyValue);
    app.add_option("--dtype", dtype_, "element type: f32 f16 bf16 i32 u32 u8")
        ->default_str("f32");
    app.add_option("--packet", packet_, "LL packet format: ll16 or ll8")
        ->default_str("ll16");
    app.add_option("--runs", runsText_,
                   "back-to-back executions (counters and flags persist)")
        ->type_name("INT")
        ->default_str("1")
        ->check(nonEmptyValue);
    app.add_option("--schedules", schedulesText_,
                   "interleavings to try, each from its own seed")
        ->type_name("INT")
        ->default_str("4")
        ->check(nonEmptyValue);
    app.add_option("--seed", seedText_, "seed of the first schedule")
        ->default_str("1")
        ->check(nonEmptyValue);
    app.add_option("--max-sim-steps", maxStepsText_,
                   "steps one schedule may take before it is reported as a "
                   "livelock (thread blocks that never finish)")
        ->default_str("200000000")
        ->check(nonEmptyValue);
    app.add_option("--semantics", semantics_,
                   "executor: what MSCCL++ 0.9.0 does, defects included; "
                   "intended: what each op means")
        ->default_str("executor");
    app.add_flag("--json", json_, "print one JSON object instead of a summary");
    app.add_option("--dump", dumpDir_,
                   "write each rank's input and output before and after the "
                   "last run (raw little-endian) and meta.json to this "
                   "directory (all the run produced, or none when one "
                   "cannot be written; a deadlocked run has no 'after' "
                   "files, and older ones stay)")
        ->check([](const std::string &v) {
          return v.empty() ? std::string("an empty path names no file")
                           : std::string();
        });
    app.add_option("--trace", trace_,
                   "write the first schedule as a Chrome trace (Perfetto, "
                   "chrome://tracing); '-' writes it to stdout and the "
                   "report to stderr")
        ->check([](const std::string &v) {
          return v.empty() ? std::string("an empty path names no file")
                           : std::string();
        });
    app.add_option("--split-mask", splitMaskText_,
                   "sendrecv: ranks form groups of split_mask + 1 (2^k - 1, "
                   "as upstream's send_recv takes it); each receives from "
                   "its place in the previous group")
        ->default_str("0")
        ->check(nonEmptyValue);
    app.add_flag("--no-races", noRaces_,
                 "skip race detection (data, deadlocks and balance only)");
    options_.addTo(app, CompileOptions::Uses::PlanTool);
  }
  int run() override {
    // A limit hit deep inside Clang, or memory running out, ends the
    // process with the status of errors in the input: here 2, since 1
    // says that a check failed.
    support::setInputErrorExitStatus(UsageError);
    // Whatever ends the run, an uncommitted dump goes with it.
    struct DropDump {
      std::optional<DumpFiles> &dump;
      ~DropDump() { dump.reset(); }
    } dropDump{dump_};
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
    // Parsed here, not by CLI11, so that any text out of range (20 digits,
    // "1e3") gets the range instead of "Could not convert".
    uint64_t runs = 1, schedules = 4;
    if (!runsText_.empty() &&
        (!parseUnsigned(runsText_, runs) || runs < 1 || runs > 1000))
      return usage("--runs", "from 1 to 1000", runsText_);
    if (!schedulesText_.empty() &&
        (!parseUnsigned(schedulesText_, schedules) || schedules < 1 ||
         schedules > 10000))
      return usage("--schedules", "from 1 to 10000", schedulesText_);
    o.runs = int(runs);
    o.schedules = int(schedules);
    // CLI11 would wrap "-1" and saturate "1e30"-sized integers silently.
    if (!seedText_.empty() && !parseUnsigned(seedText_, o.seed))
      return usage("--seed", "an integer from 0 to 18446744073709551615",
                   seedText_);
    if (!maxStepsText_.empty() &&
        (!parseUnsigned(maxStepsText_, o.maxSteps) || o.maxSteps == 0))
      return usage("--max-sim-steps", "a positive integer", maxStepsText_);
    if (!sizeText_.empty()) {
      uint64_t size = 0;
      if (!parseUnsigned(sizeText_, size) || size == 0)
        return usage("--size",
                     "a positive number of bytes, at most "
                     "18446744073709551615",
                     sizeText_);
      size_ = size;
    }
    if (!splitMaskText_.empty()) {
      uint64_t mask = 0;
      if (!parseUnsigned(splitMaskText_, mask) || mask >= (1u << 20) ||
          (mask & (mask + 1)) != 0)
        return usage("--split-mask",
                     "2^k - 1 for k from 0 to 19 (0, 1, 3, 7, ..., 524287)",
                     splitMaskText_);
      o.sendRecvGroup = int32_t(mask + 1);
    }
    o.checkRaces = !noRaces_;
    o.tracePath = trace_;
    if (dumpDir_ == "-")
      return usage("--dump", "a directory (stdout cannot hold its files)",
                   dumpDir_);
    if (!dumpDir_.empty()) {
      dump_.emplace(dumpDir_);
      if (!dump_->makeDirectory()) {
        usageError(diag::err_usage_sim_option,
                   {"--dump", "a directory mscclc can create or write",
                    "'" + dumpDir_ + "'"});
        return UsageError;
      }
    }
    // Exit 1 is kept for a failed check: an input that cannot be simulated
    // (unreadable, malformed, rejected by the checks) exits 2, as usage
    // errors do, so that CI can tell "the plan is wrong" from "mscclc
    // could not run it".
    if (!checkInput(input_))
      return UsageError;
    options_.frontend.inputFile = input_;
    if (!options_.acceptsInput(input_))
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
                  splitMaskText_ +
                      " (plan: " + plan::visibleText(p.collective) + ", " +
                      std::to_string(p.gpus.size()) + " ranks)"});
      return UsageError;
    }
    sim::SizeRange range = sim::validSizes(p);
    // Unreachable for a plan the plan check passed (err_plan_no_message_size
    // refuses these); kept so that nothing below divides by a zero unit.
    if (range.empty()) {
      usageError(diag::err_usage_sim_no_size,
                 {p.minMessageSize > p.maxMessageSize
                      ? "min_message_size exceeds max_message_size"
                      : "sizes are multiples of " +
                            (range.unit == 0 ? std::string("2^64 or more")
                                             : std::to_string(range.unit)) +
                            " bytes and none lies between min_message_size " +
                            std::to_string(p.minMessageSize) +
                            " and max_message_size " +
                            std::to_string(p.maxMessageSize)});
      return UsageError;
    }
    // Buffers of every rank live in this process: input, output and a
    // scratch of about the same size, kept under 2 GiB in all.
    uint64_t ranks = std::max<uint64_t>(p.gpus.size(), 1);
    uint64_t memoryCap =
        (uint64_t(2) << 30) / (ranks * 4) / range.unit * range.unit;
    const std::string rankCount =
        std::to_string(ranks) + (ranks == 1 ? " rank" : " ranks");
    // Chunks must hold whole elements: the result check compares elements,
    // and a reduction over a chunk that ends inside one mixes two. With a
    // buffer_alignment that is not a multiple of the element size, only
    // some of the sizes the executor accepts qualify.
    sim::SizeRange whole = sim::wholeElementSizes(p, o.dtype);
    if (whole.empty()) {
      usageError(diag::err_usage_sim_option,
                 {"--dtype",
                  "a type whose elements fill this plan's chunks at a size "
                  "it accepts (u8 always does)",
                  "'" + dtype_ + "'"});
      return UsageError;
    }
    // What the simulator can hold: a size within the memory cap whose
    // buffers (scratch included) take at most 3 GiB. simulatedBytes grows
    // with the size, so when the smallest size the plan accepts does not
    // fit, none does, whatever --size says.
    const uint64_t holdable = uint64_t(3) << 30;
    auto fits = [&](uint64_t size) {
      return size <= memoryCap && sim::simulatedBytes(p, size) <= holdable;
    };
    if (!fits(whole.min)) {
      const uint64_t bytes = sim::simulatedBytes(p, whole.min);
      usageError(diag::err_usage_sim_no_size_fits,
                 {whole.unit == range.unit ? "" : " with --dtype " + dtype_,
                  std::to_string(whole.min),
                  bytes > holdable
                      ? "needs " + std::to_string(bytes) +
                            " bytes of buffers (input, output and scratch "
                            "of every rank), more than the 3 GiB it holds"
                      : "is more than it can hold in memory for " + rankCount +
                            " (at most " + std::to_string(memoryCap) +
                            " bytes)"});
      return UsageError;
    }
    if (size_ && *size_ > memoryCap && *size_ <= range.max &&
        *size_ % range.unit == 0) {
      usageError(
          diag::err_usage_sim_too_large,
          {std::to_string(*size_), rankCount, std::to_string(memoryCap)});
      return UsageError;
    }
    // The largest size to suggest is one the simulator can also hold (an
    // unbounded plan would otherwise offer 2^64 - alignment): a binary
    // search over the multiples of the unit, from a minimum that fits.
    auto largest = [&](const sim::SizeRange &sizes) {
      uint64_t lo = sizes.min / sizes.unit, hi = sizes.max / sizes.unit;
      while (lo < hi) { // fits(lo * unit), and the answer is in [lo, hi]
        uint64_t mid = lo + (hi - lo + 1) / 2;
        if (fits(mid * sizes.unit))
          lo = mid;
        else
          hi = mid - 1;
      }
      return lo * sizes.unit;
    };
    if (size_) {
      if (*size_ < whole.min || *size_ > whole.max || *size_ % whole.unit) {
        if (whole.unit == range.unit)
          usageError(diag::err_usage_sim_size,
                     {std::to_string(*size_), std::to_string(range.unit),
                      std::to_string(range.min),
                      std::to_string(largest(range))});
        else
          usageError(diag::err_usage_sim_option,
                     {"--size",
                      "a multiple of " + std::to_string(whole.unit) +
                          " bytes from " + std::to_string(whole.min) + " to " +
                          std::to_string(largest(whole)) +
                          " (buffer_alignment x chunk count, with every "
                          "chunk whole " +
                          dtype_ + " elements)",
                      "'" + std::to_string(*size_) + "'"});
        return UsageError;
      }
      o.size = *size_;
    } else {
      o.size = *sim::defaultSize(p, o.dtype);
      // The default is the plan's, not chosen to fit: held to the memory
      // cap like a --size.
      if (o.size > memoryCap) {
        usageError(diag::err_usage_sim_too_large,
                   {std::to_string(o.size) + " (the default)", rankCount,
                    std::to_string(memoryCap)});
        return UsageError;
      }
    }
    // Scratch, and outputs with many more chunks than inputs, can make the
    // buffers much larger than the message. The smallest accepted size
    // fits (checked above), so a smaller --size helps.
    if (uint64_t bytes = sim::simulatedBytes(p, o.size); bytes > holdable) {
      usageError(
          diag::err_usage_sim_buffers_too_large,
          {(size_ ? "--size " : "the default --size ") + std::to_string(o.size),
           std::to_string(bytes),
           "choose a smaller --size (the plan accepts sizes from " +
               std::to_string(whole.min) +
               " bytes, and mscclc sim holds "
               "them up to " +
               std::to_string(largest(whole)) + ")"});
      return UsageError;
    }
    if (dump_) {
      std::vector<std::string> targets{"meta.json"};
      for (size_t r = 0; r < p.gpus.size(); ++r)
        for (const char *buffer : {"input", "output"})
          for (const char *when : {"before", "after"})
            targets.push_back(sim::dumpFileName(int32_t(r), buffer, when));
      if (!trace_.empty())
        for (const std::string &name : targets)
          if (sameFile(trace_, dumpDir_ + "/" + name))
            return usage("--trace", "a file other than those --dump writes",
                         trace_);
      if (!dump_->stage(targets, input_))
        return UsageError;
      o.dump = [this](const std::string &name, std::string_view bytes) {
        dump_->write(name, bytes);
      };
    }
    const SourceFiles *names = loaded.files ? loaded.files.get() : files.get();
    std::string text;
    bool pass = false;
    try {
      // Memory running out while simulating unwinds to here, so the
      // staged dump goes, and is reported as a usage problem (exit 2).
      support::RecoverableAllocations recoverable;
      sim::SimReport report = sim::simulate(p, o);
      if (!writeResults(p, report))
        return UsageError;
      text = json_ ? sim::formatReportJson(report, names)
                   : sim::formatReport(report, names);
      pass = report.pass();
    } catch (const std::bad_alloc &) {
      support::MemoryLimitText limit =
          support::memoryLimitText(uint64_t(options_.maxMemoryMiB) << 20);
      // What else takes memory: the size (while a smaller one is
      // accepted), the race checker's clocks (a vector per thread block
      // for each synchronisation, so plans with many thread blocks outgrow
      // memory at any size), and each further run's.
      std::vector<std::string> instead;
      if (o.size > whole.min)
        instead.push_back("choose a smaller --size");
      if (o.checkRaces)
        instead.push_back("leave out the race checks (--no-races)");
      if (o.runs > 1)
        instead.push_back("run fewer --runs");
      std::string advice = limit.raise;
      for (size_t i = 0; i < instead.size(); ++i)
        advice += (i + 1 == instead.size() ? " or " : ", ") + instead[i];
      usageError(diag::err_usage_command_line,
                 {"out of memory simulating the plan at --size " +
                      std::to_string(o.size) + " within the limit of " +
                      std::to_string(limit.mib) + " MiB set by " + limit.setBy +
                      "; " + advice,
                  "mscclc sim"});
      return UsageError;
    }
    // With the trace on stdout, the report (or --json's object) goes to
    // stderr: two documents must not share one stream.
    (traceOnStdout() ? std::cerr : std::cout) << text;
    return pass ? Success : Failure;
  }

private:
  // --trace, then --dump (meta.json and the buffers the simulator staged);
  // false when one of them could not be written (reported).
  bool writeResults(const plan::Plan &p, const sim::SimReport &report) {
    if (!trace_.empty() &&
        !writeOutput(trace_, report.trace, input_, "--trace"))
      return false;
    if (dump_) {
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
      dump_->write("meta.json", meta.dump(2) + "\n");
      if (!dump_->commit())
        return false;
    }
    return true;
  }

  // Whether two paths name one file once links (dangling ones too) and
  // `..` are resolved. (A hard link to a dump file is another path: both
  // are written by rename, so neither replaces the other.)
  static bool sameFile(std::string a, std::string b) {
    if (!support::resolveLinks(a) || !support::resolveLinks(b))
      return false;
    std::error_code ea, eb;
    std::filesystem::path ca = std::filesystem::weakly_canonical(a, ea),
                          cb = std::filesystem::weakly_canonical(b, eb);
    return !ea && !eb && ca == cb;
  }

  bool traceOnStdout() const {
    return trace_ == "-" || trace_ == "/dev/stdout";
  }

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

  std::string sizeText_, seedText_, maxStepsText_;
  std::optional<uint64_t> size_;
  std::string dtype_ = "f32", packet_ = "ll16", semantics_ = "executor";
  std::string splitMaskText_;
  std::string runsText_, schedulesText_;
  bool json_ = false, noRaces_ = false;
  std::string dumpDir_, trace_;
  std::optional<DumpFiles> dump_;
  CompileOptions options_;
};

} // namespace

std::unique_ptr<Command> makeSimCommand() {
  return std::make_unique<SimCommand>();
}

} // namespace mscclc::driver
