// RUN: mscclc --verify %s
// RUN: %expect-error mscclc -Werror=pipeline-packet-reduce %s
// RUN: mscclc %s -P max_bytes=1024 -Werror -o %t.bounded.json
// RUN: mscclc %s -P in_place=false -Werror -o %t.elsewhere.json
// RUN: mscclc sim %t.bounded.json --size 1024 | FileCheck %s
// RUN: mscclc sim %t.elsewhere.json | FileCheck %s
// CHECK: verdict: pass
// RUN: mscclc %s -o %t.json 2> /dev/null
// RUN: not mscclc sim %t.json | FileCheck --check-prefix=WRONG %s
// WRONG: result: rank 0: {{.*}} expected
// WRONG: verdict: fail
// RUN: mscclc %s -P in_place=false -P copy_back=true -o %t.copyback.json 2>&1 \
// RUN:   | FileCheck --check-prefix=WRITTEN %s
// WRITTEN: warning: rank 0 thread block 1: a packet reduction inside a pipeline reads a chunk that another op of the pipeline writes: {{.*}} (repkt reads input[0:2], which 'copy' writes) [-Wpipeline-packet-reduce]
// WRITTEN: note: fix: move the reduction or the op writing its source out of the pipeline
// RUN: not mscclc sim %t.copyback.json | FileCheck --check-prefix=WRONG %s
// RUN: mscclc %s -P in_place=false -P copy_back=true -P max_bytes=1024 -Werror -o %t.copyback1.json
// RUN: mscclc sim %t.copyback1.json --size 1024 | FileCheck %s
// A ReduceScatter whose packet reduction runs in a pipeline. Packet ops
// ignore the pipeline's iteration offset, so from the second iteration on
// a reduction into its own source adds the packets to its result again
// (`mscclc sim` of the plan at its default 64 KiB reports wrong sums).
// Bounded to one iteration by max_message_size (1024 bytes: 512 per
// rank's part, the unit size), or writing its result to the output
// instead, it is fine; but not when an op of the pipeline that does move
// with the iteration (copy_back: a copy of the result back into the
// reduction's source) writes the source one unit per iteration.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void pipeline_packet_reduce(bool in_place = true,
                                              long long max_bytes = 0,
                                              bool copy_back = false) {
  const int parts = 2;
  ProgramOptions options{.protocol = Protocol::LL};
  if (max_bytes > 0)
    options.max_message_size = max_bytes;
  ReduceScatter collective(2, parts, in_place);
  CollectiveProgram program("pipeline_packet_reduce", collective, 2, options);
  std::vector<MemoryChannel> channels;
  std::vector<Buffer> scratch;
  for (int r = 0; r < 2; ++r) {
    channels.push_back(MemoryChannel(1 - r, r));
    scratch.push_back(Buffer(r, parts));
  }
  for (int r = 0; r < 2; ++r) {
    const int peer = 1 - r;
    channels[r].put_packets(
        scratch[peer].slice(0, parts),
        Rank(r).get_input_buffer().slice(peer * parts, (peer + 1) * parts),
        {.tb = 0});
  }
  for (int r = 0; r < 2; ++r) {
    Rank rank(r);
    Chunk mine = rank.get_input_buffer().slice(r * parts, (r + 1) * parts);
    LoopIterationContext loop(512, parts);
    if (in_place)
      // expected-warning@+2 {{rank 0 thread block 1: a packet reduction that writes into its own source inside a pipeline: packet ops ignore the iteration offset, so the executor redoes the whole reduction in every iteration and from the second one on adds the packets to its own result again (repkt into input[0:2])}}
      // expected-note@+1 {{fix: move the reduction out of the pipeline, write its result to another chunk}}
      rank.reduce(mine, {scratch[r].slice(0, parts)},
                  {.tb = 1, .packet = true});
    else
      rank.reduce(mine, {scratch[r].slice(0, parts)},
                  {.tb = 1,
                   .dst_chunk = rank.get_output_buffer().slice(0, parts),
                   .packet = true});
    if (copy_back)
      rank.copy(mine, rank.get_output_buffer().slice(0, parts), {.tb = 1});
  }
}
