//===- host_run.cpp - run a baked plan on the host runtime ----------------===//
//
// Built once per baked file (scripts/run-baked does it):
//   c++ -std=c++20 -DMSCCLC_HOST -DMSCCLC_BAKED='"plan.cu"'
//       -DMSCCLC_BAKED_NS=<namespace> -I runtime-min/include host_run.cpp
// Runs the plan's kernels `--runs` times back to back on `--size` bytes of
// `--dtype`, each launch with the inputs read from DIR/rank<R>.input.before.bin
// (as `mscclc sim --dump` writes them), and writes each rank's output
// after the last launch to OUT/rank<R>.output.after.bin. Exit 0, or 1
// when a launch deadlocks (the watchdog prints the blocked waits) or a
// file cannot be read or written.
//
//===----------------------------------------------------------------------===//
#include "mscclc/rt/runtime.hpp"

#include MSCCLC_BAKED

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

namespace baked = mscclc_gen::MSCCLC_BAKED_NS;

bool readFile(const std::string &path, std::vector<char> &out) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  out.assign(std::istreambuf_iterator<char>(in),
             std::istreambuf_iterator<char>());
  return true;
}

template <class T>
int run(uint64_t size, int runs, uint32_t threads, const std::string &inDir,
        const std::string &outDir) {
  mscclc::rt::Communicator comm(baked::plan_info, size, threads);
  std::vector<std::vector<char>> inputs(size_t(baked::plan_info.ranks));
  for (int r = 0; r < baked::plan_info.ranks; ++r) {
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
  for (int i = 0; i < runs; ++i) {
    for (int r = 0; r < baked::plan_info.ranks; ++r)
      std::memcpy(comm.input(r), inputs[size_t(r)].data(), comm.inputBytes(r));
    if (!comm.launch(baked::kernels<T>)) {
      std::fprintf(stderr, "host_run: launch %d deadlocked\n", i + 1);
      return 1;
    }
  }
  for (int r = 0; r < baked::plan_info.ranks; ++r) {
    std::string path =
        outDir + "/rank" + std::to_string(r) + ".output.after.bin";
    std::ofstream out(path, std::ios::binary);
    out.write(comm.output(r), std::streamsize(comm.outputBytes(r)));
    if (!out) {
      std::fprintf(stderr, "host_run: cannot write %s\n", path.c_str());
      return 1;
    }
  }
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 7) {
    std::fprintf(stderr, "usage: host_run SIZE DTYPE RUNS THREADS IN_DIR "
                         "OUT_DIR\n");
    return 2;
  }
  uint64_t size = std::strtoull(argv[1], nullptr, 10);
  std::string dtype = argv[2];
  int runs = std::atoi(argv[3]);
  uint32_t threads = uint32_t(std::atoi(argv[4]));
  if (dtype == "f32")
    return run<float>(size, runs, threads, argv[5], argv[6]);
  if (dtype == "f16")
    return run<mscclc::rt::f16>(size, runs, threads, argv[5], argv[6]);
  if (dtype == "bf16")
    return run<mscclc::rt::bf16>(size, runs, threads, argv[5], argv[6]);
  if (dtype == "i32")
    return run<int32_t>(size, runs, threads, argv[5], argv[6]);
  if (dtype == "u32")
    return run<uint32_t>(size, runs, threads, argv[5], argv[6]);
  if (dtype == "u8")
    return run<uint8_t>(size, runs, threads, argv[5], argv[6]);
  std::fprintf(stderr, "host_run: unknown dtype %s\n", dtype.c_str());
  return 2;
}
