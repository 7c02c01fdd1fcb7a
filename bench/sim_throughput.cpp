//===- sim_throughput.cpp - how fast `mscclc sim` moves and checks data --===//
//
// Simulates the 8-rank all-pairs AllReduce (samples/allreduce_allpairs.cpp)
// at 64 MiB and prints the bytes its data ops move per second (bytes read
// from their sources, as memcpy moves N bytes for N read), unchecked (no
// race detection, no result check) and with every check, overall and
// without the host's input fills and output checks, next to this machine's
// single-thread memcpy bandwidth measured in the same run; the last line
// uses the unchecked ops-only figure. Then
// runs `mscclc sim` on the 64-rank all-pairs plan at 1 MiB with all checks,
// for one run and for ten, and prints wall time and peak RSS. The last line
// is
//   sim_throughput: <S> GB/s, memcpy <M> GB/s, ratio <S/M>
//
//===----------------------------------------------------------------------===//
#include "mscclc/ir/Diagnostics.h"
#include "mscclc/json/JsonReader.h"
#include "mscclc/sim/Simulator.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

double seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since)
      .count();
}

std::string compile(const std::string &params, const std::string &out) {
  std::string cmd = std::string(MSCCLC_PATH) + " " + MSCCLC_SOURCE_ROOT +
                    "/samples/allreduce_allpairs.cpp " + params +
                    " --allow-limit-violations -o " + out + " 2>/dev/null";
  if (std::system(cmd.c_str()) != 0) {
    std::fprintf(stderr, "sim_throughput: could not run: %s\n", cmd.c_str());
    std::exit(1);
  }
  return out;
}

double memcpyBandwidth() {
  const size_t bytes = size_t(64) << 20;
  std::vector<char> a(bytes, 1), b(bytes, 2);
  double best = 0;
  for (int i = 0; i < 5; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    std::memcpy(b.data(), a.data(), bytes);
    double s = seconds(t0);
    best = std::max(best, double(bytes) / s);
    a[size_t(i)] = b[size_t(i) + 1]; // keep the copies observable
  }
  return best / 1e9;
}

} // namespace

int main() {
  char dir[] = "/tmp/mscclc_sim_bench_XXXXXX";
  if (!mkdtemp(dir))
    return 1;
  std::string plan8 = compile("", std::string(dir) + "/allpairs8.json");
  std::string plan64 =
      compile("-P num_ranks=64", std::string(dir) + "/allpairs64.json");

  mscclc::CollectingDiagnosticSink diags;
  auto plan = mscclc::json::readPlanFile(plan8, diags);
  if (!plan)
    return 1;
  double memcpyGBs = memcpyBandwidth();

  auto run = [&](bool checks) {
    mscclc::sim::SimOptions o;
    o.size = uint64_t(64) << 20;
    o.schedules = 1;
    o.checkRaces = checks;
    o.checkResult = checks;
    auto t0 = std::chrono::steady_clock::now();
    mscclc::sim::SimReport r = mscclc::sim::simulate(*plan, o);
    double s = seconds(t0);
    double ops = s - r.hostSeconds;
    std::printf("8-rank all-pairs allreduce, 64 MiB, %s: %.2f s (%.2f s of "
                "it the host's fills and checks), %.2f GB moved: %.2f GB/s "
                "overall, %.2f GB/s in the ops, verdict %s\n",
                checks ? "all checks" : "unchecked", s, r.hostSeconds,
                r.bytesMoved / 1e9, r.bytesMoved / 1e9 / s,
                r.bytesMoved / 1e9 / ops, r.pass() ? "pass" : "fail");
    return std::make_pair(s, r.bytesMoved / 1e9 / ops);
  };
  auto [uncheckedS, uncheckedGBs] = run(false);
  auto [checkedS, checkedGBs] = run(true);
  std::printf("full checks cost %.2fx the unchecked time\n",
              checkedS / uncheckedS);

  // The 64-rank plan at 1 MiB with every check, as its own process: one
  // run, then ten (the race checker's state must not grow with the runs).
  for (const char *runs : {"1", "10"}) {
    auto t0 = std::chrono::steady_clock::now();
    pid_t pid = fork();
    if (pid == 0) {
      int null = open("/dev/null", 1);
      dup2(null, 1);
      execl(MSCCLC_PATH, MSCCLC_PATH, "sim", plan64.c_str(), "--size",
            "1048576", "--schedules", "1", "--runs", runs,
            "--allow-limit-violations", "-Wno-executor-limits",
            static_cast<char *>(nullptr));
      _exit(127);
    }
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    std::printf("64-rank all-pairs allreduce, 1 MiB, all checks, --runs "
                "%s: %.2f s, peak RSS %.0f MB, exit %d\n",
                runs, seconds(t0), usage.ru_maxrss / 1024.0,
                WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  }
  std::system((std::string("rm -rf ") + dir).c_str());
  std::printf("sim_throughput: %.2f GB/s, memcpy %.2f GB/s, ratio %.2f\n",
              uncheckedGBs, memcpyGBs, uncheckedGBs / memcpyGBs);
  return 0;
}
