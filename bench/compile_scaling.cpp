//===- compile_scaling.cpp - compile time vs rank count -------------------===//
//
// Compiles algorithms of growing size with the real mscclc binary and
// prints, per run, the wall time (whole process: Clang parse, evaluation,
// passes, JSON write), the peak resident memory, the plan size, the number
// of ops the program recorded (DSL calls, before fusion) and the time per
// recorded op, which should stay flat as ranks grow.
//
//   build/bench/compile_scaling [--runs N] [--mscclc PATH] [--shared DIR]
//                               [--ranks 8,16,64] [--max-ranks N]
//                               [--no-reference] [--only-reference]
//
// Series:
//  - "all-pairs AllReduce vs the reference": samples/allreduce_allpairs.cpp
//    (the all-pairs AllReduce of the reference's allreduce.py) at 8, 16, 32,
//    64, 128 and 256 ranks (--ranks, --max-ranks), next to the reference
//    MSCCL++ Python DSL running the same program
//    (DIR/reference/run DIR/reference/programs/allreduce_allpairs.py
//    --num_gpus N --name allreduce_allpairs, plan on stdout; DIR is
//    --shared, default the MSCCLC_SHARED_DIR of the build). For each N the
//    two are run alternately --runs times; the table gives the median wall
//    time of each, the speed-up (reference / mscclc), the median CPU time
//    (user + sys) and peak RSS of each, mscclc's time and peak RSS per
//    recorded op, the plan size, and whether the two plans are byte for byte
//    the same (checked on the first run of each N). Without the reference
//    (--no-reference, or no DIR/reference/run) its columns print "-".
//    Above 8 ranks the program exceeds the 0.9 executor's per-op limits, so
//    mscclc compiles it with --allow-limit-violations (the reference DSL
//    does not check them); the reference's run at 256 ranks takes minutes;
//  - the bundled default multi-node AllReduce (samples/defaults) at 32
//    ranks, thread-block groups of 1 and 4;
//  - the NVLS zero-copy AllReduce (tests/conformance/single_node/
//    allreduce_nvls_zero_copy.cpp) at 8..64 ranks.
// --only-reference runs the first series alone.
//
// The binary timed is a copy of mscclc's, made beside it (so that it finds
// what it looks up next to itself): a freshly linked executable is mapped
// from the page cache in large folios, which added up to 9 MB to the peak
// RSS of every run (50 MB against 42 MB at 8 ranks) until the file was
// written again, as an install or a copy does. Where the copy cannot be
// made, the binary itself is timed.
//
// The first compile on a machine builds mscclc's precompiled DSL header;
// the other series give the best of N runs, so they measure warm compiles.
// Timings are wall-clock: take them on an idle machine (see
// docs/performance.md).
//
//===----------------------------------------------------------------------===//
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

struct Run {
  double seconds = 0;
  double cpuSeconds = 0; // user + sys of the child
  long peakKb = 0;
  bool ok = false;
  std::string stderrText;
};

// Runs args (argv[0] a path), stderr to errFile and, when outFile is not
// empty, stdout to outFile.
Run runOnce(const std::vector<std::string> &args, const std::string &errFile,
            const std::string &outFile = "") {
  std::vector<char *> argv;
  for (const auto &a : args)
    argv.push_back(const_cast<char *>(a.c_str()));
  argv.push_back(nullptr);
  std::fflush(nullptr); // or the child's freopen writes our buffer again
  auto start = std::chrono::steady_clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    if (!freopen(errFile.c_str(), "w", stderr))
      _exit(126);
    if (!outFile.empty() && !freopen(outFile.c_str(), "w", stdout))
      _exit(126);
    execv(argv[0], argv.data());
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  Run r;
  r.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  r.peakKb = usage.ru_maxrss;
  r.cpuSeconds = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                 1e-6 * double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
  r.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  std::ifstream in(errFile);
  std::stringstream ss;
  ss << in.rdbuf();
  r.stderrText = ss.str();
  return r;
}

struct Case {
  std::string label;
  std::string source;
  std::vector<std::string> args;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

size_t recordedOps(const std::string &stderrText) {
  static const std::regex recorded("recorded ([0-9]+) ops");
  std::smatch m;
  return std::regex_search(stderrText, m, recorded) ? std::stoull(m[1]) : 0;
}

std::vector<int> parseRanks(const std::string &list) {
  std::vector<int> out;
  std::stringstream ss(list);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty())
      out.push_back(std::atoi(item.c_str()));
  return out;
}

// "identical", or "DIFFERENT" with the first differing byte (as cmp).
std::string comparePlans(const std::string &a, const std::string &b) {
  std::string x = readFile(a), y = readFile(b);
  if (x == y)
    return "identical";
  size_t i = 0;
  while (i < x.size() && i < y.size() && x[i] == y[i])
    ++i;
  return "DIFFERENT(byte " + std::to_string(i + 1) + ")";
}

// The all-pairs AllReduce, mscclc against the reference Python DSL.
// Returns false when a compile fails.
bool versusReference(const std::string &mscclc, const std::string &root,
                     const std::string &shared, bool withReference,
                     const std::vector<int> &ranks, int runs,
                     const std::string &tmp) {
  std::string refRun = shared + "/reference/run";
  std::string refProgram = shared + "/reference/programs/allreduce_allpairs.py";
  std::printf("\nall-pairs AllReduce vs the reference: median of %d "
              "alternating runs\n",
              runs);
  if (withReference && (access(refRun.c_str(), X_OK) != 0 ||
                        access(refProgram.c_str(), R_OK) != 0)) {
    std::printf("  reference skipped: %s or %s not found (pass --shared DIR, "
                "DIR holding reference/)\n",
                refRun.c_str(), refProgram.c_str());
    withReference = false;
  } else if (withReference) {
    std::printf("  reference: %s %s --num_gpus N --name allreduce_allpairs\n",
                refRun.c_str(), refProgram.c_str());
  } else {
    std::printf("  reference skipped (--no-reference)\n");
  }
  std::printf("  mscclc: %s samples/allreduce_allpairs.cpp -P num_ranks=N "
              "--allow-limit-violations --time-phases\n",
              mscclc.c_str());
  std::printf("%6s %9s %9s %9s %8s %9s %9s %9s %9s %8s %9s %8s  %s\n", "ranks",
              "rec_ops", "mscclc_s", "ref_s", "speedup", "m_cpu_s", "ref_cpu_s",
              "m_peakMB", "ref_pkMB", "us/op", "peakB/op", "plan_MB", "plan");
  std::string mOut = tmp + ".json", rOut = tmp + ".ref.json",
              err = tmp + ".err";
  for (int n : ranks) {
    std::vector<std::string> margs = {mscclc,
                                      root + "/samples/allreduce_allpairs.cpp",
                                      "-P",
                                      "num_ranks=" + std::to_string(n),
                                      "--allow-limit-violations",
                                      "--time-phases",
                                      "-o",
                                      mOut};
    std::vector<std::string> rargs = {refRun,       refProgram,
                                      "--num_gpus", std::to_string(n),
                                      "--name",     "allreduce_allpairs"};
    std::vector<double> mWall, mCpu, mPeak, rWall, rCpu, rPeak;
    size_t ops = 0;
    double planMb = 0;
    std::string verdict = "-";
    for (int i = 0; i < runs; ++i) {
      std::remove(mOut.c_str());
      Run m = runOnce(margs, err);
      double size = double(readFile(mOut).size());
      if (!m.ok || size == 0) {
        std::printf("%6d mscclc failed (exit status or empty plan):\n%s\n", n,
                    m.stderrText.c_str());
        return false;
      }
      mWall.push_back(m.seconds);
      mCpu.push_back(m.cpuSeconds);
      mPeak.push_back(double(m.peakKb));
      ops = recordedOps(m.stderrText);
      planMb = size / 1e6;
      if (!withReference)
        continue;
      std::remove(rOut.c_str());
      Run r = runOnce(rargs, err, rOut);
      if (!r.ok || readFile(rOut).empty()) {
        std::printf("%6d reference failed (exit status or empty plan):\n%s\n",
                    n, r.stderrText.c_str());
        return false;
      }
      rWall.push_back(r.seconds);
      rCpu.push_back(r.cpuSeconds);
      rPeak.push_back(double(r.peakKb));
      if (i == 0)
        verdict = comparePlans(mOut, rOut);
    }
    double mw = median(mWall), mc = median(mCpu), mp = median(mPeak);
    double usPerOp = ops ? 1e6 * mw / double(ops) : 0.0;
    double bytesPerOp = ops ? mp * 1024.0 / double(ops) : 0.0;
    if (withReference) {
      double rw = median(rWall);
      std::printf("%6d %9zu %9.3f %9.3f %7.1fx %9.3f %9.3f %9.1f %9.1f %8.2f "
                  "%9.0f %8.1f  %s\n",
                  n, ops, mw, rw, rw / mw, mc, median(rCpu), mp / 1024.0,
                  median(rPeak) / 1024.0, usPerOp, bytesPerOp, planMb,
                  verdict.c_str());
    } else {
      std::printf("%6d %9zu %9.3f %9s %8s %9.3f %9s %9.1f %9s %8.2f %9.0f "
                  "%8.1f  %s\n",
                  n, ops, mw, "-", "-", mc, "-", mp / 1024.0, "-", usPerOp,
                  bytesPerOp, planMb, verdict.c_str());
    }
    std::fflush(stdout);
  }
  std::remove(mOut.c_str());
  std::remove(rOut.c_str());
  std::remove(err.c_str());
  return true;
}

// Copies the executable `from` to `to` (mode 0755).
bool copyExecutable(const std::string &from, const std::string &to) {
  std::ifstream in(from, std::ios::binary);
  std::ofstream out(to, std::ios::binary | std::ios::trunc);
  if (!in || !out)
    return false;
  out << in.rdbuf();
  out.close();
  return !out.fail() && chmod(to.c_str(), 0755) == 0;
}

} // namespace

int main(int argc, char **argv) {
  std::string mscclc = MSCCLC_PATH, root = MSCCLC_SOURCE_ROOT;
  std::string shared = MSCCLC_SHARED_DIR;
  int runs = 3, maxRanks = 0;
  bool withReference = true, onlyReference = false;
  std::vector<int> ranks = {8, 16, 32, 64, 128, 256};
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    bool hasValue = i + 1 < argc;
    if (a == "--no-reference")
      withReference = false;
    else if (a == "--only-reference")
      onlyReference = true;
    else if (a == "--runs" && hasValue)
      runs = std::max(1, std::atoi(argv[++i]));
    else if (a == "--mscclc" && hasValue)
      mscclc = argv[++i];
    else if (a == "--shared" && hasValue)
      shared = argv[++i];
    else if (a == "--ranks" && hasValue)
      ranks = parseRanks(argv[++i]);
    else if (a == "--max-ranks" && hasValue)
      maxRanks = std::atoi(argv[++i]);
    else {
      std::fprintf(stderr,
                   "usage: %s [--runs N] [--mscclc PATH] [--shared DIR] "
                   "[--ranks 8,16,64] [--max-ranks N] [--no-reference] "
                   "[--only-reference]\n",
                   argv[0]);
      return 2;
    }
  }
  if (maxRanks > 0)
    ranks.erase(std::remove_if(ranks.begin(), ranks.end(),
                               [&](int n) { return n > maxRanks; }),
                ranks.end());

  std::string tmp = "/tmp/mscclc_bench_" + std::to_string(getpid());
  std::printf("compile_scaling: %s\n", mscclc.c_str());
  struct RemoveCopy {
    std::string path;
    ~RemoveCopy() {
      if (!path.empty())
        std::remove(path.c_str());
    }
  } removeCopy;
  const std::string copy = mscclc + ".bench-" + std::to_string(getpid());
  if (copyExecutable(mscclc, copy)) {
    removeCopy.path = copy;
    std::printf("  timed as a copy: %s\n", copy.c_str());
    mscclc = copy;
  } else {
    std::remove(copy.c_str());
    std::printf("  cannot copy it beside itself: timing it as it is (a "
                "freshly linked binary shows a higher peak RSS)\n");
  }
  if (!versusReference(mscclc, root, shared, withReference, ranks, runs,
                       tmp + "_ref"))
    return 1;
  if (onlyReference)
    return 0;

  // The all-pairs AllReduce is the series above.
  std::vector<Case> cases;
  for (int tbg : {1, 4})
    cases.push_back({"defaults_allreduce_tbg" + std::to_string(tbg),
                     root + "/samples/defaults/allreduce_multi_nodes.cpp",
                     {"-P", "world_size=32", "-P", "nranks_per_node=8", "-P",
                      "thread_block_group_size=" + std::to_string(tbg)}});
  for (int n : {8, 16, 32, 64})
    cases.push_back(
        {"allreduce_nvls",
         root + "/tests/conformance/single_node/"
                "allreduce_nvls_zero_copy.cpp",
         {"-P", "num_gpus=" + std::to_string(n), "--allow-limit-violations"}});

  std::string out = tmp + ".json";
  std::string err = tmp + ".err";
  std::printf("\nother algorithms: best of %d runs\n", runs);
  std::printf("%-24s %6s %8s %8s %8s %9s %12s %10s\n", "program", "ranks",
              "wall_s", "peak_MB", "json_MB", "rec_ops", "rec_ops/s",
              "us/rec_op");
  for (const auto &c : cases) {
    std::vector<std::string> args = {mscclc, c.source, "-o", out,
                                     "--time-phases"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    Run best;
    for (int i = 0; i < runs; ++i) {
      Run r = runOnce(args, err);
      if (!r.ok) {
        std::printf("%-24s compile failed:\n%s\n", c.label.c_str(),
                    r.stderrText.c_str());
        return 1;
      }
      if (!best.ok || r.seconds < best.seconds)
        best = r;
    }
    size_t ops = recordedOps(best.stderrText);
    std::ifstream in(out);
    nlohmann::json plan = nlohmann::json::parse(in);
    size_t ranks = plan["gpus"].size();
    in.close();
    std::ifstream sz(out, std::ios::ate | std::ios::binary);
    double mb = double(sz.tellg()) / 1e6;
    std::printf("%-24s %6zu %8.3f %8.1f %8.1f %9zu %12.0f %10.2f\n",
                c.label.c_str(), ranks, best.seconds, best.peakKb / 1024.0, mb,
                ops, double(ops) / best.seconds,
                ops ? 1e6 * best.seconds / double(ops) : 0.0);
  }
  std::remove(out.c_str());
  std::remove(err.c_str());
  return 0;
}
