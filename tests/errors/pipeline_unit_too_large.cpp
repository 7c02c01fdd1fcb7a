// RUN: mscclc %s -o %t.json 2>&1 | FileCheck %s
// RUN: mscclc %s -P unit=4294967312 -P max_bytes=1073741824 -o %t.16.json 2>&1 | FileCheck --check-prefix=SIXTEEN %s
// RUN: mscclc %s -P unit=16384 -Werror -o %t.ok.json
// RUN: %expect-error mscclc %s -Werror=pipeline-unit-too-large
// RUN: not mscclc sim %t.json > %t.sim
// RUN: FileCheck --check-prefix=SIM %s < %t.sim
// A pipeline unit of 4 GiB or more: the 0.9 executor keeps the unit in 32
// bits, so 2^32 becomes 0 (its host divides the message size by it) and
// 2^32 + 16 becomes 16 (millions of iterations, which the iteration check
// counts with the unit the executor runs). mscclc wrote either without a
// word, and the simulator ran the body once.
#include <cstdint>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void pipeline_unit_too_large(std::uint64_t unit = 1ULL << 32,
                                               std::uint64_t max_bytes = UINT64_MAX) {
  AllGather collective(1, 1, false);
  CollectiveProgram program("pipeline_unit_too_large", collective, 1,
                            {.max_message_size = max_bytes});
  // CHECK: pipeline_unit_too_large.cpp:[[@LINE+4]]:{{[0-9]+}}: warning: rank 0 thread block 0: pipeline unit_size does not fit the 0.9 executor's 32-bit unit size (unit_size = 4294967296 is read as 0, and the host divides the message size by it) [-Wpipeline-unit-too-large]
  // CHECK: note: fix: make the unit size smaller than 4 GiB (2^32 bytes)
  // SIXTEEN: warning: rank 0 thread block 0: pipeline unit_size does not fit the 0.9 executor's 32-bit unit size (unit_size = 4294967312 is read as 16) [-Wpipeline-unit-too-large]
  // SIXTEEN: warning: rank 0 thread block 0: the pipeline would run more than 65535 iterations at max_message_size, but the executor counts them in 16 bits (67108864 iterations = 1 chunks x 1073741824 bytes / 16 bytes) [-Wpipeline-iterations]
  LoopIterationContext loop(unit, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
// SIM: defect{{.*}}pipeline unit_size 4294967296 does not fit the 0.9.0 executor's 32-bit unit size, which reads it as 0
