//===- test_support.cpp - the support library -----------------------------===//
#include "mscclc/support/AtomicFile.h"
#include "mscclc/support/HeapReservation.h"
#include "mscclc/support/KeepUntilExit.h"
#include "mscclc/support/LargeBlockAllocator.h"
#include "mscclc/support/Parallel.h"
#include "mscclc/support/PhaseTimes.h"
#include "mscclc/support/ResourceLimits.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;
using mscclc::support::writeFileAtomically;

TEST_CASE("atomic writes", "[support][io]") {
  fs::path dir = fs::temp_directory_path() /
                 ("mscclc-atomic-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  mscclc::support::WriteFailure error;

  SECTION("a missing directory fails and creates nothing") {
    fs::path target = dir / "no" / "such" / "plan.json";
    CHECK_FALSE(writeFileAtomically(target.string(), "{}\n", error));
    CHECK(error.step == mscclc::support::WriteFailure::CreateTemp);
    CHECK(error.path == target.string());
    CHECK(error.error == ENOENT);
    CHECK_FALSE(fs::exists(target));
    CHECK_FALSE(fs::exists(dir));
  }

  SECTION("success replaces the file and leaves no temporary behind") {
    fs::create_directories(dir);
    fs::path target = dir / "plan.json";
    std::ofstream(target) << "old contents that are longer";
    std::string text = "{\n  \"new\": true\n}\n";
    REQUIRE(writeFileAtomically(target.string(), text, error));
    std::ifstream in(target);
    std::ostringstream ss;
    ss << in.rdbuf();
    CHECK(ss.str() == text);
    size_t entries =
        std::distance(fs::directory_iterator(dir), fs::directory_iterator());
    CHECK(entries == 1);
    // The result is an ordinary, readable file, not mkstemp's 0600.
    auto perms = fs::status(target).permissions();
    CHECK((perms & fs::perms::owner_read) != fs::perms::none);
  }

  // Content made piece by piece (a streamed plan).
  auto readBack = [](const fs::path &p) {
    std::ifstream in(p);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
  };
  auto entries = [&] {
    return std::distance(fs::directory_iterator(dir), fs::directory_iterator());
  };
  SECTION("pieces land in order in one file") {
    fs::create_directories(dir);
    fs::path target = dir / "plan.json";
    REQUIRE(writeFileAtomically(
        target.string(),
        [](const mscclc::support::ContentSink &sink) {
          return sink("{\n") && sink("  \"a\": 1\n") && sink("}\n");
        },
        error));
    CHECK(readBack(target) == "{\n  \"a\": 1\n}\n");
    CHECK(entries() == 1);
  }

  // A target holding "old", for the failures below.
  auto oldTarget = [&] {
    fs::create_directories(dir);
    fs::path target = dir / "plan.json";
    std::ofstream(target) << "old";
    return target;
  };
  SECTION("a producer that gives up leaves the old file and no temporary") {
    fs::path target = oldTarget();
    CHECK_FALSE(writeFileAtomically(
        target.string(),
        [](const mscclc::support::ContentSink &sink) {
          return sink("half a plan") && false;
        },
        error));
    CHECK(error.step == mscclc::support::WriteFailure::Write);
    CHECK(readBack(target) == "old");
    CHECK(entries() == 1);
  }

  SECTION("a producer that throws leaves the old file and no temporary") {
    fs::path target = oldTarget();
    CHECK_THROWS_AS(writeFileAtomically(
                        target.string(),
                        [](const mscclc::support::ContentSink &sink) -> bool {
                          (void)sink("half a plan");
                          throw std::bad_alloc();
                        },
                        error),
                    std::bad_alloc);
    CHECK(readBack(target) == "old");
    CHECK(entries() == 1);
  }
  fs::remove_all(dir);
}

// The VmFlags of the mapping that holds `address` in /proc/self/smaps
// ("" when none does).
static std::string mappingFlags(const void *address) {
  std::ifstream smaps("/proc/self/smaps");
  auto at = reinterpret_cast<uintptr_t>(address);
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    unsigned long begin = 0, end = 0;
    if (std::sscanf(line.c_str(), "%lx-%lx ", &begin, &end) == 2 &&
        line.find('-') < line.find(' '))
      inside = begin <= at && at < end;
    else if (inside && line.rfind("VmFlags:", 0) == 0)
      return line;
  }
  return "";
}

TEST_CASE("large blocks are advised to use huge pages, small ones are not",
          "[support][memory]") {
  using Allocator = mscclc::support::LargeBlockAllocator<uint64_t>;
  Allocator allocator;
  size_t bigCount = (size_t(64) << 20) / sizeof(uint64_t);
  uint64_t *big = allocator.allocate(bigCount);
  // The middle of the block is inside its huge-page-aligned interior.
  std::string bigFlags = mappingFlags(big + bigCount / 2);
  size_t smallCount = (size_t(1) << 20) / sizeof(uint64_t);
  uint64_t *small = allocator.allocate(smallCount);
  std::string smallFlags = mappingFlags(small + smallCount / 2);
  allocator.deallocate(big, bigCount);
  allocator.deallocate(small, smallCount);

  REQUIRE_FALSE(bigFlags.empty());
  CHECK(bigFlags.find(" hg") != std::string::npos);
  CHECK(smallFlags.find(" hg") == std::string::npos);

  // Same allocator everywhere: containers may swap and move storage.
  CHECK(allocator == mscclc::support::LargeBlockAllocator<char>());
  CHECK_THROWS_AS(allocator.allocate(size_t(-1) / 4),
                  std::bad_array_new_length);
}

// The two halves of the test below, each run in a fresh process (the
// reservation is once per process, and other tests' compiles make it):
// hidden, run by name.
TEST_CASE("heap reservation: without limits", "[.][heap-reservation]") {
  using mscclc::support::HeapReservationOutcome;
  CHECK(mscclc::support::heapReservationOutcome() ==
        HeapReservationOutcome::NotAttempted);
  CHECK(mscclc::support::heapReservationSummary().empty());
  char *before = static_cast<char *>(sbrk(0));
  mscclc::support::reserveHeap(uint64_t(64) << 20);
  char *after = static_cast<char *>(sbrk(0));
  const uint64_t reserved = mscclc::support::heapReservedBytes();
  CHECK(mscclc::support::heapReservationOutcome() ==
        HeapReservationOutcome::Reserved);
  CHECK(mscclc::support::heapReservationSummary() ==
        std::to_string(reserved >> 20) +
            " MiB reserved, advised to use transparent huge pages");
  // 64 MiB, up to the page rounding of malloc's top, grown at once.
  CHECK(reserved >= (uint64_t(48) << 20));
  CHECK(reserved <= (uint64_t(65) << 20));
  CHECK(uint64_t(after - before) >= reserved);
  // Untouched, but advised: the middle of the new part is in a mapping
  // flagged for huge pages.
  CHECK(mappingFlags(after - reserved / 2).find(" hg") != std::string::npos);
  // Once per process.
  mscclc::support::reserveHeap(uint64_t(64) << 20);
  CHECK(static_cast<char *>(sbrk(0)) == after);
  CHECK(mscclc::support::heapReservedBytes() == reserved);
}

TEST_CASE("heap reservation: under a tight limit", "[.][heap-reservation]") {
  char *before = static_cast<char *>(sbrk(0));
  mscclc::support::reserveHeap(uint64_t(64) << 20);
  CHECK(mscclc::support::heapReservedBytes() == 0);
  CHECK(static_cast<char *>(sbrk(0)) == before);
  CHECK(mscclc::support::heapReservationOutcome() ==
        mscclc::support::HeapReservationOutcome::TooLittleRoom);
  CHECK(mscclc::support::heapReservationSummary().rfind("none: ", 0) == 0);
}

// Runs the hidden test case `name` in a fresh copy of this binary, with
// the soft memory limits raised to the hard ones (other tests lower
// RLIMIT_DATA through --max-memory) and, when `addressSpaceRoom` is not 0,
// an address space limit that leaves that much room. Its exit status: the
// number of failed checks, or -1.
static int runHiddenTest(const char *name, rlim_t addressSpaceRoom) {
  pid_t child = fork();
  if (child < 0)
    return -1;
  if (child == 0) {
    for (int resource : {RLIMIT_DATA, RLIMIT_AS}) {
      struct rlimit rl {};
      if (getrlimit(resource, &rl) == 0) {
        rl.rlim_cur = rl.rlim_max;
        (void)setrlimit(resource, &rl);
      }
    }
    if (addressSpaceRoom) {
      // The binary's own mappings are about the same after exec.
      long pages = 0;
      if (FILE *statm = std::fopen("/proc/self/statm", "r")) {
        if (std::fscanf(statm, "%ld", &pages) != 1)
          pages = 0;
        std::fclose(statm);
      }
      struct rlimit rl {};
      rl.rlim_cur = rl.rlim_max =
          rlim_t(pages) * rlim_t(sysconf(_SC_PAGESIZE)) + addressSpaceRoom;
      if (pages == 0 || setrlimit(RLIMIT_AS, &rl) != 0)
        _exit(90);
    }
    char self[] = "/proc/self/exe";
    std::string test = name;
    char *argv[] = {self, test.data(), nullptr};
    execv(self, argv);
    _exit(91);
  }
  int status = 0;
  if (waitpid(child, &status, 0) != child || !WIFEXITED(status))
    return -1;
  return WEXITSTATUS(status);
}

TEST_CASE("reserveHeap grows the main heap once, advised to use huge pages, "
          "and reserves nothing under a tight limit",
          "[support][memory]") {
  if (mscclc::support::SanitizerBuild) {
    SUCCEED("sanitizer builds keep their own allocator");
    return;
  }
  CHECK(runHiddenTest("heap reservation: without limits", 0) == 0);
  // Under 1 GiB of address space left.
  CHECK(runHiddenTest("heap reservation: under a tight limit", rlim_t(768)
                                                                   << 20) == 0);
}

TEST_CASE("parallelFor calls the body once per index", "[support][parallel]") {
  using mscclc::support::parallelFor;
  for (size_t count : {size_t(0), size_t(1), size_t(3), size_t(1000)}) {
    // Enough weight to use every worker thread, and too little for any.
    for (size_t weight : {size_t(1), size_t(1) << 20}) {
      std::vector<std::atomic<int>> calls(count);
      parallelFor(count, weight, [&](size_t i) { calls[i].fetch_add(1); });
      for (size_t i = 0; i < count; ++i)
        CHECK(calls[i].load() == 1);
    }
  }
}

TEST_CASE("parallelFor runs light work on the calling thread",
          "[support][parallel]") {
  std::set<std::thread::id> ids;
  mscclc::support::parallelFor(64, 10, [&](size_t) {
    ids.insert(std::this_thread::get_id()); // no lock: must be serial
  });
  CHECK(ids == std::set<std::thread::id>{std::this_thread::get_id()});
  CHECK(mscclc::support::workerThreads() >= 1);
  CHECK(mscclc::support::workerThreads() <= 8);
}

TEST_CASE("parallelFor rethrows a failed call after every call has ended",
          "[support][parallel]") {
  std::atomic<int> calls{0};
  auto failAtSeven = [&](size_t i) {
    calls.fetch_add(1);
    if (i == 7)
      throw std::runtime_error("piece 7 failed");
  };
  CHECK_THROWS_WITH(mscclc::support::parallelFor(100, 1 << 20, failAtSeven),
                    "piece 7 failed");
  // The failure stops the pieces not yet started; none runs twice.
  CHECK(calls.load() >= 8);
  CHECK(calls.load() <= 100);
}

namespace {
// Destructions of KeptCounted objects; checked again when the process exits.
std::atomic<int> keptDestroyed{0};
int keptDestroyedAtEnd = -1;
struct KeptCounted {
  int value = 0;
  ~KeptCounted() { keptDestroyed.fetch_add(1); }
};
} // namespace

TEST_CASE("keepUntilExit keeps objects alive and never destroys them",
          "[support]") {
  // Registered before the first object is kept: exit handlers run in
  // reverse order, so this runs after anything destroyed at exit would be.
  static const bool registered = [] {
    std::atexit([] {
      if (keptDestroyedAtEnd >= 0 && keptDestroyed != keptDestroyedAtEnd) {
        std::fprintf(stderr, "keepUntilExit: a kept object was destroyed "
                             "at exit\n");
        std::_Exit(1);
      }
    });
    return true;
  }();
  CHECK(registered);
  auto owned = std::make_unique<KeptCounted>();
  owned->value = 7;
  KeptCounted *raw = owned.get();
  KeptCounted *kept = mscclc::support::keepUntilExit(std::move(owned));
  CHECK(owned == nullptr);
  CHECK(kept == raw);
  CHECK(mscclc::support::keepUntilExit(std::unique_ptr<KeptCounted>()) ==
        nullptr);
  // From other threads too, and const objects.
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([] {
      for (int i = 0; i < 100; ++i)
        mscclc::support::keepUntilExit(
            std::unique_ptr<const KeptCounted>(new KeptCounted{i}));
    });
  for (std::thread &t : threads)
    t.join();
  CHECK(keptDestroyed == 0);
  CHECK(kept->value == 7);
  keptDestroyedAtEnd = keptDestroyed;
}

TEST_CASE("parallelFor runs heavy work on more than one thread",
          "[support][parallel]") {
  if (mscclc::support::workerThreads() < 2)
    return; // MSCCLC_THREADS=1 or a single core: nothing to show
  // The first piece to run, on whichever thread, waits until a piece has
  // run on a second thread, which can only happen if a worker was started
  // (10 s is a safety net, not a timing assumption). Waiting in piece 0
  // instead failed when a worker took piece 0 and then every other piece
  // before the calling thread took any.
  std::mutex lock;
  std::condition_variable changed;
  std::set<std::thread::id> ids;
  bool waited = false;
  mscclc::support::parallelFor(64, 1 << 20, [&](size_t) {
    std::unique_lock<std::mutex> hold(lock);
    ids.insert(std::this_thread::get_id());
    changed.notify_all();
    if (!waited) {
      waited = true;
      changed.wait_for(hold, std::chrono::seconds(10),
                       [&] { return ids.size() >= 2; });
    }
  });
  CHECK(ids.size() >= 2);
  CHECK(ids.size() <= mscclc::support::workerThreads());
}

TEST_CASE("HelperThread runs its body on another thread and joins it",
          "[support][parallel]") {
  std::thread::id caller = std::this_thread::get_id(), seen;
  std::atomic<int> runs{0};
  {
    mscclc::support::HelperThread helper;
    REQUIRE(helper.start([&] {
      seen = std::this_thread::get_id();
      ++runs;
    }));
    helper.join();
    CHECK(runs.load() == 1);
    CHECK(seen != caller);
    // Started again after a join; the destructor joins the second run.
    REQUIRE(helper.start([&] { ++runs; }));
  }
  CHECK(runs.load() == 2);
  // Joining a helper that never started is harmless.
  mscclc::support::HelperThread idle;
  idle.join();
}

TEST_CASE("MSCCLC_THREADS is read as a whole number from 1 to 4096",
          "[support][parallel]") {
  const char *saved = std::getenv("MSCCLC_THREADS");
  std::string savedValue = saved ? saved : "";
  auto setting = [](const char *value) {
    if (value)
      setenv("MSCCLC_THREADS", value, 1);
    else
      unsetenv("MSCCLC_THREADS");
    return mscclc::support::threadSettingFromEnvironment();
  };
  CHECK(setting(nullptr).valid);
  CHECK(setting(nullptr).threads == 0);
  CHECK(setting("").threads == 0);
  CHECK(setting("1").threads == 1);
  CHECK(setting("3").threads == 3);
  CHECK(setting("8").threads == 8);
  CHECK(setting("64").threads == 8); // capped
  CHECK(setting("4096").valid);
  for (const char *bad : {"0", "-1", "+2", " 4", "4 ", "2x", "abc", "4097",
                          "18446744073709551617"}) {
    INFO(bad);
    CHECK_FALSE(setting(bad).valid);
    CHECK(setting(bad).text == bad);
  }
  if (saved)
    setenv("MSCCLC_THREADS", savedValue.c_str(), 1);
  else
    unsetenv("MSCCLC_THREADS");
}

TEST_CASE("released small blocks are kept except under Valgrind's memcheck",
          "[support][allocator]") {
  using mscclc::support::keepsSmallBlocks;
  CHECK(keepsSmallBlocks(nullptr));
  CHECK(keepsSmallBlocks(""));
  CHECK(keepsSmallBlocks("/usr/lib/libfaketime.so.1"));
  // callgrind and the other tools profile the lists as they are.
  CHECK(
      keepsSmallBlocks("/usr/libexec/valgrind/vgpreload_core-amd64-linux.so"));
  CHECK_FALSE(keepsSmallBlocks(
      "/usr/libexec/valgrind/vgpreload_core-amd64-linux.so:/usr/libexec/"
      "valgrind/vgpreload_memcheck-amd64-linux.so"));
}

namespace {
int phaseStarts = 0;
void countPhaseStart() { ++phaseStarts; }

// One PhaseTimer and two starts of a PhaseSequence: three phase starts,
// whether --time-phases is on or not; stops are not starts, and a removed
// hook is not called.
void checkPhaseStartHook() {
  phaseStarts = 0;
  mscclc::support::setPhaseStartHook(countPhaseStart);
  {
    mscclc::support::PhaseTimer timer("one");
    CHECK(phaseStarts == 1);
    mscclc::support::PhaseSequence sequence;
    sequence.start("two");
    sequence.start("three");
    CHECK(phaseStarts == 3);
    timer.stop();
    sequence.stop();
    CHECK(phaseStarts == 3);
  }
  mscclc::support::setPhaseStartHook(nullptr);
  mscclc::support::PhaseTimer untracked("four");
  CHECK(phaseStarts == 3);
}
} // namespace

TEST_CASE("phase-start hook runs at every phase start when phases are not "
          "timed") {
  REQUIRE_FALSE(mscclc::support::phaseTimesEnabled());
  checkPhaseStartHook();
}

// Timing phases is once per process and for good: hidden, run in a fresh
// process by the test case below it.
TEST_CASE("phase-start hook, timed", "[.][phase-times]") {
  mscclc::support::enablePhaseTimes();
  REQUIRE(mscclc::support::phaseTimesEnabled());
  checkPhaseStartHook();
}

TEST_CASE("phase-start hook runs at every phase start when phases are "
          "timed") {
  CHECK(runHiddenTest("phase-start hook, timed", 0) == 0);
}

TEST_CASE("exitNow's actions run newest first, once, and may set the status",
          "[support]") {
  using mscclc::support::ExitNowAction;
  std::string order;
  int status = 1;
  {
    ExitNowAction outer([&](int &) { order += "outer "; });
    ExitNowAction gone([&](int &) { order += "gone "; });
    {
      ExitNowAction removed([&](int &) { order += "removed "; });
    }
    std::optional<ExitNowAction> late;
    ExitNowAction inner([&](int &s) {
      order += "inner ";
      s = 0;
      // One registered while the actions run runs too, before the older.
      late.emplace([&](int &) { order += "late "; });
    });
    mscclc::support::runExitNowActions(status);
    CHECK(order == "inner late gone outer ");
    CHECK(status == 0);
    // Each ran once: none is left.
    mscclc::support::runExitNowActions(status);
    CHECK(order == "inner late gone outer ");
  }
}
