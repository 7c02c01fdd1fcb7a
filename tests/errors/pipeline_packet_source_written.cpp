// RUN: mscclc --verify %s
// RUN: mscclc %s -P local=true -o %t.local.json 2>&1 | FileCheck --check-prefix=LOCAL %s
// LOCAL: pipeline_packet_source_written.cpp:69:14: warning: rank 0 thread block 0: a packet op inside a pipeline sends a chunk that another op of the pipeline writes: packet ops ignore the iteration offset, so it sends its whole source, with the run's flag, in every iteration while the other op writes the source one unit per iteration, and the reader may take packets of data not written yet (cpkt reads output[0:2], which 'copy' writes) [-Wpipeline-packet-source]
// LOCAL: note: fix: move the packet op or the op writing its source out of the pipeline
// RUN: not mscclc sim %t.local.json | FileCheck --check-prefix=WRONG %s
// RUN: mscclc %s -P split=true -o %t.split.json 2>&1 | FileCheck --check-prefix=SPLIT %s
// SPLIT: warning: rank 0 thread block 0: a packet op inside a pipeline sends a chunk that another op of the pipeline writes: {{.*}} (ppkt reads output[1:2], which 'copy' writes) [-Wpipeline-packet-source]
// SPLIT-NOT: warning:
// RUN: not mscclc sim %t.split.json | FileCheck --check-prefix=WRONG %s
// RUN: %expect-error mscclc -Werror=pipeline-packet-source %s
// RUN: mscclc %s -o %t.json 2> /dev/null
// RUN: not mscclc sim %t.json | FileCheck --check-prefix=WRONG %s
// WRONG: verdict: fail
// RUN: mscclc %s -P max_bytes=1024 -Werror -o %t.bounded.json
// RUN: mscclc sim %t.bounded.json --size 1024 | FileCheck %s
// RUN: mscclc %s -P outside=true -Werror -o %t.outside.json
// RUN: mscclc sim %t.outside.json | FileCheck %s
// CHECK: verdict: pass
// An AllGather whose thread block 0 copies its input into its part of the
// output and sends that part to the peer as packets, in one pipeline.
// Packet ops ignore the iteration offset: in each iteration the
// put_packets (or copy_packets) sends its whole source with the run's
// flag, while the copy has written only the units up to this iteration,
// so the peer may unpack data not written yet (`mscclc sim` reports wrong
// results and races). Bounded to one iteration by max_message_size (1024
// bytes: 256 a chunk, so the unit size, 512, covers both of the pipeline's
// chunks), or with the copy before the pipeline, it is fine. With
// split=true the two halves go in two put_packets (a pipeline of one
// chunk), which fuse into one op of two sources, and only the second
// source is written in the pipeline.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void pipeline_packet_source_written(long long max_bytes = 0,
                                                      bool local = false,
                                                      bool outside = false,
                                                      bool split = false) {
  const int n = 2, parts = 2;
  ProgramOptions options{.protocol = Protocol::LL};
  if (max_bytes > 0)
    options.max_message_size = max_bytes;
  AllGather collective(n, parts, /*inplace=*/false);
  CollectiveProgram program("pipeline_packet_source_written", collective, n,
                            options);
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.push_back(Buffer(r, n * parts));
  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    const int peer = 1 - r;
    Chunk mine = rank.get_output_buffer().slice(r * parts, (r + 1) * parts);
    Chunk in = rank.get_input_buffer().slice(0, parts);
    if (outside)
      rank.copy(mine, in, {.tb = 0});
    BaseBuffer out = rank.get_output_buffer();
    BaseBuffer input = rank.get_input_buffer();
    if (split)
      rank.copy(out.slice(r * parts, r * parts + 1), input.slice(0, 1),
                {.tb = 0});
    {
      LoopIterationContext loop(512, split ? 1 : parts);
      if (split)
        rank.copy(out.slice(r * parts + 1, r * parts + 2), input.slice(1, 2),
                  {.tb = 0});
      else if (!outside)
        rank.copy(mine, in, {.tb = 0});
      if (local) {
        rank.copy_packets(scratch[r].slice(r * parts, (r + 1) * parts), mine,
                          {.tb = 0});
        MemoryChannel(peer, r).read_put_packets(
            scratch[peer].slice(r * parts, (r + 1) * parts),
            scratch[r].slice(r * parts, (r + 1) * parts), {.tb = 0});
      } else if (split) {
        // Two put_packets that fuse into one op; the copy writes the second
        // one's source only.
        MemoryChannel channel(peer, r);
        for (int k = 0; k < parts; ++k)
          channel.put_packets(scratch[peer].slice(r * parts + k,
                                                  r * parts + k + 1),
                              out.slice(r * parts + k, r * parts + k + 1),
                              {.tb = 0});
      } else {
        // expected-warning@+2 {{(ppkt reads output[0:2], which 'copy' writes)}}
        // expected-note@+1 {{fix: move the packet op or the op writing its source out of the pipeline}}
        MemoryChannel(peer, r).put_packets(
            scratch[peer].slice(r * parts, (r + 1) * parts), mine, {.tb = 0});
      }
    }
    rank.unpack_packets(
        rank.get_output_buffer().slice(peer * parts, (peer + 1) * parts),
        scratch[r].slice(peer * parts, (peer + 1) * parts), {.tb = 1});
  }
}
