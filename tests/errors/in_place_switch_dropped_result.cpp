// RUN: mscclc --verify %s
// RUN: mscclc %s -o %t.rs.json 2> /dev/null
// RUN: not mscclc sim %t.rs.json | FileCheck --check-prefix=RS %s
// RS: verdict: fail ({{[0-9]+}} result{{.*}})
// RUN: mscclc %s -D REMOTE_PUT -o %t.put.json 2>&1 | FileCheck --check-prefix=PUT %s
// PUT: in_place_switch_dropped_result.cpp:{{[0-9]+}}:{{[0-9]+}}: warning: {{.*}}is part of the collective's result, is never written{{.*}}[-Wglres-drops-result]
// RUN: mscclc -Werror %s -D ALLREDUCE -o %t.ar.json
// RUN: mscclc sim %t.ar.json --runs 2 | FileCheck --check-prefix=AR %s
// AR: verdict: pass
// -Wglres-drops-result follows chunks where their bytes are in place
// (executor-semantics §6.1). An in-place ReduceScatter whose rank r
// reduces block r through the switch into output[0] (which is its
// input[r], its result) and broadcasts it at block r + 1: the glres never
// writes output[0], and the block it gets is another rank's sum (warned;
// the simulator fails the results). With ALLREDUCE, an in-place AllReduce
// whose rank r reduces block r into output[r] and broadcasts it at block
// r of the input: the broadcast stores the reduce's destination under the
// other buffer's name, so nothing is dropped (no warning, and the plan is
// right). With REMOTE_PUT, rank r + 1 also puts a chunk into rank r's
// output[0]: in place the executor addresses it at rank r + 1's slice
// (Q5), rank r's input[r + 1], so it does not write rank r's result, and
// the warning stays.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void in_place_switch_dropped_result() {
  const int n = 4;
#if defined(ALLREDUCE)
  AllReduce collective(n, 1, /*inplace=*/true);
#else
  ReduceScatter collective(n, 1, /*inplace=*/true);
#endif
  CollectiveProgram program("in_place_switch_dropped_result", collective, n);
  std::vector<int> ranks;
  for (int r = 0; r < n; ++r)
    ranks.push_back(r);
  SwitchChannel group(ranks, BufferType::input);
  auto handshake = [&](bool done) {
    for (int s = 0; s < n; ++s)
      for (int d = 0; d < n; ++d)
        if (s != d) {
          MemoryChannel ch(d, s);
          if (done) {
            ch.signal({.tb = 0, .data_sync = SyncType::before});
            ch.wait({.tb = 0, .data_sync = SyncType::after});
          } else {
            ch.signal({.tb = 0, .relaxed = true});
            ch.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
          }
        }
  };
  handshake(false);
  for (int r = 0; r < n; ++r) {
#if defined(ALLREDUCE)
    Chunk dst = Rank(r).get_output_buffer().slice(r, r + 1);
    group.at_rank(r).reduce(r, 1, dst, {.tb = 0});
    group.at_rank(r).broadcast(dst, r, 1, {.tb = 0});
#else
    Chunk dst = Rank(r).get_output_buffer().slice(0, 1);
    // expected-warning@+3 {{the reduce's destination chunk, which is part of the collective's result, is never written}}
    // expected-note@+2 {{fix: reduce into the chunk}}
    // expected-note@+2 {{the broadcast it fuses with}}
    group.at_rank(r).reduce(r, 1, dst, {.tb = 0});
    group.at_rank(r).broadcast(dst, (r + 1) % n, 1, {.tb = 0});
#endif
  }
#if defined(REMOTE_PUT)
  for (int r = 0; r < n; ++r) {
    const int q = (r + 1) % n, other = (q + 2) % n;
    MemoryChannel(r, q).put(Rank(r).get_output_buffer().slice(0, 1),
                            Rank(q).get_input_buffer().slice(other, other + 1),
                            {.tb = 1});
    MemoryChannel(q, r); // the pair's other end
  }
#endif
  handshake(true);
}
