// RUN: mscclc --verify %s
// RUN: %expect-error mscclc -Werror=pipeline-packet-reduce %s
// RUN: mscclc %s -o %t.json 2> /dev/null
// RUN: not mscclc sim %t.json | FileCheck --check-prefix=WRONG %s
// WRONG: result: rank 0: {{.*}} expected
// WRONG: verdict: fail
// RUN: mscclc %s -P in_place=false -Werror -o %t.elsewhere.json
// RUN: mscclc sim %t.elsewhere.json | FileCheck %s
// CHECK: verdict: pass
// RUN: mscclc %s -P collective=allreduce -o %t.ar.json 2>&1 | FileCheck --check-prefix=AR %s
// AR: warning: rank 0 thread block 1: a packet reduction that writes into its own source inside a pipeline: {{.*}}(repkt into output[0:2], which is input[0:2] in this in-place allreduce) [-Wpipeline-packet-reduce]
// RUN: mscclc %s -P collective=allreduce -P in_place=false -Werror -o %t.ar.elsewhere.json
// RUN: mscclc %s -P from_output=true -o %t.swapped.json 2>&1 | FileCheck --check-prefix=SWAPPED %s
// SWAPPED: warning: rank 0 thread block 1: a packet reduction that writes into its own source inside a pipeline: {{.*}}(repkt into input[0:2], which is output[0:2] in this in-place reducescatter) [-Wpipeline-packet-reduce]
// A packet reduction in a pipeline whose result goes to the output buffer,
// as the fix "write its result to another chunk" says. In an in-place
// ReduceScatter the output buffer is this rank's chunk of the input, the
// reduction's own source, so the fix does not apply: packet ops ignore the
// pipeline's iteration offset and every iteration after the first adds the
// packets to the result again (`mscclc sim` reports wrong sums). Out of
// place, the output is another chunk and the plan is right. An in-place
// AllReduce, whose output is its input, is the same case, and so is a
// reduction from the output into the input chunks it is (from_output).
#include <mscclpp/dsl.hpp>
#include <string_view>
#include <utility>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void pipeline_packet_reduce_inplace_output(
    bool in_place = true, std::string_view collective = "reducescatter",
    bool from_output = false) {
  const int parts = 2;
  const bool allreduce = collective == "allreduce";
  ReduceScatter rs(2, parts, in_place);
  AllReduce ar(2, parts, in_place);
  CollectiveProgram program("pipeline_packet_reduce_inplace_output",
                            allreduce ? static_cast<const Collective &>(ar)
                                      : static_cast<const Collective &>(rs),
                            2, {.protocol = Protocol::LL});
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
    // The rank's own part: its output chunk in a ReduceScatter, the same
    // chunks of its output in an AllReduce.
    const int first = allreduce ? r * parts : 0;
    Chunk mine = rank.get_input_buffer().slice(r * parts, (r + 1) * parts);
    LoopIterationContext loop(512, parts);
    Chunk result = rank.get_output_buffer().slice(first, first + parts);
    if (from_output)
      std::swap(mine, result);
    // expected-warning@+2 {{rank 0 thread block 1: a packet reduction that writes into its own source inside a pipeline: packet ops ignore the iteration offset, so the executor redoes the whole reduction in every iteration and from the second one on adds the packets to its own result again (repkt into output[0:2], which is input[0:2] in this in-place reducescatter)}}
    // expected-note@+1 {{fix: move the reduction out of the pipeline, write its result to another chunk}}
    rank.reduce(mine, {scratch[r].slice(0, parts)},
                {.tb = 1, .dst_chunk = result, .packet = true});
  }
}
