//===- host_run.cpp - run a baked plan on runtime-min ---------------------===//
//
// Built once per baked file (scripts/run-baked does it), for the host:
//   c++ -std=c++20 -DMSCCLC_HOST -DMSCCLC_BAKED='"plan.cu"'
//       -DMSCCLC_BAKED_NS=<the plan's namespace, e.g. mscclc_gen::NAME>
//       -I runtime-min/include host_run.cpp
// or for GPUs (virtual ranks on the current device; exit 77 without one):
//   nvcc -std=c++20 -x cu -arch=native -DMSCCLC_BAKED=... host_run.cpp
// where MSCCLC_GPU_DEVICES=N puts rank r on device r % N instead (switch
// groups whose members land on distinct NVLS devices then use multicast).
// Runs the plan's kernels RUNS times back to back on SIZE bytes of DTYPE
// with PACKET (ll16 or ll8) packets, each launch with the inputs read from
// IN_DIR/rank<R>.input.before.bin (as `mscclc sim --dump` writes them; IN_DIR
// "-": a fixed pattern), and
// writes each rank's output after the last launch to
// OUT_DIR/rank<R>.output.after.bin. Exit 0, or 1 when a launch deadlocks (the
// watchdog prints the blocked waits; MSCCLC_WATCHDOG_MS sets its patience)
// or a file cannot be read or written. Prints the median time per launch
// (for the host build: CPU threads, which says nothing about a GPU).
//
//===----------------------------------------------------------------------===//
#include "mscclc/rt/runtime.hpp"

#include MSCCLC_BAKED

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

namespace baked = MSCCLC_BAKED_NS;

bool readFile(const std::string &path, std::vector<char> &out) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  out.assign(std::istreambuf_iterator<char>(in),
             std::istreambuf_iterator<char>());
  return true;
}

// MSCCLC_WATCHDOG_MS: how long no wait may finish before a launch counts
// as deadlocked (default 10 s; tests of broken plans use less).
std::chrono::milliseconds watchdog() {
  const char *ms = std::getenv("MSCCLC_WATCHDOG_MS");
  long value = ms ? std::atol(ms) : 0;
  return value > 0 ? std::chrono::milliseconds(value)
                   : std::chrono::milliseconds(10000);
}

#if !defined(MSCCLC_HOST)
// MSCCLC_GPU_DEVICES=N: rank r on CUDA device r % N; unset: every rank on
// the current device (virtual ranks).
std::vector<int> rankDevices() {
  const char *text = std::getenv("MSCCLC_GPU_DEVICES");
  if (!text || !*text)
    return {};
  int count = 0, wanted = std::atoi(text);
  cudaGetDeviceCount(&count);
  if (wanted < 1 || wanted > count)
    throw std::runtime_error("MSCCLC_GPU_DEVICES=" + std::string(text) +
                             ": this machine has " + std::to_string(count) +
                             " CUDA device(s)");
  std::vector<int> devices;
  for (int r = 0; r < baked::plan_info.ranks; ++r)
    devices.push_back(r % wanted);
  return devices;
}
#endif

template <class T, class P>
int run(uint64_t size, int runs, uint32_t threads, const std::string &inDir,
        const std::string &outDir) {
#if defined(MSCCLC_HOST)
  mscclc::rt::Communicator comm(baked::plan_info, size, threads);
#else
  mscclc::rt::Communicator comm(baked::plan_info, size, threads,
                                rankDevices());
  if (comm.usesMulticast())
    std::printf("host_run: switch channels on NVLS multicast objects\n");
#endif
  std::vector<std::vector<char>> inputs(size_t(baked::plan_info.ranks));
  for (int r = 0; r < baked::plan_info.ranks; ++r) {
    if (inDir == "-") {
      // No simulator dump (a plan it finds deadlocked writes none): a
      // pattern that differs per rank and per byte.
      inputs[size_t(r)].resize(comm.inputBytes(r));
      for (size_t i = 0; i < inputs[size_t(r)].size(); ++i)
        inputs[size_t(r)][i] = char((size_t(r) * 131 + i * 7 + 1) & 0xff);
      continue;
    }
    std::string path =
        inDir + "/rank" + std::to_string(r) + ".input.before.bin";
    if (!readFile(path, inputs[size_t(r)]) ||
        inputs[size_t(r)].size() != comm.inputBytes(r)) {
      std::fprintf(stderr, "host_run: %s: cannot read %llu bytes\n",
                   path.c_str(),
                   static_cast<unsigned long long>(comm.inputBytes(r)));
      return 1;
    }
  }
  // Each rank's host works on its own, as a host thread per GPU would:
  // as soon as rank r's kernel ends (a stream synchronize on its GPU), it
  // reads rank r's output and fills rank r's input for the next launch.
  // Those accesses are ordered after rank r's kernel only, so a peer's
  // unordered write into the output, or a transfer still reading the input
  // (a port put nothing flushed), is a race ThreadSanitizer can see.
  std::vector<std::vector<char>> outputs(size_t(baked::plan_info.ranks));
  auto fill = [&](int r) { comm.copyIn(r, inputs[size_t(r)].data()); };
  for (int r = 0; r < baked::plan_info.ranks; ++r)
    fill(r);
  std::vector<double> seconds;
  for (int i = 0; i < runs; ++i) {
    bool last = i + 1 == runs;
    auto rankDone = [&](int r) {
      outputs[size_t(r)].resize(comm.outputBytes(r));
      comm.copyOut(r, outputs[size_t(r)].data());
      if (!last)
        fill(r);
    };
    auto start = std::chrono::steady_clock::now();
    if (!comm.launch(baked::kernels<T, P>, rankDone, watchdog())) {
      std::fprintf(stderr, "host_run: launch %d deadlocked\n", i + 1);
      return 1;
    }
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count());
  }
  std::sort(seconds.begin(), seconds.end());
  std::printf("host_run: %d launches of %s on %llu bytes, median %.1f us per "
              "launch (with the copies in and out)\n",
              runs, baked::plan_info.name,
              static_cast<unsigned long long>(size),
              1e6 * seconds[seconds.size() / 2]);
  for (int r = 0; r < baked::plan_info.ranks; ++r) {
    std::string path =
        outDir + "/rank" + std::to_string(r) + ".output.after.bin";
    std::ofstream out(path, std::ios::binary);
    out.write(outputs[size_t(r)].data(),
              std::streamsize(outputs[size_t(r)].size()));
    if (!out) {
      std::fprintf(stderr, "host_run: cannot write %s\n", path.c_str());
      return 1;
    }
  }
  return 0;
}

} // namespace

// Only the element types and packet formats asked for at build time
// (-DMSCCLC_WANT_<dtype>, -DMSCCLC_WANT_<packet>; all when none is) are
// instantiated: a large plan's kernels are large.
#if !defined(MSCCLC_WANT_f32) && !defined(MSCCLC_WANT_f16) &&                  \
    !defined(MSCCLC_WANT_bf16) && !defined(MSCCLC_WANT_i32) &&                 \
    !defined(MSCCLC_WANT_u32) && !defined(MSCCLC_WANT_u8)
#define MSCCLC_WANT_f32
#define MSCCLC_WANT_f16
#define MSCCLC_WANT_bf16
#define MSCCLC_WANT_i32
#define MSCCLC_WANT_u32
#define MSCCLC_WANT_u8
#endif
#if !defined(MSCCLC_WANT_ll16) && !defined(MSCCLC_WANT_ll8)
#define MSCCLC_WANT_ll16
#define MSCCLC_WANT_ll8
#endif

template <class T>
int runDtype(const std::string &packet, uint64_t size, int runs,
             uint32_t threads, const std::string &in, const std::string &out) {
#if defined(MSCCLC_WANT_ll8)
  if (packet == "ll8")
    return run<T, mscclc::rt::LL8>(size, runs, threads, in, out);
#endif
#if defined(MSCCLC_WANT_ll16)
  if (packet == "ll16")
    return run<T, mscclc::rt::LL16>(size, runs, threads, in, out);
#endif
  std::fprintf(stderr, "host_run: not built for %s packets\n", packet.c_str());
  return 2;
}

int dispatch(int argc, char **argv) {
  if (argc != 8) {
    std::fprintf(stderr, "usage: host_run SIZE DTYPE PACKET RUNS THREADS "
                         "IN_DIR OUT_DIR\n");
    return 2;
  }
  uint64_t size = std::strtoull(argv[1], nullptr, 10);
  std::string dtype = argv[2], packet = argv[3];
  int runs = std::atoi(argv[4]);
  uint32_t threads = uint32_t(std::atoi(argv[5]));
  if (runs < 1 || threads < 1) {
    std::fprintf(stderr, "host_run: RUNS and THREADS must be at least 1\n");
    return 2;
  }
  if (packet != "ll16" && packet != "ll8") {
    std::fprintf(stderr, "host_run: unknown packet format %s\n",
                 packet.c_str());
    return 2;
  }
  const char *in = argv[6], *out = argv[7];
#if !defined(MSCCLC_HOST)
  if (!mscclc::rt::cuda_device_present()) {
    std::printf("host_run: no CUDA device here: skipped\n");
    return 77;
  }
#endif
#if defined(MSCCLC_WANT_f32)
  if (dtype == "f32")
    return runDtype<float>(packet, size, runs, threads, in, out);
#endif
#if defined(MSCCLC_WANT_f16)
  if (dtype == "f16")
    return runDtype<mscclc::rt::f16>(packet, size, runs, threads, in, out);
#endif
#if defined(MSCCLC_WANT_bf16)
  if (dtype == "bf16")
    return runDtype<mscclc::rt::bf16>(packet, size, runs, threads, in, out);
#endif
#if defined(MSCCLC_WANT_i32)
  if (dtype == "i32")
    return runDtype<int32_t>(packet, size, runs, threads, in, out);
#endif
#if defined(MSCCLC_WANT_u32)
  if (dtype == "u32")
    return runDtype<uint32_t>(packet, size, runs, threads, in, out);
#endif
#if defined(MSCCLC_WANT_u8)
  if (dtype == "u8")
    return runDtype<uint8_t>(packet, size, runs, threads, in, out);
#endif
  std::fprintf(stderr, "host_run: not built for dtype %s\n", dtype.c_str());
  return 2;
}

int main(int argc, char **argv) {
  try {
    return dispatch(argc, argv);
  } catch (const std::exception &e) {
    // Out of memory, or (on GPUs) a CUDA call that failed.
    std::fprintf(stderr, "host_run: %s\n", e.what());
    return 1;
  }
}
