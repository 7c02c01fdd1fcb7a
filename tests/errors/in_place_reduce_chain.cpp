// RUN: mscclc --verify %s
// RUN: %expect-error mscclc -Werror=reduce-chain-fused %s
// RUN: mscclc -Werror -D INTO_SLICE %s -o %t.slice.json
// RUN: mscclc sim %t.slice.json --runs 3 | FileCheck --check-prefix=SLICE %s
// SLICE: verdict: pass
// RUN: %python -c "import json, sys; ops = json.load(open(sys.argv[1]))['gpus'][0]['threadblocks'][0]['ops']; print([(o['name'], len(o['src_buff'])) for o in ops if o['name'].startswith('re')])" %t.slice.json | FileCheck --check-prefix=FUSED %s
// FUSED: {{^}}[('re', 3)]{{$}}
// In place, the reduce-chain warnings compare chunks where their bytes are
// (executor-semantics §6.1). An in-place AllReduce's output[0] is its
// input[0]: x = x + y, then x = x + (x named output[0]), fuse into one
// reduction that reads x before it writes it (-Wreduce-chain-fused, as
// when both name input[0]). With INTO_SLICE, an in-place ReduceScatter's
// two reductions of input[r] into output[0], which is input[r], fuse into
// the in-place reduction that running them in turn is: no warning, and the
// plan is right.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void in_place_reduce_chain() {
#if defined(INTO_SLICE)
  // A ReduceScatter of 3 ranks: each rank puts its peers' chunks into their
  // scratch, then adds the two it receives to its own chunk.
  const int n = 3;
  ReduceScatter collective(n, 1, /*inplace=*/true);
  CollectiveProgram program("in_place_reduce_chain", collective, n);
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.emplace_back(r, n - 1);
  for (int r = 0; r < n; ++r)
    for (int p = 0; p < n; ++p)
      if (p != r) {
        MemoryChannel ch(p, r);
        const int slot = r < p ? r : r - 1; // r's place among p's peers
        ch.put(scratch[p].slice(slot, slot + 1),
               Rank(r).get_input_buffer().slice(p, p + 1), {.tb = 0});
        ch.signal({.tb = 0, .data_sync = SyncType::before});
        ch.wait({.tb = 0, .data_sync = SyncType::after});
      }
  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    Chunk mine = rank.get_input_buffer().slice(r, r + 1);
    Chunk result = rank.get_output_buffer().slice(0, 1);
    rank.reduce(mine, {scratch[r].slice(0, 1)}, {.tb = 0, .dst_chunk = result});
    rank.reduce(mine, {scratch[r].slice(1, 2)}, {.tb = 0, .dst_chunk = result});
  }
  // Each rank's scratch is read before the next run's puts overwrite it.
  for (int r = 0; r < n; ++r)
    for (int p = 0; p < n; ++p)
      if (p != r) {
        MemoryChannel ch(p, r);
        ch.signal({.tb = 0, .data_sync = SyncType::before});
        ch.wait({.tb = 0});
      }
#else
  AllReduce collective(2, 2, /*inplace=*/true);
  CollectiveProgram program("in_place_reduce_chain", collective, 2);
  for (int r = 0; r < 2; ++r) {
    Rank rank(r);
    BaseBuffer in = rank.get_input_buffer();
    BaseBuffer out = rank.get_output_buffer();
    rank.reduce(in.slice(0, 1), {in.slice(1, 2)}, {.tb = 0}); // expected-note {{the reduction it fuses into}}
    // expected-warning@+2 {{this reduction reads, as one of its operands, the destination the reduction before it writes}}
    // expected-note@+1 {{fix: put a barrier of this thread block between the two}}
    rank.reduce(in.slice(0, 1), {out.slice(0, 1)}, {.tb = 0});
  }
#endif
}
