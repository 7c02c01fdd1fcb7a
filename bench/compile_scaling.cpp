//===- compile_scaling.cpp - compile time vs rank count -------------------===//
//
// Compiles algorithms of growing size with the real mscclc binary and
// prints, per run, the best wall time of N runs (whole process: Clang parse,
// evaluation, passes, JSON write), the peak resident memory, the plan size,
// the number of ops the program recorded (DSL calls, before fusion) and the
// time per recorded op, which should stay flat as ranks grow.
//
//   build/bench/compile_scaling [--runs N] [--mscclc PATH]
//
// Series:
//  - samples/allreduce_allpairs.cpp (the all-pairs AllReduce of the
//    reference's allreduce.py) at 8..128 ranks. Above 8 ranks it exceeds the
//    0.9 executor's per-op limits, so it is compiled with
//    --allow-limit-violations (the reference DSL does not check them);
//  - the bundled default multi-node AllReduce (samples/defaults) at 32
//    ranks, thread-block groups of 1 and 4;
//  - the NVLS zero-copy AllReduce (tests/conformance/single_node/
//    allreduce_nvls_zero_copy.cpp) at 8..64 ranks.
//
// The first compile on a machine builds mscclc's precompiled DSL header; the
// figures are the best of N runs, so they measure warm compiles.
//
//===----------------------------------------------------------------------===//
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

struct Run {
  double seconds = 0;
  long peakKb = 0;
  bool ok = false;
  std::string stderrText;
};

Run runOnce(const std::vector<std::string> &args, const std::string &errFile) {
  std::vector<char *> argv;
  for (const auto &a : args)
    argv.push_back(const_cast<char *>(a.c_str()));
  argv.push_back(nullptr);
  auto start = std::chrono::steady_clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    if (!freopen(errFile.c_str(), "w", stderr))
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

} // namespace

int main(int argc, char **argv) {
  std::string mscclc = MSCCLC_PATH, root = MSCCLC_SOURCE_ROOT;
  int runs = 3;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--runs")
      runs = std::atoi(argv[i + 1]);
    else if (a == "--mscclc")
      mscclc = argv[i + 1];
  }
  std::vector<Case> cases;
  for (int n : {8, 16, 32, 64, 128}) {
    Case c{"allreduce_allpairs",
           root + "/samples/allreduce_allpairs.cpp",
           {"-P", "num_ranks=" + std::to_string(n)}};
    if (n > 8)
      c.args.push_back("--allow-limit-violations");
    cases.push_back(c);
  }
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

  std::string out = "/tmp/mscclc_bench_" + std::to_string(getpid()) + ".json";
  std::string err = "/tmp/mscclc_bench_" + std::to_string(getpid()) + ".err";
  std::printf("compile_scaling: %s, best of %d runs\n", mscclc.c_str(), runs);
  std::printf("%-24s %6s %8s %8s %8s %9s %12s %10s\n", "program", "ranks",
              "wall_s", "peak_MB", "json_MB", "rec_ops", "rec_ops/s",
              "us/rec_op");
  std::regex recorded("recorded ([0-9]+) ops");
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
    std::smatch m;
    size_t ops = 0;
    if (std::regex_search(best.stderrText, m, recorded))
      ops = std::stoull(m[1]);
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
