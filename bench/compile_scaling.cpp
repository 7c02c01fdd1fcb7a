//===- compile_scaling.cpp - compile time vs rank count -------------------===//
//
// Compiles samples/allreduce_allpairs.cpp (the all-pairs AllReduce of the
// reference's allreduce.py) for 8, 16, 32, 64 and 128 ranks with the real
// mscclc binary and prints, per size, the best wall time of N runs (whole
// process: Clang parse, evaluation, passes, JSON write), the peak resident
// memory, the plan's op count, ops per second and time per op. Time per op
// should stay flat as ranks grow.
//
//   build/bench/compile_scaling [--runs N] [--mscclc PATH] [--sample FILE]
//
// Above 8 ranks this program exceeds the 0.9 executor's per-op limits, so
// it is compiled with --allow-limit-violations (the reference DSL does not
// check them at all); the work done is the same.
//
//===----------------------------------------------------------------------===//
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
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
};

Run runOnce(const std::vector<std::string> &args) {
  std::vector<char *> argv;
  for (const auto &a : args)
    argv.push_back(const_cast<char *>(a.c_str()));
  argv.push_back(nullptr);
  auto start = std::chrono::steady_clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    freopen("/dev/null", "w", stderr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  Run r;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                            start)
                  .count();
  r.peakKb = usage.ru_maxrss;
  r.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  return r;
}

size_t countOps(const nlohmann::json &ops) {
  size_t n = 0;
  for (const auto &op : ops) {
    ++n;
    if (op.contains("ops"))
      n += countOps(op["ops"]);
  }
  return n;
}

} // namespace

int main(int argc, char **argv) {
  std::string mscclc = MSCCLC_PATH, sample = MSCCLC_SAMPLE;
  int runs = 3;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--runs")
      runs = std::atoi(argv[i + 1]);
    else if (a == "--mscclc")
      mscclc = argv[i + 1];
    else if (a == "--sample")
      sample = argv[i + 1];
  }
  std::string out = "/tmp/mscclc_bench_" + std::to_string(getpid()) + ".json";
  std::printf("compile_scaling: %s, best of %d runs\n", sample.c_str(), runs);
  std::printf("%6s %10s %10s %9s %8s %12s %12s\n", "ranks", "wall_s",
              "peak_MB", "json_MB", "ops", "ops_per_s", "us_per_op");
  for (int ranks : {8, 16, 32, 64, 128}) {
    std::vector<std::string> args = {mscclc, sample, "-P",
                                     "num_ranks=" + std::to_string(ranks),
                                     "-o", out};
    if (ranks > 8)
      args.push_back("--allow-limit-violations");
    Run best;
    for (int i = 0; i < runs; ++i) {
      Run r = runOnce(args);
      if (!r.ok) {
        std::printf("%6d   compile failed\n", ranks);
        return 1;
      }
      if (!best.ok || r.seconds < best.seconds)
        best = r;
    }
    std::ifstream in(out);
    nlohmann::json plan = nlohmann::json::parse(in);
    size_t ops = 0;
    for (const auto &gpu : plan["gpus"])
      for (const auto &tb : gpu["threadblocks"])
        ops += countOps(tb["ops"]);
    in.close();
    std::ifstream sz(out, std::ios::ate | std::ios::binary);
    double mb = double(sz.tellg()) / 1e6;
    std::printf("%6d %10.3f %10.1f %9.1f %8zu %12.0f %12.2f\n", ranks,
                best.seconds, best.peakKb / 1024.0, mb, ops,
                double(ops) / best.seconds, 1e6 * best.seconds / double(ops));
  }
  std::remove(out.c_str());
  return 0;
}
